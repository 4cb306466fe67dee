// A teacher's saved paper as it prints: per set, the paper (header, MCQs in two columns, creative
// questions with their stem and parts) and its answer key on a page of its own; then one OMR answer
// sheet for the MCQs. Drawn only from the stored paper (models/make-question.server.ts StoredPaper),
// so the same code always prints the same bytes.
import { toBanglaDigits } from "~/lib/bangla-digits";
import { answerKey, OPTION_KEYS, type PaperSet } from "~/lib/paper-sets";
import { answerAnyMarks, formatDate, formatMarks, formatMinutes, PAPER_LABEL, type PaperSettings } from "~/lib/paper-settings";
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

/** An option's text as read (KaTeX's MathML copy and the markup left out), for its length. */
function visibleText(html: string): string {
  return html
    .replace(/<span class="katex-mathml">[\s\S]*?<\/math><\/span>/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&[a-z#0-9]+;/gi, "x");
}

/**
 * Options per row: two while every option fits half a column's row, else one per row, so that no
 * option is squeezed into a narrow cell and broken mid-word.
 */
export function optionColumns(options: string[]): 1 | 2 {
  return Math.max(0, ...options.map((o) => [...visibleText(o)].length)) > 24 ? 1 : 2;
}

/** "১০ মিটার" stays on one line: the space after a number in an option's text becomes a no-break space (text only, not markup). */
export function keepValuesWithUnits(html: string): string {
  return html.replace(/(^|>)([^<]+)/g, (_, lead: string, text: string) => lead + text.replace(/([0-9০-৯])[ ](?=[^\s\d০-৯])/g, "$1\u00a0"));
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
                {/* The board-year tag floats inside the question's text block, never beside the options: a
                    tag floated by the options squeezed them into a narrow column and broke words. */}
                <div className="mp-q-head">
                  <span className="mp-no">{toBanglaDigits(n)}.</span>
                  <div className="mp-body prose">
                    <Source question={q} show={settings.showSources} />
                    <div dangerouslySetInnerHTML={{ __html: q.html }} />
                  </div>
                </div>
                <ol className={`mp-options mp-options-${optionColumns(item.options.map((o) => q.options[o].html))}`}>
                  {item.options.map((o, k) => (
                    <li key={k}>
                      <span className="mp-opt-key">({OPTION_KEYS[k]})</span> <span dangerouslySetInnerHTML={{ __html: keepValuesWithUnits(q.options[o].html) }} />
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
  const s = paper.settings;
  const creativeMarks = answerAnyMarks(set.creative.map((i) => paper.questions[i.q].marks), s.creativeAnswer);
  const sectionFacts = (minutes: number | null | undefined, marks: number) =>
    [minutes ? `সময়: ${formatMinutes(minutes)}` : "", `পূর্ণমান: ${formatMarks(marks)}`].filter(Boolean).join(" · ");
  return (
    <section className="mp-sheet mp-set" aria-label={many ? `সেট ${set.code}` : "প্রশ্নপত্র"} data-set={set.code}>
      <PaperHead settings={paper.settings} code={set.code} showCode={many} />
      <Instructions text={paper.settings.instructions} />
      {set.mcq.length ? (
        <section className="mp-part" aria-label="বহুনির্বাচনি প্রশ্ন">
          {both ? (
            <h2 className="mp-part-title">
              <span>বহুনির্বাচনি প্রশ্ন</span> <span>{s.mcqMinutes ? sectionFacts(s.mcqMinutes, mcqMarks) : formatMarks(mcqMarks)}</span>
            </h2>
          ) : null}
          <McqSection paper={paper} set={set} />
        </section>
      ) : null}
      {set.creative.length ? (
        <section className="mp-part" aria-label="সৃজনশীল প্রশ্ন">
          {both || s.creativeAnswer || s.creativeMinutes ? (
            <h2 className="mp-part-title">
              <span>সৃজনশীল প্রশ্ন</span>{" "}
              <span>{s.creativeMinutes ? sectionFacts(s.creativeMinutes, creativeMarks) : formatMarks(creativeMarks)}</span>
            </h2>
          ) : null}
          {s.creativeAnswer ? (
            <p className="mp-answer-any">
              [যেকোনো {toBanglaDigits(s.creativeAnswer)}টি প্রশ্নের উত্তর দাও; প্রতিটি প্রশ্নের মান ডান পাশে।]
            </p>
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

/**
 * The OMR answer sheet as lib/omr/sheet-svg.server.ts draws it (the same layout the reader reads):
 * on screen as wide as the page, in print true to size on a page of its own without margins.
 */
export function OmrSheet({ svg }: { svg: string }) {
  return (
    <section className="mp-sheet mp-omr-page" aria-label="OMR উত্তরপত্র">
      <div className="mp-omr-svg" dangerouslySetInnerHTML={{ __html: svg }} />
    </section>
  );
}
