// The merit list of a live exam: computed once after the exam closes, then only read. Each browser's
// counted attempt (attempts.server: the first one, started while the exam ran) is ranked by net
// score, ties broken by time taken (finish − start), then by who started first. Staff can hide an
// abusive name (audited) and export the results.
import { and, asc, count, eq, gte, isNotNull, lt, max, min, sql } from "drizzle-orm";
// Read on the primary, never a replica: a student sees their finished attempt on the merit list at once.
import { primary as db } from "~/db/client.server";
import { examAttemptAnswers, examAttempts, examTitles } from "~/db/schema";
import { GRACE_SECONDS, scoreAttempt } from "~/lib/attempt";
import { MERIT_PAGE_SIZE } from "~/lib/live-attempt";
import { recordAudit } from "./history.server";
import { loadExam, type ExamForAttempts } from "./attempts.server";
import { bumpContentVersion } from "./content-version.server";

export type MeritExam = {
  id: number;
  name: string;
  fullMarks: number;
  liveStartAt: Date | null;
  liveCloseAt: Date | null;
  meritComputedAt: Date | null;
};

/** The exam's name, live window and whether its merit list is computed. One query. */
export async function getMeritExam({ examId }: { examId: number }): Promise<MeritExam | null> {
  const [row] = await db
    .select({
      id: examTitles.id,
      name: examTitles.name,
      fullMarks: examTitles.fullMarks,
      liveStartAt: examTitles.liveStartAt,
      liveCloseAt: examTitles.liveCloseAt,
      meritComputedAt: examTitles.meritComputedAt,
    })
    .from(examTitles)
    .where(eq(examTitles.id, examId))
    .limit(1);
  return row ?? null;
}

/**
 * When the list can be made: the close plus the grace in which answers sent at the last second still
 * count (live attempts end at the close at the latest, so after this none can change).
 */
export function meritAvailableAt(exam: Pick<MeritExam, "liveCloseAt">): Date | null {
  return exam.liveCloseAt ? new Date(exam.liveCloseAt.getTime() + GRACE_SECONDS * 1000) : null;
}

/**
 * The attempts on the list: each browser's counted attempt, started inside the live window. A
 * registration never opened was never taken: not on the list.
 */
function onList(exam: Pick<MeritExam, "id" | "liveStartAt" | "liveCloseAt">) {
  return and(
    eq(examAttempts.examId, exam.id),
    isNotNull(examAttempts.countedFor),
    eq(examAttempts.waiting, false),
    gte(examAttempts.startedAt, exam.liveStartAt!),
    lt(examAttempts.startedAt, exam.liveCloseAt!),
  );
}

type Executor = Pick<typeof db, "execute" | "select">;

/** Most attempts finished per statement (a derived table of their scores). */
const FINISH_BATCH = 500;

/**
 * Finishes and scores the counted attempts nobody opened again after their time ran out (their
 * result page would have done it, as openAttempt does), all in a few statements: their answers in
 * one read, the scores in one update per FINISH_BATCH attempts. Scored like finishAttempt: the finish
 * time is the deadline, an attempt finished meanwhile is left as it is.
 */
async function finishUnfinished(tx: Executor, exam: MeritExam, loaded: ExamForAttempts, now: Date) {
  const rows = await tx
    .select({ id: examAttempts.id, negativeMark: examAttempts.negativeMark, questionId: examAttemptAnswers.questionId, choice: examAttemptAnswers.choice })
    .from(examAttempts)
    .leftJoin(examAttemptAnswers, eq(examAttemptAnswers.attemptId, examAttempts.id))
    .where(and(onList(exam), sql`${examAttempts.finishedAt} is null`));
  if (!rows.length) return;
  const byAttempt = new Map<string, { negativeMark: string; answers: Map<number, string | null> }>();
  for (const r of rows) {
    let a = byAttempt.get(r.id);
    if (!a) byAttempt.set(r.id, (a = { negativeMark: r.negativeMark, answers: new Map() }));
    if (r.questionId !== null) a.answers.set(r.questionId, r.choice);
  }
  const scored = [...byAttempt].map(([id, a]) => ({ id, s: scoreAttempt(loaded.questions, a.answers, a.negativeMark) }));
  for (let i = 0; i < scored.length; i += FINISH_BATCH) {
    const batch = scored.slice(i, i + FINISH_BATCH);
    // One CASE per column: the ids stay compared in the column's own collation.
    const byId = (value: (s: (typeof batch)[number]["s"]) => number | string) =>
      sql`case id ${sql.join(batch.map(({ id, s }) => sql`when ${id} then ${value(s)}`), sql` `)} end`;
    await tx.execute(sql`
      update ${examAttempts}
      set finished_at = least(${now}, deadline_at), right_count = ${byId((s) => s.right)}, wrong_count = ${byId((s) => s.wrong)},
          skipped_count = ${byId((s) => s.skipped)}, score = ${byId((s) => s.score.toFixed(2))}, net = ${byId((s) => s.net.toFixed(2))},
          full_marks = ${loaded.exam.fullMarks}
      where id in (${sql.join(batch.map(({ id }) => sql`${id}`), sql`, `)}) and finished_at is null`);
  }
}

