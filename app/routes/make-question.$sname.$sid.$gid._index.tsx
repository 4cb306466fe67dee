import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import katexStyles from "katex/dist/katex.min.css";
import { PageBanner } from "~/components/page-banner";
import { BoardSelect, Breadcrumb, McqQuestions } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { requireSubjectGrade } from "~/models/study.server";
import { seo } from "~/lib/meta";
import { KIND_LABEL, parseBoard, parseCount, parseIdList } from "~/lib/papers";
import { listBoards } from "~/models/board-papers.server";
import { chaptersOf, findCreativePapers, findMcqQuestions } from "~/models/make-question.server";
import papersStyles from "~/styles/papers.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: katexStyles },
  { rel: "stylesheet", href: papersStyles },
];

const DEFAULT_COUNT = 25;

/**
 * /make-question/{sname}/{sid}/{gid}?ch=1&ch=2&type=mcq|creative&board=code&n=25
 * The teacher's tool: pick chapters, type, board and how many; the matching questions come back with
 * checkboxes, and the second form builds the printable paper at .../paper?q=...&title=...
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { subject, sid, gid } = await requireSubjectGrade({ params, request }, "make-question");
  const url = new URL(request.url);

  const q = url.searchParams;
  const [chapters, boards] = await Promise.all([chaptersOf(sid, gid), listBoards()]);
  const wanted = new Set(parseIdList(q.getAll("ch")));
  const selected = chapters.filter((c) => wanted.has(c.id)); // ids of other subjects' chapters are ignored
  const type = q.get("type") === "creative" ? "creative" : "mcq";
  const board = parseBoard(q.get("board"), boards);
  const count = parseCount(q.get("n"), DEFAULT_COUNT, 1, 100);
  const form = { chapters: selected.map((c) => c.id), type, board: board?.code ?? null, count } as const;
  const base = { subject, chapters, boards, form };

  const submitted = ["type", "n", "ch", "board"].some((k) => q.has(k));
  if (!submitted) return json({ ...base, result: null });
  if (type === "creative") {
    const papers = await findCreativePapers(sid, board, count);
    const none: Awaited<ReturnType<typeof findMcqQuestions>>["questions"] = [];
    return json({ ...base, result: { type, papers, questions: none, sources: [] as string[], available: papers.length } });
  }
  const found = await findMcqQuestions({
    subjectId: sid,
    chapters: selected.length ? selected : chapters,
    wholeSyllabus: selected.length === 0,
    board,
    limit: count,
  });
  const none: Awaited<ReturnType<typeof findCreativePapers>> = [];
  return json({ ...base, result: { type, papers: none, ...found } });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `প্রশ্ন তৈরি করুন — ${data.subject.sname} (${data.subject.gname})` : null,
    description: data
      ? `${data.subject.sname} (${data.subject.gname}): অধ্যায় বেছে বহুনির্বাচনি বা সৃজনশীল প্রশ্নপত্র তৈরি করুন, উত্তরমালাসহ A4 কাগজে প্রিন্ট করুন।`
      : null,
    image: data?.subject.simage,
  });

export default function MakeQuestionTool() {
  const { subject, chapters, boards, form, result } = useLoaderData<typeof loader>();
  const base = `/make-question/${encodeURIComponent(subject.slug)}/${subject.id}/${subject.gid}`;
  const defaultTitle = `${subject.sname} (${subject.gname}) — ${KIND_LABEL[form.type]} প্রশ্নপত্র`;
  return (
    <div className="container">
      <Breadcrumb
        items={[
          { href: "/questionpaper", label: "Make Question" },
          { href: `/subject/${encodeURIComponent(subject.slug)}/${subject.id}/${subject.gid}`, label: `${subject.sname} (${subject.gname})` },
          { label: "প্রশ্ন তৈরি" },
        ]}
      />
      <PageBanner image={subject.simage} kicker={`${subject.sname} · ${subject.gname}`} title="প্রশ্ন তৈরি করুন" />

      <form method="get" action={base} className="panel mq-form" data-swap="#mq-results" aria-label="প্রশ্ন খুঁজুন">
        <fieldset>
          <legend>অধ্যায় বাছাই করুন</legend>
          {chapters.length === 0 ? (
            <p className="empty">এই বিষয়ে এখনও কোনো অধ্যায় যোগ করা হয়নি।</p>
          ) : (
            <ul className="chapter-picks">
              {chapters.map((c, i) => (
                <li key={c.id}>
                  <label>
                    <input type="checkbox" name="ch" value={c.id} defaultChecked={form.chapters.includes(c.id)} />
                    <span>
                      {toBanglaDigits(i + 1)}. {c.name}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <p className="muted">কোনো অধ্যায় না বাছলে পুরো সিলেবাস (বোর্ড প্রশ্নসহ) থেকে প্রশ্ন আসবে।</p>
        </fieldset>
        <div className="mq-row">
          <fieldset className="choice">
            <legend>প্রশ্নের ধরন</legend>
            <label>
              <input type="radio" name="type" value="mcq" defaultChecked={form.type === "mcq"} /> বহুনির্বাচনি (MCQ)
            </label>
            <label>
              <input type="radio" name="type" value="creative" defaultChecked={form.type === "creative"} /> সৃজনশীল
            </label>
          </fieldset>
          <BoardSelect boards={boards} value={form.board} />
          <label>
            <span>কতটি প্রশ্ন (১–১০০)</span>
            <input type="number" name="n" min={1} max={100} step={1} defaultValue={form.count} inputMode="numeric" />
          </label>
        </div>
        <button type="submit" className="btn mq-submit">
          প্রশ্ন খুঁজুন
        </button>
      </form>

      <section id="mq-results" aria-live="polite" aria-label="পাওয়া প্রশ্ন">
        {result === null ? null : (result.type === "mcq" ? result.questions.length : result.papers.length) === 0 ? (
          <p className="empty panel">এই বাছাইয়ে কোনো প্রশ্ন পাওয়া যায়নি। অন্য অধ্যায়, বোর্ড বা প্রশ্নের ধরন বেছে দেখুন।</p>
        ) : (
          <form method="get" action={`${base}/paper`} className="panel mq-form">
            <h2>
              {result.type === "mcq"
                ? `${toBanglaDigits(result.questions.length)}টি প্রশ্ন পাওয়া গেছে`
                : `${toBanglaDigits(result.papers.length)}টি সৃজনশীল প্রশ্নপত্র পাওয়া গেছে`}
              {result.available > result.questions.length + result.papers.length ? (
                <span className="muted"> (মোট মিলেছে {toBanglaDigits(result.available)}টি)</span>
              ) : null}
            </h2>
            {result.sources.length ? <p className="muted">উৎস: {result.sources.join("; ")}</p> : null}
            <p className="muted">যে প্রশ্নগুলো রাখতে চান না, সেগুলোর টিক তুলে দিন।</p>
            <div className="mq-row">
              <label>
                <span>প্রশ্নপত্রের শিরোনাম</span>
                <input type="text" name="title" maxLength={120} defaultValue={defaultTitle} />
              </label>
              <label>
                <span>সময় (মিনিট)</span>
                <input
                  type="number"
                  name="time"
                  min={1}
                  max={600}
                  inputMode="numeric"
                  defaultValue={result.type === "mcq" ? result.questions.length : 150}
                />
              </label>
            </div>
            {result.type === "mcq" ? (
              <McqQuestions questions={result.questions} answers="details" pick="q" />
            ) : (
              <ul className="paper-list">
                {result.papers.map((p) => (
                  <li key={p.id} className="paper-item">
                    <label className="choice">
                      <input type="checkbox" name="c" value={p.id} defaultChecked /> <span className="paper-title">{p.title}</span>
                    </label>
                    <span className="paper-meta">
                      <span>{p.boardYear}</span>
                      <a href={`/board-question/${p.subject.id}/paper/${p.id}`}>প্রশ্নপত্রটি দেখুন</a>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <button type="submit" className="btn mq-submit">
              প্রশ্নপত্র তৈরি করুন
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
