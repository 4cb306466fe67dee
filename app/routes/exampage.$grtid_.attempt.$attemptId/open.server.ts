// Opening an attempt for a request, shared by the attempt page, its result and the background save:
// the URL's exam and attempt must match, an attempt past its deadline (and grace) is finished and
// scored now, and only the browser that started it may answer.
import type { Params } from "@remix-run/react";
import { EXAM_LOAD_FAILED, MISSING_GRTID } from "~/lib/exam-query";
import { acceptsUntilMs, attemptIdText } from "~/lib/attempt";
import { browserHash, readBrowserKey } from "~/lib/exam-browser.server";
import { notFound, paramsOr400, paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { liveSetOf, liveSetSeed } from "~/lib/live-attempt";
import { attemptOrder } from "~/lib/shuffle";
import { beginAttempt, finishAttempt, getAttempt, loadExam, type Attempt, type ExamForAttempts } from "~/models/attempts.server";

export const ATTEMPT_NOT_FOUND = "পরীক্ষার এই চেষ্টাটি পাওয়া যায়নি। (Attempt not found.)";
export const NOT_YOUR_ATTEMPT =
  "এই পরীক্ষাটি অন্য একটি ব্রাউজারে চলছে (সেখানে শুরু করা হয়েছে, বা রিজিউম কোড দিয়ে সেখানে নেওয়া হয়েছে); উত্তর দেওয়া যায় শুধু সেই ব্রাউজার থেকে। এখানে চালিয়ে যেতে /exampage/resume পাতায় রিজিউম কোডটি দিন। (This attempt is in another browser; continue here with its resume code.)";

export const attemptPath = (grtid: number, attemptId: string) => `/exampage/${grtid}/attempt/${attemptId}`;
export const resultPath = (grtid: number, attemptId: string) => `${attemptPath(grtid, attemptId)}/result`;

export const forbidden = (message = NOT_YOUR_ATTEMPT) =>
  new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });

type Read<T> = (id: string) => Promise<(T & { attempt: Attempt }) | null>;

export type Opened<T> = T & {
  attempt: Attempt;
  exam: ExamForAttempts;
  grtid: number;
  /** This request comes from the browser that started the attempt. */
  owner: boolean;
  /** The attempt was finished by this request because its time was up. */
  expiredNow: boolean;
  /**
   * A registration for a live exam that has not begun: before the start (or for another browser) it
   * shows no question, takes no answer and has no result yet.
   */
  notStarted: boolean;
};

/** /exampage/{grtid}/attempt/{attemptId}: a bad exam id is 'Missing grtid' (400), a bad attempt id not found. */
const ExamParams = z.object({ grtid: idText });
const AttemptParams = z.object({ attemptId: attemptIdText });

/** The attempt of the URL, read with `read`; throws the error page's Response when there is none. */
export async function openAttempt<T>(params: Params, request: Request, now: Date, read: Read<T>): Promise<Opened<T>> {
  const { grtid } = paramsOr400(ExamParams, params, MISSING_GRTID);
  const { attemptId } = paramsOr404(AttemptParams, params, ATTEMPT_NOT_FOUND);
  const [found, exam] = await Promise.all([read(attemptId), loadExam(grtid)]);
  if (!exam) throw notFound(EXAM_LOAD_FAILED);
  if (!found || found.attempt.examId !== grtid) throw notFound(ATTEMPT_NOT_FOUND);
  const key = readBrowserKey(request);
  const owner = key !== null && browserHash(key) === found.attempt.browserHash;
  let current: T & { attempt: Attempt } = found;
  if (found.attempt.waiting) {
    const started = exam.exam.liveStartAt !== null && now >= exam.exam.liveStartAt;
    // Only its own browser starts its clock: a shared link opens nothing.
    if (!started || !owner) return { ...found, exam: examForAttempt(exam, attemptId), grtid, owner, expiredNow: false, notStarted: true };
    current = { ...found, attempt: await beginAttempt({ attempt: found.attempt, exam: exam.exam, now }) };
  }
  let expiredNow = false;
  if (!current.attempt.finishedAt && now.getTime() > acceptsUntilMs(current.attempt.deadlineAt)) {
    await finishAttempt({ attemptId, exam, now });
    current = (await read(attemptId)) ?? current;
    expiredNow = true;
  }
  return { ...current, exam: examForAttempt(exam, attemptId), grtid, owner, expiredNow, notStarted: false };
}

/**
 * The exam as this attempt sees it: its questions and their options in the attempt's own order when
 * the exam shuffles them (pages, question numbers, the palette and the review all follow it). Worked
 * out again on every request from the shared cached exam: pure CPU, no query.
 */
export function examForAttempt(exam: ExamForAttempts, attemptId: string): ExamForAttempts {
  if (!exam.exam.shuffleQuestions && !exam.exam.shuffleOptions) return exam;
  // A live exam's attempts take their set's order (lib/live-attempt), practice ones their own.
  const questions = attemptOrder(exam.questions, exam.exam.liveStartAt ? liveSetSeed(liveSetOf(attemptId)) : attemptId, exam.exam);
  return { exam: exam.exam, questions, byId: new Map(questions.map((q) => [q.id, q])), index: new Map(questions.map((q, i) => [q.id, i])) };
}

export const readAttempt = (id: string) => getAttempt(id);
