// /exampage/{grtid}/attempt/{attemptId}/result: the whole exam's score (right, wrong, skipped, negative
// marks, net out of full marks, time taken), a breakdown by chapter, how it compares with the other
// finished attempts, and, when the exam allows review, every question with the student's answer, the
// correct one and its explanation. The attempt's URL is the only key to it: anyone holding it may look.
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { AttemptLiveNotes } from "~/components/live-start-form";
import { QuestionItem } from "~/components/question";
import { betterThanPercent, chapterBreakdown, durationBn, marksBn, scoreAttempt, verdict } from "~/lib/attempt";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { flagText, readQuery, z } from "~/lib/input";
import { seo } from "~/lib/meta";
import type { QuestionResult, QuizQuestion } from "~/lib/quiz";
import { examKeyState, keyRule, reviewOfAttempt } from "~/models/answer-keys.server";
import { getAttemptWithRank } from "~/models/attempts.server";
import { examPhase } from "~/lib/exam-phase";
import attemptStyles from "~/styles/attempt.css";
import examStyles from "~/styles/exam.css";
import { examFacts, liveNotes, publicQuestion } from "./exampage.$grtid_.attempt.$attemptId/attempt.server";
import { attemptPath, openAttempt, resultPath } from "./exampage.$grtid_.attempt.$attemptId/open.server";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: examStyles },
  { rel: "stylesheet", href: attemptStyles },
];

const PRIVATE = { "Cache-Control": "private, no-store" };

const SHOW = ["all", "wrong", "skipped", "marked"] as const;
type Show = (typeof SHOW)[number];
const SHOW_LABEL: Record<Show, string> = { all: "সব প্রশ্ন", wrong: "ভুলগুলো", skipped: "উত্তর না দেওয়া", marked: "রিভিউয়ের জন্য চিহ্নিত" };

type ReviewQuestion = QuizQuestion & { chosen: string | null; result: QuestionResult; note: string; solutionVideo: string | null };

/** ?show= which questions the review lists (anything else: all); ?late=1 when the answers came after the time. */
const ResultQuery = z.object({
  show: z.enum(SHOW).catch("all"),
  late: flagText,
});

