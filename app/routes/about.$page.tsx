import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralSidebar } from "~/components/sidebars";
import { paramsOr404 } from "~/lib/http.server";
import { z } from "~/lib/input";
import { absoluteImage, INFO_PAGE_ASSET_BASE } from "~/lib/image-path";
import { seo } from "~/lib/meta";
import { plainText } from "~/lib/text";
import { useRootData } from "~/components/root-data";
import { getInfoPage } from "~/models/pages.server";
import { isStaffPreview } from "~/utils/preview.server";
import { generalSidebar } from "~/models/sidebar.server";
import { outlineHeadings } from "~/lib/headings";

// The spec's children of /about, their default titles and empty texts (the About page shows nothing).
const PAGES = {
  aboutus: { title: "About Us", empty: "" },
  author: { title: "Author", empty: "No author content found." },
  products: { title: "Products", empty: "No products content found." },
} as const;

type Slug = keyof typeof PAGES;
const Params = z.object({ page: z.enum(Object.keys(PAGES) as [Slug, ...Slug[]]) });

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { page: slug } = paramsOr404(Params, params);
  const preview = await isStaffPreview(request);
  const [page, sidebar] = await Promise.all([getInfoPage(slug, { preview }), generalSidebar(null)]);
  const content = outlineHeadings(page?.contentHtml?.trim() ?? ""); // under the page's <h1>
  return json({
    slug,
    title: page?.title.trim() || PAGES[slug].title,
    image: absoluteImage(page?.image, INFO_PAGE_ASSET_BASE),
    content,
    empty: PAGES[slug].empty,
    sidebar,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data?.title,
    description: data ? plainText(data.content, 250) : null,
    image: data?.image,
  });

export default function AboutPage() {
  const { title, image, content, empty, sidebar } = useLoaderData<typeof loader>();
  const { social } = useRootData();
  return (
    <div className="container with-sidebar">
      <article className="content panel">
        <h1>{title}</h1>
        {image ? <img className="info-image" src={image} alt="" width="640" height="320" /> : null}
        {content ? (
          <div className="prose" dangerouslySetInnerHTML={{ __html: content }} />
        ) : empty ? (
          <p className="empty">{empty}</p>
        ) : null}
      </article>
      <aside className="sidebar" aria-label="Sidebar">
        <GeneralSidebar data={sidebar} social={social} />
      </aside>
    </div>
  );
}
