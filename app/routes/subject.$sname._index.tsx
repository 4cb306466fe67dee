import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChapterPages, pageSuffix } from "~/components/chapter-list";
import { PageBanner } from "~/components/page-banner";
import { notFound } from "~/lib/http.server";
import { seo } from "~/lib/meta";
import { parsePage } from "~/lib/papers";
import { subjectChapters, findSubjectBySlug, subjectGradesOf } from "~/models/study.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = (params.sname ?? "").toLowerCase();
  if (!/^[a-z0-9-]{1,64}$/.test(slug)) throw notFound();
  const subject = await findSubjectBySlug(slug);
  if (!subject) throw notFound();
  const url = new URL(request.url);
  // One address per subject: /subject/MATH is /subject/math.
  if (params.sname !== subject.slug) throw redirect(`/subject/${encodeURIComponent(subject.slug)}${url.search}`, 301);
  const [grades, list] = await Promise.all([subjectGradesOf(subject.id), subjectChapters(subject.id, null, parsePage(url.searchParams.get("page")))]);
  return json({ subject, grades, ...list, search: url.search });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `${data.subject.sname}${pageSuffix(data.page)}` : null,
    description: data ? `${data.subject.sname}: ${data.chapters.map((c) => c.name).join(", ")}` : null,
    image: data?.subject.simage,
  });

export default function SubjectPage() {
  const { subject, grades, ...list } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href="/home">Home</a> › <span aria-current="page">{subject.sname}</span>
      </nav>
      <PageBanner image={subject.simage} kicker="বিষয়" title={subject.sname}>
        {grades.length > 0 ? (
          <ul className="pill-list" aria-label="শ্রেণি">
            {grades.map((g) => (
              <li key={g.gid}>
                <a href={`/subject/${encodeURIComponent(subject.slug)}/${subject.id}/${g.gid}`}>{g.gname}</a>
              </li>
            ))}
          </ul>
        ) : null}
      </PageBanner>
      <ChapterPages path={`/subject/${encodeURIComponent(subject.slug)}`} list={list} />
    </div>
  );
}
