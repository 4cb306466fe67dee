// /exampage/{grtid}/live/{set}: a live exam's first page for one of its sets (ক–ঘ = 1–4), the page every
// registered student opens in the same seconds at the start (their registration's page refreshes to
// it). It is the same for every student of the set, so it is made once and served to all from the
// page cache (public, a shared cache may keep it 2 s): the start costs no rendering and no database
// per student. Its form and background saves go to the student's own attempt (/exampage/{grtid}/mine),
// which begins their registration; every later page is their attempt's own. The questions of a
// running live exam are no secret from anyone who may start it; their keys are, and no page of an
// unfinished attempt holds one. Before the start it shows nothing (the exam page says when); after the
// close it leads to the student's result.
import { json, redirect, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { EXAM_LOAD_FAILED, MISSING_GRTID } from "~/lib/exam-query";
import { examPhase } from "~/lib/exam-phase";
import { notFound, paramsOr400, paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { LIVE_SETS, liveSetSeed } from "~/lib/live-attempt";
import { attemptOrder } from "~/lib/shuffle";
import { loadExam } from "~/models/attempts.server";
import { minePath, sharedFirstPageView } from "./exampage.$grtid_.attempt.$attemptId/attempt.server";

export { default, links, meta } from "./exampage.$grtid_.attempt.$attemptId/route";

const SHARED = { "Cache-Control": "public, max-age=0, s-maxage=2" };
const PRIVATE = { "Cache-Control": "private, no-store" };

const Params = z.object({ grtid: idText });
const SetParams = z.object({ set: z.coerce.number().int().min(1).max(LIVE_SETS) });

export async function loader({ params }: LoaderFunctionArgs) {
  const { grtid } = paramsOr400(Params, params, MISSING_GRTID);
  const { set } = paramsOr404(SetParams, params, EXAM_LOAD_FAILED);
  const loaded = await loadExam(grtid);
  if (!loaded || loaded.questions.length === 0) throw notFound(EXAM_LOAD_FAILED);
  const now = new Date();
  const phase = examPhase(loaded.exam, now);
  if (phase === "closed") throw redirect(`${minePath(grtid)}?to=result`, { headers: PRIVATE });
  if (phase !== "running") throw redirect(`/exampage/${grtid}`, { headers: PRIVATE });
  const { exam } = loaded;
  const questions = exam.shuffleQuestions || exam.shuffleOptions ? attemptOrder(loaded.questions, liveSetSeed(set), exam) : loaded.questions;
  const ordered = { exam, questions, byId: new Map(questions.map((q) => [q.id, q])), index: new Map(questions.map((q, i) => [q.id, i])) };
  return json(sharedFirstPageView(ordered, grtid, set, now), { headers: SHARED });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? PRIVATE["Cache-Control"] });
