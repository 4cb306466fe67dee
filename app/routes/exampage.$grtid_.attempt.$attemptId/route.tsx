// /exampage/{grtid}/attempt/{attemptId}: a timed attempt. One form holds a page of
// questions; Prev, Next, the palette, Save and Finish are its submit buttons, so every move saves the
// page's answers on the server, also without JavaScript (post/redirect/get to ?page=N). The server
// owns the clock: the page shows the end time, and with JavaScript a countdown from the server's
// remaining seconds (app/enhance/attempt.ts, which also saves each choice in the background).
// No page of an unfinished attempt holds a correct key or an explanation.
import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { AttemptLiveNotes } from "~/components/live-start-form";
import { QuestionItem } from "~/components/question";
import { attemptPageText, clampAttemptPage, effectiveChanges, pageOfIndex, readAnswerChanges } from "~/lib/attempt";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { fieldsOr400, readForm } from "~/lib/http.server";
import { flagText, idText, intentOf, readQuery, wholeText, z } from "~/lib/input";
import { seo } from "~/lib/meta";
import { finishAttempt, saveAnswers } from "~/models/attempts.server";
import attemptStyles from "~/styles/attempt.css";
import examStyles from "~/styles/exam.css";
import { AttemptWaiting } from "~/components/attempt-waiting";
import { attemptView, waitingView, type AttemptView, type PaletteItem } from "./attempt.server";
import { attemptPath, forbidden, openAttempt, readAttempt, resultPath } from "./open.server";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: examStyles },
  { rel: "stylesheet", href: attemptStyles },
];

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ params, request }: LoaderFunctionArgs) {
  const now = new Date();
  const o = await openAttempt(params, request, now, readAttempt);
  // A finished attempt's result is open to whoever has its URL; answering is for its own browser only.
  if (o.attempt.finishedAt) throw redirect(resultPath(o.grtid, o.attempt.id), { headers: PRIVATE });
  if (!o.owner) throw forbidden();
  if (o.notStarted) return json(waitingView(o, now), { headers: PRIVATE });
  const query = readQuery(AttemptQuery, new URL(request.url).searchParams);
  return json(attemptView(o, clampAttemptPage(query.page, o.exam.questions.length), query.confirm, now), { headers: PRIVATE });
}

/** ?page=N (clamped to the attempt's pages) and ?confirm=1 (the finish question). */
const AttemptQuery = z.object({
  page: attemptPageText,
  confirm: flagText,
});

/**
 * The attempt form's buttons and page state (the answers themselves, q{id} and m{id}, are read against
 * the exam's questions: readAnswerChanges). `go`: question numbers, of which the first that is one of
 * this exam's counts; `clear`: the question whose choice to clear.
 */
const AttemptPost = z.object({
  intent: intentOf(["save", "finish", "confirm-finish", "timeup"], "save"),
  go: z.array(z.string()).transform((values) => values.flatMap((v) => wholeText({ digits: 6 }).safeParse(v).data ?? [])),
  clear: idText.optional().catch(undefined),
  page: attemptPageText,
});

export async function action({ params, request }: ActionFunctionArgs) {
  const now = new Date();
  const form = await readForm(request);
  const o = await openAttempt(params, request, now, readAttempt);
  const result = resultPath(o.grtid, o.attempt.id);
  // Time was up (finished by this request) or it was finished before: these answers do not count.
  if (o.attempt.finishedAt) return redirect(o.expiredNow ? `${result}?late=1` : result, { status: 303, headers: PRIVATE });
  if (!o.owner) throw forbidden();
  // Before the start there is nothing to answer: back to the registration's page.
  if (o.notStarted) return redirect(attemptPath(o.grtid, o.attempt.id), { status: 303, headers: PRIVATE });
  const { intent, go: goes, clear, page: postedPage } = fieldsOr400(AttemptPost, form, ["intent", "go"]);
  const { questions, byId, index } = o.exam;
  const changes = effectiveChanges(readAnswerChanges(form, byId), o.answers);
  await saveAnswers({ attemptId: o.attempt.id, changes, now });
  if (intent === "confirm-finish" || intent === "timeup") {
    await finishAttempt({ attemptId: o.attempt.id, exam: o.exam, now });
    return redirect(result, { status: 303, headers: PRIVATE });
  }
  const base = `/exampage/${o.grtid}/attempt/${o.attempt.id}`;
  if (intent === "finish") return redirect(`${base}?confirm=1`, { status: 303, headers: PRIVATE });
  const go = goes.find((n) => n >= 1 && n <= questions.length) ?? null;
  const cleared = clear ?? 0;
  let page = clampAttemptPage(postedPage, questions.length);
  let anchor = "";
  if (go !== null) {
    page = pageOfIndex(go - 1);
    anchor = `#q-${questions[go - 1].id}`;
  } else if (index.has(cleared)) {
    page = pageOfIndex(index.get(cleared)!);
    anchor = `#q-${cleared}`;
  }
  return redirect(`${base}?page=${page}${anchor}`, { status: 303, headers: PRIVATE });
}

