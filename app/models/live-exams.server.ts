// Live exams (a model test at a fixed hour): the public list of those running and coming up, and the
// staff's live monitor (the exams of the week around now; per exam who is waiting, has started, has
// finished) with its "publish the key now". Times are passed in and applied per request.
import { and, asc, desc, eq, gt, gte, isNotNull, lt, sql } from "drizzle-orm";
// Read on the primary, never a replica: a live exam's window and its attempts follow a staff save and a student's start at once.
import { primary as db } from "~/db/client.server";
import { examAttempts, examTitles, onlinePresence } from "~/db/schema";
import { resourceDef } from "~/lib/admin/resources";
import type { FieldErrors } from "~/lib/admin/fields";
import { examPhase, keySealed, type ExamPhase } from "~/lib/exam-phase";
import { liveListing, type LiveExamRow, type LiveListItem } from "~/lib/live-exam";
import { getRow, updateRow } from "~/models/admin/content.server";
import { isPublished } from "~/models/publication.server";
import { PRESENCE_WINDOW_SECONDS } from "~/models/presence.server";
import { keptPerKeyUntilContentChange } from "~/models/content-version.server";

const DAY_MS = 86_400_000;

/**
 * The live exams whose window closes after the start of `day` (UTC days since 1970): one query, kept
 * until a staff save (only a save moves a window). Keyed by day, so a process asks again once a day
 * and the list never grows with exams long past; an exam closing after `now` closes after that day.
 */
const liveRowsClosingAfterDay = keptPerKeyUntilContentChange(
  (day: number): Promise<LiveExamRow[]> =>
    db
      .select({ id: examTitles.id, name: examTitles.name, liveStartAt: examTitles.liveStartAt, liveCloseAt: examTitles.liveCloseAt })
      .from(examTitles)
      .where(and(isNotNull(examTitles.liveStartAt), gt(examTitles.liveCloseAt, new Date(day * DAY_MS)), isPublished(examTitles)))
      .orderBy(asc(examTitles.liveStartAt), asc(examTitles.id)),
  4,
);

/** Live exams running at `now`, then those starting within the week, soonest first. At most one round trip. */
export async function listLiveExams({ now }: { now: Date }): Promise<LiveListItem[]> {
  const rows = await liveRowsClosingAfterDay(Math.floor(now.getTime() / DAY_MS) - 1);
  return liveListing(rows, now);
}

/* ------------------------------------------------------------------ the staff monitor */

export type StaffLiveExam = {
  id: number;
  name: string;
  phase: Exclude<ExamPhase, "open">;
  liveStartAt: Date;
  liveCloseAt: Date;
  keyPublished: boolean;
};

/** How far back the monitor lists closed exams. */
export const MONITOR_CLOSED_DAYS = 7;

/** Every live exam to come, running, or closed in the last week; upcoming soonest first, then the rest newest first. One query. */
export async function listLiveExamsForStaff({ now }: { now: Date }): Promise<StaffLiveExam[]> {
  const rows = await db
    .select({
      id: examTitles.id,
      name: examTitles.name,
      liveStartAt: examTitles.liveStartAt,
      liveCloseAt: examTitles.liveCloseAt,
      keyPublished: examTitles.keyPublished,
    })
    .from(examTitles)
    .where(and(isNotNull(examTitles.liveStartAt), gt(examTitles.liveCloseAt, new Date(now.getTime() - MONITOR_CLOSED_DAYS * DAY_MS))))
    .orderBy(desc(examTitles.liveStartAt), desc(examTitles.id))
    .limit(500);
  const exams = rows.map((r) => ({ ...r, liveStartAt: r.liveStartAt!, liveCloseAt: r.liveCloseAt!, phase: examPhase(r, now) as StaffLiveExam["phase"] }));
  const upcoming = exams.filter((e) => e.phase === "waiting").reverse();
  return [...upcoming, ...exams.filter((e) => e.phase !== "waiting")];
}