export async function loader({ params, request }: LoaderFunctionArgs) {
  const now = new Date();
  const o = await openAttempt(params, request, now, getAttemptWithRank);
  const { attempt, exam, answers, rank, grtid } = o;
  // Not finished and not yet due: the attempt page (which only its own browser may open).
  if (!attempt.finishedAt) throw redirect(attemptPath(grtid, attempt.id), { headers: PRIVATE });
  const { show, late } = readQuery(ResultQuery, new URL(request.url).searchParams);

  const chosen = new Map(answers.map((a) => [a.questionId, a.choice]));
  const markedIds = new Set(answers.filter((a) => a.markedForReview).map((a) => a.questionId));
  const score = scoreAttempt(exam.questions, chosen, attempt.negativeMark);
  // The key shows only when the exam's review phase allows it (never while it is sealed), and a
  // question sealed by another exam keeps its key hidden here too.
  const [reviewKind, rule, keyState] = await Promise.all([
    reviewOfAttempt({ examId: exam.exam.id, reviewAfterFinish: exam.exam.reviewAfterFinish, now }),
    keyRule(now),
    examKeyState(exam.exam.id, now),
  ]);
  const review = reviewKind === "key";
  // Solution videos belong to the review after a live exam's close (or any time for an exam without a window).
  const videos = review && examPhase(exam.exam, now) !== "running";
  const verdicts = exam.questions.map((q) => verdict(q, chosen.get(q.id)));
  const count = (v: string) => verdicts.filter((x) => x === v).length;
  const shown: ReviewQuestion[] = [];
  if (review) {
    exam.questions.forEach((q, i) => {
      const v = verdicts[i];
      if (show === "wrong" && v !== "wrong") return;
      if (show === "skipped" && v !== "skipped") return;
      if (show === "marked" && !markedIds.has(q.id)) return;
      const choice = v === "skipped" ? null : (chosen.get(q.id) ?? null);
      shown.push({
        ...publicQuestion(q),
        serialBn: toBanglaDigits(i + 1),
        chosen: choice,
        solutionVideo: videos && !rule.sealed(q.id) ? (q.solutionVideo ?? null) : null,
        result: rule.sealed(q.id)
          ? { correct: null, chosenWrong: false, explanationHtml: null }
          : { correct: q.correct, chosenWrong: v === "wrong", explanationHtml: q.explanationHtml },
        note:
          v === "right"
            ? "সঠিক"
            : v === "wrong"
              ? score.negativeMark > 0
                ? `ভুল (−${marksBn(score.negativeMark)})`
                : "ভুল"
              : "উত্তর দেওয়া হয়নি",
      });
    });
  }
  const finishedAt = attempt.finishedAt;
  return json(
    {
      grtid,
      attemptId: attempt.id,
      title: exam.exam.name,
      facts: examFacts(exam.exam, attempt.negativeMark),
      self: resultPath(grtid, attempt.id),
      late: late || o.expiredNow,
      timedOut: finishedAt.getTime() >= attempt.deadlineAt.getTime(),
      score,
      fullMarks: exam.exam.fullMarks,
      timeTakenBn: durationBn((finishedAt.getTime() - attempt.startedAt.getTime()) / 1000),
      startedBn: formatDhakaDateTime(attempt.startedAt),
      better: betterThanPercent(rank.below, rank.others),
      others: rank.others,
      breakdown: chapterBreakdown(exam.questions, chosen),
      review,
      keyOpensAtBn: keyState.opensAt ? formatDhakaDateTime(keyState.opensAt) : null,
      show,
      filters: SHOW.map((s) => ({
        show: s,
        label: SHOW_LABEL[s],
        count: s === "all" ? exam.questions.length : s === "marked" ? exam.questions.filter((q) => markedIds.has(q.id)).length : count(s),
      })),
      questions: shown,
      owner: o.owner,
      // The resume code moves the attempt to another browser: only its own browser is shown it.
      live: { ...liveNotes(attempt, exam.exam), ...(o.owner ? {} : { resumeCode: null }) },
      meritHref: exam.exam.liveStartAt ? `/exampage/${grtid}/merit` : null,
    },
    { headers: PRIVATE },
  );
}

export const headers: HeadersFunction = () => PRIVATE;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo(matches, { title: data ? `ফলাফল — ${data.title}` : null }),
  { name: "robots", content: "noindex" },
];

