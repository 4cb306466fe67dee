import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { AnswerKey, Breadcrumb, McqQuestions, PaperHeader, PrintHint } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { requireSubjectGrade } from "~/utils/subject-grade.server";
import { seo } from "~/lib/meta";
import { readQuery, z } from "~/lib/input";
import { countText, idList, titleText } from "~/lib/papers";
import { creativePapersByIds, paperSetIds, withQuestions } from "~/models/board-papers.server";
import { sealKeys } from "~/models/answer-keys.server";
import { loadQuestions } from "~/models/questions.server";
import papersStyles from "~/styles/papers.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: papersStyles },
];

/**
 * /make-question/{sname}/{sid}/{gid}/paper?q=1,2,3&c=7&title=...&time=30&marks=25 — the printable paper the
 * tool's first version built, kept for the links out there; it links on to the settings step, which
 * makes the paper with sets, keys and an OMR sheet. q: MCQ question ids, c: creative paper ids (comma
 * lists or repeated; non-numbers ignored; at most 200 each). The answer key prints on its own page.
 */
const PaperLink = z.object({ c: idList(), q: idList(), title: titleText, time: countText(1, 600), marks: countText(1, 1000) });

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { subject, base } = await requireSubjectGrade({ params, request }, "make-question", "/paper");
  const q = readQuery(PaperLink, new URL(request.url).searchParams, ["c", "q"]);
  // The chosen MCQs and the creative papers' own questions are read in one pass.
  const papers = await creativePapersByIds(q.c);
  const loaded = await loadQuestions({ ids: q.q, setIds: paperSetIds(papers) });
  // The key prints on its own page; a key an exam still seals is left out of it.
  const questions = await sealKeys(loaded.questions);
  const bySet = new Map(await Promise.all([...loaded.bySet].map(async ([setId, list]) => [setId, await sealKeys(list)] as const)));
  const creative = withQuestions(papers, bySet);
  const title = q.title || `${subject.sname} (${subject.gname}) — প্রশ্নপত্র`;
  const minutes = q.time;
  // One mark per MCQ question unless the teacher says otherwise; creative papers carry no marks here.
  const fullMarks = q.marks ?? (creative.length ? null : questions.length || null);
  return json({ subject, base, title, minutes, fullMarks, questions, creative });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo(matches, {
    title: data ? data.title : null,
    description: data
      ? `${data.subject.sname} (${data.subject.gname}): ${toBanglaDigits(data.questions.length)}টি বহুনির্বাচনি প্রশ্ন${data.creative.length ? ` ও ${toBanglaDigits(data.creative.length)}টি সৃজনশীল প্রশ্নপত্র` : ""}, উত্তরমালাসহ।`
      : null,
  }),
  // Every combination of ids is a URL: keep these out of search indexes.
  { name: "robots", content: "noindex" },
];

export default function MadePaper() {
  const { subject, base, title, minutes, fullMarks, questions, creative } = useLoaderData<typeof loader>();
  const empty = questions.length === 0 && creative.length === 0;
  return (
    <div className="container">
      <Breadcrumb
        items={[
          { href: "/questionpaper", label: "Make Question" },
          { href: base, label: `${subject.sname} (${subject.gname})` },
          { label: "প্রশ্নপত্র" },
        ]}
      />
      {empty ? (
        <p className="empty panel">
          কোনো প্রশ্ন বাছাই করা হয়নি। <a href={base}>প্রশ্ন বাছাই করতে ফিরে যান</a>
        </p>
      ) : (
        <>
          <PrintHint />
          <article className="paper">
            <PaperHeader title={title} subtitle={`${subject.sname} · ${subject.gname}`} fullMarks={fullMarks} minutes={minutes} />
            {questions.length ? (
              <section aria-label="বহুনির্বাচনি প্রশ্ন">
                {creative.length ? <h2>বহুনির্বাচনি প্রশ্ন</h2> : null}
                <McqQuestions questions={questions} answers="none" columns />
              </section>
            ) : null}
            {creative.map((p) => (
              <section key={p.id} className="creative-paper" aria-labelledby={`cp-${p.id}`}>
                <h2 id={`cp-${p.id}`}>
                  সৃজনশীল: {p.title} <span className="muted">[{p.boardYear}]</span>
                </h2>
                {p.contentHtml ? <div className="prose" dangerouslySetInnerHTML={{ __html: p.contentHtml }} /> : null}
                {p.questions.length ? <McqQuestions questions={p.questions} answers="none" /> : null}
              </section>
            ))}
            <AnswerKey questions={questions} title={title} />
          </article>
          <p className="no-print">
            <a href={base}>← আবার প্রশ্ন বাছাই করুন</a> ·{" "}
            <a href={`${base}/settings?${[...questions, ...creative.flatMap((p) => p.questions)].map((q) => `q=${q.id}`).join("&")}`}>
              এই প্রশ্নগুলো দিয়ে সেট, উত্তরমালা ও OMR উত্তরপত্রসহ প্রশ্নপত্র তৈরি করুন →
            </a>
          </p>
        </>
      )}
    </div>
  );
}
