import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChapterPages, pageSuffix } from "~/components/chapter-list";
import { PageBanner } from "~/components/page-banner";
import { requireSubjectGrade } from "~/utils/subject-grade.server";
import { seo } from "~/lib/meta";
import { parsePage } from "~/lib/papers";
import { subjectChapters, subjectGradesOf } from "~/models/study.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { subject, sid, gid } = await requireSubjectGrade({ params, request }, "subject");
  const url = new URL(request.url);
  const [grades, list] = await Promise.all([subjectGradesOf(sid), subjectChapters(sid, gid, parsePage(url.searchParams.get("page")))]);
  return json({ subject, grades, ...list, search: url.search });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `${data.subject.sname} (${data.subject.gname})${pageSuffix(data.page)}` : null,
    description: data ? `${data.subject.sname} ${data.subject.gname}: ${data.chapters.map((c) => c.name).join(", ")}` : null,
    image: data?.subject.simage,
  });

export default function SubjectGradePage() {
  const { subject, grades, ...list } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href="/home">Home</a> › <a href={`/subject/${encodeURIComponent(subject.slug)}`}>{subject.sname}</a> ›{" "}
        <span aria-current="page">{subject.gname}</span>
      </nav>
      <PageBanner image={subject.simage} kicker={subject.gname} title={subject.sname}>
        <ul className="pill-list" aria-label="শ্রেণি">
          {grades.map((g) => (
            <li key={g.gid}>
              <a
                href={`/subject/${encodeURIComponent(subject.slug)}/${subject.id}/${g.gid}`}
                aria-current={g.gid === subject.gid ? "page" : undefined}
              >
                {g.gname}
              </a>
            </li>
          ))}
          <li>
            <a href={`/make-question/${encodeURIComponent(subject.slug)}/${subject.id}/${subject.gid}`}>প্রশ্ন তৈরি করুন</a>
          </li>
        </ul>
      </PageBanner>
      <ChapterPages path={`/subject/${encodeURIComponent(subject.slug)}/${subject.id}/${subject.gid}`} list={list} />
    </div>
  );
}
