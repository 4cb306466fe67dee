import { siteOrigin } from "~/lib/site-origin.server";

export function loader() {
  const body = ["User-agent: *", "Disallow: /gradmin", "Disallow: /api/", `Sitemap: ${siteOrigin()}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