export type LiveMonitor = StaffLiveExam & {
  durationMinutes: number;
  reviewAfterClose: boolean;
  /** Whether students can read the key at `now` (the rule of lib/exam-phase). */
  keySealed: boolean;
  counts: {
    /** Readers on the exam's page in the presence window (browsers with JavaScript ping). */
    waiting: number;
    /** Registrations made before the start and not opened since. */
    registered: number;
    /** Attempts started inside the live window. */
    started: number;
    finished: number;
    /** Not finished, before their deadline. */
    answering: number;
  };
};

/**
 * One live exam with its counts at `now`, or null when there is no such exam or it is not live. One
 * round trip: the exam row with the counts as subqueries.
 */
export async function getLiveMonitor({ examId, now }: { examId: number; now: Date }): Promise<LiveMonitor | null> {
  const page = `/exampage/${examId}`;
  const seenSince = new Date(now.getTime() - PRESENCE_WINDOW_SECONDS * 1000);
  const inWindow = and(
    eq(examAttempts.examId, examTitles.id),
    eq(examAttempts.waiting, false),
    gte(examAttempts.startedAt, examTitles.liveStartAt),
    lt(examAttempts.startedAt, examTitles.liveCloseAt),
  );
  const [row] = await db
    .select({
      id: examTitles.id,
      name: examTitles.name,
      liveStartAt: examTitles.liveStartAt,
      liveCloseAt: examTitles.liveCloseAt,
      keyPublished: examTitles.keyPublished,
      reviewAfterClose: examTitles.reviewAfterClose,
      durationMinutes: examTitles.durationMinutes,
      waiting: sql<number>`(select count(*) from ${onlinePresence} where ${onlinePresence.page} = ${page} and ${onlinePresence.lastSeen} >= ${seenSince})`,
      registered: sql<number>`(select count(*) from ${examAttempts} where ${and(eq(examAttempts.examId, examTitles.id), eq(examAttempts.waiting, true))})`,
      started: sql<number>`(select count(*) from ${examAttempts} where ${inWindow})`,
      finished: sql<number>`(select count(*) from ${examAttempts} where ${inWindow} and ${isNotNull(examAttempts.finishedAt)})`,
      answering: sql<number>`(select count(*) from ${examAttempts} where ${inWindow} and ${examAttempts.finishedAt} is null and ${examAttempts.deadlineAt} > ${now})`,
    })
    .from(examTitles)
    .where(eq(examTitles.id, examId))
    .limit(1);
  if (!row?.liveStartAt || !row.liveCloseAt) return null;
  const { waiting, registered, started, finished, answering, ...exam } = row;
  return {
    ...exam,
    liveStartAt: row.liveStartAt,
    liveCloseAt: row.liveCloseAt,
    phase: examPhase(row, now) as StaffLiveExam["phase"],
    keySealed: keySealed(row, now),
    counts: { waiting: Number(waiting), registered: Number(registered), started: Number(started), finished: Number(finished), answering: Number(answering) },
  };
}

export type PublishOutcome = { status: "published" | "already" | "not-found" } | { status: "invalid"; errors: FieldErrors };

/**
 * Publishes an exam's key through the staff content save (the same version check, audit log entry
 * and content version as the edit form), so the public pages show it on their next request. A save by
 * someone else at the same moment is read again and the publish tried once more.
 */
export async function publishExamKey({ examId, staffId }: { examId: number; staffId: number }): Promise<PublishOutcome> {
  const def = resourceDef("exams")!;
  for (let round = 0; round < 2; round++) {
    const row = await getRow(def, examId);
    if (!row) return { status: "not-found" };
    if (row.keyPublished) return { status: "already" };
    const outcome = await updateRow(def, examId, row.version, { ...row, keyPublished: true }, staffId);
    if (outcome.status === "saved") return { status: "published" };
    if (outcome.status === "not-found") return { status: "not-found" };
    if (outcome.status === "invalid") return { status: "invalid", errors: outcome.errors };
  }
  return { status: "invalid", errors: { form: "অন্য কেউ এই মুহূর্তে পরীক্ষাটি বদলাচ্ছেন; আবার চেষ্টা করুন। (Someone is saving this exam right now; try again.)" } };
}
