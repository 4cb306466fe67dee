// The question bank's filters as a URL carries them (the picker of a set or an exam, and the
// question list): which chapters, type, difficulty, board and year, whether it has an explanation,
// and a text or an id ("#5" or "5"). Every state is a URL, so a filter is shared by copying the
// address and works the same with JavaScript off. A value that does not parse is ignored (the
// filter falls back to "any"), never an error.
import { z } from "zod";
import { toAsciiDigits } from "~/lib/bangla-digits";

export const QUESTION_TYPE_CHOICES = [
  { value: "mcq", label: "বহুনির্বাচনি (MCQ)" },
  { value: "creative", label: "সৃজনশীল (Creative)" },
] as const;
export const DIFFICULTY_CHOICES = [
  { value: "easy", label: "সহজ (Easy)" },
  { value: "medium", label: "মাঝারি (Medium)" },
  { value: "hard", label: "কঠিন (Hard)" },
  { value: "none", label: "ঠিক করা নেই (Not set)" },
] as const;

const id = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().int().positive());

const oneOf = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .optional()
    .transform((v) => (values as readonly string[]).includes(v ?? "") ? (v as T) : undefined)
    .catch(undefined);

/** A text or id search: "#5" (only question 5), "5" (question 5, or text containing 5), or words. */
const searchText = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim().slice(0, 100))
  .catch("");

export const BankFilterSchema = z.object({
  chapter: z
    .array(z.string())
    .optional()
    .transform((values) => [...new Set((values ?? []).flatMap((v) => id.safeParse(v).data ?? []))].slice(0, 50))
    .catch([]),
  /** Narrows the chapter choices (the searchable chapter select, without JavaScript). */
  chapterq: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, 60))
    .catch(""),
  type: oneOf(["mcq", "creative"] as const),
  difficulty: oneOf(["easy", "medium", "hard", "none"] as const),
  board: z
    .string()
    .optional()
    .transform((v) => {
      const code = (v ?? "").trim().toLowerCase();
      return /^[a-z]{2,16}$/.test(code) ? code : undefined;
    })
    .catch(undefined),
  year: z
    .string()
    .optional()
    .transform((v) => {
      const n = Number(toAsciiDigits((v ?? "").trim()));
      return Number.isInteger(n) && n >= 1950 && n <= 2100 ? n : undefined;
    })
    .catch(undefined),
  explained: oneOf(["1", "0"] as const),
  q: searchText,
  page: z
    .string()
    .optional()
    .transform((v) => {
      const n = Number(toAsciiDigits(v ?? ""));
      return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
    })
    .catch(1),
});

export type BankFilter = z.output<typeof BankFilterSchema>;

/** The query keys the filter reads (a list page adds its own: sort, dir). */
export const BANK_FILTER_KEYS = ["chapter", "chapterq", "type", "difficulty", "board", "year", "explained", "q", "page"] as const;

/** The filter from a URL's query (never fails: what does not parse is left out). */
export function readBankFilter(params: URLSearchParams): BankFilter {
  const raw: Record<string, string | string[]> = { chapter: params.getAll("chapter") };
  for (const key of BANK_FILTER_KEYS) if (key !== "chapter" && params.has(key)) raw[key] = params.get(key) ?? "";
  return BankFilterSchema.parse(raw);
}

/**
 * An id search: "#5" (or "#৫") names row 5 and nothing else; "5" names row 5 besides the text that
 * has 5 in it. Bangla digits without "#" stay text (the database's collation matches them to ASCII).
 */
export function idSearch(q: string): { id: number; only: boolean } | null {
  const text = q.trim();
  const m = text.startsWith("#") ? /^(#)\s*(\d{1,9})$/.exec(toAsciiDigits(text)) : /^()(\d{1,9})$/.exec(text);
  if (!m) return null;
  const n = Number(m[2]);
  return n > 0 ? { id: n, only: !!m[1] } : null;
}

/** Whether any filter narrows the bank (the chapter-choice search alone does not). */
export const isFiltered = (f: BankFilter) =>
  f.chapter.length > 0 || !!f.type || !!f.difficulty || !!f.board || f.year !== undefined || !!f.explained || !!f.q;

/** The query string of a filter, with `change` applied (null removes a key); page 1 is left out. */
export function bankFilterQuery(f: BankFilter, change: Partial<Record<(typeof BANK_FILTER_KEYS)[number], string | number | null>> = {}): string {
  const p = new URLSearchParams();
  for (const c of f.chapter) p.append("chapter", String(c));
  const single: Record<string, string | number | undefined> = {
    chapterq: f.chapterq || undefined,
    type: f.type,
    difficulty: f.difficulty,
    board: f.board,
    year: f.year,
    explained: f.explained,
    q: f.q || undefined,
    page: f.page > 1 ? f.page : undefined,
  };
  for (const [k, v] of Object.entries(single)) if (v !== undefined) p.set(k, String(v));
  for (const [k, v] of Object.entries(change)) {
    p.delete(k);
    if (v !== null && v !== undefined && v !== "") p.set(k, String(v));
  }
  if (p.get("page") === "1") p.delete("page");
  const s = p.toString();
  return s ? `?${s}` : "";
}
