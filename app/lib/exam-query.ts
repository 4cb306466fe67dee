// The exam page's URL state: page, pageSize, includeCorrect and the Back target, as one zod schema.
// Pure, so the route, the shared quiz component and the tests read and write the query the same way.
import { pageNumber, readQuery, z } from "~/lib/input";

export const PAGE_SIZES = [25, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_BACK = "/exam-subpage/1";
export const MISSING_GRTID = "Missing grtid";
export const EXAM_LOAD_FAILED = "Failed to load exam.";

/** 100 only if the query says 100, otherwise 25. */
export const pageSizeText = z
  .string()
  .trim()
  .transform((s): PageSize => (s === "100" ? 100 : 25))
  .catch(25 as PageSize);

/**
 * includeCorrect (read as a list) defaults to true unless the query is something other than 1 or
 * true. The GET form sends a hidden "0" before the checkbox's "1" (an unchecked box sends nothing,
 * which would mean the default, true), so the last value wins.
 */
export const includeCorrectList = z
  .array(z.string())
  .transform((values) => {
    const last = values.at(-1)?.trim().toLowerCase();
    return last === undefined || last === "1" || last === "true";
  })
  .catch(true);

/**
 * A Back link's target: a path on this site ("/..." but not "//host" or "/\host", which browsers
 * read as another host; no whitespace or control characters, which browsers strip from URLs).
 */
export const backPath = z
  .string()
  .max(1000)
  .refine((v) => v.startsWith("/") && v[1] !== "/" && v[1] !== "\\" && !/[\u0000-\u0020\u007f\\]/.test(v));

/** ?back=: the page's Back target when it is a path of ours, else none. */
const backParam = backPath.nullable().catch(null);

export const ExamQuerySchema = z.object({
  page: pageNumber,
  pageSize: pageSizeText,
  includeCorrect: includeCorrectList,
  back: backParam,
});

/** The fields of ExamQuerySchema read as lists. */
export const EXAM_QUERY_LISTS = ["includeCorrect"] as const;

export type ExamQuery = z.output<typeof ExamQuerySchema>;

export function parsePageSize(value: string | null | undefined): PageSize {
  return pageSizeText.parse(value);
}

/** A page number of at least 1; anything that is not a whole number is page 1. */
export function parsePage(value: string | null | undefined): number {
  return pageNumber.parse(value);
}

export function parseIncludeCorrect(values: readonly string[]): boolean {
  return includeCorrectList.parse(values);
}

export function safeBack(value: string | null | undefined, fallback = DEFAULT_BACK): string {
  const result = backPath.safeParse(value);
  return result.success ? result.data : fallback;
}

export function clampPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, totalPages));
}

export function readExamQuery(params: URLSearchParams): ExamQuery {
  return readQuery(ExamQuerySchema, params, EXAM_QUERY_LISTS);
}

/** The shareable URL of an exam page state. */
export function examUrl(grtid: number, q: ExamQuery): string {
  const s = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize), includeCorrect: q.includeCorrect ? "1" : "0" });
  if (q.back) s.set("back", q.back);
  return `/exampage/${grtid}?${s.toString()}`;
}

const EXAM_LINK =
  /(<a\b(?:[^>"']|"[^"]*"|'[^']*')*?\shref\s*=\s*)(["'])(?:\.?\/)?exampage(?:\.php\?(?:[^"'#]*?&(?:amp;)?)?grtid=|\/)(\d{1,9})(?:[?#][^"']*)?\2/gi;

/**
 * Links to an exam inside staff HTML (exampage/N, exampage.php?grtid=N, relative or root-relative)
 * go to /exampage/N with the page they are on as the Back target (spec: 'the current URL is
 * remembered as the return target').
 */
export function withExamBack(html: string, back: string): string {
  return html.replace(EXAM_LINK, (_m, start: string, quote: string, id: string) =>
    `${start}${quote}/exampage/${id}?back=${encodeURIComponent(back)}${quote}`,
  );
}
