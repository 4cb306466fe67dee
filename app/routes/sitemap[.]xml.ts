import type { LoaderFunctionArgs } from "@remix-run/node";
import { orUnavailable } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { allTitleAndCategoryIds } from "~/models/study.server";

const STATIC = ["/home", "/board-question", "/exam-subpage/1", "/live/room", "/about/aboutus", "/about/author", "/about/products", "/contact"];

/** Every public page a search engine (or a teacher's link checker) should know about. */
export async function loader(_: LoaderFunctionArgs) {
  return orUnavailable(sitemap);
}

async function sitemap() {
  const origin = siteOrigin();
  const { categories, titles, subjects } = await allTitleAndCategoryIds();
  const urls = [
    ...STATIC.map((p) => `<url><loc>${origin}${p}</loc></url>`),
    ...subjects.map((s) => `<url><loc>${origin}/subject/${encodeURIComponent(s.slug)}</loc></url>`),
    ...categories.map((c) => `<url><loc>${origin}/category/${c.id}</loc></url>`),
    ...titles.map(
      (t) => `<url><loc>${origin}/title/${t.id}</loc><lastmod>${new Date(t.updatedAt).toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
