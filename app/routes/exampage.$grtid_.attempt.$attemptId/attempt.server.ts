// What the attempt page shows: one page of questions without their keys, the student's saved
// choices and review marks, the palette of all questions and the server's clock.
import { toBanglaDigits } from "~/lib/bangla-digits";
import { acceptsUntilMs, ATTEMPT_PAGE_SIZE, attemptPageCount, pageOfIndex, type StoredAnswer } from "~/lib/attempt";
import { formatDhakaTime } from "~/lib/dhaka-time";
import type { PublicQuestion } from "~/lib/question";
import type { QuizQuestion } from "~/lib/quiz";
import { formatResumeCode, isLivePractice, LIVE_SET_NAMES, liveSetOf } from "~/lib/live-attempt";
import { parseNegativeMark } from "~/lib/scoring";
import type { ExamForAttempts, ExamQuestion } from "~/models/attempts.server";
import type { AttemptWaitingView } from "~/components/attempt-waiting";
import { attemptPath, resultPath, type Opened } from "./open.server";

/** A question as an unfinished attempt may show it: no key, no explanation, nothing else either. */
export function publicQuestion(q: ExamQuestion): PublicQuestion {
  return { id: q.id, type: q.type, introHtml: q.introHtml, html: q.html, source: q.source, marks: q.marks, options: q.options, parts: q.parts };
}

export function examFacts(exam: ExamForAttempts["exam"], negativeMark: string = exam.negativeMark) {
  const neg = parseNegativeMark(negativeMark);
  return {
    totalBn: toBanglaDigits(exam.total),
    fullMarksBn: toBanglaDigits(exam.fullMarks),
    durationBn: toBanglaDigits(exam.durationMinutes),
    negativeMarkBn: neg > 0 ? toBanglaDigits(neg) : null,
  };
}

/** What every page of an attempt (and its result, for its own browser) says about the live exam. */
export function liveNotes(attempt: Opened<object>["attempt"], exam: ExamForAttempts["exam"]) {
  return { resumeCode: attempt.resumeCode ? formatResumeCode(attempt.resumeCode) : null, practice: isLivePractice(attempt, exam) };
}

export type PaletteItem = { n: number; id: number; page: number; answered: boolean; marked: boolean };

export function attemptView(o: Opened<{ answers: StoredAnswer[] }>, page: number, confirm: boolean, now: Date) {
  const { exam, attempt, answers, grtid } = o;
  const stored = new Map(answers.map((a) => [a.questionId, a]));
  const total = exam.questions.length;
  const totalPages = attemptPageCount(total);
  const offset = (page - 1) * ATTEMPT_PAGE_SIZE;
  const onPage = confirm ? [] : exam.questions.slice(offset, offset + ATTEMPT_PAGE_SIZE);
  const palette: PaletteItem[] = exam.questions.map((q, i) => {
    const a = stored.get(q.id);
    // A choice that is not (or no longer) one of the options is no answer.
    const answered = !!a?.choice && q.options.some((o) => o.key === a.choice);
    return { n: i + 1, id: q.id, page: pageOfIndex(i), answered, marked: !!a?.markedForReview };
  });
  const answered = palette.filter((p) => p.answered).length;
  const marked = palette.filter((p) => p.marked).length;
  const choices: Record<string, string> = {};
  const marks: Record<string, boolean> = {};
  for (const q of onPage) {
    const a = stored.get(q.id);
    if (a?.choice && q.options.some((o) => o.key === a.choice)) choices[String(q.id)] = a.choice;
    if (a?.markedForReview) marks[String(q.id)] = true;
  }
  const questions: QuizQuestion[] = onPage.map((q, i) => ({ ...publicQuestion(q), serialBn: toBanglaDigits(offset + i + 1) }));
  const base = attemptPath(grtid, attempt.id);
  return {
    grtid,
    attemptId: attempt.id,
    title: exam.exam.name,
    facts: examFacts(exam.exam, attempt.negativeMark),
    base,
    self: confirm ? `${base}?confirm=1` : `${base}?page=${page}`,
    page,
    totalPages,
    /** Question numbers the Prev and Next buttons go to. */
    prevGo: !confirm && page > 1 ? offset - ATTEMPT_PAGE_SIZE + 1 : null,
    nextGo: !confirm && page < totalPages ? offset + ATTEMPT_PAGE_SIZE + 1 : null,
    questions,
    choices,
    marks,
    palette,
    counts: { total, answered, marked, unanswered: total - answered },
    deadlineBn: formatDhakaTime(attempt.deadlineAt),
    remainingSeconds: Math.max(0, Math.ceil((attempt.deadlineAt.getTime() - now.getTime()) / 1000)),
    /** The code that continues this attempt on another device, and whether it is practice only. */
    live: liveNotes(attempt, exam.exam),
    /**
     * Without JavaScript nothing else moves the page when time is up: the document refreshes itself to
     * the result once the deadline and its grace have passed (seconds left + GRACE_SECONDS), when the
     * result finishes the attempt. At least a second, so a late render cannot loop at full speed.
     */
    refresh: { seconds: Math.max(1, Math.ceil((acceptsUntilMs(attempt.deadlineAt) - now.getTime()) / 1000)), url: resultPath(grtid, attempt.id) },
    confirm,
  };
}

