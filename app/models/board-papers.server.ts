// Board subjects and their past papers.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { boardPapers, boards, boardSubjects } from "~/db/schema";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatBoardYear } from "~/lib/board-year";
import { matchBoard, PER_PAGE, type PaperFilterQuery } from "~/lib/papers";
import { groupBy } from "~/lib/group-by";
import { listSetQuestions, type Question } from "~/models/questions.server";
import { sealKeys } from "~/models/answer-keys.server";
import { keptPerKeyUntilContentChange, keptUntilContentChange } from "~/models/content-version.server";

export type BoardSubject = { id: number; name: string; image: string | null };

/** Every board subject (the home page and /board-question), kept until a staff save. */
export const listBoardSubjects: () => Promise<BoardSubject[]> = keptUntilContentChange(async () =>
  db
    .select({ id: boardSubjects.id, name: boardSubjects.name, image: boardSubjects.imageUrl })
    .from(boardSubjects)
    .orderBy(asc(boardSubjects.sort), asc(boardSubjects.id)),
);

/* ------------------------------------------------------------------ papers (board-question, board-creative, ...) */
// Every function below makes a fixed number of round trips, whatever the number of papers or questions.

export type Board = { id: number; code: string; name: string };
export type PaperKind = "creative" | "mcq";

/** A paper as listed: enough to show its title, kind, board-year label and link. */
export type PaperListItem = {
  id: number;
  title: string;
  kind: PaperKind;
  year: number;
  /** The Bangla board-year label, e.g. "ঢা. বো. ২০২৩". */
  boardYear: string;
  board: Board | null;
  subject: { id: number; name: string };
};

/**
 * A paper to read or print: its instructions (or, for papers from before the question bank, the
 * whole creative paper as HTML) and its questions, MCQ with answers or creative with their parts.
 */
export type FullPaper = PaperListItem & { contentHtml: string | null; questions: Question[] };

export type PaperFilter = { boardId: number | null; year: number | null };

// Boards, board subjects and a scope's years change only by staff saves: kept until the next one.

/** Every board, in order (the board filter), kept until a staff save. */
export const listBoards: () => Promise<Board[]> = keptUntilContentChange(async () =>
  db
    .select({ id: boards.id, code: boards.code, name: boards.name })
    .from(boards)
    .orderBy(asc(boards.sort), asc(boards.id)),
);

/** A board subject by id, or null; kept per id until a staff save. */
export const getBoardSubject = keptPerKeyUntilContentChange(async (id: number) => {
  const [row] = await db
    .select({ id: boardSubjects.id, name: boardSubjects.name, image: boardSubjects.imageUrl, subjectId: boardSubjects.subjectId })
    .from(boardSubjects)
    .where(eq(boardSubjects.id, id))
    .limit(1);
  return row ?? null;
}, 1000);

export async function getBoard(id: number): Promise<Board | null> {
  return (await listBoards()).find((b) => b.id === id) ?? null;
}

const listCols = {
  id: boardPapers.id,
  title: boardPapers.title,
  kind: boardPapers.kind,
  year: boardPapers.year,
  boardYear: boardPapers.boardYear,
  board: { id: boards.id, code: boards.code, name: boards.name },
  subject: { id: boardSubjects.id, name: boardSubjects.name },
};

type ListRow = Omit<PaperListItem, "boardYear"> & { boardYear: string | null };

function toListItem(row: ListRow): PaperListItem {
  const label =
    formatBoardYear(row.boardYear) || (row.board ? formatBoardYear(`${row.board.code}: ${row.year}`) : toBanglaDigits(row.year));
  return { ...row, boardYear: label };
}

function filterWhere(filter: PaperFilter, ...more: (SQL | undefined)[]) {
  return and(
    ...more,
    filter.boardId === null ? undefined : eq(boardPapers.boardId, filter.boardId),
    filter.year === null ? undefined : eq(boardPapers.year, filter.year),
  );
}

const listOrder = [desc(boardPapers.year), asc(boardPapers.kind), asc(boardPapers.sort), asc(boardPapers.id)];

/** The years that have papers in a scope, newest first (for the year select); kept per scope. */
type YearScope = { boardSubjectId: number } | { kind: PaperKind };
const scopeWhere = (scope: YearScope) => ("kind" in scope ? eq(boardPapers.kind, scope.kind) : eq(boardPapers.boardSubjectId, scope.boardSubjectId));
const keptYears = keptPerKeyUntilContentChange(async (key: string) => {
  const scope: YearScope = JSON.parse(key);
  const rows = await db.selectDistinct({ year: boardPapers.year }).from(boardPapers).where(scopeWhere(scope)).orderBy(desc(boardPapers.year));
  return rows.map((r) => r.year);
}, 1000);
const yearsOf = (scope: YearScope) => keptYears(JSON.stringify(scope));

/** /board-question/{sid}: one page of a board subject's papers (a big subject has hundreds). */
export function subjectPapers(boardSubjectId: number, filter: PaperFilter, page: number, perPage: number) {
  return keptPage(JSON.stringify([{ boardSubjectId }, filter, page, perPage]));
}

/** board-creative, board-multiq: one page of all papers of a kind. */
export function papersByKind(kind: PaperKind, filter: PaperFilter, page: number, perPage: number) {
  return keptPage(JSON.stringify([{ kind }, filter, page, perPage]));
}

