// What a search box query means: the words to find, and a board/year filter when the query names a
// board ("ঢাকা বোর্ড ২০১৯", "ঢা.বো. ১৯", "dhaka 19", "রাজশাহী বোর্ড"). Pure; the page
// (routes/search.tsx) and the model (models/search.server.ts) both read a query through here, and the
// words are matched in the normaliser's form (lib/search-text.ts).
import { BOARD_ALIASES, BOARD_CODES } from "~/lib/board-year";
import { encodeWord, length, normalize, words, type Word } from "~/lib/search-text";

/** Characters of a query that are read; the rest of a pasted essay is ignored. */
export const MAX_QUERY_CHARS = 200;
/** Words that must match; more are ignored. */
export const MAX_TERMS = 8;

export type Term = {
  /** The word as typed, normalised. */
  word: Word;
  /** The word's index token, or its stem's when an ending was cut ("ত্রিকোণমিতির" -> "ত্রিকোণমিতি"). */
  token: string;
  /** The same as normalised text (the stem): what highlighting compares words of a text with. */
  text: string;
  /** Match words that begin with the token (ত্রিকোণমিতি finds ত্রিকোণমিতির), or only the word itself. */
  prefix: boolean;
  /** A four-digit year: it also finds questions and papers set that year. */
  year: number | null;
};

export type ParsedQuery = {
  /** The query as read: shortened, spaces collapsed. */
  text: string;
  terms: Term[];
  /** Board codes the query named as a board (see parseQuery). */
  boards: string[];
  /** The year named with the board. */
  year: number | null;
  /** The query without the words that became the board/year filter (normalised): the link that removes it. */
  rest: string;
};

/* ------------------------------------------------------------------ boards in a query */

const key = (text: string) =>
  words(normalize(text))
    .map((w) => w.text)
    .join(" ");

/** "বোর্ড" and its short form in ঢা. বো.: a board name with one of these is meant as a board. */
const BOARD_WORDS = new Set(["বোর্ড", "বোর্ডের", "বোর্ডে", "বো", "board", "boards"].map(key));
/** Joining words that are never required to match ("ঢাকা ও রাজশাহী বোর্ড", "laws of motion"). */
const CONNECTORS = new Set(["ও", "এবং", "বা", "and", "or", "of", "the", "a", "an", "in", "on", "to", "is"].map(key));
const YEAR_WORDS = new Set(["সাল", "সালের", "সালে", "year"].map(key));

type Name = { code: string; strong: boolean };

/** Every way to name a board or institution, as normalised word sequences (key = words joined by spaces). */
const BOARD_NAMES = (() => {
  const names = new Map<string, Name>();
  const add = (text: string, code: string) => {
    const k = key(text);
    if (!k || names.has(k)) return;
    names.set(k, { code, strong: k.split(" ").some((w) => BOARD_WORDS.has(w)) });
  };
  for (const [code, { short, name }] of Object.entries(BOARD_CODES)) {
    add(name, code);
    add(short, code);
    add(code, code);
    // "ঢাকা বোর্ড" is also named "ঢাকা".
    if (/\sবোর্ড$/.test(name)) add(name.replace(/\sবোর্ড$/, ""), code);
  }
  for (const [alias, code] of Object.entries(BOARD_ALIASES)) add(alias, code);
  return names;
})();
const LONGEST_NAME = Math.max(...[...BOARD_NAMES.keys()].map((k) => k.split(" ").length));

/** Education boards (not universities): a question "set by all boards" was set by each of them. */
export const EDUCATION_BOARDS = new Set(["dhaka", "raj", "bar", "syl", "jes", "cum", "ctg", "mym", "din", "mad", "tech"]);

/** A year as typed: four digits (1950–2099), or two when next to a board name ("dhaka 19" = 2019). */
function yearOf(word: Word | undefined, twoDigits: boolean): number | null {
  if (!word || word.script !== "nu") return null;
  if (word.text.length === 4) {
    const y = Number(word.text);
    return y >= 1950 && y <= 2099 ? y : null;
  }
  // Two digits: 00–69 is 2000–2069, 70–99 is 1970–1999 (no board paper of ours is older).
  if (twoDigits && word.text.length <= 2) {
    const y = Number(word.text);
    return y < 70 ? 2000 + y : 1900 + y;
  }
  return null;
}

type Mention = { start: number; end: number; code: string; strong: boolean; yearAt: number | null };

function findMentions(ws: Word[]): Mention[] {
  const found: Mention[] = [];
  for (let i = 0; i < ws.length; ) {
    let hit: Mention | null = null;
    for (let n = Math.min(LONGEST_NAME, ws.length - i); n > 0 && !hit; n--) {
      const name = BOARD_NAMES.get(
        ws
          .slice(i, i + n)
          .map((w) => w.text)
          .join(" "),
      );
      if (name) hit = { start: i, end: i + n, code: name.code, strong: name.strong, yearAt: null };
    }
    if (!hit) {
      i++;
      continue;
    }
    if (hit.end < ws.length && BOARD_WORDS.has(ws[hit.end].text)) {
      hit.strong = true;
      hit.end++;
    }
    found.push(hit);
    i = hit.end;
  }
  // A year right after a board name ("ঢাকা বোর্ড ২০১৯"), or right before one ("2019 dhaka").
  const claimed = new Set<number>();
  for (const m of found) {
    if (yearOf(ws[m.end], true) !== null) claimed.add((m.yearAt = m.end));
  }
  for (const m of found) {
    const before = m.start - 1;
    if (m.yearAt === null && before >= 0 && !claimed.has(before) && yearOf(ws[before], true) !== null) claimed.add((m.yearAt = before));
  }
  return found;
}