export type AttemptView = ReturnType<typeof attemptView>;

/**
 * A registration's page before the live exam starts. It refreshes itself at the start, a few seconds
 * after it at most (spread by the attempt's id, so the students of one exam do not all arrive in the
 * same second), to its set's first page (the same for every student of the set, made once: routes/
 * exampage.$grtid_.live.$set), which opens the questions without JavaScript.
 */
export function waitingView(o: Opened<object>, now: Date): AttemptWaitingView & { refresh: { seconds: number; url: string } } {
  const start = o.exam.exam.liveStartAt ?? now;
  const spread = o.attempt.id.charCodeAt(0) % 4;
  const set = liveSetOf(o.attempt.id);
  const first = liveSetPath(o.grtid, set);
  return {
    waiting: true,
    title: o.exam.exam.name,
    self: first,
    displayName: o.attempt.displayName,
    startBn: formatDhakaTime(start),
    deadlineBn: formatDhakaTime(o.attempt.deadlineAt),
    setName: LIVE_SET_NAMES[set - 1],
    live: liveNotes(o.attempt, o.exam.exam),
    refresh: { seconds: Math.max(1, Math.ceil((start.getTime() - now.getTime()) / 1000) + spread), url: first },
  };
}

/** A live exam's shared first page of a set. */
export const liveSetPath = (grtid: number, set: number) => `/exampage/${grtid}/live/${set}`;

/** Where a live exam's shared pages send a student's posts: their own newest attempt (routes/exampage.$grtid_.mine). */
export const minePath = (grtid: number) => `/exampage/${grtid}/mine`;

/**
 * A live exam's first page for a set, as every registration of the set sees it at the start: its
 * order, no answer yet, the registrations' deadline (the start plus the duration, the close at the
 * latest). The form and the background save post to the student's own attempt through minePath, and
 * every link leads to their own attempt's pages from there.
 */
export function sharedFirstPageView(exam: ExamForAttempts, grtid: number, set: number, now: Date) {
  const start = exam.exam.liveStartAt ?? now;
  let deadline = start.getTime() + exam.exam.durationMinutes * 60_000;
  if (exam.exam.liveCloseAt) deadline = Math.min(deadline, exam.exam.liveCloseAt.getTime());
  const shared: Opened<{ answers: StoredAnswer[] }>["attempt"] = {
    id: `live-${grtid}-${set}`,
    examId: exam.exam.id,
    browserHash: "",
    startedAt: start,
    deadlineAt: new Date(deadline),
    negativeMark: exam.exam.negativeMark,
    finishedAt: null,
    rightCount: null,
    wrongCount: null,
    skippedCount: null,
    score: null,
    net: null,
    fullMarks: null,
    displayName: null,
    institution: null,
    roll: null,
    resumeCode: null,
    // Shown as counted (no practice note): only registrations arrive here.
    countedFor: "registration",
    meritRank: null,
    nameHidden: false,
    waiting: false,
  };
  const view = attemptView({ exam, attempt: shared, answers: [], grtid, owner: true, expiredNow: false, notStarted: false }, 1, false, now);
  const base = minePath(grtid);
  // One key per exam for the answers the script keeps in the phone until saved.
  return { ...view, attemptId: `live-${grtid}`, base, self: `${base}?page=1`, refresh: { ...view.refresh, url: `${base}?to=result` } };
}
