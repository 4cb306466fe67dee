// The make-question tool and the question papers of exam titles (questionpaper/{grtid}).
//
// The schema has no chapter -> question link. The tool uses what exists:
//  - MCQ category question sets whose category name is the chapter's name (e.g. the chapter "সেট ও ফাংশন"
//    and the MCQ sub-category "সেট ও ফাংশন");
//  - when no chapter is chosen (the whole syllabus), also the MCQ board papers of the board subjects whose
//    subject_id is the subject;
//  - creative questions come from the creative board papers of those board subjects.
// A board filter keeps questions whose board-year tag names that board (or all boards), and every question
// of a paper set by that board.
import { and, asc, count, eq, inArray, isNull, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { categories, examGroupSubjects, examTitles, mcqCategories, questions, questionSets } from "~/db/schema";
import { canonicalBoard, parseBoardYear } from "~/lib/board-year";
import { papersOfStudySubject, type Board } from "~/models/board-papers.server";
import { questionsByIds, questionsOfSets } from "~/models/questions.server";

export type Chapter = { id: number; name: string };

/** The chapters of a subject in a grade (and the ones shared by every grade). */
export async function chaptersOf(subjectId: number, gradeId: number): Promise<Chapter[]> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.subjectId, subjectId), or(eq(categories.gradeId, gradeId), isNull(categories.gradeId))))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** Board papers whose questions are all candidates when no chapter is chosen. */
const MAX_BOARD_PAPERS = 40;

function taggedWith(tag: string | null, code: string): boolean {
  const groups = parseBoardYear(tag);
  return !!groups?.some((g) => g.boards.includes(code) || g.boards.includes("all"));
}

/**
 * MCQ questions for the tool: chapter-matched sets first (in chapter order), then, for the whole syllabus,
 * the subject's board MCQ papers (newest first). At most `limit` questions. Six round trips at most.
 */
export async function findMcqQuestions(opts: {
  subjectId: number;
  chapters: Chapter[];
  wholeSyllabus: boolean;
  board: Board | null;
  limit: number;
}) {
  const names = opts.chapters.map((c) => c.name);
  const [catSets, papers] = await Promise.all([
    names.length
      ? db
          .select({ id: questionSets.id, name: questionSets.name, category: mcqCategories.name })
          .from(questionSets)
          .innerJoin(mcqCategories, eq(mcqCategories.id, questionSets.mcqCategoryId))
          .where(inArray(mcqCategories.name, names))
          .orderBy(asc(questionSets.sort), asc(questionSets.id))
      : Promise.resolve([]),
    opts.wholeSyllabus ? papersOfStudySubject(opts.subjectId, "mcq", null, MAX_BOARD_PAPERS) : Promise.resolve([]),
  ]);
  // Chapter order; the collation compares names case-insensitively, so match the same way here.
  const chapterIndex = (name: string) => names.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  catSets.sort((a, b) => chapterIndex(a.category) - chapterIndex(b.category));

  const sets: { id: number; name: string; boardId: number | null }[] = [
    ...catSets.map((s) => ({ id: s.id, name: s.name, boardId: null })),
    ...papers.flatMap((p) => (p.questionSetId ? [{ id: p.questionSetId, name: `${p.title} (${p.boardYear})`, boardId: p.board?.id ?? null }] : [])),
  ].filter((s, i, all) => all.findIndex((x) => x.id === s.id) === i);
  if (!sets.length) return { questions: [], sources: [] as string[], available: 0 };

  const rows = await db
    .select({ id: questions.id, setId: questions.setId, boardYear: questions.boardYear })
    .from(questions)
    .where(inArray(questions.setId, sets.map((s) => s.id)))
    .orderBy(asc(questions.sort), asc(questions.id));
  const setIndex = new Map(sets.map((s, i) => [s.id, i]));
  rows.sort((a, b) => setIndex.get(a.setId)! - setIndex.get(b.setId)!);

  const board = opts.board;
  const code = board ? (canonicalBoard(board.code) ?? board.code.toLowerCase()) : null;
  const boardOfSet = new Map(sets.map((s) => [s.id, s.boardId]));
  const matching = code ? rows.filter((r) => boardOfSet.get(r.setId) === board!.id || taggedWith(r.boardYear, code)) : rows;
  const picked = matching.slice(0, opts.limit);
  const usedSets = new Set(picked.map((r) => r.setId));
  return {
    questions: await questionsByIds(picked.map((r) => r.id)),
    sources: sets.filter((s) => usedSets.has(s.id)).map((s) => s.name),
    available: matching.length,
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
      questionCount: count(questions.id),
    })
    .from(examTitles)
    .leftJoin(examGroupSubjects, eq(examGroupSubjects.id, examTitles.groupSubjectId))
    .leftJoin(questions, eq(questions.setId, examTitles.questionSetId))
    .groupBy(examTitles.id, examTitles.name, examGroupSubjects.name, examTitles.fullMarks, examTitles.durationMinutes, examTitles.sort)
    .orderBy(asc(examTitles.sort), asc(examTitles.id));
}

/** questionpaper/{grtid}: the exam title and its questions (three round trips). */
export async function getExamPaper(grtid: number) {
  const [exam] = await db
    .select({
      id: examTitles.id,
      name: examTitles.name,
      description: examTitles.description,
      fullMarks: examTitles.fullMarks,
      durationMinutes: examTitles.durationMinutes,
      questionSetId: examTitles.questionSetId,
      subject: examGroupSubjects.name,
    })
    .from(examTitles)
    .leftJoin(examGroupSubjects, eq(examGroupSubjects.id, examTitles.groupSubjectId))
    .where(eq(examTitles.id, grtid))
    .limit(1);
  if (!exam) return null;
  const { questionSetId, ...rest } = exam;
  return { exam: rest, questions: await questionsOfSets([questionSetId]) };
}
