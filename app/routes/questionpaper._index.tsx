import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageBanner } from "~/components/page-banner";
import { Breadcrumb } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { seo } from "~/lib/meta";
import { listExamTitles } from "~/models/make-question.server";
import { getShell } from "~/models/site.server";
import papersStyles from "~/styles/papers.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: papersStyles }];

/** /questionpaper — the make-question menu area: the tool per subject+grade, and the exams' question papers. */
export async function loader() {
  const [exams, shell] = await Promise.all([listExamTitles(), getShell()]);
  return json({ exams, nav: shell.nav });
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  seo(matches, {
    title: "প্রশ্নপত্র তৈরি ও পরীক্ষার প্রশ্নপত্র",
    description: "শিক্ষকদের জন্য: অধ্যায় বেছে বহুনির্বাচনি ও সৃজনশীল প্রশ্নপত্র তৈরি করুন, উত্তরমালাসহ প্রিন্ট করুন।",
  });

export default function QuestionPaperIndex() {
  const { exams, nav } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <Breadcrumb items={[{ label: "Make Question" }]} />
      <PageBanner kicker="Make Question" title="প্রশ্নপত্র তৈরি ও পরীক্ষার প্রশ্নপত্র" />
      <section className="panel" aria-labelledby="tool-h">
        <h2 id="tool-h">প্রশ্ন তৈরি করুন: বিষয় ও শ্রেণি বেছে নিন</h2>
        {nav.length === 0 ? (
          <p className="empty">কোনো বিষয় পাওয়া যায়নি।</p>
        ) : (
          <ul className="link-grid">
            {nav.map((n) => (
              <li key={`${n.sid}-${n.gid}`}>
                <a href={`/make-question/${encodeURIComponent(n.slug)}/${n.sid}/${n.gid}`}>
                  {n.sname} <span className="muted">({n.gname})</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="panel" aria-labelledby="exams-h">
        <h2 id="exams-h">পরীক্ষার প্রশ্নপত্র (প্রিন্টের জন্য)</h2>
        {exams.length === 0 ? (
          <p className="empty">এখনও কোনো পরীক্ষার প্রশ্নপত্র যোগ করা হয়নি।</p>
        ) : (
          <ol className="title-list">
            {exams.map((e) => (
              <li key={e.id}>
                <a href={`/questionpaper/${e.id}`}>{e.name}</a>{" "}
                <span className="muted">
                  {e.subject ? `${e.subject} · ` : ""}
                  {toBanglaDigits(e.questionCount)}টি প্রশ্ন
                  {e.fullMarks ? ` · পূর্ণমান ${toBanglaDigits(e.fullMarks)}` : ""}
                  {e.durationMinutes ? ` · ${toBanglaDigits(e.durationMinutes)} মিনিট` : ""}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
