import type { ReactNode } from "react";
import { toBanglaDigits } from "~/lib/bangla-digits";
import type { PublicQuestion, Question } from "~/lib/question";
import type { QuestionResult } from "~/lib/quiz";

/** A question as the screens get it: the answer side only where the page may show it. */
export type QuestionShown = PublicQuestion & Partial<Pick<Question, "correct" | "explanationHtml">> & { keySealed?: boolean };

type QuizProps = {
  variant: "quiz";
  /** The option the student chose (after submit). */
  chosen?: string | null;
  /** After submit the choices are frozen. */
  locked: boolean;
  /** View Result's marks for this question. */
  result?: QuestionResult | null;
  /** A short status beside the serial ("উত্তর দেওয়া হয়নি"). */
  note?: string | null;
  /** More controls of the card (a timed attempt's review box and clear button). */
  extra?: ReactNode;
};

type PaperProps = {
  variant: "paper";
  /** "details": the answer behind <details> (no JS needed); "none": printed with a separate key. */
  answers: "details" | "none";
  /** Adds a checked checkbox with this name (the make-question tool picks questions with it). */
  pick?: string;
  /** The shared উদ্দীপক of a run of MCQs, shown once before the run's first question. */
  sharedIntro?: { html: string; label: string } | null;
};

/**
 * One question of the bank, on every screen. `quiz`: a card whose options are radio buttons named
 * q{id} inside the page's answer form (exam page, MCQ practice); before View Result nothing says which
 * option is right. `paper`: a printed question (board papers, question papers, the make-question tool).
 * A creative question shows its stem and parts ক–ঘ with their marks. HTML comes from the server,
 * rendered when the question was saved.
 */
export function QuestionItem({ question: q, number, ...props }: { question: QuestionShown; number: string } & (QuizProps | PaperProps)) {
  const bodyId = `q-${q.id}-body`;
  const serialId = `q-${q.id}-serial`;
  const creative = q.type === "creative" ? <CreativeParts question={q} /> : null;

  if (props.variant === "quiz") {
    const { chosen, locked, result, note, extra } = props;
    return (
      <li className="question-card" id={`q-${q.id}`}>
        <div className="q-head">
          <span className="q-serial" id={serialId}>{`${number}.`}</span>
          {q.source ? <span className="board-year">{`[${q.source}]`}</span> : null}
          {note ? <span className="q-note">{note}</span> : null}
          {/* Only a staff preview holds unpublished questions: students see the page without them. */}
          {q.draft ? <span className="q-draft">খসড়া (Draft)</span> : null}
        </div>
        {q.introHtml ? <div className="q-intro prose" dangerouslySetInnerHTML={{ __html: q.introHtml }} /> : null}
        <div className="q-body prose" id={bodyId} dangerouslySetInnerHTML={{ __html: q.html }} />
        {creative}
        {q.options.length ? (
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
                  <span className="opt-key">{o.label ?? o.key}</span>
                  <span className="opt-text" dangerouslySetInnerHTML={{ __html: o.html }} />
                  {isCorrect ? <Mark sign="✓" label="সঠিক উত্তর" /> : null}
                  {isWrong ? <Mark sign="✗" label="আপনার উত্তর ভুল" /> : null}
                </label>
              );
            })}
          </fieldset>
        ) : null}
        {result?.explanationHtml ? (
          <details className="q-explanation">
            <summary>ব্যাখ্যা</summary>
            <div className="prose" dangerouslySetInnerHTML={{ __html: result.explanationHtml }} />
          </details>
        ) : null}
        {extra}
      </li>
    );
  }

  const { answers, pick, sharedIntro } = props;
  const correct = q.options.find((o) => o.key === q.correct);
  return (
    <li className={q.type === "creative" ? "question creative-question" : "question"} id={`q-${q.id}`}>
      {sharedIntro ? (
        <div className="question-intro">
          <p className="intro-label">{sharedIntro.label}</p>
          <div className="prose" dangerouslySetInnerHTML={{ __html: sharedIntro.html }} />
        </div>
      ) : null}
      <div className="question-head">
        {pick ? (
          <input type="checkbox" name={pick} value={q.id} defaultChecked id={`pick-${q.id}`} aria-label={`${number} নং প্রশ্ন বাছাই`} />
        ) : null}
        <span className="q-no">{number}.</span>
        {q.type === "creative" ? (
          <div className="q-body prose">
            <p>
              <strong>উদ্দীপক:</strong> <span dangerouslySetInnerHTML={{ __html: q.introHtml ?? "" }} />
            </p>
          </div>
        ) : (
          <div className="q-body prose" dangerouslySetInnerHTML={{ __html: q.html }} />
        )}
      </div>
      {q.source ? <p className="q-board">[{q.source}]</p> : null}
      {creative}
      {q.options.length ? (
        <ol className="options">
          {q.options.map((o) => (
            <li key={o.key}>
              <span className="opt-key">({o.key})</span> <span dangerouslySetInnerHTML={{ __html: o.html }} />
            </li>
          ))}
        </ol>
      ) : null}
      {answers === "details" && q.type === "mcq" ? (
        <details className="answer">
          <summary>উত্তর</summary>
          {q.correct ? (
            <p>
              সঠিক উত্তর: ({q.correct}) {correct ? <span dangerouslySetInnerHTML={{ __html: correct.html }} /> : null}
            </p>
          ) : (
            <p>{q.keySealed ? "প্রশ্নটি একটি পরীক্ষায় আছে; সেই পরীক্ষার উত্তর প্রকাশ হলে এখানে দেখা যাবে।" : "এই প্রশ্নের উত্তর এখনও যোগ করা হয়নি।"}</p>
          )}
          {q.explanationHtml ? <div className="prose explanation" dangerouslySetInnerHTML={{ __html: q.explanationHtml }} /> : null}
        </details>
      ) : null}
    </li>
  );
}

function CreativeParts({ question }: { question: QuestionShown }) {
  if (!question.parts.length) return null;
  return (
    <ol className="parts">
      {question.parts.map((p) => (
        <li key={p.label}>
          <strong className="part-label">{p.label}.</strong> <span dangerouslySetInnerHTML={{ __html: p.html }} />{" "}
          <em className="part-marks">({toBanglaDigits(p.marks)})</em>
        </li>
      ))}
    </ol>
  );
}

function Mark({ sign, label }: { sign: string; label: string }) {
  return (
    <span className="opt-mark">
      <span aria-hidden="true">{sign}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
