// Timed exam attempts: starting, reading, saving and finishing an attempt, its rank among
// the exam's finished attempts, and a browser's attempts and mistake book.
//
// Built for the exam-night rush: an exam's questions (with their keys, which never leave the server
// before the attempt is finished) are read once per process every EXAM_CACHE_MS and shared by every
// student; starting is one insert; a page needs only the attempt (its row and its answers, read at
// once); a save is one upsert that itself refuses a finished or late attempt.
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, isNotNull, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/mysql-core";
// Read on the primary, never a replica: a student never reads an older state of their attempt than they just saved.
import { primary as db } from "~/db/client.server";
import { categories, examAttemptAnswers, examAttempts, examTitles, questionOptions, questions, setQuestions, subjects } from "~/db/schema";
import { ATTEMPT_KEEP_DAYS, GRACE_SECONDS, scoreAttempt, type AnswerChange, type ExamKeyQuestion, type StoredAnswer } from "~/lib/attempt";
import { examPhase } from "~/lib/exam-phase";
import { resumeCodeFrom } from "~/lib/live-attempt";
import type { Question } from "~/lib/question";
import { listSetQuestions } from "./questions.server";
import { onContentChange } from "./content-version.server";
import { countHitUnless } from "./rate-limit.server";
import { isPublished } from "./publication.server";

/* ------------------------------------------------------------------ the exam, shared by its attempts */

export type AttemptExam = {
  id: number;
  name: string;
  questionSetId: number;
  fullMarks: number;
  durationMinutes: number;
  negativeMark: string;
  keyPublished: boolean;
  reviewAfterFinish: boolean;
  /** Each attempt sees the questions (keeping passage runs together) and options in an order of its own. */
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** The live window (null: practice at any time): which attempts count, and when a live attempt must end. */
  liveStartAt: Date | null;
  liveCloseAt: Date | null;
  /** MCQs in the exam's set (what an attempt answers). */
  total: number;
};
export type ExamQuestion = Question & Pick<ExamKeyQuestion, "chapterKey" | "chapterName">;
export type ExamForAttempts = { exam: AttemptExam; questions: ExamQuestion[]; byId: Map<number, ExamQuestion>; index: Map<number, number> };

/**
 * How long a process reuses an exam's questions at most. A staff save empties the cache sooner: at
 * once on the process that saved, and on the others as soon as a page sees the new content version
 * (within a second while pages are served).
 */
export const EXAM_CACHE_MS = 30_000;
const examCache = new Map<number, { at: number; value: Promise<ExamForAttempts | null> }>();
onContentChange(() => examCache.clear());

/** The exam with each question's chapter (one query), then its questions (listSetQuestions): five round trips. */
async function readExam(examId: number): Promise<ExamForAttempts | null> {
  const rows = await db
    .select({
      id: examTitles.id,
      name: examTitles.name,
      questionSetId: examTitles.questionSetId,
      fullMarks: examTitles.fullMarks,
      durationMinutes: examTitles.durationMinutes,
      negativeMark: examTitles.negativeMark,
      keyPublished: examTitles.keyPublished,
      reviewAfterFinish: examTitles.reviewAfterFinish,
      shuffleQuestions: examTitles.shuffleQuestions,
      shuffleOptions: examTitles.shuffleOptions,
      liveStartAt: examTitles.liveStartAt,
      liveCloseAt: examTitles.liveCloseAt,
      questionId: questions.id,
      chapterId: questions.chapterId,
      chapter: categories.name,
      subjectId: questions.subjectId,
      subject: subjects.name,
    })
    .from(examTitles)
    .leftJoin(setQuestions, eq(setQuestions.setId, examTitles.questionSetId))
    .leftJoin(questions, eq(questions.id, setQuestions.questionId))
    .leftJoin(categories, eq(categories.id, questions.chapterId))
    .leftJoin(subjects, eq(subjects.id, questions.subjectId))
    // A draft exam cannot be taken; listSetQuestions leaves its set's draft questions out.
    .where(and(eq(examTitles.id, examId), isPublished(examTitles)));
  if (!rows.length) return null;
  const { questionId: _q, chapterId: _c, chapter: _n, subjectId: _s, subject: _sn, ...head } = rows[0];
  const chapterOf = new Map(rows.map((c) => [c.questionId, c]));
  const list = rows.some((r) => r.questionId !== null) ? await listSetQuestions({ setIds: [head.questionSetId] }) : [];
  const qs: ExamQuestion[] = [];
  const byId = new Map<number, ExamQuestion>();
  for (const q of list) {
    if (byId.has(q.id) || q.type !== "mcq" || !q.options.length) continue;
    const c = chapterOf.get(q.id);
    const item: ExamQuestion = {
      ...q,
      chapterKey: c?.chapterId ? `c${c.chapterId}` : c?.subjectId ? `s${c.subjectId}` : "other",
      chapterName: c?.chapter ?? c?.subject ?? "অন্যান্য",
    };
    qs.push(item);
    byId.set(q.id, item);
  }
  // Two chapters of one name (the same chapter in two subjects) are told apart by their subject.
  const keysOf = new Map<string, Set<string>>();
  for (const q of qs) keysOf.set(q.chapterName, (keysOf.get(q.chapterName) ?? new Set()).add(q.chapterKey));
  for (const q of qs) {
    const subject = chapterOf.get(q.id)?.subject;
    if (keysOf.get(q.chapterName)!.size > 1 && subject && subject !== q.chapterName) q.chapterName = `${q.chapterName} (${subject})`;
  }
  return { exam: { ...head, total: qs.length }, questions: qs, byId, index: new Map(qs.map((q, i) => [q.id, i])) };
}

