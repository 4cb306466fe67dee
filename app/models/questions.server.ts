// The question bank, read the one way every screen uses (exam page, MCQ practice, board papers,
// question papers, the make-question tool): rendered HTML, options, creative parts, the board-year
// label built from source rows, and the answer side (correct key, explanation).
// Four round trips whatever the number of questions: the ordered questions, then options, parts and
// sources at once.
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { questionOptions, questionParts, questions, questionSources, setQuestions, type QuestionType } from "~/db/schema";
import { formatSources } from "~/lib/board-year";
import type { Question } from "~/lib/question";
import { groupBy } from "~/lib/group-by";
import type { BankEntry } from "~/lib/make-question";
import { keptPerKeyUntilContentChange } from "~/models/content-version.server";
import { isPublished } from "~/models/publication.server";

export type { PublicQuestion, Question } from "~/lib/question";
export { withoutAnswer } from "~/lib/question";

const questionCols = {
  id: questions.id,
  type: questions.type,
  introHtml: questions.introHtml,
  bodyHtml: questions.bodyHtml,
  marks: questions.marks,
  explanationHtml: questions.explanationHtml,
  solutionVideoUrl: questions.solutionVideoUrl,
  sourceNote: questions.sourceNote,
};
type Row = { [K in keyof typeof questionCols]: (typeof questionCols)[K]["_"]["data"] | null } & { id: number; type: QuestionType; status?: string };

/** Options, parts and sources of the given questions, assembled in the given row order. */
async function assemble<R extends Row>(rows: R[]): Promise<(R extends { setId: number } ? Question & { setId: number } : Question)[]>;
async function assemble(rows: (Row & { setId?: number })[]) {
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((r) => r.id))];
  const [opts, parts, sources] = await Promise.all([
    db
      .select({ questionId: questionOptions.questionId, key: questionOptions.key, html: questionOptions.bodyHtml, isCorrect: questionOptions.isCorrect })
      .from(questionOptions)
      .where(inArray(questionOptions.questionId, ids))
      .orderBy(asc(questionOptions.sort), asc(questionOptions.id)),
    db
      .select({ questionId: questionParts.questionId, label: questionParts.label, html: questionParts.bodyHtml, marks: questionParts.marks })
      .from(questionParts)
      .where(inArray(questionParts.questionId, ids))
      .orderBy(asc(questionParts.sort), asc(questionParts.id)),
    db
      .select({ questionId: questionSources.questionId, board: questionSources.board, year: questionSources.year })
      .from(questionSources)
      .where(inArray(questionSources.questionId, ids))
      .orderBy(asc(questionSources.sort), asc(questionSources.id)),
  ]);
  const optsOf = groupBy(opts, (o) => o.questionId);
  const partsOf = groupBy(parts, (p) => p.questionId);
  const sourcesOf = groupBy(sources, (s) => s.questionId);
  return rows.map((r) => {
    const options = optsOf.get(r.id) ?? [];
    const q: Question & { setId?: number } = {
      id: r.id,
      type: r.type,
      introHtml: r.introHtml,
      html: r.bodyHtml ?? "",
      source: formatSources(sourcesOf.get(r.id) ?? []) || (r.sourceNote ?? ""),
      marks: Number(r.marks ?? 0),
      options: options.map((o) => ({ key: o.key, html: o.html ?? "" })),
      parts: (partsOf.get(r.id) ?? []).map((p) => ({ label: p.label, html: p.html ?? "", marks: Number(p.marks) })),
      correct: options.find((o) => o.isCorrect)?.key ?? null,
      explanationHtml: r.explanationHtml,
      solutionVideo: r.solutionVideoUrl || null,
    };
    if (r.setId !== undefined) q.setId = r.setId;
    // Only a staff preview reads unpublished questions (withDrafts): they say so on the page.
    if (r.status !== undefined && r.status !== "published") q.draft = true;
    return q;
  });
}

/**
 * The questions of one or more sets in order: set by set as given, then each set's own order.
 * `offset`/`limit` page through them (the exam and practice pages read one page of one set).
 */
export async function listSetQuestions({ setIds, offset = 0, limit, withDrafts = false }: { setIds: number[]; offset?: number; limit?: number; withDrafts?: boolean }) {
  if (!setIds.length) return [];
  return assemble(await setQuestionRows(setIds, offset, limit, withDrafts));
}

/** A set of at most this many questions is read whole once and kept (pageOfSet); a bigger one page by page. */
export const KEPT_SET_MAX = 300;

const keptSet = keptPerKeyUntilContentChange((setId: number) => listSetQuestions({ setIds: [setId] }), 64);

/**
 * One page of one set's questions (the exam and practice pages, and scoring their answers). Only
 * staff saves change a set, so a set of up to KEPT_SET_MAX questions (`count`, as the caller knows
 * it) is kept until the next save and a page is a slice of it: no round trip when warm, which is what
 * exam night asks of the same exam thousands of times.
 */