export const headers: HeadersFunction = () => PRIVATE;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo(matches, { title: data ? `${data.title} — ${"waiting" in data ? "নিবন্ধিত" : "পরীক্ষা চলছে"}` : null }),
  { name: "robots", content: "noindex" },
  // Rendered per request (the page is never cached). With JavaScript the countdown sends the form at
  // the deadline and the page has moved on long before this fires; a browser cannot take a refresh
  // back once it has read it, so it stays as the fallback for a script that failed to load.
  ...(data ? [{ httpEquiv: "refresh", content: `${data.refresh.seconds};url=${data.refresh.url}` }] : []),
];

export default function AttemptPage() {
  const data = useLoaderData<typeof loader>();
  if ("waiting" in data) return <AttemptWaiting v={data} />;
  return <AttemptForm v={data} />;
}

function AttemptForm({ v }: { v: AttemptView }) {
  const bn = toBanglaDigits;
  return (
    <div className="container exam-page attempt-page">
      <section id="attempt" className="attempt" aria-labelledby="attempt-title">
        <header className="panel attempt-head">
          <h1 id="attempt-title">{v.title}</h1>
          <ul className="exam-facts">
            <li>{`প্রশ্ন: ${v.facts.totalBn}`}</li>
            <li>{`পূর্ণমান: ${v.facts.fullMarksBn}`}</li>
            <li>{`সময়: ${v.facts.durationBn} মিনিট`}</li>
            <li>{v.facts.negativeMarkBn ? `প্রতি ভুল উত্তরে −${v.facts.negativeMarkBn}` : "নেগেটিভ মার্কিং নেই"}</li>
          </ul>
          <p className="attempt-deadline">
            {`শেষ সময়: ${v.deadlineBn} (বাংলাদেশ সময়)। সময় শেষ হলে পরীক্ষা নিজে থেকেই জমা হয়ে যাবে।`}
          </p>
          <AttemptLiveNotes {...v.live} />
          <p className="muted attempt-help">
            উত্তর সার্ভারে জমা থাকে: আগের/পরের পৃষ্ঠায় গেলে, প্রশ্ন তালিকা থেকে অন্য প্রশ্নে গেলে বা “সংরক্ষণ” চাপলে এই পৃষ্ঠার উত্তর জমা হয়।
          </p>
        </header>
        <form
          method="post"
          action={v.self}
          className="attempt-form"
          data-swap="#attempt"
          data-swap-scroll
          data-attempt={v.attemptId}
          data-save-url={`${v.base}/save`}
        >
          {/* Enter in the form saves and stays (the first submit button is the default one). */}
          <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
            সংরক্ষণ
          </button>
          <input type="hidden" name="page" value={v.page} />
          <input type="hidden" name="shown" value={v.questions.map((q) => q.id).join(",")} />
          <div className="attempt-bar" role="group" aria-label="পরীক্ষার অবস্থা">
            <div className="bar-status">
              <p className="attempt-clock">
                <span className="clock-label">সময়</span>{" "}
                <strong data-countdown={v.remainingSeconds} aria-live="off">
                  {v.remainingSeconds > 0 ? `শেষ ${v.deadlineBn}` : "সময় শেষ"}
                </strong>
              </p>
              <p className="save-state" data-save-state aria-live="polite" />
              {/* Filled by the script when a press cannot reach the server (it keeps the press and the answers). */}
              <p className="offline-note" data-offline role="status" />
              {/* The countdown itself is silent; this says "5 minutes left" and "1 minute left" once. */}
              <p className="visually-hidden" data-clock-alert aria-live="assertive" />
            </div>
            <a className="bar-link" href="#palette">
              {`উত্তর ${bn(v.counts.answered)}/${bn(v.counts.total)}`}
            </a>
            {v.confirm ? null : (
              <button type="submit" name="intent" value="finish" className="btn bar-finish">
                শেষ করুন
              </button>
            )}
          </div>
          {v.confirm ? <ConfirmFinish v={v} /> : <PageQuestions v={v} />}
          <Palette items={v.palette} page={v.confirm ? 0 : v.page} counts={v.counts} />
        </form>
      </section>
    </div>
  );
}