/** An exam with all its questions and keys (server side only), from the process's short cache. */
export function loadExam(examId: number): Promise<ExamForAttempts | null> {
  const now = Date.now();
  const hit = examCache.get(examId);
  if (hit && now - hit.at < EXAM_CACHE_MS) return hit.value;
  const value = readExam(examId);
  examCache.set(examId, { at: now, value });
  value.catch(() => examCache.delete(examId));
  if (examCache.size > 200) for (const [id, e] of examCache) if (now - e.at >= EXAM_CACHE_MS) examCache.delete(id);
  return value;
}

export function clearExamCache() {
  examCache.clear();
}

/* ------------------------------------------------------------------ one attempt */

export type Attempt = typeof examAttempts.$inferSelect;

/** Who took a live attempt (a practice start asks nothing). */
export type AttemptIdentity = { displayName: string; institution: string | null; roll: string | null };

/** A new resume code (lib/live-attempt: eight characters that cannot be misread). */
export function newResumeCode(): string {
  for (;;) {
    const code = resumeCodeFrom(randomBytes(16));
    if (code) return code;
  }
}

/** The unique key a duplicate-entry error names (drizzle wraps the driver's error), else null. */
function duplicateKeyOf(error: unknown): string | null {
  for (let e = error as { errno?: number; sqlMessage?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.errno === 1062) return /for key '([^']+)'/.exec(e.sqlMessage ?? e.message ?? "")?.[1]?.split(".").at(-1) ?? "";
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * Starts an attempt: one insert. The deadline and the negative mark are fixed now; a live attempt
 * ends at the close at the latest (the key opens then). The browser's first attempt on the exam is
 * the one that counts (`countedFor`): the unique key (exam, counted_for) decides it, so of any number
 * of simultaneous starts exactly one wins and the others are inserted again as practice (a second
 * statement only for a browser that already has its counted attempt). A start after a live exam
 * closed is practice from the outset. The resume code is made here and inserted with the row.
 *
 * Before a live exam starts, a start registers: the row is made while the student waits (`waiting`),
 * so the moment the clock strikes costs no insert; its clock runs from the start (beginAttempt). A
 * browser that registers again gets its registration back.
 */
