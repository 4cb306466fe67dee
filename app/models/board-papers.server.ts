// Board subjects and their past papers.
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { boardPapers, boards, boardSubjects } from "~/db/schema";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatBoardYear } from "~/lib/board-year";
import { parseBoard, parsePage, parseYear, PER_PAGE } from "~/lib/papers";
import { groupBy } from "~/lib/group-by";
import { listSetQuestions, type Question } from "~/models/questions.server";
import { keptUntilContentChange } from "~/models/site.server";

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

export async function listBoards(): Promise<Board[]> {
  return db
    .select({ id: boards.id, code: boards.code, name: boards.name })
    .from(boards)
    .orderBy(asc(boards.sort), asc(boards.id));
}

export async function getBoardSubject(id: number) {
  const [row] = await db
    .select({ id: boardSubjects.id, name: boardSubjects.name, image: boardSubjects.imageUrl, subjectId: boardSubjects.subjectId })
    .from(boardSubjects)
    .where(eq(boardSubjects.id, id))
    .limit(1);
  return row ?? null;
}

export async function getBoard(id: number): Promise<Board | null> {
  const [row] = await db.select({ id: boards.id, code: boards.code, name: boards.name }).from(boards).where(eq(boards.id, id)).limit(1);
  return row ?? null;
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

/** The years that have papers in a scope, newest first (for the year select). */
async function yearsOf(where: SQL | undefined): Promise<number[]> {
  const rows = await db.selectDistinct({ year: boardPapers.year }).from(boardPapers).where(where).orderBy(desc(boardPapers.year));
  return rows.map((r) => r.year);
}

/** /board-question/{sid}: one page of a board subject's papers (a big subject has hundreds). */
export async function subjectPapers(boardSubjectId: number, filter: PaperFilter, page: number, perPage: number) {
  return pagedPapers(filterWhere(filter, eq(boardPapers.boardSubjectId, boardSubjectId)), eq(boardPapers.boardSubjectId, boardSubjectId), page, perPage);
}

/** board-creative, board-multiq: one page of all papers of a kind. */
export async function papersByKind(kind: PaperKind, filter: PaperFilter, page: number, perPage: number) {
  return pagedPapers(filterWhere(filter, eq(boardPapers.kind, kind)), eq(boardPapers.kind, kind), page, perPage);
}

/**
 * One page of the papers `where` selects, newest first, with their total and the years of `yearsWhere`
 * (the unfiltered list's, for the year filter). A page beyond the end shows the last page; the caller
 * has already turned an invalid page into 1.
 */
async function pagedPapers(where: SQL | undefined, yearsWhere: SQL, page: number, perPage: number) {
  const [[{ total }], years] = await Promise.all([db.select({ total: count() }).from(boardPapers).where(where), yearsOf(yearsWhere)]);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = total
    ? await db
        .select(listCols)
        .from(boardPapers)
        .innerJoin(boardSubjects, eq(boardSubjects.id, boardPapers.boardSubjectId))
        .leftJoin(boards, eq(boards.id, boardPapers.boardId))
        .where(where)
        .orderBy(...listOrder)
        .limit(perPage)
        .offset((current - 1) * perPage)
    : [];
  return { papers: rows.map(toListItem), total, page: current, pageCount, years };
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
  const bySet = groupBy(await listSetQuestions({ setIds: paperSetIds(rows) }), (q) => q.setId);
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

/** board-creative and board-multiq: every paper of one kind, filtered and paged by the URL's query. */
export async function loadPapersByKind(kind: PaperKind, request: Request) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const boards = await listBoards();
  const board = parseBoard(q.get("board"), boards);
  const year = parseYear(q.get("year"));
  const result = await papersByKind(kind, { boardId: board?.id ?? null, year }, parsePage(q.get("page")), PER_PAGE);
  return { kind, boards, board, year, ...result, perPage: PER_PAGE, search: url.search, path: url.pathname };
}
