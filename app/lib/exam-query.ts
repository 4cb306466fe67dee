// The exam page's URL state (spec 5): page, pageSize, includeCorrect and the Back target. Pure, so
// the route, the shared quiz component and the tests read and write the query the same way.

export const PAGE_SIZES = [25, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_BACK = "/exam-subpage/1";
export const MISSING_GRTID = "Missing grtid";
export const EXAM_LOAD_FAILED = "Failed to load exam.";

/** 100 only if the query says 100, otherwise 25. */
export function parsePageSize(value: string | null | undefined): PageSize {
  return (value ?? "").trim() === "100" ? 100 : 25;
}

/** A page number of at least 1; anything that is not a whole number is page 1. */
export function parsePage(value: string | null | undefined): number {
  const s = (value ?? "").trim();
  if (!/^\d{1,9}$/.test(s)) return 1;
  return Math.max(1, Number(s));
}

/**
 * includeCorrect defaults to true unless the query is something other than 1 or true. The GET form
 * sends a hidden "0" before the checkbox's "1" (an unchecked box sends nothing, which would mean the
 * default, true), so the last value wins.
 */
export function parseIncludeCorrect(values: readonly string[]): boolean {
  if (values.length === 0) return true;
  const v = values[values.length - 1].trim().toLowerCase();
  return v === "1" || v === "true";
}

/**
 * The Back link's target: a path on this site ("/..." but not "//host" or "/\host", which browsers
 * read as another host; no whitespace or control characters, which browsers strip from URLs).
 */
export function safeBack(value: string | null | undefined, fallback = DEFAULT_BACK): string {
  const v = value ?? "";
  if (v.length > 1000 || !v.startsWith("/") || v[1] === "/" || v[1] === "\\") return fallback;
  if (/[\u0000-\u0020\u007f\\]/.test(v)) return fallback;
  return v;
}

export function clampPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, totalPages));
}

export type ExamQuery = { page: number; pageSize: PageSize; includeCorrect: boolean; back: string | null };

export function readExamQuery(params: URLSearchParams): ExamQuery {
  const back = params.get("back");
  return {
    page: parsePage(params.get("page")),
    pageSize: parsePageSize(params.get("pageSize")),
    includeCorrect: parseIncludeCorrect(params.getAll("includeCorrect")),
    back: back === null ? null : safeBack(back, "") || null,
  };
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
