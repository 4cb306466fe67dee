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
import { COPYRIGHT_OWNER_KEY, textOrDefault, textRowKey } from "~/lib/site-texts";
import { siteTextsFrom, type SiteTexts } from "~/models/site-texts.server";
import { CONTENT_VERSION_KEY, contentVersion, forgetKeptContent, onContentChange } from "~/models/content-version.server";

// The content version and kept content have their own module; its names are still exported here so
// that code written against this module keeps working.
export { bumpContentVersion, contentVersion, keptPerKeyUntilContentChange, keptUntilContentChange, onContentChange } from "~/models/content-version.server";

export type NavEntry = { sid: number; gid: number; sname: string; gname: string; slug: string };
export type SiteInfo = { name: string; tagline: string; description: string; keywords: string };
export type FooterContent = {
  contactAddress: string;
  contactEmail: string;
  contactPhone: string;
  tweets: { handle: string; text: string; time: string }[];
  updates: { day: string; month: string; text: string }[];
  /** The copyright line's owner (/gradmin/site-texts; the spec's placeholder until staff name one). */
  copyrightOwner?: string;
};
export type SocialMap = Partial<Record<SocialPlatform, string>>;
export type Shell = { site: SiteInfo; nav: NavEntry[]; footer: FooterContent; social: SocialMap };

export const SITE_DEFAULTS: SiteInfo = {
  name: "গণিত রিসোর্স বিডি",
  tagline: "learn mathematics and english",
  description: "গণিত, বিজ্ঞান ও ইংরেজির পাঠ, বোর্ড প্রশ্ন, বহুনির্বাচনি অনুশীলন ও ভর্তি প্রস্তুতি — বিনামূল্যে।",
  keywords: "গণিত, উচ্চতর গণিত, পদার্থবিজ্ঞান, রসায়ন, বোর্ড প্রশ্ন, MCQ, ভর্তি প্রস্তুতি",
};

type ShellEntry = { version: string; checkedAt: number; value: Promise<Loaded> };
type Loaded = { shell: Shell; version: string; pageMeta: Map<string, PageMetaRow>; texts: SiteTexts };
let cached: ShellEntry | null = null;
onContentChange(() => (cached = null));

/** How long the shell is used without asking the database for the content version again. */
const VERSION_CHECK_MS = 1000;

/** Empties the shell and every other per-process cache of content (as a new content version does). */
export function clearShellCache() {
  forgetKeptContent();
}

/**
 * The shell and the page meta overrides, read again only when the content version has changed. The
 * version is read at most once a second per process (a save on this process clears the cache at
 * once; other processes see it within the second, and then empty their other content caches too),
 * so a warm page asks nothing of the database here.
 */
function getShellEntry(): Promise<Loaded> {
  const now = Date.now();
  if (cached && now - cached.checkedAt < VERSION_CHECK_MS) return cached.value;
  if (cached) {
    const entry = cached;
    entry.checkedAt = now;
    return contentVersion().then((version) => {
      if (cached === entry && entry.version === version) return entry.value;
      if (entry.version !== version) forgetKeptContent();
      return load();
    });
  }
  return load();
}

function load(): Promise<Loaded> {
  const value = loadShell();
  const entry: ShellEntry = { version: "", checkedAt: Date.now(), value };
  cached = entry;
  // The version comes with the settings it belongs to (one read less on a cold cache).
  value.then((r) => (entry.version = r.version)).catch(() => {});
  // A failed load must not be cached: the next request tries the database again.
  value.catch(() => {
    if (cached === entry) cached = null;
  });
  return value;
}

export async function getShell(): Promise<Shell> {
  return (await getShellEntry()).shell;
}

async function loadShell(): Promise<Loaded> {
  const [settings, nav, footerRows, tweets, updates, social, metaRows] = await Promise.all([
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
    db.select({ path: pageMeta.path, title: pageMeta.title, description: pageMeta.description, keywords: pageMeta.keywords }).from(pageMeta),
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
      copyrightOwner: textOrDefault(COPYRIGHT_OWNER_KEY, s.get(textRowKey(COPYRIGHT_OWNER_KEY))),
    },
    social: Object.fromEntries(social.filter((r) => /^https?:\/\//i.test(r.url)).map((r) => [r.platform, r.url])),
  };
  const pageMetaByPath = new Map(metaRows.map(({ path, ...row }) => [path, row]));
  return { shell, version: s.get(CONTENT_VERSION_KEY) ?? "0", pageMeta: pageMetaByPath, texts: siteTextsFrom(settings) };
}

/** The site texts and admission rules staff set (/gradmin/site-texts), read with the shell: no query of their own. */
export async function getSiteTexts(): Promise<SiteTexts> {
  return (await getShellEntry()).texts;
}

export type PageMetaRow = { title: string | null; description: string | null; keywords: string | null };

/** Staff-set title/description/keywords for one path (read with the shell: no query of its own). */
export async function getPageMeta(path: string): Promise<PageMetaRow | null> {
  return (await getShellEntry()).pageMeta.get(path.slice(0, 255)) ?? null;
}

export async function pingDatabase(): Promise<void> {
  await db.execute(sql`select 1`);
}
