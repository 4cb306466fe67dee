// Pieces of the question-paper pages: the board/year filter form, paper lists, the pager, MCQ questions
// (with the answer behind <details>, or an answer key on its own printed page) and the printed header.
import type { ReactNode } from "react";
import { QuestionItem, type QuestionShown } from "~/components/question";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { KIND_LABEL, withParam } from "~/lib/papers";

type Board = { id: number; code: string; name: string };
type PaperListItem = {
  id: number;
  title: string;
  kind: keyof typeof KIND_LABEL;
  year: number;
  boardYear: string;
  board: Board | null;
  subject: { id: number; name: string };
};
type QuestionView = QuestionShown;

export const paperHref = (p: { id: number; subject: { id: number } }) => `/board-question/${p.subject.id}/paper/${p.id}`;

export function Breadcrumb({ items }: { items: { href?: string; label: string }[] }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <a href="/home">Home</a>
      {items.map((item, i) => (
        <span key={i}>
          {" › "}
          {item.href ? <a href={item.href}>{item.label}</a> : <span aria-current="page">{item.label}</span>}
        </span>
      ))}
    </nav>
  );
}

/** GET form: the state is the URL (?board=&year=), so a filtered list can be shared and works without JS. */
export function PaperFilterForm({
  path,
  boards,
  years,
  board,
  year,
  swap,
}: {
  path: string;
  boards: Board[];
  years: number[];
  board: string | null;
  year: number | null;
  swap: string;
}) {
  return (
    <form method="get" action={path} className="paper-filter no-print" data-swap={swap} aria-label="প্রশ্নপত্র ছাঁকুন">
      <BoardSelect boards={boards} value={board} />
      <label>
        <span>সাল</span>
        <select name="year" defaultValue={year ?? ""}>
          <option value="">সব সাল</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {toBanglaDigits(y)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn">
        দেখুন
      </button>
      {board || year ? (
        <a className="filter-clear" href={path} data-swap={swap}>
          ফিল্টার মুছুন
        </a>
      ) : null}
    </form>
  );
}

/** What the filter shows, in words: "ঢাকা বোর্ড · ২০২৩". */
/** The board filter used by the paper lists and the make-question tool. */
export function BoardSelect({ boards, value }: { boards: { id: number; code: string; name: string }[]; value: string | null | undefined }) {
  return (
    <label>
      <span>বোর্ড</span>
      <select name="board" defaultValue={value ?? ""}>
        <option value="">সকল বোর্ড</option>
        {boards.map((b) => (
          <option key={b.id} value={b.code}>
            {b.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function filterSummary(board: Board | null, year: number | null): string {
  return [board?.name, year ? toBanglaDigits(year) : null].filter(Boolean).join(" · ");
}

export function PaperItems({ papers, showSubject = false }: { papers: PaperListItem[]; showSubject?: boolean }) {
  return (
    <ul className="paper-list">
      {papers.map((p) => (
        <li key={p.id} className="paper-item">
          <a href={paperHref(p)} className="paper-title">
            {p.title}
          </a>
          <span className="paper-meta">
            <span className={`kind kind-${p.kind}`}>{KIND_LABEL[p.kind]}</span>
            {showSubject ? <a href={`/board-question/${p.subject.id}`}>{p.subject.name}</a> : null}
            <span>{p.boardYear}</span>
            {p.board ? (
              <a href={`/qp-by-subject-board/${p.subject.id}/${p.board.id}`} title={`${p.subject.name} · ${p.board.name}: সব প্রশ্নপত্র`}>
                {p.board.name}
              </a>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** ← আগের পাতা · পাতা ২ / ৫ · পরের পাতা →, links keeping the other query parameters; `swap`: the region JS updates in place. */
export function Pager({ path, page, pageCount, search, swap }: { path: string; page: number; pageCount: number; search: string; swap?: string }) {
  if (pageCount <= 1) return null;
  const href = (n: number) => withParam(path, search, "page", n === 1 ? null : n);
  return (
    <nav className="pager no-print" aria-label="পাতা">
      {page > 1 ? (
        <a rel="prev" href={href(page - 1)} data-swap={swap}>
          ← আগের পাতা
        </a>
      ) : (
        <span />
      )}
      <span>
        পাতা {toBanglaDigits(page)} / {toBanglaDigits(pageCount)}
      </span>
      {page < pageCount ? (
        <a rel="next" href={href(page + 1)} data-swap={swap}>
          পরের পাতা →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Runs of questions sharing one intro (উদ্দীপক) are introduced once, with the question numbers it serves. */
function introRuns(questions: QuestionView[]) {
  const runs = new Map<number, { html: string; from: number; to: number }>();
  for (let i = 0; i < questions.length; i++) {
    const intro = questions[i].type === "mcq" ? questions[i].introHtml : null;
    if (!intro || (i > 0 && questions[i - 1].introHtml === intro)) continue;
    let to = i;
    while (to + 1 < questions.length && questions[to + 1].introHtml === intro) to++;
    runs.set(i, { html: intro, from: i, to });
  }
  return runs;
}

/** "৩", "৩ ও ৪", "৩–৫" (question numbers are 1-based). */
function introRange(from: number, to: number): string {
  const a = toBanglaDigits(from + 1);
  const b = toBanglaDigits(to + 1);
  return from === to ? a : to === from + 1 ? `${a} ও ${b}` : `${a}–${b}`;
}

/**
 * Printed questions, MCQ or creative. `answers="details"`: each MCQ answer behind
 * <details><summary>উত্তর</summary> (nothing shown before it is opened, no JS). `answers="none"`: for
 * printing with a separate answer key. `pick` adds a checked checkbox named `pick` per question (the
 * make-question tool).
 */
export function McqQuestions({
  questions,
  answers,
  pick,
  columns = false,
}: {
  questions: QuestionView[];
  answers: "details" | "none";
  pick?: string;
  columns?: boolean;
}) {
  const runs = introRuns(questions);
  return (
    <ol className={columns ? "questions mcq-columns" : "questions"}>
      {questions.map((q, i) => {
        const run = runs.get(i);
        return (
          <QuestionItem
            key={q.id}
            variant="paper"
            question={q}
            number={toBanglaDigits(i + 1)}
            answers={answers}
            pick={pick}
            sharedIntro={run ? { html: run.html, label: `${introRange(run.from, run.to)} নং প্রশ্নের উদ্দীপক` } : null}
          />
        );
      })}
    </ol>
  );
}

/** The answer key: starts on a new printed page (papers.css). */
export function AnswerKey({ questions: all, title }: { questions: QuestionView[]; title?: string }) {
  const questions = all.filter((q) => q.type === "mcq");
  if (!questions.length) return null;
  return (
    <section className="answer-key" aria-labelledby="answer-key-h">
      <h2 id="answer-key-h">উত্তরমালা{title ? ` — ${title}` : ""}</h2>
      <ol className="key-grid">
        {questions.map((q, i) => (
          <li key={q.id}>
            <span className="q-no">{toBanglaDigits(i + 1)}.</span> {q.correct ?? "—"}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The printed header: exam name, then full marks and time in Bangla digits. */
export function PaperHeader({
  title,
  subtitle,
  fullMarks,
  minutes,
  children,
}: {
  title: string;
  subtitle?: string | null;
  fullMarks?: number | null;
  minutes?: number | null;
  children?: ReactNode;
}) {
  return (
    <header className="paper-header">
      {subtitle ? <p className="paper-subtitle">{subtitle}</p> : null}
      <h1>{title}</h1>
      <p className="paper-facts">
        {minutes ? <span>সময়: {toBanglaDigits(minutes)} মিনিট</span> : null}
        {fullMarks ? <span>পূর্ণমান: {toBanglaDigits(fullMarks)}</span> : null}
      </p>
      {children}
    </header>
  );
}

/**
 * How to print a paper. The button opens the print dialog through the enhancement script
 * (enhance/print.ts), which reveals it: without JS it could do nothing, so it starts hidden. The
 * sentence stays for everyone: a phone's in-app browser (a link opened from Messenger) ignores
 * window.print(), and there the browser's own menu is the way.
 */
export function PrintHint() {
  return (
    <div className="print-hint no-print">
      <button type="button" className="btn" data-print="" hidden>
        প্রিন্ট করুন
      </button>
      <p className="muted">কম্পিউটারে Ctrl+P চাপুন; ফোনে ব্রাউজারের মেনু (⋮) থেকে &apos;Share&apos; বা &apos;Print&apos; বেছে নিন। A4 কাগজে সাজানো আছে।</p>
    </div>
  );
}

type FullPaperView = PaperListItem & { contentHtml: string | null; questions: QuestionView[] };

/** A board paper in full: creative content, or MCQ questions with each answer behind <details>. */
export function BoardPaper({ paper, heading = "h2" }: { paper: FullPaperView; heading?: "h1" | "h2" }) {
  const H = heading;
  return (
    <article className={`paper ${paper.kind === "creative" ? "creative-paper" : "mcq-paper"}`} id={`paper-${paper.id}`}>
      <header className="paper-header">
        <p className="paper-subtitle">
          {paper.subject.name} · {KIND_LABEL[paper.kind]} · {paper.boardYear}
        </p>
        <H>{heading === "h2" ? <a href={paperHref(paper)}>{paper.title}</a> : paper.title}</H>
        {paper.kind === "mcq" && paper.questions.length ? (
          <p className="paper-facts">
            <span>প্রশ্ন: {toBanglaDigits(paper.questions.length)}টি</span>
            <span>পূর্ণমান: {toBanglaDigits(paper.questions.length)}</span>
          </p>
        ) : null}
      </header>
      {paper.contentHtml ? <div className="prose paper-instructions" dangerouslySetInnerHTML={{ __html: paper.contentHtml }} /> : null}
      {paper.questions.length ? (
        <McqQuestions questions={paper.questions} answers="details" columns={paper.kind === "mcq"} />
      ) : paper.contentHtml ? null : (
        <p className="empty">
          {paper.kind === "creative" ? "এই প্রশ্নপত্রের লেখা এখনও যোগ করা হয়নি।" : "এই প্রশ্নপত্রের প্রশ্ন এখনও যোগ করা হয়নি।"}
        </p>
      )}
    </article>
  );
}

type KindPage = {
  kind: keyof typeof KIND_LABEL;
  boards: Board[];
  board: Board | null;
  year: number | null;
  years: number[];
  papers: PaperListItem[];
  total: number;
  page: number;
  pageCount: number;
  perPage: number;
  search: string;
  path: string;
};

/** board-creative and board-multiq: all papers of one kind across subjects, 20 a page. */
export function PapersByKind({ data, title, label }: { data: KindPage; title: string; label: string }) {
  const summary = filterSummary(data.board, data.year);
  const first = (data.page - 1) * data.perPage + 1;
  return (
    <div className="container">
      <Breadcrumb items={[{ href: "/board-question", label: "Question Paper" }, { label }]} />
      <header className="page-banner">
        <div>
          <p className="kicker">{label}</p>
          <h1>{title}</h1>
        </div>
      </header>
      <p className="section-links no-print">
        {data.kind === "creative" ? (
          <a href="/board-multiq">বোর্ড বহুনির্বাচনি প্রশ্ন দেখুন →</a>
        ) : (
          <a href="/board-creative">বোর্ড সৃজনশীল প্রশ্ন দেখুন →</a>
        )}
      </p>
      <section className="panel" id="paper-results" aria-labelledby="papers-h">
        <h2 id="papers-h" className="visually-hidden">
          প্রশ্নপত্রের তালিকা
        </h2>
        <PaperFilterForm path={data.path} boards={data.boards} years={data.years} board={data.board?.code ?? null} year={data.year} swap="#paper-results" />
        <p className="result-count" role="status">
          {summary ? `${summary}: ` : ""}মোট {toBanglaDigits(data.total)}টি প্রশ্নপত্র
          {data.total > data.papers.length
            ? ` (দেখানো হচ্ছে ${toBanglaDigits(first)}–${toBanglaDigits(first + data.papers.length - 1)})`
            : ""}
        </p>
        {data.papers.length === 0 ? (
          <p className="empty">
            {summary ? "এই বোর্ড বা সালের কোনো প্রশ্নপত্র পাওয়া যায়নি। অন্য বোর্ড বা সাল বেছে দেখুন।" : "এখনও কোনো প্রশ্নপত্র যোগ করা হয়নি।"}
          </p>
        ) : (
          <PaperItems papers={data.papers} showSubject />
        )}
        <Pager path={data.path} page={data.page} pageCount={data.pageCount} search={data.search} swap="#paper-results" />
      </section>
    </div>
  );
}
