// A teacher's saved paper as it prints: per set, the paper (header, MCQs in two columns, creative
// questions with their stem and parts) and its answer key on a page of its own; then one OMR answer
// sheet for the MCQs. Drawn only from the stored paper (models/make-question.server.ts StoredPaper),
// so the same code always prints the same bytes.
import { toBanglaDigits } from "~/lib/bangla-digits";
import { answerKey, OPTION_KEYS, SET_CODES, type PaperSet } from "~/lib/paper-sets";
import { formatDate, formatMarks, formatMinutes, PAPER_LABEL, type PaperSettings } from "~/lib/paper-settings";
import type { Question } from "~/lib/question";

type PrintedQuestion = Omit<Question, "explanationHtml">;
export type PrintablePaper = {
  settings: PaperSettings;
  questions: PrintedQuestion[];
  sets: PaperSet[];
};

/** "৩", "৩ ও ৪", "৩–৫". */
function numbers(from: number, to: number): string {
  const a = toBanglaDigits(from);
  const b = toBanglaDigits(to);
  return from === to ? a : to === from + 1 ? `${a} ও ${b}` : `${a}–${b}`;
}

function PaperHead({ settings: s, code, showCode }: { settings: PaperSettings; code: string; showCode: boolean }) {
  const bn = toBanglaDigits;
  const subjectLine = [
    s.className ? `শ্রেণি: ${bn(s.className)}` : "",
    s.subject ? `বিষয়: ${bn(s.subject)}${s.paper ? ` (${PAPER_LABEL[s.paper]})` : ""}` : s.paper ? PAPER_LABEL[s.paper] : "",
    s.subjectCode ? `বিষয় কোড: ${bn(s.subjectCode)}` : "",
  ].filter(Boolean);
  return (
    <header className="mp-head">
      {showCode ? (
        <p className="mp-setcode">
          সেট <strong>{code}</strong>
        </p>
      ) : null}
      {s.institution ? <p className="mp-institution">{bn(s.institution)}</p> : null}
      {s.exam ? <p className="mp-exam">{bn(s.exam)}</p> : null}
      {subjectLine.length ? <p className="mp-subject">{subjectLine.join("   ·   ")}</p> : null}
      <p className="mp-facts">
        <span>{s.minutes ? `সময়: ${formatMinutes(s.minutes)}` : ""}</span>
        <span>{s.date ? `তারিখ: ${formatDate(s.date)}` : ""}</span>
        <span>পূর্ণমান: {bn(s.fullMarks)}</span>
      </p>
    </header>
  );
}

function Instructions({ text }: { text: string }) {
  if (!text) return null;
  return (
    <div className="mp-instructions">
      {text.split("\n").map((line, i) => (
        <p key={i}>[{toBanglaDigits(line)}]</p>
      ))}
    </div>
  );
}

function Source({ question, show }: { question: PrintedQuestion; show: boolean }) {
  return show && question.source ? <span className="mp-source">[{question.source}]</span> : null;
}