/**
 * Computes the merit list once: the first call after the close claims it with one atomic update of
 * the exam's row (any other caller finds it claimed and does nothing), then, in the same transaction,
 * finishes the attempts still open and writes every listed attempt's rank in one statement. Callers
 * that arrive meanwhile wait for the claim's row lock and then read the finished list. Returns
 * whether this call computed it.
 */
export async function computeMeritOnce({ exam, now }: { exam: MeritExam; now: Date }): Promise<boolean> {
  const availableAt = meritAvailableAt(exam);
  if (!exam.liveStartAt || !availableAt || now < availableAt) return false;
  // Read before the transaction: a read on another pool connection while the transaction holds the
  // exam row's lock could wait behind requests that wait for that lock (their connections fill the
  // pool), and the list would come only when the pool's wait timed out.
  const loaded = await loadExam(exam.id);
  if (!loaded) return false;
  return db.transaction(async (tx) => {
    const [claim] = (await tx.execute(sql`
      update ${examTitles} set merit_computed_at = ${now}, updated_at = updated_at
      where id = ${exam.id} and merit_computed_at is null`)) as unknown as [{ affectedRows: number }];
    if (claim.affectedRows === 0) return false;
    await finishUnfinished(tx, exam, loaded, now);
    await tx.execute(sql`
      update ${examAttempts} a join (
        select id, rank() over (order by net desc, timestampdiff(microsecond, started_at, finished_at), started_at) as r
        from ${examAttempts}
        where exam_id = ${exam.id} and counted_for is not null and finished_at is not null and waiting = 0
          and started_at >= ${exam.liveStartAt} and started_at < ${exam.liveCloseAt}
      ) v on v.id = a.id
      set a.merit_rank = v.r`);
    return true;
  });
}

export type MeritRow = {
  attemptId: string;
  rank: number;
  /** Null when staff hid it. */
  displayName: string | null;
  nameHidden: boolean;
  institution: string | null;
  net: string;
  seconds: number;
  /** This browser's own attempt. */
  mine: boolean;
};

/** The ranks one page of the list holds: ties never split across pages (a page may hold a few more). */
const rankRange = (page: number) => ({ from: (page - 1) * MERIT_PAGE_SIZE + 1, to: page * MERIT_PAGE_SIZE });

export const meritPageOf = (rank: number) => Math.max(1, Math.ceil(rank / MERIT_PAGE_SIZE));

/** How many are on the list and its last rank (one index-only query), and this browser's best rank. */
export async function getMeritSummary({ examId, browserHash }: { examId: number; browserHash: string | null }) {
  const [[summary], mine] = await Promise.all([
    db
      .select({ total: count(), lastRank: max(examAttempts.meritRank) })
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, examId), isNotNull(examAttempts.meritRank))),
    browserHash
      ? db
          .select({ rank: min(examAttempts.meritRank) })
          .from(examAttempts)
          .where(and(eq(examAttempts.browserHash, browserHash), eq(examAttempts.examId, examId), isNotNull(examAttempts.meritRank)))
      : Promise.resolve([{ rank: null }]),
  ]);
  const lastRank = Number(summary?.lastRank ?? 0);
  return { total: Number(summary?.total ?? 0), pages: Math.max(1, meritPageOf(lastRank)), myRank: mine[0]?.rank ?? null };
}

/** What the merit list and the staff's results show of an attempt. `ms`: the time taken. */
const listedCols = {
  attemptId: examAttempts.id,
  rank: examAttempts.meritRank,
  displayName: examAttempts.displayName,
  nameHidden: examAttempts.nameHidden,
  institution: examAttempts.institution,
  net: examAttempts.net,
  ms: sql<number | string | null>`timestampdiff(microsecond, ${examAttempts.startedAt}, ${examAttempts.finishedAt}) div 1000`,
};

