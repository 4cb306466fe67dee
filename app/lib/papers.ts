// Query-string rules shared by the question-paper pages, as zod schemas: every value a visitor can type
// is validated here, and a value that does not parse is ignored (the page falls back to its default),
// never an error.
import { toAsciiDigits } from "~/lib/bangla-digits";
import { canonicalBoard } from "~/lib/board-year";
import { pageNumber, wholeText, z } from "~/lib/input";

export const KIND_LABEL = { creative: "সৃজনশীল", mcq: "বহুনির্বাচনি" } as const;

export const PER_PAGE = 20;
/** /board-question/{sid}: a subject's papers a page (grouped by year on the page). */
export const SUBJECT_PER_PAGE = 40;
export const MAX_IDS = 200;

/** ?year=2023: a four-digit year in a sane range (Bangla digits accepted), otherwise null. */
export const yearText = z
  .string()
  .trim()
  .transform(toAsciiDigits)
  .pipe(z.string().regex(/^\d{4}$/))
  .transform(Number)
  .pipe(z.number().min(1950).max(2100))
  .nullable()
  .catch(null);

/** ?board=dhaka (or an alias such as "dha"): the board code it names, matched against the known boards later (matchBoard); null when empty. */
export const boardText = z
  .string()
  .transform((v) => v.trim().toLowerCase().slice(0, 32))
  .transform((raw) => (raw ? (canonicalBoard(raw) ?? raw) : null))
  .catch(null);

/** A list page's filters: ?board=&year=&page=N (the model clamps the page to the last one). */
export const PaperFilterQuery = z.object({ board: boardText, year: yearText, page: pageNumber });
export type PaperFilterQuery = z.output<typeof PaperFilterQuery>;

/**
 * Id lists such as ?q=1,2,3 or ?q=1&q=2 (what checkboxes send), read as a list: positive integers
 * only, anything else is skipped; duplicates removed, first occurrence kept; at most `max` ids.
 */
export const idList = (max = MAX_IDS) =>
  z.array(z.string()).transform((values) => {
    const out: number[] = [];
    const seen = new Set<number>();
    for (const v of values) {
      for (const part of v.slice(0, 4000).split(/[\s,]+/)) {
        if (!/^\d{1,9}$/.test(part)) continue;
        const n = Number(part);
        if (n <= 0 || seen.has(n)) continue;
        seen.add(n);
        out.push(n);
        if (out.length >= max) return out;
      }
    }
    return out;
  });

/** A whole number typed into a form (Bangla digits accepted): clamped to [min, max]; null when it is not a number. */
export const countText = (min: number, max: number) =>
  wholeText({ digits: 6, bangla: true })
    .transform((n) => Math.min(max, Math.max(min, n)))
    .nullable()
    .catch(null);

/** A title typed by a teacher: one line of plain text, at most 120 characters. */
export const titleText = z
  .string()
  .transform((v) =>
    v
      .replace(/[\u0000-\u001f\u007f<>]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 120),
  )
  .catch("");

/** ?page=N: a positive integer, otherwise 1 (pageNumber). The model clamps it to the last page. */
export function parsePage(value: string | null): number {
  return pageNumber.parse(value);
}

/** The known board a ?board= value names (see boardText), or null. */
export function matchBoard<B extends { code: string }>(code: string | null, boards: B[]): B | null {
  return code === null ? null : (boards.find((b) => b.code.toLowerCase() === code) ?? null);
}

/** A link to `path` with the query `search`, one value replaced (or removed when null): pager links. */
export function withParam(path: string, search: string, key: string, value: string | number | null): string {
  const q = new URLSearchParams(search);
  if (value === null || value === "") q.delete(key);
  else q.set(key, String(value));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