function PageQuestions({ v }: { v: AttemptView }) {
  const bn = toBanglaDigits;
  return (
    <>
      <p className="attempt-page-count">{`পৃষ্ঠা ${bn(v.page)} / ${bn(v.totalPages)}`}</p>
      <ol className="question-grid">
        {v.questions.map((q) => (
          <QuestionItem
            variant="quiz"
            key={q.id}
            question={q}
            number={q.serialBn}
            chosen={v.choices[String(q.id)] ?? null}
            locked={false}
            extra={
              <div className="q-tools">
                <label className="review-check">
                  <input type="checkbox" name={`m${q.id}`} value="1" defaultChecked={!!v.marks[String(q.id)]} /> পরে আবার দেখব (রিভিউ)
                </label>
                <button type="submit" name="clear" value={q.id} className="btn-text" aria-label={`${q.serialBn} নং প্রশ্নের উত্তর মুছুন`}>
                  উত্তর মুছুন
                </button>
              </div>
            }
          />
        ))}
      </ol>
      <nav className="attempt-pager" aria-label="পৃষ্ঠা">
        {v.prevGo ? (
          <button type="submit" name="go" value={v.prevGo} className="btn btn-ghost">
            ← আগের পৃষ্ঠা
          </button>
        ) : null}
        <button type="submit" name="intent" value="save" className="btn btn-ghost">
          সংরক্ষণ
        </button>
        {v.nextGo ? (
          <button type="submit" name="go" value={v.nextGo} className="btn">
            পরের পৃষ্ঠা →
          </button>
        ) : (
          <button type="submit" name="intent" value="finish" className="btn">
            পরীক্ষা শেষ করুন
          </button>
        )}
      </nav>
      {/* Without JavaScript a choice stays in this page until a button sends it; with it the same holds whenever saving in the background fails. */}
      <p className="attempt-submit-note">
        এই পৃষ্ঠার উত্তর জমা হয় কোনো বোতাম চাপলে (আগের/পরের পৃষ্ঠা, সংরক্ষণ বা শেষ করুন)। সময় শেষ হওয়ার আগে বোতাম চাপুন: জমা না হওয়া উত্তর গণনা হবে না।
      </p>
    </>
  );
}

function ConfirmFinish({ v }: { v: AttemptView }) {
  const bn = toBanglaDigits;
  return (
    <section className="panel confirm-finish" aria-labelledby="confirm-h">
      <h2 id="confirm-h" tabIndex={-1}>
        পরীক্ষা শেষ করবেন?
      </h2>
      <p className="confirm-counts">
        {v.counts.unanswered > 0
          ? `${bn(v.counts.unanswered)}টি প্রশ্নের উত্তর দেওয়া হয়নি`
          : "সব প্রশ্নের উত্তর দেওয়া হয়েছে"}
        {v.counts.marked > 0 ? `; রিভিউয়ের জন্য চিহ্নিত ${bn(v.counts.marked)}টি` : ""}
        {`। (উত্তর দেওয়া: ${bn(v.counts.answered)} / ${bn(v.counts.total)})`}
      </p>
      <p>শেষ করার পর আর কোনো উত্তর বদলানো যাবে না; সাথে সাথে ফলাফল দেখবেন।</p>
      <div className="confirm-actions">
        <button type="submit" name="intent" value="confirm-finish" className="btn">
          হ্যাঁ, পরীক্ষা শেষ করুন
        </button>
        <a className="btn btn-ghost" href={`${v.base}?page=${v.totalPages}`} data-swap="#attempt">
          না, পরীক্ষায় ফিরে যান
        </a>
      </div>
    </section>
  );
}

function Palette({ items, page, counts }: { items: PaletteItem[]; page: number; counts: AttemptView["counts"] }) {
  const bn = toBanglaDigits;
  return (
    <section id="palette" className="panel palette" aria-labelledby="palette-h">
      <h2 id="palette-h">সব প্রশ্ন</h2>
      <p className="palette-legend">
        <span className="pal-key is-answered" aria-hidden="true" />
        {` উত্তর দেওয়া ${bn(counts.answered)} `}
        <span className="pal-key is-marked" aria-hidden="true" />
        {` রিভিউ ${bn(counts.marked)} `}
        <span className="pal-key" aria-hidden="true" />
        {` বাকি ${bn(counts.unanswered)}`}
      </p>
      <ol className="palette-grid">
        {items.map((p) => {
          const state = [p.answered ? "উত্তর দেওয়া" : "উত্তর দেওয়া হয়নি", p.marked ? "রিভিউয়ের জন্য চিহ্নিত" : ""].filter(Boolean).join(", ");
          const cls = ["pal", p.answered ? "is-answered" : "", p.marked ? "is-marked" : "", p.page === page ? "is-here" : ""].filter(Boolean).join(" ");
          return (
            <li key={p.id}>
              <button type="submit" name="go" value={p.n} className={cls} data-q={p.id} aria-label={`প্রশ্ন ${bn(p.n)}: ${state}`}>
                {bn(p.n)}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
