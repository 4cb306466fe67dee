// The make-question tool's steps as URLs: what each step's query may hold, as zod schemas read leniently
// (a value that does not parse is ignored, never an error), and the rules that pick questions from the bank.
// Steps: 1 /make-question/{sname}/{sid}/{gid} (chapters) -> 2 .../questions?ch=..&board=.. (the bank,
// pick by checkbox or at random) -> 3 .../settings?q=.. (header, sets; POST saves) -> 4 /questionpaper/p/{code}.
import { canonicalBoard } from "~/lib/board-year";
import { flagText, readQuery, z } from "~/lib/input";
import { hashSeed, pickRandom, seededRandom } from "~/lib/paper-sets";
import { countText, idList, yearText } from "~/lib/papers";

export const MAX_MCQ = 100;
export const MAX_CREATIVE = 20;
/** What one step-2 page lists of each type. */
export const PAGE_SIZE = 50;
export const MAX_PER_CHAPTER = 50;
/** The most ids a step reads from a URL or form (more are dropped before any query). */
export const MAX_SELECTED = 400;

export const DIFFICULTY_LABEL = { easy: "সহজ", medium: "মাঝারি", hard: "কঠিন" } as const;
export type Difficulty = keyof typeof DIFFICULTY_LABEL;
export type QuestionKind = "mcq" | "creative";

/** Chapter id 0 stands for the subject's questions not yet filed under a chapter. */
export const UNCHAPTERED = 0;

export type BankFilters = {
  /** Chosen chapters (0 = unchaptered); empty = the whole syllabus. */
  chapters: number[];
  type: QuestionKind | null;
  board: string | null;
  year: number | null;
  difficulty: Difficulty | null;
};

/** A question of the bank as the filters see it (models/questions.server.ts listBankEntries). */
export type BankEntry = {
  id: number;
  type: QuestionKind;
  chapterId: number | null;
  difficulty: Difficulty | null;
  marks: number;
  sources: { board: string; year: number }[];
  /** A digest of the question's passage and text: copies of one question entered twice share it. */
  stem?: string;
};

/**
 * The entries with each stem once (the first in the list's order), and for each kept entry how many
 * entries share its stem: the bank lists a question entered several times once, with the count.
 */
export function onePerStem<T extends Pick<BankEntry, "id" | "type" | "stem">>(entries: T[]): { kept: T[]; copies: Map<number, number> } {
  const first = new Map<string, number>();
  const copies = new Map<number, number>();
  const kept = entries.filter((e) => {
    if (!e.stem) return true;
    const key = `${e.type}:${e.stem}`;
    const at = first.get(key);
    if (at === undefined) {
      first.set(key, e.id);
      return true;
    }
    copies.set(at, (copies.get(at) ?? 1) + 1);
    return false;
  });
  return { kept, copies };
}

/** ?ch=1&ch=2 (or 1,2), read as a list: chapter ids, 0 allowed (unchaptered); others' ids are dropped by the caller. */
export const chapterList = z.array(z.string()).transform((values) => {
  const out: number[] = [];
  for (const v of values) {
    for (const part of v.slice(0, 2000).split(/[\s,]+/)) {
      if (!/^\d{1,9}$/.test(part)) continue;
      const n = Number(part);
      if (!out.includes(n)) out.push(n);
      if (out.length >= 200) return out;
    }
  }
  return out;
});

export function parseChapters(values: string[]): number[] {
  return chapterList.parse(values);
}

/** The bank's filters: ?ch= (a list), type, board (a code or an alias), year, difficulty. */
const filterFields = {
  ch: chapterList,
  type: z.enum(["mcq", "creative"]).nullable().catch(null),
  board: z
    .string()
    .transform((v) => v.trim().slice(0, 32))
    .transform((board) => (board ? canonicalBoard(board) : null))
    .catch(null),
  year: yearText,
  difficulty: z.enum(Object.keys(DIFFICULTY_LABEL) as [Difficulty, ...Difficulty[]]).nullable().catch(null),
};
const filtersOf = (f: z.output<z.ZodObject<typeof filterFields>>): BankFilters => ({
  chapters: f.ch,
  type: f.type,
  board: f.board,
  year: f.year,
  difficulty: f.difficulty,
});