export async function startAttempt({
  exam,
  browserHash,
  now,
  identity = null,
}: {
  exam: AttemptExam;
  browserHash: string;
  now: Date;
  identity?: AttemptIdentity | null;
}): Promise<{ id: string; resumeCode: string; counted: boolean }> {
  const phase = examPhase(exam, now);
  const waiting = phase === "waiting";
  // A registration's clock runs from the start (beginAttempt).
  const startedAt = waiting ? exam.liveStartAt! : now;
  let deadline = startedAt.getTime() + exam.durationMinutes * 60_000;
  if (phase === "running" || waiting) deadline = Math.min(deadline, exam.liveCloseAt!.getTime());
  let id = randomBytes(18).toString("base64url");
  let resumeCode = newResumeCode();
  let countedFor: string | null = phase === "closed" ? null : browserHash;
  for (let tries = 0; ; tries++) {
    try {
      await db.insert(examAttempts).values({
        id,
        examId: exam.id,
        browserHash,
        startedAt,
        deadlineAt: new Date(deadline),
        waiting,
        negativeMark: exam.negativeMark,
        displayName: identity?.displayName ?? null,
        institution: identity?.institution ?? null,
        roll: identity?.roll ?? null,
        resumeCode,
        countedFor,
      });
      break;
    } catch (error) {
      const key = duplicateKeyOf(error);
      if (key === null || tries >= 4) throw error;
      if (key === "exam_attempts_counted_uq" && countedFor && waiting) {
        const [mine] = await db
          .select({ id: examAttempts.id, resumeCode: examAttempts.resumeCode })
          .from(examAttempts)
          .where(and(eq(examAttempts.examId, exam.id), eq(examAttempts.countedFor, countedFor)))
          .limit(1);
        if (mine) return { id: mine.id, resumeCode: mine.resumeCode ?? "", counted: true };
      }
      if (key === "exam_attempts_counted_uq" && countedFor) countedFor = null;
      else if (key === "exam_attempts_resume_uq") resumeCode = newResumeCode();
      else if (key === "PRIMARY") id = randomBytes(18).toString("base64url");
      else throw error;
    }
  }
  if (now.getTime() - lastPurge >= 3_600_000) {
    lastPurge = now.getTime();
    purgeOldAttempts({ now }).catch((e) => console.error("[attempts] purge failed", e));
  }
  return { id, resumeCode, counted: countedFor !== null };
}

/**
 * Begins a registered attempt (`waiting`) when its student first opens or saves it after the live
 * exam started. A registration's clock runs from the start, as in an exam hall: opened in time it
 * keeps the deadline it was made with (so the first page, the same for all, can be served to all at
 * the start without touching their rows). One never opened before that deadline passed starts its
 * own clock now (ending at the close at the latest), as a start then would; opened after the close it
 * is practice. One statement; of two requests at once, the one that did not update reads the row the
 * other wrote.
 */
export async function beginAttempt({ attempt, exam, now }: { attempt: Attempt; exam: AttemptExam; now: Date }): Promise<Attempt> {
  const closed = examPhase(exam, now) === "closed";
  let change: Partial<Attempt> = { waiting: false };
  if (closed || now > attempt.deadlineAt) {
    let deadline = now.getTime() + exam.durationMinutes * 60_000;
    if (!closed && exam.liveCloseAt) deadline = Math.min(deadline, exam.liveCloseAt.getTime());
    change = { waiting: false, startedAt: now, deadlineAt: new Date(deadline), countedFor: closed ? null : attempt.countedFor };
  }
  const [result] = await db
    .update(examAttempts)
    .set(change)
    .where(and(eq(examAttempts.id, attempt.id), eq(examAttempts.waiting, true)));
  if (result.affectedRows > 0) return { ...attempt, ...change };
  const [row] = await db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id)).limit(1);
  return row ?? attempt;
}

/**
 * The newest attempt of this browser on this exam, or null: how the live exam's shared first page
 * (the same for every student) finds whose answers a post carries. One query (the browser index).
 */
