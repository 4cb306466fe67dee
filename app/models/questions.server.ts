// MCQ questions with their options, ready to print: shared by board MCQ papers, exam question papers and
// the make-question tool. Two round trips whatever the number of questions (questions, then options).
import { asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { questionOptions, questions } from "~/db/schema";
import { formatBoardYear } from "~/lib/board-year";
import { renderContent } from "~/lib/math.server";
import { resolveCorrectKey } from "~/lib/scoring";

export type PrintOption = { key: string; html: string };
export type PrintQuestion = {
  id: number;
  setId: number;
  introHtml: string | null;
  html: string;
  boardYear: string;
  options: PrintOption[];
  /** Spec 5: the question's correct key, otherwise the option flagged is_correct; null when neither is set. */
  correct: string | null;
  explanationHtml: string | null;
};

type QuestionRow = {
  id: number;
  setId: number;
  intro: string | null;
  body: string;
  correctKey: string | null;
  boardYear: string | null;
  explanation: string | null;
};

const questionCols = {
  id: questions.id,
  setId: questions.setId,
  intro: questions.intro,
  body: questions.body,
  correctKey: questions.correctKey,
  boardYear: questions.boardYear,
  explanation: questions.explanation,
};

const optionCols = {
  questionId: questionOptions.questionId,
  key: questionOptions.key,
  body: questionOptions.body,
  isCorrect: questionOptions.isCorrect,
};

/** Every question of the given sets, in set order as given, then by sort. */
export async function questionsOfSets(setIds: number[]): Promise<PrintQuestion[]> {
  if (!setIds.length) return [];
  const [rows, opts] = await Promise.all([
    db.select(questionCols).from(questions).where(inArray(questions.setId, setIds)).orderBy(asc(questions.sort), asc(questions.id)),
    db
      .select(optionCols)
      .from(questionOptions)
      .innerJoin(questions, eq(questions.id, questionOptions.questionId))
      .where(inArray(questions.setId, setIds))
      .orderBy(asc(questionOptions.sort), asc(questionOptions.id)),
  ]);
  const setOrder = new Map(setIds.map((id, i) => [id, i]));
  rows.sort((a, b) => setOrder.get(a.setId)! - setOrder.get(b.setId)!);
  return assemble(rows, opts);
}

/** The questions with these ids, in the order of `ids`; unknown ids are skipped. */
export async function questionsByIds(ids: number[]): Promise<PrintQuestion[]> {
  if (!ids.length) return [];
  const [rows, opts] = await Promise.all([
    db.select(questionCols).from(questions).where(inArray(questions.id, ids)),
    db
      .select(optionCols)
      .from(questionOptions)
      .where(inArray(questionOptions.questionId, ids))
      .orderBy(asc(questionOptions.sort), asc(questionOptions.id)),
  ]);
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return assemble(rows, opts);
}

function assemble(rows: QuestionRow[], opts: { questionId: number; key: string; body: string; isCorrect: boolean }[]) {
  const byQuestion = new Map<number, typeof opts>();
  for (const o of opts) {
    const list = byQuestion.get(o.questionId);
    if (list) list.push(o);
    else byQuestion.set(o.questionId, [o]);
  }
  return rows.map((q): PrintQuestion => {
    const options = byQuestion.get(q.id) ?? [];
    return {
      id: q.id,
      setId: q.setId,
      introHtml: q.intro?.trim() ? renderContent(q.intro) : null,
      html: renderContent(q.body),
      boardYear: formatBoardYear(q.boardYear),
      options: options.map((o) => ({ key: o.key, html: renderContent(o.body) })),
      correct: resolveCorrectKey(q.correctKey, options),
      explanationHtml: q.explanation?.trim() ? renderContent(q.explanation) : null,
    };
  });
}