export async function pageOfSet(setId: number, count: number, offset: number, limit: number) {
  if (count > KEPT_SET_MAX) return listSetQuestions({ setIds: [setId], offset, limit });
  return (await keptSet(setId)).slice(offset, offset + limit);
}

/** `withDrafts`: a staff preview's page, with the set's draft and scheduled questions too. */
function setQuestionRows(setIds: number[], offset = 0, limit?: number, withDrafts = false) {
  const base = db
    .select({ ...questionCols, setId: setQuestions.setId, ...(withDrafts ? { status: questions.status } : {}) })
    .from(setQuestions)
    // A draft question of a set stays off every page (the set shows without it until it is published).
    .innerJoin(questions, and(eq(questions.id, setQuestions.questionId), withDrafts ? undefined : isPublished(questions)))
    .where(inArray(setQuestions.setId, setIds))
    .orderBy(sql`field(${setQuestions.setId}, ${sql.join(setIds.map((id) => sql`${id}`), sql`, `)})`, asc(setQuestions.sort), asc(questions.id));
  return limit === undefined ? base : base.limit(limit).offset(offset);
}

/**
 * Questions by id (in the order of `ids`) and the questions of sets, in one pass: five round trips
 * however many of both (a teacher's paper with chosen questions and whole board papers).
 */
export async function loadQuestions({ ids, setIds }: { ids: number[]; setIds: number[] }) {
  const [idRows, setRows] = await Promise.all([
    ids.length ? db.select(questionCols).from(questions).where(and(inArray(questions.id, ids), isPublished(questions))) : [],
    setIds.length ? setQuestionRows(setIds) : [],
  ]);
  const all = await assemble([...idRows, ...setRows]);
  const byId = new Map(all.map((q) => [q.id, q]));
  const order = new Map(ids.map((id, i) => [id, i]));
  const inOrder = idRows.map((r) => byId.get(r.id)!).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const bySet = groupBy(
    setRows.map((r) => ({ ...byId.get(r.id)!, setId: r.setId })),
    (q) => q.setId,
  );
  return { questions: inOrder, bySet };
}

/**
 * Which questions of the bank a screen may use: the given chapters and, with `unchapteredOf`, that
 * subject's questions not yet filed under a chapter (of that grade or of none).
 */
export type BankScope = { chapterIds: number[]; unchapteredOf: { subjectId: number; gradeId: number } | null };

function inScope({ chapterIds, unchapteredOf }: BankScope) {
  const any = or(
    chapterIds.length ? inArray(questions.chapterId, chapterIds) : undefined,
    unchapteredOf === null
      ? undefined
      : and(
          isNull(questions.chapterId),
          eq(questions.subjectId, unchapteredOf.subjectId),
          or(eq(questions.gradeId, unchapteredOf.gradeId), isNull(questions.gradeId)),
        ),
  );
  // The bank offers published questions only: a draft is not picked, listed, counted or printed.
  return any ? and(any, isPublished(questions)) : undefined;
}

/**
 * Every question in scope with what the bank's filters need (type, chapter, difficulty, marks and its
 * board-year sources), by id. One round trip: questions joined with their source rows.
 */
export async function listBankEntries(scope: BankScope): Promise<BankEntry[]> {
  const where = inScope(scope);
  if (!where) return [];
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      chapterId: questions.chapterId,
      difficulty: questions.difficulty,
      marks: questions.marks,
      board: questionSources.board,
      year: questionSources.year,
      stem: sql<string>`md5(concat(coalesce(${questions.introHtml}, ''), char(1), coalesce(${questions.bodyHtml}, '')))`,
    })
    .from(questions)
    .leftJoin(questionSources, eq(questionSources.questionId, questions.id))
    .where(where)
    .orderBy(asc(questions.id), asc(questionSources.sort), asc(questionSources.id));
  const out: BankEntry[] = [];
  for (const r of rows) {
    let e = out.at(-1);
    if (!e || e.id !== r.id) {
      e = { id: r.id, type: r.type, chapterId: r.chapterId, difficulty: r.difficulty, marks: Number(r.marks), sources: [], stem: r.stem };
      out.push(e);
    }
    if (r.board !== null && r.year !== null) e.sources.push({ board: r.board, year: r.year });
  }
  return out;
}

/** Questions by id in the order of `ids`, only those in scope (others are skipped): four round trips. */
export async function getQuestions({ ids, within }: { ids: number[]; within: BankScope }) {
  const where = inScope(within);
  if (!ids.length || !where) return [];
  const rows = await db
    .select({ ...questionCols, chapterId: questions.chapterId })
    .from(questions)
    .where(and(inArray(questions.id, ids), where));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const chapterOf = new Map(rows.map((r) => [r.id, r.chapterId]));
  return (await assemble(rows.map(({ chapterId: _c, ...r }) => r))).map((q) => ({ ...q, chapterId: chapterOf.get(q.id) ?? null }));
}
