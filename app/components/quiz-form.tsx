import { QuestionItem } from "~/components/question";
import { toBanglaDigits } from "~/lib/bangla-digits";
import type { Pager, QuizQuestion, QuizState } from "~/lib/quiz";
import type { Score } from "~/lib/scoring";

export const QUIZ_RESULT_ID = "quiz-result";
/** Where Clear selections lands without JS: the start of the questions, not the top of the page. */
export const QUIZ_FORM_ID = "quiz-form";

/** The words of a quiz's buttons and pager. The exam page and MCQ practice keep the English ones. */
export type QuizLabels = { submit: string; result: string; clear: string; prev: string; next: string; pageOf: (page: string, total: string, rows: string) => string };

export const ENGLISH_QUIZ_LABELS: QuizLabels = {
  submit: "Submit",
  result: "View Result",
  clear: "Clear selections",
  prev: "Prev",
  next: "Next",
  pageOf: (page, total, rows) => `Page ${page} of ${total} — total questions: ${rows}`,
};

/** For pages that are Bangla throughout (the mistake book). */
export const BANGLA_QUIZ_LABELS: QuizLabels = {
  submit: "জমা দিন",
  result: "ফলাফল দেখুন",
  clear: "বাছাই মুছুন",
  prev: "আগের পাতা",
  next: "পরের পাতা",
  pageOf: (page, total, rows) => `পৃষ্ঠা ${page} / ${total} — মোট প্রশ্ন: ${rows}`,
};

/**
 * The one answer form of a quiz page (exam page, MCQ practice): the questions, the score after
 * Submit and the buttons. It posts to the page itself, which scores on the server and answers with
 * the scored page; `swap` lets the enhancement script replace just the quiz area.
 */
export function QuizForm({
  action,
  swap,
  hidden,
  questions,
  state,
  restartHref,
  check = false,
  labels = ENGLISH_QUIZ_LABELS,
}: {
  /** The page's own URL; the #fragment brings the score into view after a no-JS post. */
  action: string;
  swap: string;
  /** The page state (page, pageSize, includeCorrect, set ...) posted back with the answers. */
  hidden: [string, string][];
  questions: QuizQuestion[];
  state: QuizState;
  /** The same page, unanswered. */
  restartHref: string;
  /** MCQ practice: a check button per question (its answer and explanation at once). */
  check?: boolean;
  labels?: QuizLabels;
}) {
  const { submitted, showResult, answers, score, results, keysHidden = false } = state;
  return (
    <form method="post" action={`${action}#${QUIZ_RESULT_ID}`} className="quiz-form" id={QUIZ_FORM_ID} data-swap={swap} data-swap-scroll>
      {hidden.map(([name, value]) => (
        <input type="hidden" name={name} value={value} key={name} />
      ))}
      {/* Disabled radios are not posted: after Submit the choices travel as hidden fields, so View Result
          works as a second plain POST. These are the student's choices, never the correct keys. */}
      {submitted
        ? Object.entries(answers).map(([id, key]) => <input type="hidden" name={`q${id}`} value={key} key={`a${id}`} />)
        : null}
      {score ? <ScoreBox score={score} showResult={showResult} keysHidden={keysHidden} restartHref={restartHref} swap={swap} resultLabel={labels.result} /> : null}
      <ol className="question-grid">
        {questions.map((q) => (
          <QuestionItem
            variant="quiz"
            key={q.id}
            question={q}
            number={q.serialBn}
            chosen={answers[String(q.id)] ?? null}
            locked={submitted || !!results?.[String(q.id)]}
            result={results?.[String(q.id)] ?? null}
            extra={
              check && !submitted && results?.[String(q.id)] ? (
                // A checked question's radios are locked: its choice travels in hidden fields, inside
                // the card, so that swapping the card alone (with JS) keeps them.
                <>
                  <input type="hidden" name="checked" value={q.id} />
                  {answers[String(q.id)] ? <input type="hidden" name={`q${q.id}`} value={answers[String(q.id)]} /> : null}
                </>
              ) : check && !submitted ? (
                <div className="q-tools">
                  <button
                    type="submit"
                    name="check"
                    value={q.id}
                    formAction={`${action}#q-${q.id}`}
                    className="btn btn-ghost btn-small"
                    data-swap={`#q-${q.id}`}
                    aria-label={`${q.serialBn} নং প্রশ্নের উত্তর মিলিয়ে দেখুন`}
                  >
                    উত্তর মিলিয়ে দেখুন
                  </button>
                </div>
              ) : null
            }
          />
        ))}
      </ol>
      <div className="quiz-actions">
        {submitted ? (
          <button type="submit" name="intent" value="submit" className="btn" disabled>
            {labels.submit}
          </button>
        ) : (
          // Submit locks the page, so it asks first; <details> needs no JS (with JS the count of
          // unanswered questions is filled in, enhance/quiz.ts).
          <details className="submit-confirm">
            <summary className="btn">{labels.submit}</summary>
            <div className="confirm-pop">
              <p>
                জমা দিলে এই পৃষ্ঠার উত্তর আর বদলানো যাবে না।<span data-unanswered />
              </p>
              <button type="submit" name="intent" value="submit" className="btn">
                হ্যাঁ, জমা দিন
              </button>
            </div>
          </details>
        )}
        <button
          type="submit"
          name="intent"
          value="result"
          className="btn btn-secondary"
          disabled={!submitted || showResult || undefined}
        >
          {labels.result}
        </button>
        {/* Clear keeps the student where they are: with JS the page is swapped without scrolling (its own
            data-swap, no data-swap-scroll); without, the redirect keeps this #fragment (the questions). */}
        <button
          type="submit"
          name="intent"
          value="clear"
          className="btn btn-ghost"
          disabled={submitted || undefined}
          formAction={`${action}#${QUIZ_FORM_ID}`}
          data-swap={swap}
        >
          {labels.clear}
        </button>
      </div>
    </form>
  );
}

