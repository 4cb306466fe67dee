// The one normaliser of search: the index (models/search.server.ts) and the query (lib/search-query.ts)
// both go through `normalize` and `encodeWord`, so what a student types and what staff wrote meet in
// the same form however either was typed.
//
// Why words are stored encoded (e.g. ত্রিকোণমিতি -> "bn24..."): MariaDB's InnoDB FULLTEXT parser drops
// words shorter than innodb_ft_min_token_size (3 characters: বল, ঘন, x, 5 would vanish), splits a word
// at a zero-width joiner, applies an English stopword list, and compares words with the column's
// collation. An encoded word is plain ASCII of at least 3 characters with a two-letter script prefix,
// so none of that touches it and no server setting needs changing.

const ZERO_WIDTH = /[\u200C\u200D\u00AD\uFEFF\u2060]/g; // ZWNJ, ZWJ, soft hyphen, BOM, word joiner
const BANGLA_DIGITS = "০১২৩৪৫৬৭৮৯";

/**
 * The canonical form of a text for search:
 * - Unicode NFC, and ড় ঢ় য় as one code point each whether typed precomposed or as letter + nukta;
 * - the old khanda ta spelling (ত + ্ + ZWJ) as ৎ; then zero-width joiner and non-joiner removed
 *   (keyboards type র্য with or without them);
 * - অ + া as আ (a common typing slip that renders the same);
 * - Bangla digits as ASCII digits (২০১৯ = 2019);
 * - lower case, Latin letters without accents;
 * - control characters and zero-width space as spaces.
 */
// Text that is already in the normal form (lower-case ASCII, Bangla letters and signs without nukta,
// digits, no ো/ৌ or আ typed in two parts): nothing to do, which is the common case for each word.
const PLAIN = /^[\u0981-\u09BB\u09BD-\u09E3a-z0-9 ]*$/;
const COMPOSABLE = /\u09C7[\u09BE\u09D7]|\u0985\u09BE/;

export function normalize(text: string): string {
  if (PLAIN.test(text) && !COMPOSABLE.test(text)) return text;
  return text
    .replace(/[\u0000-\u001F\u007F-\u009F\u200B\u2028\u2029]/g, " ")
    .replace(/\u09A4\u09CD\u200D/g, "\u09CE")
    .replace(ZERO_WIDTH, "")
    .normalize("NFC")
    .replace(/\u09A1\u09BC/g, "\u09DC")
    .replace(/\u09A2\u09BC/g, "\u09DD")
    .replace(/\u09AF\u09BC/g, "\u09DF")
    .replace(/\u0985\u09BE/g, "\u0986")
    .replace(/[০-৯]/g, (d) => String(BANGLA_DIGITS.indexOf(d)))
    .toLowerCase()
    .replace(/[\u00C0-\u024F\u1E00-\u1EFF]/g, (c) => c.normalize("NFD").replace(/\p{M}/gu, ""));
}

export type Script = "bn" | "la" | "nu" | "ot";

export type Word = { text: string; script: Script };

/**
 * The words of a normalised text: runs of Bangla letters and signs, of a–z, of digits, or of other
 * letters. Anything else (space, punctuation, math operators, the dots of ঢা.বো.) separates words;
 * a change of script does too ("ঢাকা2019" is two words, "x2" is x and 2).
 */
const WORD = /([\u0981-\u09E3\u09F0\u09F1\u09FC\u09FE]+)|([a-z]+)|([0-9]+)|((?:(?![a-z\u0980-\u09FF])[\p{L}\p{M}])+)/gu;

export function words(normalized: string): Word[] {
  const out: Word[] = [];
  for (const m of normalized.matchAll(WORD)) {
    const script: Script = m[1] ? "bn" : m[2] ? "la" : m[3] ? "nu" : "ot";
    out.push({ text: script === "nu" ? m[0].replace(/^0+(?=\d)/, "") : m[0], script });
  }
  return out;
}

/** InnoDB ignores longer words (innodb_ft_max_token_size); a longer word is indexed by its start. */
export const MAX_TOKEN = 84;

/**
 * A word as stored in the index: its script's prefix, then the word in ASCII. Bangla: two hex digits
 * per code point (its offset in the Bangla block), so a prefix of the word is a prefix of the token
 * and `token*` finds the word with any ending. Other letters: five hex digits per code point.
 */
export function encodeWord({ text, script }: Word): string {
  let body: string;
  if (script === "bn") body = [...text].map((c) => (c.codePointAt(0)! - 0x980).toString(16).padStart(2, "0")).join("");
  else if (script === "ot") body = [...text].map((c) => c.codePointAt(0)!.toString(16).padStart(5, "0")).join("");
  else body = text;
  return (script + body).slice(0, MAX_TOKEN);
}

