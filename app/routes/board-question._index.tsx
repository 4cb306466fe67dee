import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CardCollection } from "~/components/card-collection";
import { PageBanner } from "~/components/page-banner";
import { Breadcrumb } from "~/components/papers";
import { seo } from "~/lib/meta";
import { listBoardSubjects } from "~/models/board-papers.server";
import papersStyles from "~/styles/papers.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: papersStyles }];

export async function loader() {
  return json({ subjects: await listBoardSubjects() });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: "বোর্ড প্রশ্নপত্র — Question Paper",
    description: data
      ? `বিগত বছরের শিক্ষা বোর্ড ও বিশ্ববিদ্যালয় ভর্তি পরীক্ষার প্রশ্নপত্র: ${data.subjects.map((s) => s.name).join(", ")}`
      : null,
  });

export default function BoardQuestionIndex() {
  const { subjects } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <Breadcrumb items={[{ label: "Question Paper" }]} />
      <PageBanner kicker="Question Paper" title="বিগত বছরের বোর্ড ও ভর্তি পরীক্ষার প্রশ্নপত্র">
        <ul className="pill-list" aria-label="সব বোর্ড প্রশ্ন">
          <li>
            <a href="/board-creative">বোর্ড সৃজনশীল প্রশ্ন</a>
          </li>
          <li>
            <a href="/board-multiq">বোর্ড বহুনির্বাচনি প্রশ্ন</a>
          </li>
        </ul>
      </PageBanner>
      <section className="panel" aria-labelledby="subjects-h">
        <h2 id="subjects-h">বিষয় বেছে নিন</h2>
        {subjects.length === 0 ? (
          <p className="empty">এখনও কোনো বিষয়ের প্রশ্নপত্র যোগ করা হয়নি।</p>
        ) : (
          <CardCollection
            mode="grid"
            label="বোর্ড প্রশ্নপত্রের বিষয়"
            items={subjects.map((s) => ({ href: `/board-question/${s.id}`, name: s.name, image: s.image }))}
          />
        )}
      </section>
    </div>
  );
}