/** A listed page per scope, filter and page number, kept until a staff save (the filters come from URLs: bounded). */
const keptPage = keptPerKeyUntilContentChange(async (key: string) => {
  const [scope, filter, page, perPage]: [YearScope, PaperFilter, number, number] = JSON.parse(key);
  return pagedPapers(filterWhere(filter, scopeWhere(scope)), scope, page, perPage);
}, 1000);

/** One page of the papers `where` selects, with the number of all of them (0 when the page is past the end). */
function pageRows(where: SQL | undefined, page: number, perPage: number) {
  return db
    .select({ ...listCols, total: sql<number>`count(*) over ()` })
    .from(boardPapers)
    .innerJoin(boardSubjects, eq(boardSubjects.id, boardPapers.boardSubjectId))
    .leftJoin(boards, eq(boards.id, boardPapers.boardId))
    .where(where)
    .orderBy(...listOrder)
    .limit(perPage)
    .offset((page - 1) * perPage);
}

/**
 * One page of the papers `where` selects, newest first, with their total and the years of the
 * unfiltered scope (for the year filter). One round trip when the page exists; a page beyond the end
 * shows the last page (a count, then that page). The caller has already turned an invalid page into 1.
 */
async function pagedPapers(where: SQL | undefined, scope: YearScope, page: number, perPage: number) {
  const wanted = Math.max(1, page);
  const [first, years] = await Promise.all([pageRows(where, wanted, perPage), yearsOf(scope)]);
  let rows = first;
  let total = Number(first[0]?.total ?? 0);
  if (!rows.length && wanted > 1) {
    [{ total }] = await db.select({ total: count() }).from(boardPapers).where(where);
    rows = total ? await pageRows(where, Math.ceil(total / perPage), perPage) : [];
  }
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(wanted, pageCount);
  return { papers: rows.map(({ total: _total, ...row }) => toListItem(row)), total, page: current, pageCount, years };
}

export type PaperRow = ListRow & { contentHtml: string | null; questionSetId: number | null };

/** The question sets of papers, for loading their questions (models/questions.server.ts). */
export const paperSetIds = (rows: PaperRow[]) => [...new Set(rows.flatMap((r) => (r.questionSetId ? [r.questionSetId] : [])))];

/** Papers in full, given their sets' questions. */
export function withQuestions(rows: PaperRow[], bySet: Map<number, (Question & { setId?: number })[]>): FullPaper[] {
  return rows.map(({ contentHtml, questionSetId, ...row }) => ({
    ...toListItem(row),
    contentHtml: contentHtml?.trim() ? contentHtml : null,
    questions: questionSetId ? (bySet.get(questionSetId) ?? []).map(({ setId: _setId, ...q }) => q) : [],
  }));
}

/** Adds the printable body to listed papers: their questions (a fixed number of round trips). */
async function withBodies(rows: PaperRow[]): Promise<FullPaper[]> {
  // Public pages: a key an exam still seals is left out (these bodies are not kept, so the seal is
  // decided per request).
  const bySet = groupBy(await sealKeys(await listSetQuestions({ setIds: paperSetIds(rows) })), (q) => q.setId);
  return withQuestions(rows, bySet);
}

const fullCols = { ...listCols, contentHtml: boardPapers.contentHtml, questionSetId: boardPapers.questionSetId };

/** qp-by-subject-board/{sid}/{bid}: every paper of a subject and board, in full. */
export async function subjectBoardPapers(boardSubjectId: number, boardId: number): Promise<FullPaper[]> {
  const rows = await db
    .select(fullCols)
    .from(boardPapers)
    .innerJoin(boardSubjects, eq(boardSubjects.id, boardPapers.boardSubjectId))
    .leftJoin(boards, eq(boards.id, boardPapers.boardId))
    .where(and(eq(boardPapers.boardSubjectId, boardSubjectId), eq(boardPapers.boardId, boardId)))
    .orderBy(...listOrder);
  return withBodies(rows);
}

/** One paper in full (board-question/{sid}/paper/{pid}), or null. */
export async function getPaper(id: number): Promise<FullPaper | null> {
  const rows = await db
    .select(fullCols)
    .from(boardPapers)
    .innerJoin(boardSubjects, eq(boardSubjects.id, boardPapers.boardSubjectId))
    .leftJoin(boards, eq(boards.id, boardPapers.boardId))
    .where(eq(boardPapers.id, id))
    .limit(1);
  const [paper] = await withBodies(rows);
  return paper ?? null;
}

/**
 * Creative papers by id, in the order given (the make-question tool's printed paper); others are
 * skipped. Without their questions: load those with the paper's own (see withQuestions).
 */
export async function creativePapersByIds(ids: number[]): Promise<PaperRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(fullCols)
    .from(boardPapers)
    .innerJoin(boardSubjects, eq(boardSubjects.id, boardPapers.boardSubjectId))
    .leftJoin(boards, eq(boards.id, boardPapers.boardId))
    .where(and(inArray(boardPapers.id, ids), eq(boardPapers.kind, "creative")));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return rows;
}

/**
 * board-creative and board-multiq: every paper of one kind, filtered and paged by the page's query
 * (`query`, read by the route; `search` as it came, for the pager's links).
 */
export async function loadPapersByKind({ kind, path, search, query }: { kind: PaperKind; path: string; search: string; query: PaperFilterQuery }) {
  const boards = await listBoards();
  const board = matchBoard(query.board, boards);
  const year = query.year;
  const result = await papersByKind(kind, { boardId: board?.id ?? null, year }, query.page, PER_PAGE);
  return { kind, boards, board, year, ...result, perPage: PER_PAGE, search, path };
}
