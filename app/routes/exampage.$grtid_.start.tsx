// POST /exampage/{grtid}/start: starts a timed attempt (one insert) and opens it. The browser gets
// (or keeps, renewed) the long-lived cookie that finds its attempts. A GET goes back to the exam.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { EXAM_LOAD_FAILED, MISSING_GRTID } from "~/lib/exam-query";
import { browserCookie, browserHash, newBrowserKey, readBrowserKey } from "~/lib/exam-browser.server";
import { badRequest, notFound, parseId } from "~/lib/http.server";
import { loadExam, startAttempt } from "~/models/attempts.server";
import { attemptPath } from "./exampage.$grtid_.attempt.$attemptId/open.server";

function parseGrtid(value: string | undefined): number {
  const grtid = parseId(value);
  if (!grtid) throw badRequest(MISSING_GRTID);
  return grtid;
}

export async function action({ params, request }: ActionFunctionArgs) {
  const grtid = parseGrtid(params.grtid);
  const loaded = await loadExam(grtid);
  // No questions, or no duration (a timed attempt would be over at once): nothing to start.
  if (!loaded || loaded.questions.length === 0 || loaded.exam.durationMinutes <= 0) throw notFound(EXAM_LOAD_FAILED);
  const key = readBrowserKey(request) ?? newBrowserKey();
  const id = await startAttempt({ exam: loaded.exam, browserHash: browserHash(key), now: new Date() });
  return redirect(attemptPath(grtid, id), {
    status: 303,
    headers: { "Set-Cookie": browserCookie(key, request), "Cache-Control": "private, no-store" },
  });
}

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/exampage/${parseGrtid(params.grtid)}#start`);
}

/** Errors (a bad or unknown grtid) are the site's error page, not plain text. */
export default function StartExam() {
  return null;
}