/* ------------------------------------------------------------------ the words */

// Case and possessive endings, cut from a query word so that it also finds the word's other forms by
// prefix ("ত্রিকোণমিতির" -> ত্রিকোণমিতি*). Only when a stem of 3 or more letters and signs remains.
const BN_ENDINGS = ["গুলোর", "গুলো", "গুলি", "দের", "টির", "টি", "টা", "ের", "এর", "কে"].map((e) => normalize(e));
const VOWEL_SIGN = /[\u09BE-\u09CC\u09D7]$/;

function stem(word: Word): string {
  if (word.script === "bn") {
    for (const e of BN_ENDINGS) {
      if (word.text.endsWith(e) && length(word.text) - length(e) >= 3) return word.text.slice(0, -e.length);
    }
    // A final র after a vowel sign is the possessive (ত্রিকোণমিতির), after a virama it is a letter (সূত্র).
    if (word.text.endsWith("র") && VOWEL_SIGN.test(word.text.slice(0, -1)) && length(word.text) > 3) return word.text.slice(0, -1);
  }
  if (word.script === "la" && word.text.length > 3 && /[^s]s$/.test(word.text)) return word.text.slice(0, -1);
  return word.text;
}

function termOf(word: Word): Term {
  const stemmed = stem(word);
  const token = encodeWord({ text: stemmed, script: word.script });
  // Short words only as themselves: "বল*" would match a large part of the language.
  const prefix = word.script !== "nu" && (stemmed !== word.text || length(stemmed) >= 3);
  return { word, token, text: stemmed, prefix, year: word.script === "nu" ? yearOf(word, false) : null };
}

/* ------------------------------------------------------------------ parse */

/**
 * Reads a query. A board name becomes a board filter when it is clearly meant as a board: said with
 * "বোর্ড"/"board" or in its short form (ঢা.বো.), followed or preceded by a year (which then becomes the
 * year filter: "ঢাকা বোর্ড ২০১৯", "dhaka 19"), or when the query is nothing but board names ("dha").
 * Otherwise it stays a word to find ("ঢাকা শহর").
 */
export function parseQuery(input: string | null | undefined): ParsedQuery {
  const text = (input ?? "")
    .slice(0, MAX_QUERY_CHARS * 4)
    .replace(/[\u0000-\u001F\u007F]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_QUERY_CHARS)
    .trim();
  const ws = words(normalize(text));
  const used = new Array<boolean>(ws.length).fill(false);
  const mentions = findMentions(ws);

  const inMention = (i: number) => mentions.some((m) => i >= m.start && i < m.end) || mentions.some((m) => m.yearAt === i);
  const onlyBoards = mentions.length > 0 && ws.every((w, i) => inMention(i) || CONNECTORS.has(w.text) || YEAR_WORDS.has(w.text));
  const resolved = mentions.filter((m) => m.strong || m.yearAt !== null || onlyBoards);

  const boards: string[] = [];
  let year: number | null = null;
  for (const m of resolved) {
    if (!boards.includes(m.code)) boards.push(m.code);
    for (let i = m.start; i < m.end; i++) used[i] = true;
    if (m.yearAt !== null) {
      year ??= yearOf(ws[m.yearAt], true);
      used[m.yearAt] = true;
      if (ws[m.yearAt + 1] && YEAR_WORDS.has(ws[m.yearAt + 1].text)) used[m.yearAt + 1] = true;
    }
  }

  const left = ws.filter((_, i) => !used[i]);
  const content = left.filter((w) => !CONNECTORS.has(w.text));
  // A query of nothing but joining words ("the") still looks for them.
  const chosen = content.length || boards.length ? content : left;
  const seen = new Set<string>();
  const terms: Term[] = [];
  for (const w of chosen) {
    const t = termOf(w);
    if (seen.has(t.token + t.prefix)) continue;
    seen.add(t.token + t.prefix);
    terms.push(t);
    if (terms.length === MAX_TERMS) break;
  }
  return { text, terms, boards, year, rest: left.map((w) => w.text).join(" ") };
}

/* ------------------------------------------------------------------ what the index is asked */

/** Index tokens of a question's or paper's sources (board, year, board+year), and of a row's subject+grade. */
export const boardToken = (board: string) => `zb${board}`;
export const yearToken = (year: number) => `zy${year}`;
export const boardYearToken = (board: string, year: number) => `zc${board}${year}`;
/** Grade 0: a row of every grade of the subject. */
export const subjectGradeToken = (subjectId: number, gradeId: number | null) => `zg${subjectId}x${gradeId ?? 0}`;

