export const INFO_PAGE_ASSET_BASE = "/api/gradmin/";
export const CONTENT_ASSET_BASE = "/";

// Browsers ignore ASCII whitespace/control characters inside a URL scheme ("java\tscript:").
const squash = (s: string) => s.replace(/[\u0000-\u0020]/g, "");

export function absoluteImage(path: string | null | undefined, base: string): string | null {
  const p = (path ?? "").trim();
  if (!p) return null;
  const probe = squash(p).toLowerCase();
  if (/^https?:\/\//.test(probe) || probe.startsWith("//") || probe.startsWith("data:image/")) return p;
  // A root-relative path already names a file on the site host.
  if (p.startsWith("/")) return p;
  if (/^[a-z][a-z0-9+.-]*:/.test(probe)) return null;
  return `${base.replace(/\/+$/, "")}/${p.replace(/^(?:\.\/)+/, "")}`;
}

// Only what is needed to see through an entity-encoded scheme such as "javascript&#58;".
function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(parseInt(h, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;|&newline;/gi, "")
    .replace(/&amp;/gi, "&");
}

const IMG_TAG = /<img\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const ATTR = /(\s+)([^\s"'>/=]+)(?:(\s*=\s*)("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/** Rewrites the src of every <img> with absoluteImage; an unsafe src is removed. */
export function absolutizeImageSources(html: string, base: string): string {
  return (html ?? "").replace(IMG_TAG, (tag) =>
    tag.replace(ATTR, (attr, space: string, name: string, eq?: string, raw?: string) => {
      if (name.toLowerCase() !== "src" || raw === undefined) return attr;
      const quote = raw[0] === '"' || raw[0] === "'" ? raw[0] : "";
      const value = quote ? raw.slice(1, -1) : raw;
      if (absoluteImage(decodeEntities(value), base) === null) return "";
      const fixed = absoluteImage(value, base) ?? "";
      return `${space}${name}${eq}${quote}${fixed}${quote}`;
    }),
  );
}
