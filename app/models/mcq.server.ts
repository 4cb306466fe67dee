// MCQ categories: the home page's Multiple Choice and admission sections, and mq/{id}.
import { asc, count, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/mysql-core";
import { db } from "~/db/client.server";
import { mcqCategories, questionOptions, questions, questionSets } from "~/db/schema";
import { resolveCorrectKey } from "~/lib/scoring";
import { groupBy } from "~/models/study.server";

export type McqCategory = { id: number; name: string; image: string | null };

/** Top-level MCQ categories (the old mqcategories.php list). */
export async function topMcqCategories(): Promise<McqCategory[]> {
  return db
    .select({ id: mcqCategories.id, name: mcqCategories.name, image: mcqCategories.image })
    .from(mcqCategories)
    .where(isNull(mcqCategories.parentId))
    .orderBy(asc(mcqCategories.sort), asc(mcqCategories.id));
}

/* ---------------------------------------------------------------- mq/{id}, mq/sub/{subcat} -- */

export type McqCategoryPage = {
  category: McqCategory & { parent: { id: number; name: string } | null };
  subCategories: McqCategory[];
  sets: { id: number; name: string; count: number }[];
};

/** A category with its parent, sub-categories and question sets (with their sizes). Three queries at once. */
export async function getMcqCategoryPage(id: number): Promise<McqCategoryPage | null> {
  const parent = alias(mcqCategories, "parent");
  const [[row], subCategories, sets] = await Promise.all([
    db
      .select({
        id: mcqCategories.id,
        name: mcqCategories.name,
        image: mcqCategories.image,
        parentId: parent.id,
        parentName: parent.name,
      })
      .from(mcqCategories)
      .leftJoin(parent, eq(parent.id, mcqCategories.parentId))
      .where(eq(mcqCategories.id, id))
      .limit(1),
    db
      .select({ id: mcqCategories.id, name: mcqCategories.name, image: mcqCategories.image })
      .from(mcqCategories)
      .where(eq(mcqCategories.parentId, id))
      .orderBy(asc(mcqCategories.sort), asc(mcqCategories.id)),
    db
      .select({ id: questionSets.id, name: questionSets.name, count: count(questions.id) })
      .from(questionSets)
      .leftJoin(questions, eq(questions.setId, questionSets.id))
      .where(eq(questionSets.mcqCategoryId, id))
      .groupBy(questionSets.id, questionSets.name, questionSets.sort)
      .orderBy(asc(questionSets.sort), asc(questionSets.id)),
  ]);
  if (!row) return null;
  const { parentId, parentName, ...category } = row;
  return {
    category: { ...category, parent: parentId !== null && parentName !== null ? { id: parentId, name: parentName } : null },
    subCategories,
    sets: sets.map((s) => ({ ...s, count: Number(s.count) })),
  };
}

/* ---------------------------------------------------------------- questions of a set -- */

export type QuestionRow = {
  id: number;
  intro: string | null;
  body: string;
  boardYear: string | null;
  options: { key: string; body: string }[];
};

/** Only the server's scoring ever sees these. */
export type AnswerKey = { correct: string | null; explanation: string | null };

export type QuestionRowWithAnswer = QuestionRow & { answer: AnswerKey };

/** One page of a set's questions in display order, with their options. Two queries. */
export function questionsOfSet(setId: number, offset: number, limit: number): Promise<QuestionRow[]>;
/** The same page, plus each question's correct key (spec 5) and explanation: for scoring only. */
export function questionsOfSet(setId: number, offset: number, limit: number, withAnswers: true): Promise<QuestionRowWithAnswer[]>;
export async function questionsOfSet(
  setId: number,
  offset: number,
  limit: number,
  withAnswers = false,
): Promise<QuestionRow[] | QuestionRowWithAnswer[]> {
  const rows = await db
    .select({
      id: questions.id,
      intro: questions.intro,
      body: questions.body,
      boardYear: questions.boardYear,
      correctKey: questions.correctKey,
      explanation: questions.explanation,
    })
    .from(questions)
    .where(eq(questions.setId, setId))
    .orderBy(asc(questions.sort), asc(questions.id))
    .limit(limit)
    .offset(offset);
  if (!rows.length) return [];
  const opts = await db
    .select({
      questionId: questionOptions.questionId,
      key: questionOptions.key,
      body: questionOptions.body,
      isCorrect: questionOptions.isCorrect,
    })
    .from(questionOptions)
    .where(inArray(questionOptions.questionId, rows.map((r) => r.id)))
    .orderBy(asc(questionOptions.questionId), asc(questionOptions.sort), asc(questionOptions.id));
  const byQuestion = groupBy(opts, (o) => o.questionId);
  return rows.map((r) => {
    const options = byQuestion.get(r.id) ?? [];
    // Correct keys are copied only when asked for, so a page's data cannot carry them by accident.
    const q: QuestionRow = {
      id: r.id,
      intro: r.intro,
      body: r.body,
      boardYear: r.boardYear,
      options: options.map(({ key, body }) => ({ key, body })),
    };
    return withAnswers
      ? { ...q, answer: { correct: resolveCorrectKey(r.correctKey, options), explanation: r.explanation } }
      : q;
  });
}
