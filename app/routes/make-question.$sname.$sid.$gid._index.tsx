import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StepBar } from "~/components/make-question";
import { PageBanner } from "~/components/page-banner";
import { Breadcrumb } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { readQuery } from "~/lib/input";
import { BANK_QUERY_LISTS, BankFilterQuery, filterPairs, stepQuery } from "~/lib/make-question";
import { seo } from "~/lib/meta";
import { chaptersWithCounts } from "~/models/make-question.server";
import { requireSubjectGrade } from "~/utils/subject-grade.server";
import papersStyles from "~/styles/papers.css";
import makeQuestionStyles from "~/styles/make-question.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: papersStyles },
  { rel: "stylesheet", href: makeQuestionStyles },
];

/**
 * Step 1 of the make-question tool, /make-question/{sname}/{sid}/{gid}: the chapters of the subject in
 * the grade with how many MCQ and creative questions each has. The form GETs step 2
 * (.../questions?ch=..). ?ch= ticks chapters (the way back from step 2). The first version's links
 * (?type=&board=&n=) go on to step 2 with the same chapters, type and board.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { subject, sid, gid, base } = await requireSubjectGrade({ params, request }, "make-question");
  const q = new URL(request.url).searchParams;
  const filters = readQuery(BankFilterQuery, q, BANK_QUERY_LISTS);
  if (q.has("type") || q.has("n") || q.has("board")) {
    throw redirect(`${base}/questions${stepQuery(filterPairs(filters))}`, 301);
  }
  const chapters = await chaptersWithCounts(sid, gid);
  const ticked = filters.chapters.filter((id) => chapters.some((c) => c.id === id));
  return json({ subject, base, chapters, ticked });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `প্রশ্ন তৈরি করুন — ${data.subject.sname} (${data.subject.gname})` : null,
    description: data
      ? `${data.subject.sname} (${data.subject.gname}): অধ্যায় বেছে বোর্ড প্রশ্নব্যাংক থেকে বহুনির্বাচনি ও সৃজনশীল প্রশ্নপত্র তৈরি করুন — একাধিক সেট, প্রতি সেটের উত্তরমালা ও OMR শিটসহ, A4 কাগজে প্রিন্টের জন্য।`
      : null,
    image: data?.subject.simage,
  });

export default function MakeQuestionChapters() {
  const { subject, base, chapters, ticked } = useLoaderData<typeof loader>();
  const total = chapters.reduce((n, c) => ({ mcq: n.mcq + c.mcq, creative: n.creative + c.creative }), { mcq: 0, creative: 0 });
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
      <StepBar current={1} hrefs={[null, null, null, null]} />

      <form method="get" action={`${base}/questions`} className="panel mq-form" aria-labelledby="chapters-h">
        <h2 id="chapters-h">ধাপ ১: অধ্যায় বাছাই করুন</h2>
        {chapters.length === 0 ? (
          <p className="empty">এই বিষয়ে এখনও কোনো অধ্যায় বা প্রশ্ন যোগ করা হয়নি।</p>
        ) : (
          <>
            <p className="muted">
              এক বা একাধিক অধ্যায় বাছুন। কোনো অধ্যায় না বাছলে পুরো সিলেবাস থেকে প্রশ্ন দেখানো হবে (মোট{" "}
              {toBanglaDigits(total.mcq)}টি বহুনির্বাচনি, {toBanglaDigits(total.creative)}টি সৃজনশীল)।
            </p>
            <table className="mq-chapters">
              <thead>
                <tr>
                  <th scope="col">অধ্যায়</th>
                  <th scope="col">বহুনির্বাচনি</th>
                  <th scope="col">সৃজনশীল</th>
                </tr>
              </thead>
              <tbody>
                {chapters.map((c, i) => (
                  <tr key={c.id}>
                    <td>
                      <label>
                        <input type="checkbox" name="ch" value={c.id} defaultChecked={ticked.includes(c.id)} />{" "}
                        <span>{c.id === 0 ? c.name : `${toBanglaDigits(i + 1)}. ${c.name}`}</span>
                      </label>
                    </td>
                    <td className="num">{toBanglaDigits(c.mcq)}</td>
                    <td className="num">{toBanglaDigits(c.creative)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        <button type="submit" className="btn mq-submit">
          পরবর্তী ধাপ: প্রশ্ন বাছাই →
        </button>
      </form>
    </div>
  );
}
