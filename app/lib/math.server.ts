// Server-side math: staff HTML with $..$, \(..\), $$..$$ and \[..\] becomes KaTeX HTML, so the browser
// needs no math script. A malformed formula shows its source instead of breaking the page.
// This runs when content is saved, seeded or re-rendered (models/rendering.server.ts), never per request.
import { createHash } from "node:crypto";
import katex from "katex";
import { toBanglaDigits } from "~/lib/bangla-digits";
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

// Lengths staff write (\rule, \raisebox, \kern, \hspace, \\[..]) are limited to this many ems: enough
// for an answer blank or a gap, too little to draw over the sidebar or the text below.
const MAX_EM = 10;

const KATEX_OPTIONS = {
  throwOnError: true,
  // Bangla words inside a formula are common and harmless; KaTeX would otherwise warn about each one.
  strict: "ignore",
  // No \href, \url, \includegraphics, \htmlClass or \htmlStyle: staff math is typeset, never markup.
  trust: false,
  // KaTeX lowers larger sizes to this. It leaves negative ones alone; see negativeEms.
  maxSize: MAX_EM,
  // Bounds the work a self-expanding \def can cause.
  maxExpand: 500,
} as const;

// Ems per TeX unit, as KaTeX converts them in text style (10pt to the em).
const PT_PER_UNIT: Record<string, number> = { pt: 1, mm: 7227 / 2540, cm: 7227 / 254, in: 72.27, bp: 803 / 800, pc: 12, dd: 1238 / 1157, cc: 14856 / 1157, nd: 685 / 642, nc: 1370 / 107, sp: 1 / 65536, px: 803 / 800 };
const EM_PER_UNIT: Record<string, number> = { em: 1, ex: 0.431, mu: 1 / 18, ...Object.fromEntries(Object.entries(PT_PER_UNIT).map(([unit, pt]) => [unit, pt / 10])) };

/**
 * The negative lengths of a parsed formula added up, in ems: \kern-500em pulls what follows over the
 * text before the formula, \raisebox{-40em} and \\[-100em] over the text below or above. KaTeX's
 * maxSize does not cap these. Read from the tree after macro expansion, so a \def cannot hide one.
 */
function negativeEms(node: unknown, seen = new Set<object>()): number {
  if (!node || typeof node !== "object" || seen.has(node)) return 0;
  seen.add(node);
  const { number, unit } = node as { number?: unknown; unit?: unknown };
  if (typeof number === "number" && typeof unit === "string") return number < 0 ? -number * (EM_PER_UNIT[unit] ?? 1) : 0;
  let sum = 0;
  // "loc" points back into the lexer (the source and settings), not further into the formula.
  for (const [key, value] of Object.entries(node)) if (key !== "loc") sum += negativeEms(value, seen);
  return sum;
}

// KaTeX's parser is exported for tools but left out of its type declarations.
const parseTex = (katex as unknown as { __parse(tex: string, options: object): unknown }).__parse;

/**
 * How a formula's digits are drawn: Bangla (০–৯), as Bangla-medium textbooks print formulas, or
 * Latin, beside English text.
 */
export type FormulaDigits = "bangla" | "latin";

/**
 * The digits for the formulas of staff HTML, from the language of the text around them: Latin when
 * that text has Latin letters and no Bangla ones (an English lesson, an admission question set in
 * English), otherwise Bangla, also for a field that is a formula alone (an MCQ option). Read from the
 * text itself rather than its subject: every save path and `npm run db:render` render one field at a
 * time, and so decide alike; and a maths question written in English is English-medium too.
 */
export function formulaDigitsFor(html: string): FormulaDigits {
  const prose = html
    .replace(MATH, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[#a-z0-9]+;/gi, " ");
  return /[A-Za-z]/.test(prose) && !/[\u0980-\u09FF]/.test(prose) ? "latin" : "bangla";
}

/**
 * KaTeX's output with Bangla digits in what is seen (its .katex-html part, which comes last), in text
 * only: never in an attribute (style="height:0.8em") or a character reference (&#x27;). The MathML part
 * before it, what screen readers read, keeps the digits as written, and its annotation the TeX source.
 */
function withBanglaDigits(html: string): string {
  const at = html.indexOf('<span class="katex-html"');
  if (at < 0) return html;
  const seen = html
    .slice(at)
    .split(/(<[^>]*>)/)
    .map((part, i) => (i % 2 ? part : part.replace(/&[#a-z0-9]+;|[0-9]/gi, (m) => (m.length > 1 ? m : toBanglaDigits(m)))))
    .join("");
  return html.slice(0, at) + seen;
}

export function renderFormula(tex: string, displayMode: boolean, digits: FormulaDigits = "bangla"): string {
  try {
    const options = { ...KATEX_OPTIONS, displayMode };
    if (negativeEms(parseTex(tex, options)) > MAX_EM) throw new Error("negative lengths beyond the limit");
    const html = katex.renderToString(tex, {
      ...options,
      output: "htmlAndMathml", // MathML for screen readers; KaTeX CSS hides it visually
    });
    return digits === "bangla" ? withBanglaDigits(html) : html;
  } catch {
    const src = displayMode ? `$$${tex}$$` : `$${tex}$`;
    return `<code class="math-error" title="এই সূত্রটি দেখানো যায়নি">${escapeHtml(src)}</code>`;
  }
}

/** Typesets every formula in the text parts of an HTML string; tags and code blocks are left alone. */
export function typesetMath(html: string, digits: FormulaDigits = formulaDigitsFor(html)): string {
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
      return renderFormula(decode((display ?? i1 ?? i2 ?? "").trim()), display !== undefined, digits);
    });
  }
  return parts.join("");
}

/**
 * Raise when the rules change (KaTeX options and limits, sanitiser, image paths, delimiters, the
 * formulas' digits): stored HTML becomes stale.
 */
const RULES_VERSION = 4;

/**
 * The version stored next to rendered HTML: it changes with the rules and with KaTeX itself, so an
 * upgrade of either makes every row stale and `npm run db:render` (also run by db:migrate) renews it.
 */
export const RENDER_VERSION = createHash("sha1").update(`${katex.version}|${RULES_VERSION}`).digest().readUInt32BE(0) & 0x7fffffff || 1;

/** Staff HTML as pages show it: sanitised, images made absolute on the given base, math typeset. */
export function renderStaffHtml(html: string, assetBase = "/"): string {
  return typesetMath(absolutizeImageSources(sanitizeStaffHtml(html), assetBase));
}