function ScoreBox({
  score,
  showResult,
  keysHidden,
  restartHref,
  swap,
  resultLabel,
}: {
  score: Score;
  showResult: boolean;
  keysHidden: boolean;
  restartHref: string;
  swap: string;
  resultLabel: string;
}) {
  const bn = toBanglaDigits;
  return (
    <div id={QUIZ_RESULT_ID} className="notice success score-box" role="status" tabIndex={-1}>
      <p className="score-line">{`আপনি পেয়েছেন ${bn(score.score)} / ${bn(score.count)}`}</p>
      <p className="score-breakdown">
        {`সঠিক: ${bn(score.right)} · ভুল: ${bn(score.wrong)} · উত্তর দেওয়া হয়নি: ${bn(score.skipped)}`}
      </p>
      {score.negativeMark > 0 ? (
        <p className="score-net">
          {`নেগেটিভ মার্কিং: প্রতি ভুলে ${bn(score.negativeMark)} · নেট নম্বর: ${bn(score.net)}`}
        </p>
      ) : null}
      <p className="score-next">
        {!showResult
          ? `উত্তর মিলিয়ে দেখতে ${resultLabel} চাপুন। `
          : keysHidden
            ? "সবুজ ✓ চিহ্ন আপনার সঠিক উত্তর, লাল ✗ চিহ্ন আপনার ভুল উত্তর। 'Show answers' বন্ধ, তাই ভুল বা বাদ দেওয়া প্রশ্নের সঠিক উত্তর দেখানো হয়নি। "
            : "সবুজ ✓ চিহ্ন সঠিক উত্তর, লাল ✗ চিহ্ন আপনার ভুল উত্তর। "}
        <a href={restartHref} data-swap={swap} data-swap-scroll data-swap-replace>
          আবার চেষ্টা করুন
        </a>
      </p>
    </div>
  );
}

/**
 * Prev / 'page / totalPages' / Next, and 'Page X of Y — total questions: N' (English words, Bangla
 * digits). With JS the page changes in place and replaces the history entry, so Back leaves the exam
 * instead of stepping through its pages.
 */
export function QuizPager({ pager, swap, labels = ENGLISH_QUIZ_LABELS }: { pager: Pager; swap: string; labels?: QuizLabels }) {
  const bn = toBanglaDigits;
  return (
    <>
      <nav className="quiz-pager" aria-label="পৃষ্ঠা (pages)">
        {pager.prevHref ? (
          <a className="btn btn-ghost" rel="prev" href={pager.prevHref} data-swap={swap} data-swap-scroll data-swap-replace>
            {labels.prev}
          </a>
        ) : (
          <span className="btn btn-ghost is-disabled" aria-disabled="true">
            {labels.prev}
          </span>
        )}
        <span className="pager-count">{`${bn(pager.page)} / ${bn(pager.totalPages)}`}</span>
        {pager.nextHref ? (
          <a className="btn btn-ghost" rel="next" href={pager.nextHref} data-swap={swap} data-swap-scroll data-swap-replace>
            {labels.next}
          </a>
        ) : (
          <span className="btn btn-ghost is-disabled" aria-disabled="true">
            {labels.next}
          </span>
        )}
      </nav>
      <p className="quiz-footer">{labels.pageOf(bn(pager.page), bn(pager.totalPages), bn(pager.totalRows))}</p>
      {/* On a phone the navbar scrolls away with a long page: the way back to it from the end. */}
      <p className="quiz-top">
        <a href="#top">উপরে যান, মেনুতে ↑</a>
      </p>
    </>
  );
}
