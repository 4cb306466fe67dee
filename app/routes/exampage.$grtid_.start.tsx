// POST /exampage/{grtid}/start: starts a timed attempt (one insert) and opens it. The browser gets
// (or keeps, renewed) the long-lived cookie that finds its attempts. A running live exam asks who is
// taking it: this route's own page is that form (GET) and where it comes back with what was typed and
// what is wrong (the POST's answer), so names and rolls never travel in a URL. Before a live exam
// starts the same form registers: the attempt is made while the student waits and opens at the start
// (models/attempts.server.ts). Any other time a GET goes back to the exam, where the start is one button.
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LiveStartForm } from "~/components/live-start-form";
import { EXAM_LOAD_FAILED, MISSING_GRTID } from "~/lib/exam-query";
import { browserCookie, browserHash, newBrowserKey, readBrowserKey } from "~/lib/exam-browser.server";
import { examPhase } from "~/lib/exam-phase";
import { notFound, paramsOr400, readForm } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { formatLiveTime, keep } from "~/lib/live-exam";
import { readIdentity, type IdentityErrors, type IdentityValues } from "~/lib/live-attempt";
import { seo } from "~/lib/meta";
import { loadExam, startAttempt } from "~/models/attempts.server";
import { attemptPath } from "./exampage.$grtid_.attempt.$attemptId/open.server";
import examStyles from "~/styles/exam.css";
import liveAttemptStyles from "~/styles/live-attempt.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: examStyles },
  { rel: "stylesheet", href: liveAttemptStyles },
];

const PRIVATE = { "Cache-Control": "private, no-store" };

const Params = z.object({ grtid: idText });

/** The exam, if a timed attempt can be started at all (questions, and a duration). */
async function startableExam(grtid: number) {
  const loaded = await loadExam(grtid);
  // No questions, or no duration (a timed attempt would be over at once): nothing to start.
  if (!loaded || loaded.questions.length === 0 || loaded.exam.durationMinutes <= 0) throw notFound(EXAM_LOAD_FAILED);
  return loaded.exam;
}

export async function action({ params, request }: ActionFunctionArgs) {
  const { grtid } = paramsOr400(Params, params, MISSING_GRTID);
  const exam = await startableExam(grtid);
  const now = new Date();
  const phase = examPhase(exam, now);
  const page = { grtid, title: exam.name, startBn: exam.liveStartAt ? formatLiveTime(exam.liveStartAt) : null };
  let identity = null;
  if (phase === "running" || phase === "waiting") {
    const read = readIdentity(await readForm(request));
    if ("errors" in read) return json({ ...page, phase, values: read.values, errors: read.errors, notice: null }, { status: 400, headers: PRIVATE });
    identity = read.identity;
  }
  const key = readBrowserKey(request) ?? newBrowserKey();
  const { id } = await startAttempt({ exam, browserHash: browserHash(key), now, identity });
  return redirect(attemptPath(grtid, id), {
    status: 303,
    headers: { "Set-Cookie": browserCookie(key, request), ...PRIVATE },
  });
}

export async function loader({ params }: LoaderFunctionArgs) {
  const { grtid } = paramsOr400(Params, params, MISSING_GRTID);
  const exam = await startableExam(grtid);
  const phase = examPhase(exam, new Date());
  if (phase === "open" || phase === "closed") throw redirect(`/exampage/${grtid}#start`, { headers: PRIVATE });
  // The empty form is the same for everyone until the phase changes (the registration before the
  // start, the start while it runs): thousands open it in the minutes before a start, so it may be kept
  // until then. What a POST answers (with what was typed) is never kept.
  const now = Date.now();
  const until = phase === "waiting" ? exam.liveStartAt! : exam.liveCloseAt!;
  return json(
    {
      grtid,
      title: exam.name,
      phase,
      startBn: exam.liveStartAt ? formatLiveTime(exam.liveStartAt) : null,
      closeBn: exam.liveCloseAt ? formatLiveTime(exam.liveCloseAt) : null,
    },
    { headers: { "Cache-Control": keep(Math.floor((until.getTime() - now) / 1000) - 5) } },
  );
}

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? PRIVATE : { "Cache-Control": loaderHeaders.get("Cache-Control") ?? PRIVATE["Cache-Control"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo(matches, { title: data ? `পরীক্ষা শুরু — ${data.title}` : null }),
  { name: "robots", content: "noindex" },
];

export default function StartExam() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as
    | { phase: typeof loaded.phase; values: IdentityValues; errors: IdentityErrors; notice: string | null }
    | undefined;
  return (
    <div className="container exam-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={`/exampage/${loaded.grtid}`}>{loaded.title}</a> › <span aria-current="page">পরীক্ষা শুরু</span>
      </nav>
      <section id="start" className="panel exam-start" aria-labelledby="start-h">
        <h1 id="start-h">{`লাইভ পরীক্ষা — ${loaded.title}`}</h1>
        <LiveStartForm
          grtid={loaded.grtid}
          phase={loaded.phase}
          startBn={loaded.startBn}
          closeBn={loaded.closeBn}
          values={posted?.values}
          errors={posted?.errors}
          notice={posted?.notice ?? null}
        />
      </section>
    </div>
  );
}
