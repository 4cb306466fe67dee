// What students and teachers made, as staff list it: the papers teachers saved with the paper maker,
// and the exam attempts. Counts and scores only: a teacher's private link cannot be shown (only its
// hash is stored) and a teacher's results stay the teacher's, so a paper shows how many sheets were
// uploaded, never what they say; an attempt never shows its answers, its id (the key of its pages)
// or its resume code.
import { and, count, desc, eq, exists, gt, isNotNull, isNull, not, sql, type SQL } from "drizzle-orm";
// Read on the primary: a staff screen.
import { primary as db } from "~/db/client.server";
import { examAttempts, examTitles, grades, paperOwners, savedPapers, subjects } from "~/db/schema";

export const RECORDS_PAGE_SIZE = 50;

export type PaperFilter = { subjectId?: number; sheets?: "with" | "without"; page: number };

/** Saved papers, newest first: title, subject and class, sets, questions, teachers' copies and the sheets uploaded to them. */
export async function listMadePapers(f: PaperFilter, pageSize = RECORDS_PAGE_SIZE) {
  const hasSheets = exists(db.select({ one: sql`1` }).from(paperOwners).where(and(eq(paperOwners.paperId, savedPapers.id), gt(paperOwners.sheetCount, 0))));
  const where: (SQL | undefined)[] = [];
  if (f.subjectId) where.push(eq(savedPapers.subjectId, f.subjectId));
  if (f.sheets === "with") where.push(hasSheets);
  if (f.sheets === "without") where.push(not(hasSheets));
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: savedPapers.id,
        code: savedPapers.code,
        title: savedPapers.title,
        subject: subjects.name,
        grade: grades.name,
        questionCount: savedPapers.questionCount,
        sets: sql<number | null>`json_length(${savedPapers.content}, '$.sets')`,
        copies: sql<number>`(select count(*) from ${paperOwners} where ${paperOwners.paperId} = ${savedPapers.id})`,
        sheets: sql<string | number | null>`(select sum(${paperOwners.sheetCount}) from ${paperOwners} where ${paperOwners.paperId} = ${savedPapers.id})`,
        createdAt: savedPapers.createdAt,
      })
      .from(savedPapers)
      .leftJoin(subjects, eq(subjects.id, savedPapers.subjectId))
      .leftJoin(grades, eq(grades.id, savedPapers.gradeId))
      .where(cond)
      .orderBy(desc(savedPapers.createdAt), desc(savedPapers.id))
      .limit(pageSize)
      .offset((f.page - 1) * pageSize),
    db.select({ n: count() }).from(savedPapers).where(cond),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, sets: Number(r.sets ?? 0), copies: Number(r.copies), sheets: Number(r.sheets ?? 0) })),
    total: Number(n),
  };
}

/** The subjects papers were made in: the paper list's filter. */
export async function madePaperSubjects() {
  return db
    .selectDistinct({ id: subjects.id, name: subjects.name })
    .from(savedPapers)
    .innerJoin(subjects, eq(subjects.id, savedPapers.subjectId))
    .orderBy(subjects.name)
    .limit(500);
}

export type AttemptState = "waiting" | "running" | "timeup" | "finished";
export type AttemptFilter = { examId?: number; kind?: "live" | "practice"; state?: "finished" | "unfinished"; page: number };

/** Exam attempts, newest first: the exam, when, live (the one that counts) or practice, the state and the score; no answers. */
export async function listExamAttempts(f: AttemptFilter, now = new Date(), pageSize = RECORDS_PAGE_SIZE) {
  const where: (SQL | undefined)[] = [];
  if (f.examId) where.push(eq(examAttempts.examId, f.examId));
  if (f.kind === "live") where.push(isNotNull(examAttempts.countedFor));
  if (f.kind === "practice") where.push(isNull(examAttempts.countedFor));
  if (f.state === "finished") where.push(isNotNull(examAttempts.finishedAt));
  if (f.state === "unfinished") where.push(isNull(examAttempts.finishedAt));
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        examId: examAttempts.examId,
        exam: examTitles.name,
        startedAt: examAttempts.startedAt,
        deadlineAt: examAttempts.deadlineAt,
        finishedAt: examAttempts.finishedAt,
        waiting: examAttempts.waiting,
        live: sql<number>`${examAttempts.countedFor} is not null`,
        net: examAttempts.net,
        fullMarks: examAttempts.fullMarks,
        right: examAttempts.rightCount,
        wrong: examAttempts.wrongCount,
        skipped: examAttempts.skippedCount,
        // A live attempt's student gave a name for the merit list, which staff already read there.
        name: examAttempts.displayName,
      })
      .from(examAttempts)
      .innerJoin(examTitles, eq(examTitles.id, examAttempts.examId))
      .where(cond)
      .orderBy(desc(examAttempts.startedAt))
      .limit(pageSize)
      .offset((f.page - 1) * pageSize),
    db.select({ n: count() }).from(examAttempts).where(cond),
  ]);
  return {
    rows: rows.map(({ waiting, live, ...r }) => ({
      ...r,
      live: Boolean(Number(live)),
      state: (waiting ? "waiting" : r.finishedAt ? "finished" : r.deadlineAt < now ? "timeup" : "running") as AttemptState,
    })),
    total: Number(n),
  };
}

/** The exams that have attempts: the attempt list's filter. */
export async function attemptedExams() {
  return db
    .select({ id: examTitles.id, name: examTitles.name })
    .from(examTitles)
    .where(exists(db.select({ one: sql`1` }).from(examAttempts).where(eq(examAttempts.examId, examTitles.id))))
    .orderBy(examTitles.name, examTitles.id)
    .limit(1000);
}
