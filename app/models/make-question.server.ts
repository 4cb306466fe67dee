// The make-question tool and the question papers of exam titles (questionpaper/{grtid}).
// MCQs come from the question bank by chapter (questions.chapter_id), filtered by board through their
// source rows; creative questions come as the subject's creative board papers.
import { and, asc, count, eq, isNull, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { categories, examGroupSubjects, examTitles, setQuestions } from "~/db/schema";
import { canonicalBoard } from "~/lib/board-year";
import { papersOfStudySubject, type Board } from "~/models/board-papers.server";
import { findBankQuestions, listSetQuestions } from "~/models/questions.server";

export type Chapter = { id: number; name: string };

/** The chapters of a subject in a grade (and the ones shared by every grade). */
export async function chaptersOf(subjectId: number, gradeId: number): Promise<Chapter[]> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.subjectId, subjectId), or(eq(categories.gradeId, gradeId), isNull(categories.gradeId))))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/**
 * MCQs of the chosen chapters, in chapter order; for the whole syllabus (no chapter chosen) also the
 * subject's questions that have no chapter yet. With a board, only questions set by that board (or
 * by all boards). At most `limit`, plus how many match and the chapters they come from.
 */
export async function findMcqQuestions(opts: {
  subjectId: number;
  chapters: Chapter[];
  wholeSyllabus: boolean;
  board: Board | null;
  limit: number;
}) {
  const found = await findBankQuestions({
    chapterIds: opts.chapters.map((c) => c.id),
    unchapteredOfSubject: opts.wholeSyllabus ? opts.subjectId : null,
    type: "mcq",
    board: opts.board ? (canonicalBoard(opts.board.code) ?? opts.board.code.toLowerCase()) : null,
    limit: opts.limit,
  });
  return {
    questions: found.questions,
    sources: opts.chapters.filter((c) => found.chapterIds.includes(c.id)).map((c) => c.name),
    available: found.available,
  };
}

/** Creative board papers of the subject for the tool (newest first). */
export async function findCreativePapers(subjectId: number, board: Board | null, limit: number) {
  const papers = await papersOfStudySubject(subjectId, "creative", board?.id ?? null, limit);
  return papers.map(({ questionSetId: _unused, ...p }) => p);
}

/* ------------------------------------------------------------------ questionpaper */

/** questionpaper: every exam title with its subject and number of questions (one query). */
export async function listExamTitles() {
  return db
    .select({
      id: examTitles.id,
      name: examTitles.name,
      subject: examGroupSubjects.name,
      fullMarks: examTitles.fullMarks,
      durationMinutes: examTitles.durationMinutes,
      questionCount: count(setQuestions.questionId),
    })
    .from(examTitles)
    .leftJoin(examGroupSubjects, eq(examGroupSubjects.id, examTitles.groupSubjectId))
    .leftJoin(setQuestions, eq(setQuestions.setId, examTitles.questionSetId))
    .groupBy(examTitles.id, examTitles.name, examGroupSubjects.name, examTitles.fullMarks, examTitles.durationMinutes, examTitles.sort)
    .orderBy(asc(examTitles.sort), asc(examTitles.id));
}

/** An exam title's printable paper (questionpaper/{grtid}): the exam and its questions. */
export async function getExamPaper(examId: number) {
  const [exam] = await db
    .select({
      id: examTitles.id,
      name: examTitles.name,
      descriptionHtml: examTitles.descriptionHtml,
      fullMarks: examTitles.fullMarks,
      durationMinutes: examTitles.durationMinutes,
      questionSetId: examTitles.questionSetId,
      keyPublished: examTitles.keyPublished,
      subject: examGroupSubjects.name,
    })
    .from(examTitles)
    .leftJoin(examGroupSubjects, eq(examGroupSubjects.id, examTitles.groupSubjectId))
    .where(eq(examTitles.id, examId))
    .limit(1);
  if (!exam) return null;
  const { questionSetId, ...rest } = exam;
  return { exam: rest, questions: await listSetQuestions({ setIds: [questionSetId] }) };
}
