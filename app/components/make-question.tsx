// Pieces shared by the make-question tool's steps: the step bar and the bank's question list.
import type { ReactNode } from "react";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { DIFFICULTY_LABEL, type Difficulty } from "~/lib/make-question";
import type { PublicQuestion } from "~/lib/question";
import { formatMarks } from "~/lib/paper-settings";

const STEPS = ["অধ্যায়", "প্রশ্ন বাছাই", "সেটিংস", "প্রশ্নপত্র"];

/** Where the teacher is: the earlier steps are links back (their URLs keep what was chosen). */
export function StepBar({ current, hrefs }: { current: 1 | 2 | 3 | 4; hrefs: (string | null)[] }) {
  return (
    <nav className="mq-steps no-print" aria-label="প্রশ্ন তৈরির ধাপ">
      <ol>
        {STEPS.map((label, i) => {
          const n = i + 1;
          const text = (
            <>
              <span className="mq-step-no">{toBanglaDigits(n)}</span> {label}
            </>
          );
          const href = hrefs[i];
          return (
            <li key={label} className={n === current ? "is-current" : n < current ? "is-done" : undefined}>
              {n === current ? <span aria-current="step">{text}</span> : href && n < current ? <a href={href}>{text}</a> : <span>{text}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export type BankQuestion = PublicQuestion & { correct: string | null; chapterId: number | null; difficulty?: Difficulty | null; keySealed?: boolean };

/**
 * A question of the bank with a checkbox named `q` (step 2) or as a plain summary (step 3): source,
 * chapter, marks, and for an MCQ its options with the correct one marked, so a teacher can judge it.
 */
export function BankItem({
  question: q,
  number,
  chapter,
  checked,
  pick = true,
  copies = 1,
}: {
  question: BankQuestion;
  number: string;
  chapter?: string | null;
  checked?: boolean;
  pick?: boolean;
  /** How many bank questions have this same text (listed once). */
  copies?: number;
}) {
  const id = `pick-${q.id}`;
  const heading = (
    <>
      <span className="q-no" id={`q-${q.id}-no`}>
        {number}.
      </span>
      <span className="mq-item-meta">
        {q.type === "creative" ? <span className="kind kind-creative">সৃজনশীল</span> : <span className="kind kind-mcq">বহুনির্বাচনি</span>}
        {chapter ? <span>{chapter}</span> : null}
        {q.source ? <span>[{q.source}]</span> : null}
        {q.difficulty ? <span>{DIFFICULTY_LABEL[q.difficulty]}</span> : null}
        <span>নম্বর {formatMarks(q.marks)}</span>
        {copies > 1 ? <span className="mq-copies">একই প্রশ্ন ব্যাংকে {toBanglaDigits(copies)} বার আছে; একবার দেখানো হলো</span> : null}
      </span>
    </>
  );
  return (
    <li className="mq-item" id={`q-${q.id}`}>
      {pick ? (
        <label className="mq-item-head" htmlFor={id}>
          <input type="checkbox" name="q" value={q.id} id={id} defaultChecked={checked} aria-labelledby={`q-${q.id}-no q-${q.id}-text`} />
          {heading}
        </label>
      ) : (
        <div className="mq-item-head">{heading}</div>
      )}
      <div className="mq-item-body">
        {q.introHtml ? (
          <div className="q-intro prose">
            {q.type === "creative" ? <strong>উদ্দীপক: </strong> : null}
            <span id={q.type === "creative" ? `q-${q.id}-text` : undefined} dangerouslySetInnerHTML={{ __html: q.introHtml }} />
          </div>
        ) : null}
        {q.type === "mcq" ? <div className="q-body prose" id={`q-${q.id}-text`} dangerouslySetInnerHTML={{ __html: q.html }} /> : null}
        {q.options.length ? (
          <ol className="options">
            {q.options.map((o) => (
              <li key={o.key} className={o.key === q.correct ? "is-correct" : undefined}>
                <span className="opt-key">({o.key})</span> <span dangerouslySetInnerHTML={{ __html: o.html }} />
                {o.key === q.correct ? <span className="visually-hidden"> (সঠিক উত্তর)</span> : null}
              </li>
            ))}
          </ol>
        ) : null}
        {q.keySealed ? <p className="muted key-sealed">উত্তর এখন দেখানো হচ্ছে না: প্রশ্নটি একটি পরীক্ষায় আছে, যার উত্তর এখনও প্রকাশ হয়নি।</p> : null}
        {q.parts.length ? (
          <ol className="parts">
            {q.parts.map((p) => (
              <li key={p.label}>
                <strong className="part-label">{p.label}.</strong> <span dangerouslySetInnerHTML={{ __html: p.html }} />{" "}
                <em className="part-marks">({toBanglaDigits(p.marks)})</em>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </li>
  );
}

/** A small box with a heading, for the steps' forms. */
export function Section({ id, title, children, className }: { id: string; title: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`panel mq-section ${className ?? ""}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
