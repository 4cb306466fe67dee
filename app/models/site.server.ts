// Everything the shell (navbar, footer, meta defaults) needs, read in one parallel batch.
// The batch is cached for a few seconds per process: it is on every page and changes rarely.
import { asc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  footerSettings,
  footerTweets,
  footerUpdates,
  grades,
  pageMeta,
  siteSettings,
  socialLinks,
  subjectGrades,
  subjects,
  type SocialPlatform,
} from "~/db/schema";

export type NavEntry = { sid: number; gid: number; sname: string; gname: string; slug: string };
export type SiteInfo = { name: string; tagline: string; description: string; keywords: string };
export type FooterContent = {
  contactAddress: string;
  contactEmail: string;
  contactPhone: string;
  tweets: { handle: string; text: string; time: string }[];
  updates: { day: string; month: string; text: string }[];
};
export type SocialMap = Partial<Record<SocialPlatform, string>>;
export type Shell = { site: SiteInfo; nav: NavEntry[]; footer: FooterContent; social: SocialMap };

export const SITE_DEFAULTS: SiteInfo = {
  name: "গণিত রিসোর্স বিডি",
  tagline: "learn mathematics and english",
  description: "গণিত, বিজ্ঞান ও ইংরেজির পাঠ, বোর্ড প্রশ্ন, বহুনির্বাচনি অনুশীলন ও ভর্তি প্রস্তুতি — বিনামূল্যে।",
  keywords: "গণিত, উচ্চতর গণিত, পদার্থবিজ্ঞান, রসায়ন, বোর্ড প্রশ্ন, MCQ, ভর্তি প্রস্তুতি",
};

/**
 * The content version: raised by every staff save (in the save's transaction). Caches of what pages
 * show are keyed by it, so a save shows on the next request, on every app instance.
 */
const CONTENT_VERSION_KEY = "content_version";

export async function bumpContentVersion(tx: { execute: typeof db.execute }) {
  await tx.execute(sql`
    insert into ${siteSettings} (${siteSettings.key}, ${siteSettings.value}) values (${CONTENT_VERSION_KEY}, '1')
    on duplicate key update ${siteSettings.value} = cast(${siteSettings.value} as unsigned) + 1`);
}

export async function contentVersion(): Promise<string> {
  const [row] = await db.select({ v: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, CONTENT_VERSION_KEY)).limit(1);
  return row?.v ?? "0";
}

let cached: { version: string; value: Promise<Shell> } | null = null;

export function clearShellCache() {
  cached = null;
}

/** The shell, read again only when the content version has changed (one small read per request). */
export async function getShell(): Promise<Shell> {
  if (cached) {
    const version = await contentVersion();
    if (cached?.version === version) return cached.value;
  }
  const load = loadShell();
  const value = load.then((r) => r.shell);
  const entry = { version: "", value };
  cached = entry;
  // The version comes with the settings it belongs to (one read less on a cold cache).
  load.then((r) => (entry.version = r.version)).catch(() => {});
  // A failed load must not be cached: the next request tries the database again.
  value.catch(() => {
    if (cached === entry) cached = null;
  });
  return value;
}

async function loadShell(): Promise<{ shell: Shell; version: string }> {
  const [settings, nav, footerRows, tweets, updates, social] = await Promise.all([
    db.select().from(siteSettings),
    db
      .select({ sid: subjects.id, gid: grades.id, sname: subjects.name, gname: grades.name, slug: subjects.slug })
      .from(subjectGrades)
      .innerJoin(subjects, eq(subjects.id, subjectGrades.subjectId))
      .innerJoin(grades, eq(grades.id, subjectGrades.gradeId))
      .orderBy(asc(grades.sort), asc(grades.id), asc(subjectGrades.sort), asc(subjects.sort), asc(subjects.id)),
    db.select().from(footerSettings).where(eq(footerSettings.id, 1)),
    db.select().from(footerTweets).orderBy(asc(footerTweets.sort), asc(footerTweets.id)),
    db.select().from(footerUpdates).orderBy(asc(footerUpdates.sort), asc(footerUpdates.id)),
    db.select().from(socialLinks),
  ]);
  const s = new Map(settings.map((r) => [r.key, r.value]));
  const pick = (k: string, d: string) => (s.get(k) || "").trim() || d;
  const f = footerRows[0];
  const shell: Shell = {
    site: {
      name: pick("site_name", SITE_DEFAULTS.name),
      tagline: pick("tagline", SITE_DEFAULTS.tagline),
      description: pick("default_description", SITE_DEFAULTS.description),
      keywords: pick("default_keywords", SITE_DEFAULTS.keywords),
    },
    nav,
    footer: {
      contactAddress: f?.contactAddress ?? "",
      contactEmail: f?.contactEmail ?? "",
      contactPhone: f?.contactPhone ?? "",
      tweets: tweets.map(({ handle, text, time }) => ({ handle, text, time })),
      updates: updates.map(({ day, month, text }) => ({ day, month, text })),
    },
    social: Object.fromEntries(social.filter((r) => /^https?:\/\//i.test(r.url)).map((r) => [r.platform, r.url])),
  };
  return { shell, version: s.get(CONTENT_VERSION_KEY) ?? "0" };
}

export type PageMetaRow = { title: string | null; description: string | null; keywords: string | null };

export async function getPageMeta(path: string): Promise<PageMetaRow | null> {
  const [row] = await db
    .select({ title: pageMeta.title, description: pageMeta.description, keywords: pageMeta.keywords })
    .from(pageMeta)
    .where(eq(pageMeta.path, path.slice(0, 255)))
    .limit(1);
  return row ?? null;
}

export async function pingDatabase(): Promise<void> {
  await db.execute(sql`select 1`);
}
