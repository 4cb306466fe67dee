// The search page's state is its URL: /search?q=&kind=&sg=&board=&year=&page=. Every value a visitor
// can type is validated here, by one zod schema (an invalid one is ignored, never an error), and
// every link the page makes is built here, so filters and pages keep the query and each other.
import { BOARD_CODES, canonicalBoard } from "~/lib/board-year";
import { pageNumber, z } from "~/lib/input";
import { yearText } from "~/lib/papers";

export const SEARCH_KIND_LABELS = {
  topic: "পাঠ",
  chapter: "অধ্যায়",
  mcq: "বহুনির্বাচনি প্রশ্ন",
  creative: "সৃজনশীল প্রশ্ন",
  paper: "বোর্ড প্রশ্নপত্র",
  exam: "পরীক্ষা",
  video: "ভিডিও",
} as const;
export type Kind = keyof typeof SEARCH_KIND_LABELS;
export const KIND_ORDER = Object.keys(SEARCH_KIND_LABELS) as Kind[];

export const SEARCH_PATH = "/search";
/** Boards named in one search at most (a filter, not a list). */
const MAX_BOARDS = 3;

export type SubjectGradeRef = { subjectId: number; gradeId: number };

export type SearchState = {
  q: string;
  kind: Kind | null;
  sg: SubjectGradeRef | null;
  boards: string[];
  year: number | null;
  page: number;
};

/** ?q=: what was typed, the first 1000 characters (parseQuery reads fewer of them). */
export const searchText = z
  .string()
  .transform((q) => q.slice(0, 1000))
  .catch("");

/** "3-2": subject 3 in grade 2. */
const subjectGradeText = z
  .string()
  .trim()
  .regex(/^\d{1,9}-\d{1,9}$/)
  .transform((s): SubjectGradeRef => {
    const [subjectId, gradeId] = s.split("-").map(Number);
    return { subjectId, gradeId };
  })
  .refine((sg) => sg.subjectId > 0 && sg.gradeId > 0)
  .nullable()
  .catch(null);

/** Board codes from ?board= (codes or aliases such as "dha"; read as a list), known ones only, at most three. */
const boardList = z.array(z.string()).transform((values) => {
  const out: string[] = [];
  for (const v of values) {
    const code = canonicalBoard(v.slice(0, 32));
    if (code && Object.hasOwn(BOARD_CODES, code) && !out.includes(code)) out.push(code);
    if (out.length === MAX_BOARDS) break;
  }
  return out;
});

/** The URL's state as given (the query's own board words are read later, by parseQuery); `board` is read as a list. */
export const SearchQuery = z
  .object({
    q: searchText,
    kind: z.enum(KIND_ORDER as [Kind, ...Kind[]]).nullable().catch(null),
    sg: subjectGradeText,
    board: boardList,
    year: yearText,
    page: pageNumber,
  })
  .transform(({ q, kind, sg, board, year, page }): SearchState => ({ q, kind, sg, boards: board, year, page }));

/** The fields of SearchQuery read as lists. */
export const SEARCH_QUERY_LISTS = ["board"] as const;

/** A link to the search page with some of the state changed; a new filter starts again at page 1. */
export function searchHref(state: SearchState, change: Partial<SearchState> = {}): string {
  const next = { ...state, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.q.trim()) params.set("q", next.q.trim());
  if (next.kind) params.set("kind", next.kind);
  if (next.sg) params.set("sg", `${next.sg.subjectId}-${next.sg.gradeId}`);
  for (const b of next.boards) params.append("board", b);
  if (next.year !== null) params.set("year", String(next.year));
  if (next.page > 1) params.set("page", String(next.page));
  const s = params.toString();
  return s ? `${SEARCH_PATH}?${s}` : SEARCH_PATH;
}

/** "ঢাকা বোর্ড", "বুয়েট" ... for a board code. */
export const boardName = (code: string) => (Object.hasOwn(BOARD_CODES, code) ? BOARD_CODES[code].name : code);
