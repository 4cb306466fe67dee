// POST /exampage/{grtid}/mine/save: the background save of a live exam's shared first page, on this
// browser's own attempt (exampage.$grtid_.mine): the attempt's own save. 404 JSON without an attempt.
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { action as saveAction, loader } from "./exampage.$grtid_.attempt.$attemptId_.save";
import { myAttempt } from "./exampage.$grtid_.mine";

export { loader };

export async function action(args: ActionFunctionArgs) {
  const { attemptId } = await myAttempt(args.params, args.request);
  if (!attemptId) return json({ saved: false, error: "no attempt" }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return saveAction({ ...args, params: { ...args.params, attemptId } });
}