export const BankFilterQuery = z.object(filterFields).transform(filtersOf);

/** Step 2's whole query: the filters, the ticked questions (q), the random pick, the pages. */
export const BankQuery = z
  .object({
    ...filterFields,
    q: idList(MAX_SELECTED),
    /** ?random=1: replace the ticks with a random pick of `perChapter` from each chosen chapter. */
    random: flagText,
    nm: countText(0, MAX_PER_CHAPTER),
    nc: countText(0, MAX_PER_CHAPTER),
    seed: countText(1, 999_999),
    page: countText(1, 10_000),
    cpage: countText(1, 10_000),
  })
  .transform((f) => ({
    filters: filtersOf(f),
    selected: f.q,
    random: f.random,
    perChapter: { mcq: f.nm ?? 5, creative: f.nc ?? 1 },
    seed: f.seed ?? 1,
    page: f.page ?? 1,
    cpage: f.cpage ?? 1,
  }));

/** The fields of BankFilterQuery and BankQuery read as lists. */
export const BANK_QUERY_LISTS = ["ch", "q"] as const;

export function readFilters(q: URLSearchParams): BankFilters {
  return readQuery(BankFilterQuery, q, BANK_QUERY_LISTS);
}

export function readBankQuery(q: URLSearchParams) {
  return readQuery(BankQuery, q, BANK_QUERY_LISTS);
}

/** Whether a question passes the type, board, year and difficulty filters (a board also takes "all boards"). */
export function matchesFilters(e: BankEntry, f: BankFilters): boolean {
  if (f.type && e.type !== f.type) return false;
  if (f.difficulty && e.difficulty !== f.difficulty) return false;
  if (f.board || f.year) {
    const ok = e.sources.some((s) => (!f.board || s.board === f.board || s.board === "all") && (!f.year || s.year === f.year));
    if (!ok) return false;
  }
  return true;
}

/**
 * The bank's order on every step: MCQs before creative questions, then chapter order (unchaptered
 * last), then id (which keeps a shared উদ্দীপক's questions together).
 */
export function bankOrder<T extends { id: number; type: QuestionKind; chapterId: number | null }>(items: T[], chapterOrder: number[]): T[] {
  const rank = new Map(chapterOrder.map((id, i) => [id, i]));
  const chapterRank = (c: number | null) => (c === null ? Number.MAX_SAFE_INTEGER : (rank.get(c) ?? Number.MAX_SAFE_INTEGER - 1));
  return items
    .slice()
    .sort((a, b) => (a.type === b.type ? 0 : a.type === "mcq" ? -1 : 1) || chapterRank(a.chapterId) - chapterRank(b.chapterId) || a.id - b.id);
}

/**
 * `perChapter` questions of each type chosen at random from each chapter's matching questions, seeded by
 * the seed, the chapter and the type: the same URL picks the same questions. Ids in bank order.
 */
export function randomPick(entries: BankEntry[], perChapter: { mcq: number; creative: number }, seed: number, chapterOrder: number[]): number[] {
  const groups = new Map<string, BankEntry[]>();
  for (const e of bankOrder(entries, chapterOrder)) {
    const key = `${e.type}:${e.chapterId ?? UNCHAPTERED}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const picked = new Set<number>();
  for (const [key, list] of groups) {
    const n = key.startsWith("mcq") ? perChapter.mcq : perChapter.creative;
    for (const e of pickRandom(list, n, seededRandom(hashSeed(seed, key)))) picked.add(e.id);
  }
  return bankOrder(entries.filter((e) => picked.has(e.id)), chapterOrder).map((e) => e.id);
}

/** The query of a step URL, from pairs (empty values left out, so links stay short). */
export function stepQuery(pairs: [string, string | number | null | undefined][]): string {
  const q = new URLSearchParams();
  for (const [k, v] of pairs) if (v !== null && v !== undefined && v !== "") q.append(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The filters as query pairs (for links between the steps). */
export function filterPairs(f: BankFilters): [string, string | number | null][] {
  return [...f.chapters.map((c): [string, number] => ["ch", c]), ["type", f.type], ["board", f.board], ["year", f.year], ["difficulty", f.difficulty]];
}
