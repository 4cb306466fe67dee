// Page meta: the page's row in page_meta wins, then what the page itself knows, then the site defaults.
import type { MetaDescriptor } from "@remix-run/node";
import { plainText } from "~/lib/text";

export type SeoInput = {
  title?: string | null;
  description?: string | null;
  keywords?: string | null;
  image?: string | null;
  type?: "website" | "article";
};

type RootMeta = {
  site: { name: string; tagline: string; description: string; keywords: string };
  pageMeta: { title: string | null; description: string | null; keywords: string | null } | null;
  origin: string;
  path: string;
};

type MatchLike = { id: string; data?: unknown };

const clean = (s: string | null | undefined, max: number) => plainText(s ?? "", max);

export function seo(matches: MatchLike[], page: SeoInput = {}): MetaDescriptor[] {
  const root = matches.find((m) => m.id === "root")?.data as RootMeta | undefined;
  const site = root?.site ?? { name: "", tagline: "", description: "", keywords: "" };
  const db = root?.pageMeta;
  const pageTitle = clean(db?.title || page.title, 120);
  // The site's name once: staff-written titles often carry it already ("আমাদের সম্পর্কে — গণিত রিসোর্স বিডি").
  const named = !site.name || pageTitle.includes(site.name);
  const title = pageTitle ? (named ? pageTitle : `${pageTitle} | ${site.name}`) : `${site.name} — ${site.tagline}`;
  const description = clean(db?.description || page.description || site.description, 300);
  const keywords = clean(db?.keywords || page.keywords || site.keywords, 300);
  const url = root ? `${root.origin}${root.path}` : undefined;
  const image = page.image ? (page.image.startsWith("http") ? page.image : `${root?.origin ?? ""}${page.image}`) : null;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: keywords },
    { property: "og:title", content: pageTitle || title },
    { property: "og:description", content: description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: "bn_BD" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: pageTitle || title },
    { name: "twitter:description", content: description },
  ];
  if (url) tags.push({ property: "og:url", content: url }, { tagName: "link", rel: "canonical", href: url });
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  return tags;
}
