import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { PageBanner } from "~/components/page-banner";
import { FollowUs, SingleSidebar } from "~/components/sidebars";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { absoluteImage, CONTENT_ASSET_BASE } from "~/lib/image-path";
import { seo } from "~/lib/meta";
import { plainText } from "~/lib/text";
import { useRootData } from "~/components/root-data";
import { getTitle, singleSidebar } from "~/models/study.server";
import { outlineHeadings } from "~/lib/headings";
import { isStaffPreview } from "~/utils/preview.server";

export const links: LinksFunction = () => katexLinks;

const Params = z.object({ id: idText });

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { id } = paramsOr404(Params, params);
  // A draft or scheduled topic is a 404, except in a staff preview (?preview=1).
  const title = await getTitle(id, { preview: await isStaffPreview(request) });
  if (!title) throw notFound();
  const blocks = await singleSidebar(title.subject.id, title.category.id);
  const { content, contentHtml, updatedAt: _updatedAt, ...rest } = title;
  return json({
    title: { ...rest, image: absoluteImage(title.image, CONTENT_ASSET_BASE) },
    html: outlineHeadings(contentHtml ?? ""), // under the page's <h1>
    summary: plainText(content, 300),
    blocks,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `${data.title.name} — ${data.title.subject.sname}` : null,
    description: data?.summary,
    image: data?.title.image ?? data?.title.subject.simage,
    type: "article",
  });

export default function TitlePage() {
  const { title, html, blocks } = useLoaderData<typeof loader>();
  const { social } = useRootData();
  return (
    <div className="container">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href="/home">Home</a> › <a href={`/subject/${encodeURIComponent(title.subject.slug)}`}>{title.subject.sname}</a> ›{" "}
        <a href={`/category/${title.category.id}`}>{title.category.name}</a>
      </nav>
      <div className="with-sidebar">
        <article className="content panel">
          <PageBanner image={title.image} kicker={`${title.subject.sname} · ${title.category.name}`} title={title.name} />
          {/* Staff HTML, typeset on the server (KaTeX); the page's CSP blocks any script inside it. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
          <nav className="pager" aria-label="পাঠের ক্রম">
            {title.prev ? (
              <a rel="prev" href={`/title/${title.prev.id}`}>
                ← {title.prev.name}
              </a>
            ) : (
              <span />
            )}
            {title.next ? (
              <a rel="next" href={`/title/${title.next.id}`}>
                {title.next.name} →
              </a>
            ) : null}
          </nav>
        </article>
        <aside className="sidebar" aria-label="Sidebar">
          <SingleSidebar blocks={blocks} openCategoryId={title.category.id} currentTitleId={title.id} />
          <FollowUs social={social} />
        </aside>
      </div>
    </div>
  );
}