/** The attempts the staff's results list: a live exam's counted ones of its window, else every counted one. */
const resultsOf = (exam: MeritExam) =>
  exam.liveStartAt && exam.liveCloseAt ? onList(exam) : and(eq(examAttempts.examId, exam.id), isNotNull(examAttempts.countedFor));

/** One page of the list, read by (exam, rank) from its index. One query. */
export async function listMeritPage({ examId, page, browserHash }: { examId: number; page: number; browserHash: string | null }): Promise<MeritRow[]> {
  const { from, to } = rankRange(page);
  const rows = await db
    .select({
      ...listedCols,
      mine: browserHash ? sql<number>`${examAttempts.browserHash} = ${browserHash}` : sql<number>`0`,
    })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), gte(examAttempts.meritRank, from), sql`${examAttempts.meritRank} <= ${to}`))
    .orderBy(asc(examAttempts.meritRank), asc(examAttempts.startedAt), asc(examAttempts.id));
  return rows.map((r) => ({
    attemptId: r.attemptId,
    rank: r.rank!,
    displayName: r.nameHidden ? null : r.displayName,
    nameHidden: r.nameHidden,
    institution: r.institution,
    net: r.net ?? "0",
    seconds: Math.round(Number(r.ms ?? 0) / 1000),
    mine: Number(r.mine) === 1,
  }));
}

/**
 * Hides or shows an attempt's name on the merit list, with its audit entry, and raises the content
 * version so no cached copy of the list keeps showing it. Returns false for an attempt not of this exam.
 */
export async function setNameHidden({ examId, attemptId, hidden, staffId }: { examId: number; attemptId: string; hidden: boolean; staffId: number }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ displayName: examAttempts.displayName })
      .from(examAttempts)
      .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.examId, examId)))
      .limit(1)
      .for("update");
    if (!row) return false;
    await tx.update(examAttempts).set({ nameHidden: hidden }).where(eq(examAttempts.id, attemptId));
    await recordAudit(tx, {
      staffId,
      action: hidden ? "hide-name" : "show-name",
      entity: "exam_attempts",
      entityId: attemptId,
      summary: `exam ${examId}: ${row.displayName ?? ""}`,
    });
    await bumpContentVersion(tx);
    return true;
  });
}

export type ResultRow = {
  attemptId: string;
  rank: number | null;
  displayName: string | null;
  nameHidden: boolean;
  institution: string | null;
  roll: string | null;
  right: number | null;
  wrong: number | null;
  skipped: number | null;
  net: string | null;
  seconds: number | null;
  startedAt: Date;
  finishedAt: Date | null;
};

/**
 * Every counted attempt of an exam for staff (the export, the page that hides names): ranked ones by
 * rank, then the rest (not ranked yet, or unfinished) by net score. One query; live exams only count
 * attempts started inside the window.
 */
export async function listExamResults({ exam, limit, offset = 0 }: { exam: MeritExam; limit: number; offset?: number }): Promise<ResultRow[]> {
  const rows = await db
    .select({
      ...listedCols,
      roll: examAttempts.roll,
      right: examAttempts.rightCount,
      wrong: examAttempts.wrongCount,
      skipped: examAttempts.skippedCount,
      startedAt: examAttempts.startedAt,
      finishedAt: examAttempts.finishedAt,
    })
    .from(examAttempts)
    .where(resultsOf(exam))
    .orderBy(
      sql`${examAttempts.meritRank} is null`,
      asc(examAttempts.meritRank),
      sql`${examAttempts.net} desc`,
      sql`timestampdiff(microsecond, ${examAttempts.startedAt}, ${examAttempts.finishedAt})`,
      asc(examAttempts.startedAt),
      asc(examAttempts.id),
    )
    .limit(limit)
    .offset(offset);
  return rows.map(({ ms, ...r }) => ({ ...r, seconds: ms === null ? null : Math.round(Number(ms) / 1000) }));
}

/** How many counted attempts an exam has (for the staff page's paging). One query. */
export async function countExamResults({ exam }: { exam: MeritExam }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(examAttempts).where(resultsOf(exam));
  return Number(row?.n ?? 0);
}