export default function AttemptResult() {
  const d = useLoaderData<typeof loader>();
  const bn = toBanglaDigits;
  const s = d.score;
  return (
    <div className="container exam-page result-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={`/exampage/${d.grtid}`}>{d.title}</a> › <span aria-current="page">ফলাফল</span>
      </nav>
      <section className="panel result-summary" aria-labelledby="result-h">
        <h1 id="result-h">{`ফলাফল — ${d.title}`}</h1>
        <AttemptLiveNotes {...d.live} />
        {d.late ? (
          <p className="notice error" role="alert">
            সময় শেষ হয়ে গেছে: পরীক্ষাটি নিজে থেকেই জমা হয়েছে। সময় শেষ হওয়ার পরে পাঠানো উত্তর গণনা করা হয়নি।
          </p>
        ) : d.timedOut ? (
          <p className="notice">সময় শেষ হওয়ায় পরীক্ষাটি নিজে থেকেই জমা হয়েছে।</p>
        ) : null}
        <p className="result-net">
          <span>নেট নম্বর</span> <strong>{`${marksBn(s.net)} / ${bn(d.fullMarks)}`}</strong>
        </p>
        <dl className="result-facts">
          <div>
            <dt>সঠিক</dt>
            <dd>{bn(s.right)}</dd>
          </div>
          <div>
            <dt>ভুল</dt>
            <dd>{bn(s.wrong)}</dd>
          </div>
          <div>
            <dt>উত্তর দেওয়া হয়নি</dt>
            <dd>{bn(s.skipped)}</dd>
          </div>
          <div>
            <dt>প্রাপ্ত নম্বর</dt>
            <dd>{marksBn(s.score)}</dd>
          </div>
          <div>
            <dt>নেগেটিভ মার্ক</dt>
            <dd>{s.negativeMark > 0 ? `−${marksBn(s.deducted)} (${bn(s.wrong)} × ${marksBn(s.negativeMark)})` : "নেই"}</dd>
          </div>
          <div>
            <dt>সময় লেগেছে</dt>
            <dd>{d.timeTakenBn}</dd>
          </div>
        </dl>
        <p className="result-rank">
          {d.better === null
            ? "এই পরীক্ষার এটিই প্রথম সমাপ্ত চেষ্টা; তুলনা করার মতো আর কোনো চেষ্টা এখনো নেই।"
            : `এই পরীক্ষার অন্য ${bn(d.others)}টি সমাপ্ত চেষ্টার ${bn(d.better)}%-এর চেয়ে ভালো করেছেন (better than ${d.better}% of attempts)।`}
        </p>
        <p className="muted">{`শুরু: ${d.startedBn}। এই পাতার ঠিকানা (URL) যার কাছে থাকবে, সে-ই ফলাফলটি দেখতে পাবে।`}</p>
        <p className="result-links">
          <a className="btn" href={`/exampage/${d.grtid}#start`}>
            আবার পরীক্ষা দিন
          </a>{" "}
          {d.meritHref ? (
            <a className="btn btn-ghost" href={d.meritHref}>
              মেধাতালিকা
            </a>
          ) : null}{" "}
          <a className="btn btn-ghost" href="/my-exams">
            আমার পরীক্ষা ও ভুলের খাতা
          </a>
        </p>
      </section>

      <section className="panel" aria-labelledby="breakdown-h">
        <h2 id="breakdown-h">অধ্যায়ভিত্তিক ফলাফল</h2>
        <div className="table-scroll">
          <table className="breakdown">
            <thead>
              <tr>
                <th scope="col">অধ্যায়</th>
                <th scope="col">প্রশ্ন</th>
                <th scope="col">সঠিক</th>
                <th scope="col">ভুল</th>
                <th scope="col">উত্তর দেওয়া হয়নি</th>
              </tr>
            </thead>
            <tbody>
              {d.breakdown.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.name}</th>
                  <td>{bn(r.total)}</td>
                  <td>{bn(r.right)}</td>
                  <td>{bn(r.wrong)}</td>
                  <td>{bn(r.skipped)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section id="review" className="panel" aria-labelledby="review-h">
        <h2 id="review-h">উত্তর ও ব্যাখ্যা</h2>
        {d.review ? (
          <>
            <ul className="pill-list result-filter">
              {d.filters.map((f) => (
                <li key={f.show}>
                  <a href={f.show === "all" ? `${d.self}#review` : `${d.self}?show=${f.show}#review`} aria-current={f.show === d.show ? "true" : undefined}>
                    {`${f.label} (${bn(f.count)})`}
                  </a>
                </li>
              ))}
            </ul>
            {d.questions.length ? (
              <ol className="question-grid">
                {d.questions.map((q) => (
                  <QuestionItem
                    variant="quiz"
                    key={q.id}
                    question={q}
                    number={q.serialBn}
                    chosen={q.chosen}
                    locked
                    result={q.result}
                    note={q.note}
                    extra={
                      q.solutionVideo ? (
                        <p className="solution-video">
                          <a href={q.solutionVideo} target="_blank" rel="noopener noreferrer">
                            সমাধানের ভিডিও দেখুন (YouTube)
                          </a>
                        </p>
                      ) : null
                    }
                  />
                ))}
              </ol>
            ) : (
              <p className="empty">এই তালিকায় কোনো প্রশ্ন নেই।</p>
            )}
          </>
        ) : (
          <p className="empty">
            {d.keyOpensAtBn
              ? `এই পরীক্ষার সঠিক উত্তর ও ব্যাখ্যা পরীক্ষা শেষ হলে, ${d.keyOpensAtBn}-এ প্রকাশ হবে; তখন এই পাতাতেই দেখা যাবে।`
              : "এই পরীক্ষার সঠিক উত্তর ও ব্যাখ্যা এখনো প্রকাশ করা হয়নি।"}
          </p>
        )}
      </section>
    </div>
  );
}
