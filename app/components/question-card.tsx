import type { QuestionResult, QuizQuestion } from "~/lib/quiz";

/**
 * One MCQ question with its options as radio buttons (name q{id}, value = option key), for the exam
 * page and the MCQ practice pages. It must sit inside a quiz <form>. The HTML comes from the server
 * with math already typeset. Before View Result nothing here says which option is right.
 */
export function QuestionCard({
  question: q,
  chosen,
  locked,
  result,
}: {
  question: QuizQuestion;
  /** The option the student chose (after submit). */
  chosen?: string | null;
  /** After submit the choices are frozen. */
  locked: boolean;
  /** View Result's marks for this question. */
  result?: QuestionResult | null;
}) {
  const bodyId = `q-${q.id}-body`;
  const serialId = `q-${q.id}-serial`;
  return (
    <li className="question-card" id={`q-${q.id}`}>
      <div className="q-head">
        <span className="q-serial" id={serialId}>{`${q.serialBn}.`}</span>
        {q.boardYear ? <span className="board-year">{`[${q.boardYear}]`}</span> : null}
      </div>
      {q.introHtml ? <div className="q-intro prose" dangerouslySetInnerHTML={{ __html: q.introHtml }} /> : null}
      <div className="q-body prose" id={bodyId} dangerouslySetInnerHTML={{ __html: q.questionHtml }} />
      <fieldset className="q-options" aria-labelledby={`${serialId} ${bodyId}`}>
        {q.options.map((o, i) => {
          const isChosen = chosen === o.key;
          const isCorrect = !!result && result.correct === o.key;
          const isWrong = !!result && isChosen && result.chosenWrong;
          const cls = ["q-option", isChosen ? "is-chosen" : "", isCorrect ? "is-correct" : "", isWrong ? "is-wrong" : ""]
            .filter(Boolean)
            .join(" ");
          return (
            <label className={cls} key={`${o.key}-${i}`}>
              <input type="radio" name={`q${q.id}`} value={o.key} defaultChecked={isChosen} disabled={locked || undefined} />
              <span className="opt-key">{o.key}</span>
              <span className="opt-text" dangerouslySetInnerHTML={{ __html: o.html }} />
              {isCorrect ? (
                <span className="opt-mark">
                  <span aria-hidden="true">✓</span>
                  <span className="visually-hidden">সঠিক উত্তর</span>
                </span>
              ) : null}
              {isWrong ? (
                <span className="opt-mark">
                  <span aria-hidden="true">✗</span>
                  <span className="visually-hidden">আপনার উত্তর ভুল</span>
                </span>
              ) : null}
            </label>
          );
        })}
      </fieldset>
      {result?.explanationHtml ? (
        <details className="q-explanation">
          <summary>ব্যাখ্যা</summary>
          <div className="prose" dangerouslySetInnerHTML={{ __html: result.explanationHtml }} />
        </details>
      ) : null}
    </li>
  );
}