export function sourceTokens(sources: { board: string; year: number }[]): string[] {
  const out = new Set<string>();
  for (const s of sources) {
    if (!/^[a-z]{1,16}$/.test(s.board)) continue;
    out.add(boardToken(s.board)).add(yearToken(s.year)).add(boardYearToken(s.board, s.year));
  }
  return [...out];
}

export type Filters = { boards: string[]; year: number | null; sg?: { subjectId: number; gradeId: number } | null };

/**
 * One condition a result must meet: it has one of `tokens`, or a token beginning with one of
 * `prefixes`. `text`: a word of the query (the rest are filters, which the fallback to "some of the
 * words" still requires).
 */
export type Clause = { tokens: string[]; prefixes: string[]; text: boolean };

/**
 * What the index is asked for a query: every word, and the filters. A year alone also finds
 * questions and papers set that year; a filter by an education board also finds questions set by
 * all boards; a subject+grade also finds the subject's rows of every grade. Empty: nothing to search.
 */
export function queryClauses(terms: Term[], { boards, year, sg }: Filters): Clause[] {
  const clauses: Clause[] = terms.map((t) => ({
    tokens: t.prefix ? [] : [t.token, ...(t.year !== null ? [yearToken(t.year)] : [])],
    prefixes: t.prefix ? [t.token] : [],
    text: true,
  }));
  const codes = boards.filter((b) => /^[a-z]{1,16}$/.test(b));
  if (codes.some((b) => EDUCATION_BOARDS.has(b)) && !codes.includes("all")) codes.push("all");
  if (codes.length) {
    clauses.push({ tokens: year !== null ? codes.map((b) => boardYearToken(b, year)) : codes.map(boardToken), prefixes: [], text: false });
  } else if (year !== null) {
    clauses.push({ tokens: [yearToken(year)], prefixes: [], text: false });
  }
  if (sg) clauses.push({ tokens: [subjectGradeToken(sg.subjectId, sg.gradeId), subjectGradeToken(sg.subjectId, null)], prefixes: [], text: false });
  return clauses;
}

/* ------------------------------------------------------------------ highlighting */

/** Whether a word of the text (normalised) is one the query looks for: as the index compares tokens, on the text itself. */
export function matchesTerm(word: Word, terms: Term[]): boolean {
  return terms.some((t) => t.word.script === word.script && (t.prefix ? word.text.startsWith(t.text) : word.text === t.text));
}

export type Segment = { text: string; mark: boolean };

// A run of characters that may hold words: split here first, then normalised and matched.
const RUN = /[\u0980-\u09FF\u200C\u200D\p{L}\p{M}\p{N}]+/gu;

/**
 * The words of a run, normalised: kept per distinct run (results repeat the same texts, and a text
 * its words), a bounded number, forgotten all at once when full.
 */
const runWords = new Map<string, Word[]>();
const RUN_WORDS_KEPT = 20_000;
function wordsOfRun(run: string): Word[] {
  let found = runWords.get(run);
  if (found === undefined) {
    if (runWords.size >= RUN_WORDS_KEPT) runWords.clear();
    runWords.set(run, (found = words(normalize(run))));
  }
  return found;
}

/**
 * A text cut to about `max` characters around its first match (from the start when nothing
 * matches), as segments with the matching words marked. Ellipses show where it was cut.
 */
export function highlight(text: string, terms: Term[], max = 220): Segment[] {
  // Normalising every word of a long text per result was the page's main cost: a run's words are
  // kept (wordsOfRun), and runs are looked at only until the first match and then within the window.
  const isMatch = (run: string) => terms.length > 0 && wordsOfRun(run).some((w) => matchesTerm(w, terms));
  const runs = [...text.matchAll(RUN)].map((m) => ({ text: m[0], start: m.index!, end: m.index! + m[0].length }));
  const first = runs.find((r) => isMatch(r.text));
  let from = 0;
  if (first && text.length > max && first.end > max * 0.6) {
    from = Math.max(0, first.start - Math.floor(max / 3));
    const space = text.indexOf(" ", from);
    if (space !== -1 && space < first.start) from = space + 1;
  }
  let to = Math.min(text.length, from + max);
  if (to < text.length) {
    const space = text.lastIndexOf(" ", to);
    if (space > from + max / 2) to = space;
  }
  const out: Segment[] = [];
  const push = (s: string, mark: boolean) => {
    if (!s) return;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.text += s;
    else out.push({ text: s, mark });
  };
  if (from > 0) push("… ", false);
  let at = from;
  for (const r of runs) {
    if (r.end <= from || r.start >= to || !isMatch(r.text)) continue;
    push(text.slice(at, Math.max(at, r.start)), false);
    push(text.slice(Math.max(at, r.start), Math.min(r.end, to)), true);
    at = Math.min(r.end, to);
  }
  push(text.slice(at, to), false);
  if (to < text.length) push(" …", false);
  return out;
}
