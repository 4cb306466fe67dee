// The question bank, read the one way every screen uses (exam page, MCQ practice, board papers,
// question papers, the make-question tool): rendered HTML, options, creative parts, the board-year
// label built from source rows, and the answer side (correct key, explanation).
// Four round trips whatever the number of questions: the ordered questions, then options, parts and
// sources at once.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { questionOptions, questionParts, questions, questionSources, setQuestions, type QuestionType } from "~/db/schema";
import { formatSources } from "~/lib/board-year";
import type { Question } from "~/lib/question";
import { groupBy } from "~/lib/group-by";

export type { PublicQuestion, Question } from "~/lib/question";
export { withoutAnswer } from "~/lib/question";

const questionCols = {
  id: questions.id,
  type: questions.type,
  introHtml: questions.introHtml,
  bodyHtml: questions.bodyHtml,
  marks: questions.marks,
  explanationHtml: questions.explanationHtml,
  sourceNote: questions.sourceNote,
};
type Row = { [K in keyof typeof questionCols]: (typeof questionCols)[K]["_"]["data"] | null } & { id: number; type: QuestionType };

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
    };
    if (r.setId !== undefined) q.setId = r.setId;
    return q;
  });
}

/**
 * The questions of one or more sets in order: set by set as given, then each set's own order.
 * `offset`/`limit` page through them (the exam and practice pages read one page of one set).
 */
export async function listSetQuestions({ setIds, offset = 0, limit }: { setIds: number[]; offset?: number; limit?: number }) {
  if (!setIds.length) return [];
  const base = db
    .select({ ...questionCols, setId: setQuestions.setId })
    .from(setQuestions)
    .innerJoin(questions, eq(questions.id, setQuestions.questionId))
    .where(inArray(setQuestions.setId, setIds))
    .orderBy(sql`field(${setQuestions.setId}, ${sql.join(setIds.map((id) => sql`${id}`), sql`, `)})`, asc(setQuestions.sort), asc(questions.id));
  const rows = limit === undefined ? await base : await base.limit(limit).offset(offset);
  return assemble(rows);
}

/** The questions with these ids, in the order of `ids`; unknown ids are skipped. */
export async function getQuestions({ ids }: { ids: number[] }): Promise<Question[]> {
  if (!ids.length) return [];
  const rows = await db.select(questionCols).from(questions).where(inArray(questions.id, ids));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return assemble(rows);
}

/** How many questions each set holds (one query). */
export async function countSetQuestions({ setIds }: { setIds: number[] }): Promise<Map<number, number>> {
  if (!setIds.length) return new Map();
  const rows = await db
    .select({ setId: setQuestions.setId, n: count() })
    .from(setQuestions)
    .where(inArray(setQuestions.setId, setIds))
    .groupBy(setQuestions.setId);
  return new Map(rows.map((r) => [r.setId, Number(r.n)]));
}

/** Candidate questions of the bank for the make-question tool: ids in chapter order, then bank order. */
export async function findBankQuestions({
  chapterIds,
  type,
  board,
  limit,
}: {
  chapterIds: number[];
  type: QuestionType;
  /** A board code: questions set by that board, or by all boards. */
  board: string | null;
  limit: number;
}) {
  if (!chapterIds.length) return { ids: [] as number[], available: 0 };
  const bySource = board
    ? inArray(
        questions.id,
        db
          .select({ id: questionSources.questionId })
          .from(questionSources)
          .where(inArray(questionSources.board, [board, "all"])),
      )
    : undefined;
  const where = and(inArray(questions.chapterId, chapterIds), eq(questions.type, type), bySource);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: questions.id })
      .from(questions)
      .where(where)
      .orderBy(sql`field(${questions.chapterId}, ${sql.join(chapterIds.map((id) => sql`${id}`), sql`, `)})`, asc(questions.id))
      .limit(limit),
    db.select({ n: count() }).from(questions).where(where),
  ]);
  return { ids: rows.map((r) => r.id), available: Number(n) };
}
