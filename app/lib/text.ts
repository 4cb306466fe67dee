// Plain text from staff HTML, for meta descriptions and summaries: tags dropped, entities decoded,
// math delimiters removed (a search result should read "x^2 + y^2", not "$x^2 + y^2$").
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

export function plainText(html: string, max = 300): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e.toLowerCase()] ?? m)
    .replace(/\$\$|\\\[|\\\]|\\\(|\\\)|\$/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
