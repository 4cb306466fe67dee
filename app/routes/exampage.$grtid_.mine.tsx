// /exampage/{grtid}/mine: the browser's own (newest) attempt of the exam, found by its exam cookie. A
// live exam's shared first page (exampage.$grtid_.live.$set) posts here, being the same for every
// student; the post is the attempt page's own action on that attempt. A GET leads to the attempt's
// page (?page=N) or, with ?to=result, its result; without an attempt, to the exam.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { browserHash, readBrowserKey } from "~/lib/exam-browser.server";
import { MISSING_GRTID } from "~/lib/exam-query";
import { paramsOr400 } from "~/lib/http.server";
import { idText, readQuery, z } from "~/lib/input";
import { attemptPageText } from "~/lib/attempt";
import { findBrowserAttempt } from "~/models/attempts.server";
import { attemptPath, resultPath } from "./exampage.$grtid_.attempt.$attemptId/open.server";
import { action as attemptAction } from "./exampage.$grtid_.attempt.$attemptId/route";

const PRIVATE = { "Cache-Control": "private, no-store" };
const Params = z.object({ grtid: idText });
const MineQuery = z.object({ page: attemptPageText, to: z.enum(["result"]).optional().catch(undefined) });

/** The exam's id and this browser's newest attempt of it (null: none, or no exam cookie). */
export async function myAttempt(params: LoaderFunctionArgs["params"], request: Request) {
  const { grtid } = paramsOr400(Params, params, MISSING_GRTID);
  const key = readBrowserKey(request);
  const attemptId = key ? await findBrowserAttempt({ examId: grtid, browserHash: browserHash(key) }) : null;
  return { grtid, attemptId };
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { grtid, attemptId } = await myAttempt(params, request);
  if (!attemptId) return redirect(`/exampage/${grtid}`, { headers: PRIVATE });
  const { page, to } = readQuery(MineQuery, new URL(request.url).searchParams);
  return redirect(to === "result" ? resultPath(grtid, attemptId) : `${attemptPath(grtid, attemptId)}?page=${page}`, { headers: PRIVATE });
}

export async function action(args: ActionFunctionArgs) {
  const { grtid, attemptId } = await myAttempt(args.params, args.request);
  if (!attemptId) return redirect(`/exampage/${grtid}`, { status: 303, headers: PRIVATE });
  return attemptAction({ ...args, params: { ...args.params, attemptId } });
}
