// Query-string rules shared by the question-paper pages: every value a visitor can type is validated here,
// and a value that does not parse is ignored (the page falls back to its default), never an error.
import { toAsciiDigits } from "~/lib/bangla-digits";
import { canonicalBoard } from "~/lib/board-year";

export const KIND_LABEL = { creative: "সৃজনশীল", mcq: "বহুনির্বাচনি" } as const;

export const PER_PAGE = 20;
/** /board-question/{sid}: a subject's papers a page (grouped by year on the page). */
export const SUBJECT_PER_PAGE = 40;
export const MAX_IDS = 200;

const INT = /^\d{1,9}$/;

/** ?page=N: a positive integer, otherwise 1. The model clamps it to the last page. */
export function parsePage(value: string | null): number {
  const s = (value ?? "").trim();
  return INT.test(s) && Number(s) > 0 ? Number(s) : 1;
}

/** ?year=2023: a four-digit year in a sane range (Bangla digits accepted), otherwise null. */
export function parseYear(value: string | null): number | null {
  const s = toAsciiDigits((value ?? "").trim());
  if (!/^\d{4}$/.test(s)) return null;
  const y = Number(s);
  return y >= 1950 && y <= 2100 ? y : null;
}

/** ?board=dhaka (or an alias such as "dha"): one of the known boards, otherwise null. */
export function parseBoard<B extends { code: string }>(value: string | null, boards: B[]): B | null {
  const raw = (value ?? "").trim().toLowerCase().slice(0, 32);
  if (!raw) return null;
  const code = canonicalBoard(raw) ?? raw;
  return boards.find((b) => b.code.toLowerCase() === code) ?? null;
}

/**
 * Id lists such as ?q=1,2,3 or ?q=1&q=2 (what checkboxes send): positive integers only, anything else is
 * skipped; duplicates removed, first occurrence kept; at most `max` ids.
 */
export function parseIdList(values: string[], max = MAX_IDS): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  for (const v of values) {
    for (const part of v.slice(0, 4000).split(/[\s,]+/)) {
      if (!INT.test(part)) continue;
      const n = Number(part);
      if (n <= 0 || seen.has(n)) continue;
      seen.add(n);
      out.push(n);
      if (out.length >= max) return out;
    }
  }
  return out;
}

/** A link to `path` with the query `search`, one value replaced (or removed when null): pager links. */
export function withParam(path: string, search: string, key: string, value: string | number | null): string {
  const q = new URLSearchParams(search);
  if (value === null || value === "") q.delete(key);
  else q.set(key, String(value));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** A whole number typed into a form (Bangla digits accepted): clamped to [min, max]; `fallback` when it is not a number. */
export function parseCount<T extends number | null>(value: string | null, fallback: T, min: number, max: number): number | T {
  const s = toAsciiDigits((value ?? "").trim());
  if (!/^\d{1,6}$/.test(s)) return fallback;
  return Math.min(max, Math.max(min, Number(s)));
}

/** A title typed by a teacher: one line of plain text, at most 120 characters. */
export function cleanTitle(value: string | null): string {
  return (value ?? "")
    .replace(/[\u0000-\u001f\u007f<>]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
}
