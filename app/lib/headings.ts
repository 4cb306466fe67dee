// Staff HTML is written with whatever heading levels looked right in the editor (often <h3> straight
// under the page's <h1>). A page shows it below its own heading, so the outline must continue from
// there: the highest level used becomes `top`, each lower one the next level, without gaps.

const OPEN_OR_CLOSE = /<(\/?)h([1-6])(?=[\s>])/gi;

/** The stored HTML with its headings renumbered to start at `top` (2 under a page's <h1>). */
export function outlineHeadings(html: string, top = 2): string {
  const used = new Set<number>();
  for (const m of html.matchAll(OPEN_OR_CLOSE)) used.add(Number(m[2]));
  if (used.size === 0) return html;
  const levels = [...used].sort((a, b) => a - b);
  const to = new Map(levels.map((level, i) => [level, Math.min(6, top + i)]));
  if (levels.every((level) => to.get(level) === level)) return html;
  return html.replace(OPEN_OR_CLOSE, (_, slash: string, level: string) => `<${slash}h${to.get(Number(level))}`);
}