/** Code points, for length rules (a Bangla word's length in letters and signs). */
export const length = (word: string) => [...word].length;

/** The tokens of a text for the index column: every word encoded, separated by spaces. */
export function indexTokens(text: string): string {
  return words(normalize(text))
    .map(encodeWord)
    .join(" ");
}

/* ------------------------------------------------------------------ staff HTML as searchable text */

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

// A tag with its attributes (quoted values may hold ">"), a comment, or a script/style element.
const TAG = /<!--[\s\S]*?-->|<(script|style)\b[\s\S]*?<\/\1\s*>|<\/?[a-zA-Z][^\s/>]*(?:\s+[^\s=>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*\s*\/?>/g;

/**
 * The text a reader sees in staff HTML, with the math sources as written: tags (names and
 * attributes) dropped, entities decoded, math delimiters removed. A "<" that does not start a tag
 * ($a < b$) stays.
 */
export function searchableText(html: string | null | undefined): string {
  return (html ?? "")
    .replace(TAG, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== "#") return NAMED[e.toLowerCase()] ?? m;
      const cp = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1));
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : " ";
    })
    .replace(/\$\$|\\\[|\\\]|\\\(|\\\)|\$/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/* ------------------------------------------------------------------ math source, readable */

const MATH_NAMES: Record<string, string> = {
  alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", varepsilon: "ε", theta: "θ", lambda: "λ", mu: "μ",
  pi: "π", rho: "ρ", sigma: "σ", tau: "τ", phi: "φ", varphi: "φ", omega: "ω", Delta: "Δ", Sigma: "Σ", Omega: "Ω",
  Gamma: "Γ", Theta: "Θ", Phi: "Φ", Pi: "Π", times: "×", cdot: "·", div: "÷", pm: "±", mp: "∓", le: "≤", leq: "≤",
  ge: "≥", geq: "≥", ne: "≠", neq: "≠", approx: "≈", equiv: "≡", infty: "∞", cap: "∩", cup: "∪", in: "∈",
  notin: "∉", subset: "⊂", subseteq: "⊆", supset: "⊃", emptyset: "∅", varnothing: "∅", rightarrow: "→", to: "→",
  leftarrow: "←", Rightarrow: "⇒", Leftrightarrow: "⇔", therefore: "∴", because: "∵", angle: "∠", triangle: "△",
  perp: "⊥", parallel: "∥", ldots: "…", cdots: "⋯", dots: "…", sum: "∑", prod: "∏", int: "∫", partial: "∂",
  nabla: "∇", forall: "∀", exists: "∃", lt: "<", gt: ">", prime: "′", circ: "∘", degree: "°", deg: "°",
};
const MATH_SPACES = /\\(?:left|right|big|Big|bigg|Bigg|displaystyle|limits|,|;|:|!|quad|qquad)(?![a-zA-Z])/g;

/**
 * Math source as a reader would say it, for result titles and snippets (the index keeps the source):
 * \frac{a}{b} -> a/b, \sqrt{x} -> √x, \theta -> θ, 45^\circ -> 45°, \text{লম্ব} -> লম্ব.
 */
export function readableMath(text: string): string {
  let s = text
    .replace(MATH_SPACES, " ")
    .replace(/\^\s*(?:\{\s*\\circ\s*\}|\\circ)/g, "°")
    .replace(/\\([a-zA-Z]+)/g, (m, name: string) => (Object.hasOwn(MATH_NAMES, name) ? MATH_NAMES[name] : m));
  for (let i = 0; i < 3; i++) {
    s = s
      .replace(/\\(?:text|mathrm|mathbf|mathit|mathbb|mathcal|operatorname|textbf|boxed)\s*\{([^{}]*)\}/g, "$1")
      .replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, (_, a: string, b: string) => {
        const wrap = (x: string) => (/^[\p{L}\p{M}\p{N}.°′]+$/u.test(x.trim()) ? x.trim() : `(${x.trim()})`);
        return `${wrap(a)}/${wrap(b)}`;
      })
      .replace(/\\sqrt\s*(?:\[[^\]]*\])?\s*\{([^{}]*)\}/g, (_, a: string) => (/^[\p{L}\p{M}\p{N}]+$/u.test(a) ? `√${a}` : `√(${a})`));
  }
  return s
    .replace(/\\\\/g, " ")
    .replace(/\\([a-zA-Z]+)/g, "$1")
    .replace(/[{}]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
