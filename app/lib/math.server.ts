// Server-side math: staff HTML with $..$, \(..\), $$..$$ and \[..\] becomes KaTeX HTML, so the browser
// needs no math script. A malformed formula shows its source instead of breaking the page.
// This runs when content is saved, seeded or re-rendered (models/rendering.server.ts), never per request.
import { createHash } from "node:crypto";
import katex from "katex";
import { absolutizeImageSources } from "~/lib/image-path";
import { sanitizeStaffHtml } from "~/lib/sanitize.server";

// Display delimiters first so "$$" is never read as two inline "$".
const MATH = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)|(?<![\\$])\$(?!\s)((?:\\\$|[^$\n])+?)(?<!\s)\$(?!\d)/g;
const SKIP = /^<(script|style|code|pre|textarea)\b/i;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", "#39": "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderFormula(tex: string, displayMode: boolean): string {
  try {
    return katex.renderToString(tex, {
      displayMode,
      throwOnError: true,
      strict: "ignore",
      trust: false,
      maxSize: 50,
      maxExpand: 500,
      output: "htmlAndMathml", // MathML for screen readers; KaTeX CSS hides it visually
    });
  } catch {
    const src = displayMode ? `$$${tex}$$` : `$${tex}$`;
    return `<code class="math-error" title="এই সূত্রটি দেখানো যায়নি">${escapeHtml(src)}</code>`;
  }
}

/** Typesets every formula in the text parts of an HTML string; tags and code blocks are left alone. */
export function typesetMath(html: string): string {
  if (!/\$|\\\(|\\\[/.test(html)) return html;
  const parts = html.split(/(<[^>]*>)/);
  let skipUntil: string | null = null;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (i % 2 === 1) {
      const open = part.match(SKIP);
      if (open && !skipUntil) skipUntil = `</${open[1].toLowerCase()}`;
      else if (skipUntil && part.toLowerCase().startsWith(skipUntil)) skipUntil = null;
      continue;
    }
    if (skipUntil || !part) continue;
    parts[i] = part.replace(MATH, (_m, d1?: string, d2?: string, i1?: string, i2?: string) => {
      const display = d1 ?? d2;
      return renderFormula(decode((display ?? i1 ?? i2 ?? "").trim()), display !== undefined);
    });
  }
  return parts.join("");
}

/** Raise when the rules below change (sanitiser, image paths, delimiters): stored HTML becomes stale. */
const RULES_VERSION = 2;

/**
 * The version stored next to rendered HTML: it changes with the rules and with KaTeX itself, so an
 * upgrade of either makes every row stale and `npm run db:render` (also run by db:migrate) renews it.
 */
export const RENDER_VERSION = createHash("sha1").update(`${katex.version}|${RULES_VERSION}`).digest().readUInt32BE(0) & 0x7fffffff || 1;

/** Staff HTML as pages show it: sanitised, images made absolute on the given base, math typeset. */
export function renderStaffHtml(html: string, assetBase = "/"): string {
  return typesetMath(absolutizeImageSources(sanitizeStaffHtml(html), assetBase));
}