/** The MCQs of a set in its order: a shared উদ্দীপক once above its questions, options in the set's order. */
function McqSection({ paper, set }: { paper: PrintablePaper; set: PaperSet }) {
  const { questions, settings } = paper;
  const units: { intro: string | null; items: { n: number; item: PaperSet["mcq"][number] }[] }[] = [];
  set.mcq.forEach((item, i) => {
    const intro = questions[item.q].introHtml;
    const last = units.at(-1);
    if (last && intro && last.intro === intro) last.items.push({ n: i + 1, item });
    else units.push({ intro, items: [{ n: i + 1, item }] });
  });
  return (
    <div className="mp-mcq">
      {units.map((u) => (
        <div className="mp-unit" key={u.items[0].n}>
          {u.intro ? (
            <div className="mp-shared">
              <p className="mp-shared-label">নিচের উদ্দীপকটি পড়ে {numbers(u.items[0].n, u.items.at(-1)!.n)} নং প্রশ্নের উত্তর দাও:</p>
              <div className="prose" dangerouslySetInnerHTML={{ __html: u.intro }} />
            </div>
          ) : null}
          {u.items.map(({ n, item }) => {
            const q = questions[item.q];
            return (
              <div className="mp-q" key={n} data-question={n} data-qid={q.id}>
                <div className="mp-q-head">
                  <span className="mp-no">{toBanglaDigits(n)}.</span>
                  <div className="mp-body prose" dangerouslySetInnerHTML={{ __html: q.html }} />
                </div>
                <Source question={q} show={settings.showSources} />
                <ol className="mp-options">
                  {item.options.map((o, k) => (
                    <li key={k}>
                      <span className="mp-opt-key">({OPTION_KEYS[k]})</span> <span dangerouslySetInnerHTML={{ __html: q.options[o].html }} />
                    </li>
                  ))}
                </ol>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function CreativeSection({ paper, set }: { paper: PrintablePaper; set: PaperSet }) {
  const { questions, settings } = paper;
  return (
    <div className="mp-creative">
      {set.creative.map((item, i) => {
        const q = questions[item.q];
        return (
          <div className="mp-cq" key={item.q} data-question={i + 1} data-qid={q.id}>
            <div className="mp-q-head">
              <span className="mp-no">{toBanglaDigits(i + 1)}.</span>
              <div className="mp-stem prose">
                <Source question={q} show={settings.showSources} />
                <div dangerouslySetInnerHTML={{ __html: q.introHtml ?? "" }} />
                {q.html ? <div dangerouslySetInnerHTML={{ __html: q.html }} /> : null}
              </div>
            </div>
            <ol className="mp-parts">
              {q.parts.map((p) => (
                <li key={p.label}>
                  <span className="mp-part-label">{p.label}.</span>
                  <span className="mp-part-text" dangerouslySetInnerHTML={{ __html: p.html }} />
                  <span className="mp-part-marks">{formatMarks(p.marks)}</span>
                </li>
              ))}
            </ol>
          </div>
        );
      })}
    </div>
  );
}

/** One set's paper: starts a new printed page. */
export function PaperSetSheet({ paper, set }: { paper: PrintablePaper; set: PaperSet }) {
  const both = set.mcq.length > 0 && set.creative.length > 0;
  const many = paper.sets.length > 1;
  const mcqMarks = set.mcq.reduce((n, i) => n + paper.questions[i.q].marks, 0);
  const creativeMarks = set.creative.reduce((n, i) => n + paper.questions[i.q].marks, 0);
  return (
    <section className="mp-sheet mp-set" aria-label={many ? `সেট ${set.code}` : "প্রশ্নপত্র"} data-set={set.code}>
      <PaperHead settings={paper.settings} code={set.code} showCode={many} />
      <Instructions text={paper.settings.instructions} />
      {set.mcq.length ? (
        <section className="mp-part" aria-label="বহুনির্বাচনি প্রশ্ন">
          {both ? (
            <h2 className="mp-part-title">
              <span>বহুনির্বাচনি প্রশ্ন</span> <span>{formatMarks(mcqMarks)}</span>
            </h2>
          ) : null}
          <McqSection paper={paper} set={set} />
        </section>
      ) : null}
      {set.creative.length ? (
        <section className="mp-part" aria-label="সৃজনশীল প্রশ্ন">
          {both ? (
            <h2 className="mp-part-title">
              <span>সৃজনশীল প্রশ্ন</span> <span>{formatMarks(creativeMarks)}</span>
            </h2>
          ) : null}
          <CreativeSection paper={paper} set={set} />
        </section>
      ) : null}
    </section>
  );
}

/** A set's answer key on a page of its own: the printed key of each MCQ in this set's option order. */
export function SetKeySheet({ paper, set }: { paper: PrintablePaper; set: PaperSet }) {
  const key = answerKey(paper.questions, set);
  if (!key.length) return null;
  const many = paper.sets.length > 1;
  const s = paper.settings;
  return (
    <section className="mp-sheet mp-key" aria-label={many ? `উত্তরমালা — সেট ${set.code}` : "উত্তরমালা"} data-key={set.code}>
      <header className="mp-key-head">
        <h2>উত্তরমালা{many ? ` — সেট ${set.code}` : ""}</h2>
        <p>{[s.exam, s.subject, s.className].filter(Boolean).map(toBanglaDigits).join(" · ")}</p>
      </header>
      <ol className="mp-keys">
        {key.map((k, i) => (
          <li key={i} data-question={i + 1}>
            <span className="mp-no">{toBanglaDigits(i + 1)}.</span> <strong className="mp-key-letter">{k ?? "—"}</strong>
          </li>
        ))}
      </ol>
      {key.includes(null) ? <p className="mp-key-note">— : প্রশ্নব্যাংকে এই প্রশ্নের উত্তর দেওয়া নেই।</p> : null}
    </section>
  );
}

const DIGITS = "০১২৩৪৫৬৭৮৯".split("");
export const OMR_ROWS = 25;

function Bubbles({ labels, className }: { labels: readonly string[]; className?: string }) {
  return (
    <span className={`omr-bubbles ${className ?? ""}`}>
      {labels.map((l) => (
        <span key={l} className="omr-bubble">
          {l}
        </span>
      ))}
    </span>
  );
}

function DigitColumns({ count, label, className }: { count: number; label: string; className: string }) {
  return (
    <div className={`omr-block ${className}`} role="group" aria-label={label}>
      <p className="omr-label">{label}</p>
      <div className="omr-digits">
        {Array.from({ length: count }, (_, c) => (
          <div className="omr-digit-col" key={c}>
            <span className="omr-write" />
            {DIGITS.map((d) => (
              <span key={d} className="omr-bubble">
                {d}
              </span>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The OMR answer sheet: fixed corner marks for a scanner to find the sheet, a 6-digit roll number and
 * a 3-digit subject code to bubble, the set code (ক–ঘ), and one bubble row per MCQ, 25 rows to a
 * column, every bubble at a fixed place on the sheet (sizes in mm, print/omr.css). One per paper.
 */
export function OmrSheet({ paper }: { paper: PrintablePaper }) {
  const count = paper.sets[0]?.mcq.length ?? 0;
  if (!count) return null;
  const s = paper.settings;
  const columns = Math.ceil(count / OMR_ROWS);
  return (
    <section className="mp-sheet mp-omr-page" aria-label="OMR উত্তরপত্র">
      <div className="omr" data-questions={count}>
        <span className="omr-corner omr-tl" aria-hidden="true" />
        <span className="omr-corner omr-tr" aria-hidden="true" />
        <span className="omr-corner omr-bl" aria-hidden="true" />
        <span className="omr-corner omr-br" aria-hidden="true" />
        <header className="omr-head">
          <h2>বহুনির্বাচনি অভীক্ষার উত্তরপত্র</h2>
          <p>{[s.institution, s.exam, s.subject].filter(Boolean).map(toBanglaDigits).join(" · ")}</p>
        </header>
        <div className="omr-lines">
          <p>
            পরীক্ষার্থীর নাম: <span className="omr-line" />
          </p>
          <p>
            শ্রেণি: <span className="omr-line omr-line-short" /> শাখা: <span className="omr-line omr-line-short" />
          </p>
        </div>
        <DigitColumns count={6} label="রোল নম্বর" className="omr-roll" />
        <DigitColumns count={3} label="বিষয় কোড" className="omr-subject" />
        <div className="omr-block omr-set" role="group" aria-label="সেট কোড">
          <p className="omr-label">সেট কোড</p>
          <Bubbles labels={SET_CODES} />
        </div>
        <div className="omr-sign">
          <p>
            <span className="omr-line" />
            পরীক্ষার্থীর স্বাক্ষর
          </p>
          <p>
            <span className="omr-line" />
            কক্ষ পরিদর্শকের স্বাক্ষর
          </p>
        </div>
        <p className="omr-rule">বল পয়েন্ট কলম দিয়ে বৃত্ত সম্পূর্ণ ভরাট করো: ●</p>
        <div className="omr-answers" role="group" aria-label="উত্তর">
          {Array.from({ length: columns }, (_, c) => (
            <ol className={`omr-col omr-col-${c + 1}`} key={c} start={c * OMR_ROWS + 1}>
              {Array.from({ length: Math.min(OMR_ROWS, count - c * OMR_ROWS) }, (_, r) => {
                const n = c * OMR_ROWS + r + 1;
                return (
                  <li className="omr-row" key={n} data-question={n}>
                    <span className="omr-no">{toBanglaDigits(n)}</span>
                    <Bubbles labels={OPTION_KEYS.slice(0, 4)} />
                  </li>
                );
              })}
            </ol>
          ))}
        </div>
      </div>
    </section>
  );
}
