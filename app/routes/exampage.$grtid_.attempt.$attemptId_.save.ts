// POST /exampage/{grtid}/attempt/{attemptId}/save: the background save of app/enhance/attempt.ts
// (the same fields as the attempt page's form, for the questions that changed). Answers JSON:
// { saved, remainingSeconds }, or { finished: true, result } once the attempt is finished or its time
// is up (those answers do not count; a normal answer of the protocol, so 200, not an error status);
// 403 for another browser, 404, 400 for a bad form; 503 (JSON) while the database is unreachable, so
// the script keeps the answers and tries again (a resource route gets no 503 page from entry.server).
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { effectiveChanges, readAnswerChanges } from "~/lib/attempt";
import { orUnavailable, readForm } from "~/lib/http.server";
import { getAttempt, saveAnswers } from "~/models/attempts.server";
import { forbidden, openAttempt, readAttempt, resultPath } from "./exampage.$grtid_.attempt.$attemptId/open.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

export function action(args: ActionFunctionArgs) {
  return orUnavailable(() => save(args));
}

async function save({ params, request }: ActionFunctionArgs) {
  const now = new Date();
  const form = await readForm(request);
  const o = await openAttempt(params, request, now, readAttempt);
  const result = resultPath(o.grtid, o.attempt.id);
  if (o.attempt.finishedAt) {
    // Finished now because time was up: the result says these answers came too late.
    return json({ saved: false, finished: true, result: o.expiredNow ? `${result}?late=1` : result }, { headers: PRIVATE });
  }
  if (!o.owner) throw forbidden();
  // A registration before the start takes no answer (its page shows none): 409, nothing saved.
  if (o.notStarted) return json({ saved: false, finished: false, notStarted: true }, { status: 409, headers: PRIVATE });
  const changes = effectiveChanges(readAnswerChanges(form, o.exam.byId), o.answers);
  const saved = await saveAnswers({ attemptId: o.attempt.id, changes, now });
  if (!saved) {
    // Refused by the attempt row: it was finished by another request meanwhile.
    const again = await getAttempt(o.attempt.id);
    if (again?.attempt.finishedAt) return json({ saved: false, finished: true, result }, { headers: PRIVATE });
  }
  const remainingSeconds = Math.max(0, Math.ceil((o.attempt.deadlineAt.getTime() - now.getTime()) / 1000));
  return json({ saved: changes.length, finished: false, remainingSeconds }, { headers: PRIVATE });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}