export async function findBrowserAttempt({ examId, browserHash }: { examId: number; browserHash: string }): Promise<string | null> {
  const [row] = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(and(eq(examAttempts.browserHash, browserHash), eq(examAttempts.examId, examId)))
    .orderBy(desc(examAttempts.startedAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Moves an attempt to another browser by its resume code: from now on only that browser may answer
 * it (the one it was on gets "another browser" from then). Returns the attempt, or null for an
 * unknown code. Two statements: the code's attempt, then the move.
 */
export async function resumeAttempt({ resumeCode, browserHash }: { resumeCode: string; browserHash: string }) {
  const [row] = await db
    .select({ id: examAttempts.id, examId: examAttempts.examId, finishedAt: examAttempts.finishedAt })
    .from(examAttempts)
    .where(eq(examAttempts.resumeCode, resumeCode))
    .limit(1);
  if (!row) return null;
  await db.update(examAttempts).set({ browserHash }).where(eq(examAttempts.id, row.id));
  return { id: row.id, examId: row.examId, finished: row.finishedAt !== null };
}

/**
 * Counts a resume-code guess in `limit` only when no attempt has that code, and returns the wrong
 * guesses in the window, in one statement (models/rate-limit.server: countHitUnless).
 */
export function countWrongResumeGuess({ key, windowSeconds, resumeCode }: { key: string; windowSeconds: number; resumeCode: string }): Promise<number> {
  return countHitUnless({ key, windowSeconds, free: sql`exists (select 1 from ${examAttempts} where ${examAttempts.resumeCode} = ${resumeCode})` });
}

/** The first purge comes an hour after the process starts, then at most once an hour (after a start). */
let lastPurge = Date.now();

/** Deletes attempts (with their answers) started more than ATTEMPT_KEEP_DAYS ago, 5000 at a time. */
export async function purgeOldAttempts({ now }: { now: Date }): Promise<number> {
  const before = new Date(now.getTime() - ATTEMPT_KEEP_DAYS * 86_400_000);
  const [result] = await db.delete(examAttempts).where(lt(examAttempts.startedAt, before)).limit(5000);
  return result.affectedRows;
}

/** The attempt and its answers, read at once (two queries in parallel). */
export async function getAttempt(id: string): Promise<{ attempt: Attempt; answers: StoredAnswer[] } | null> {
  const [[attempt], answers] = await Promise.all([
    db.select().from(examAttempts).where(eq(examAttempts.id, id)).limit(1),
    db
      .select({ questionId: examAttemptAnswers.questionId, choice: examAttemptAnswers.choice, markedForReview: examAttemptAnswers.markedForReview })
      .from(examAttemptAnswers)
      .where(eq(examAttemptAnswers.attemptId, id)),
  ]);
  return attempt ? { attempt, answers } : null;
}

/**
 * Saves a page of answers: one INSERT ... SELECT ... ON DUPLICATE KEY UPDATE, which selects from the
 * attempt row itself, so nothing is written before a registration begins, once the attempt is
 * finished or past its deadline and grace (finishing locks that row, so a save and the finish cannot
 * interleave). A change whose choice
 * is undefined keeps the stored choice. Returns whether the attempt took the answers.
 */
export async function saveAnswers({ attemptId, changes, now }: { attemptId: string; changes: AnswerChange[]; now: Date }): Promise<boolean> {
  if (!changes.length) return true;
  // '' marks "clear", NULL "keep": the derived table carries the difference into the update.
  const rows = sql.join(
    changes.map((c, i) => {
      const choice = c.choice === undefined ? sql`null` : sql`${c.choice ?? ""}`;
      return i === 0
        ? sql`select ${c.questionId} as qid, cast(${choice} as char(8)) as choice, ${c.marked ? 1 : 0} as marked`
        : sql`select ${c.questionId}, ${choice}, ${c.marked ? 1 : 0}`;
    }),
    sql` union all `,
  );
  const latest = new Date(now.getTime() - GRACE_SECONDS * 1000);
  const [result] = await db.execute(sql`
    insert into ${examAttemptAnswers} (attempt_id, question_id, choice, marked_for_review, saved_at)
    select a.id, v.qid, nullif(v.choice, ''), v.marked, ${now}
    from ${examAttempts} a join (${rows}) v
    where a.id = ${attemptId} and a.finished_at is null and a.waiting = 0 and a.deadline_at >= ${latest}
    on duplicate key update
      choice = case when v.choice is null then ${examAttemptAnswers}.choice when v.choice = '' then null else v.choice end,
      marked_for_review = v.marked,
      saved_at = values(saved_at)`);
  return (result as unknown as { affectedRows: number }).affectedRows > 0;
}

/**
 * Finishes and scores an attempt (the student's choice, or its deadline passed): in a transaction
 * that locks the attempt, so answers saved at the same moment are either in the score or refused.
 * The finish time is never later than the deadline. Doing it twice changes nothing.
 */
export async function finishAttempt({ attemptId, exam, now }: { attemptId: string; exam: ExamForAttempts; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(examAttempts).where(eq(examAttempts.id, attemptId)).limit(1).for("update");
    // A registration that has not begun has nothing to score.
    if (!row || row.finishedAt || row.waiting) return;
    const answers = await tx
      .select({ questionId: examAttemptAnswers.questionId, choice: examAttemptAnswers.choice })
      .from(examAttemptAnswers)
      .where(eq(examAttemptAnswers.attemptId, attemptId));
    const s = scoreAttempt(exam.questions, new Map(answers.map((a) => [a.questionId, a.choice])), row.negativeMark);
    await tx
      .update(examAttempts)
      .set({
        finishedAt: new Date(Math.min(now.getTime(), row.deadlineAt.getTime())),
        rightCount: s.right,
        wrongCount: s.wrong,
        skippedCount: s.skipped,
        score: s.score.toFixed(2),
        net: s.net.toFixed(2),
        fullMarks: exam.exam.fullMarks,
      })
      .where(eq(examAttempts.id, attemptId));
  });
}

/**
 * The attempt, its answers and its rank among the other finished attempts of its exam that count
 * (each browser's first, so one student's repeated practice cannot move anyone's share): how many
 * there are, how many have a lower net score. Three queries at once. The rank is 0/0 until it is
 * finished.
 */
export async function getAttemptWithRank(id: string) {
  const other = alias(examAttempts, "other");
  const [found, [rank]] = await Promise.all([
    getAttempt(id),
    db
      .select({ others: count(other.net), below: sql<string | number | null>`sum(${other.net} < ${examAttempts.net})` })
      .from(examAttempts)
      .innerJoin(other, and(eq(other.examId, examAttempts.examId), ne(other.id, examAttempts.id), isNotNull(other.net), isNotNull(other.countedFor)))
      .where(and(eq(examAttempts.id, id), isNotNull(examAttempts.net))),
  ]);
  return found ? { ...found, rank: { others: Number(rank?.others ?? 0), below: Number(rank?.below ?? 0) } } : null;
}

/* ------------------------------------------------------------------ a browser's attempts */

export type BrowserAttempt = {
  id: string;
  examId: number;
  examName: string;
  startedAt: Date;
  deadlineAt: Date;
  finishedAt: Date | null;
  net: string | null;
  fullMarks: number | null;
  examFullMarks: number;
};

/** The browser's newest attempts, with their exams' names. One query. */
export async function listBrowserAttempts({ browserHash, limit = 100 }: { browserHash: string; limit?: number }): Promise<BrowserAttempt[]> {
  return db
    .select({
      id: examAttempts.id,
      examId: examAttempts.examId,
      examName: examTitles.name,
      startedAt: examAttempts.startedAt,
      deadlineAt: examAttempts.deadlineAt,
      finishedAt: examAttempts.finishedAt,
      net: examAttempts.net,
      fullMarks: examAttempts.fullMarks,
      examFullMarks: examTitles.fullMarks,
    })
    .from(examAttempts)
    .innerJoin(examTitles, eq(examTitles.id, examAttempts.examId))
    .where(eq(examAttempts.browserHash, browserHash))
    .orderBy(desc(examAttempts.startedAt))
    .limit(limit);
}

/** Most questions the mistake book holds. */
export const MISTAKE_BOOK_MAX = 100;

/**
 * The mistake book: questions this browser answered wrong in finished attempts of exams that allow
 * review, the most recent mistakes first. One query.
 */
export async function listMistakeIds({ browserHash }: { browserHash: string }): Promise<number[]> {
  const rows = await db
    .select({ questionId: examAttemptAnswers.questionId, last: sql`max(${examAttempts.finishedAt})` })
    .from(examAttemptAnswers)
    .innerJoin(examAttempts, eq(examAttempts.id, examAttemptAnswers.attemptId))
    .innerJoin(examTitles, and(eq(examTitles.id, examAttempts.examId), eq(examTitles.reviewAfterFinish, true)))
    .innerJoin(questionOptions, and(eq(questionOptions.questionId, examAttemptAnswers.questionId), eq(questionOptions.isCorrect, true)))
    .where(
      and(
        eq(examAttempts.browserHash, browserHash),
        isNotNull(examAttempts.finishedAt),
        isNotNull(examAttemptAnswers.choice),
        ne(examAttemptAnswers.choice, questionOptions.key),
      ),
    )
    .groupBy(examAttemptAnswers.questionId)
    .orderBy(sql`max(${examAttempts.finishedAt}) desc`, examAttemptAnswers.questionId)
    .limit(MISTAKE_BOOK_MAX);
  return rows.map((r) => r.questionId);
}
