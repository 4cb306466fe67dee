import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageBanner } from "~/components/page-banner";
import { GeneralSidebar } from "~/components/sidebars";
import { notFound, parseCategoryId } from "~/lib/http.server";
import { seo } from "~/lib/meta";
import { useRootData } from "~/components/root-data";
import { generalSidebar } from "~/models/sidebar.server";
import { getCategoryPage } from "~/models/study.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const cid = parseCategoryId(params.cid);
  // One address per chapter: /category/01 (or " 1") is /category/1.
  if (params.cid !== String(cid)) throw redirect(`/category/${cid}${new URL(request.url).search}`, 301);
  const page = await getCategoryPage(cid);
  if (!page) throw notFound();
  const sidebar = await generalSidebar(page.category.subject.id);
  return json({ ...page, sidebar });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `${data.category.name} — ${data.category.subject.sname}` : null,
    description: data
      ? `${data.category.subject.sname}: ${data.category.name} অধ্যায়ের পাঠসমূহ — ${data.titles.map((t) => t.tname).join(", ")}`
      : null,
    image: data?.category.subject.simage,
  });

export default function CategoryPage() {
  const { category, titles, siblingCategories, sidebar } = useLoaderData<typeof loader>();
  const { social } = useRootData();
  const subject = category.subject;
  return (
    <div className="container">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href="/home">Home</a> › <a href={`/subject/${encodeURIComponent(subject.slug)}`}>{subject.sname}</a> ›{" "}
        <span aria-current="page">{category.name}</span>
      </nav>
      <PageBanner image={subject.simage} kicker={subject.sname} title={category.name} />
      <div className="with-sidebar">
        <div className="content">
          <section aria-labelledby="titles-h" className="panel">
            <h2 id="titles-h">এই অধ্যায়ের পাঠ</h2>
            {titles.length === 0 ? (
              <p className="empty">No titles in this category yet.</p>
            ) : (
              <ol className="title-list">
                {titles.map((t) => (
                  <li key={t.id}>
                    <a href={`/title/${t.id}`}>{t.tname}</a>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section aria-labelledby="siblings-h" className="panel">
            <h2 id="siblings-h">categories in {subject.sname}</h2>
            {siblingCategories.length === 0 ? (
              <p className="empty">No other categories found.</p>
            ) : (
              <ul className="link-grid">
                {siblingCategories.map((c) => (
                  <li key={c.id}>
                    <a href={`/category/${c.id}`}>{c.name}</a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside className="sidebar" aria-label="Sidebar">
          <GeneralSidebar data={sidebar} social={social} />
        </aside>
      </div>
    </div>
  );
}
