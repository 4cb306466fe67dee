// Subjects, chapters (categories) and titles: home, subject, category and title pages, and sidebars.
// Every function makes a fixed number of round trips, whatever the data size.
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { db, prepared } from "~/db/client.server";
import { groupBy } from "~/lib/group-by";
import { keptPerKeyUntilContentChange } from "~/models/content-version.server";
import { isPublished, isShown } from "~/models/publication.server";
import { categories, grades, subjectGrades, subjects, titles } from "~/db/schema";

export type SubjectRef = { id: number; sname: string; slug: string; simage: string | null; icon: string };
export type CategoryCard = { id: number; name: string; image: string | null };
export type TitleLink = { id: number; name: string };

const subjectCols = { id: subjects.id, sname: subjects.name, slug: subjects.slug, simage: subjects.image, icon: subjects.icon };

/**
 * Home: every subject with its first `perSubject` chapters and its chapter count (the subject page
 * has them all). Two queries; the chapters' is cut to `perSubject` a subject in the database, so it
 * sends the same few rows however many chapters there are. Kept until a staff save.
 */
const keptHomeSubjects = keptPerKeyUntilContentChange(loadHomeSubjects, 4);
export const homeSubjects = (perSubject = 12) => keptHomeSubjects(perSubject);

async function loadHomeSubjects(perSubject: number) {
  const ranked = db
    .select({
      id: categories.id,
      subjectId: categories.subjectId,
      name: categories.name,
      image: categories.image,
      sort: categories.sort,
      rank: sql<number>`row_number() over (partition by ${categories.subjectId} order by ${categories.sort}, ${categories.id})`.as("rank_in_subject"),
      total: sql<number>`count(*) over (partition by ${categories.subjectId})`.as("subject_total"),
    })
    .from(categories)
    .as("ranked");
  const [subs, cats] = await Promise.all([
    db.select(subjectCols).from(subjects).orderBy(asc(subjects.sort), asc(subjects.id)),
    db
      .select({ id: ranked.id, subjectId: ranked.subjectId, name: ranked.name, image: ranked.image, total: ranked.total })
      .from(ranked)
      .where(lte(ranked.rank, perSubject))
      .orderBy(asc(ranked.subjectId), asc(ranked.sort), asc(ranked.id)),
  ]);
  const bySubject = groupBy(cats, (c) => c.subjectId);
  return subs.map((s) => {
    const first = bySubject.get(s.id) ?? [];
    return {
      ...s,
      total: first.length ? Number(first[0].total) : 0,
      categories: first.map(({ id, name, image }) => ({ id, name, image })),
    };
  });
}

export async function findSubjectBySlug(slug: string) {
  const [s] = await db.select(subjectCols).from(subjects).where(eq(subjects.slug, slug.slice(0, 64))).limit(1);
  return s ?? null;
}

/** A subject in a grade, or null; kept per pair until a staff save (a URL's subject and grade). */
export const findSubjectGrade = (sid: number, gid: number) => keptSubjectGrade(`${sid}:${gid}`);

const keptSubjectGrade = keptPerKeyUntilContentChange(async (key: string) => {
  const [sid, gid] = key.split(":").map(Number);
  const [row] = await db
    .select({ ...subjectCols, gid: grades.id, gname: grades.name })
    .from(subjectGrades)
    .innerJoin(subjects, eq(subjects.id, subjectGrades.subjectId))
    .innerJoin(grades, eq(grades.id, subjectGrades.gradeId))
    .where(and(eq(subjectGrades.subjectId, sid), eq(subjectGrades.gradeId, gid)))
    .limit(1);
  return row ?? null;
}, 1000);

/** The grades a subject is offered in (for the subject page's grade links); kept until a staff save. */
export const subjectGradesOf = keptPerKeyUntilContentChange(
  (sid: number) =>
    db
      .select({ gid: grades.id, gname: grades.name })
      .from(subjectGrades)
      .innerJoin(grades, eq(grades.id, subjectGrades.gradeId))
      .where(eq(subjectGrades.subjectId, sid))
      .orderBy(asc(grades.sort), asc(grades.id)),
  1000,
);

/** A subject page's chapters (chaptersWithTitles with its defaults), kept per subject, grade and page until a staff save. */
export const subjectChapters = (sid: number, gid: number | null, page: number) => keptSubjectChapters(`${sid}:${gid ?? ""}:${page}`);

const keptSubjectChapters = keptPerKeyUntilContentChange((key: string) => {
  const [sid, gid, page] = key.split(":");
  return chaptersWithTitles(Number(sid), gid === "" ? null : Number(gid), Number(page));
}, 1000);

/** Titles a chapter shows on a subject page; its own page (/category/{id}) lists them all. */
export const SUBJECT_TITLES_PER_CHAPTER = 5;
/** Chapters a subject page shows; more are on ?page=2 and on. */
export const SUBJECT_CHAPTERS_PER_PAGE = 30;

/**
 * One page of a subject's chapters, each with its number of titles and its first
 * SUBJECT_TITLES_PER_CHAPTER titles: for a grade (chapters of that grade and the ones shared by every
 * grade) or for all grades. Two queries (the chapters with their total, then their titles, cut in the
 * database), so a subject of 300 chapters of 500 titles each sends 30 + 150 rows. A page beyond the
 * end shows the last one (one more query, only for such a URL).
 */
export async function chaptersWithTitles(
  sid: number,
  gid: number | null,
  page = 1,
  { perPage = SUBJECT_CHAPTERS_PER_PAGE, perChapter = SUBJECT_TITLES_PER_CHAPTER } = {},
) {
  const where =
    gid === null
      ? eq(categories.subjectId, sid)
      : and(eq(categories.subjectId, sid), or(eq(categories.gradeId, gid), isNull(categories.gradeId)));
  const pageOf = (n: number) =>
    db
      .select({ id: categories.id, name: categories.name, image: categories.image, gradeId: categories.gradeId, total: sql<number>`count(*) over ()` })
      .from(categories)
      .where(where)
      .orderBy(asc(categories.sort), asc(categories.id))
      .limit(perPage)
      .offset((n - 1) * perPage);
  let cats = await pageOf(page);
  let total = cats.length ? Number(cats[0].total) : 0;
  if (!cats.length && page > 1) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(categories).where(where);
    total = Number(n);
    page = Math.max(1, Math.ceil(total / perPage));
    cats = total ? await pageOf(page) : [];
  }
  const ranked = db
    .select({
      id: titles.id,
      name: titles.name,
      categoryId: titles.categoryId,
      sort: titles.sort,
      rank: sql<number>`row_number() over (partition by ${titles.categoryId} order by ${titles.sort}, ${titles.id})`.as("rank_in_chapter"),
      total: sql<number>`count(*) over (partition by ${titles.categoryId})`.as("chapter_total"),
    })
    .from(titles)
    .where(and(inArray(titles.categoryId, cats.length ? cats.map((c) => c.id) : [0]), isPublished(titles)))
    .as("ranked");
  const ts = cats.length
    ? await db
        .select({ id: ranked.id, name: ranked.name, categoryId: ranked.categoryId, total: ranked.total })
        .from(ranked)
        .where(lte(ranked.rank, perChapter))
        .orderBy(asc(ranked.categoryId), asc(ranked.sort), asc(ranked.id))
    : [];
  const byCat = groupBy(ts, (t) => t.categoryId);
  const chapters = cats.map(({ total: _, ...c }) => {
    const first = byCat.get(c.id) ?? [];
    return { ...c, count: first.length ? Number(first[0].total) : 0, titles: first.map(({ id, name }) => ({ id, name })) };
  });
  return { chapters, total, page, pageCount: Math.max(1, Math.ceil(total / perPage)), first: (page - 1) * perPage + 1 };
}

/** The category page payload of the spec: category with subject, its titles, sibling categories; kept until a staff save. */
export const getCategoryPage = keptPerKeyUntilContentChange(readCategoryPage, 1000);

async function readCategoryPage(cid: number) {
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      image: categories.image,
      subject: subjectCols,
    })
    .from(categories)
    .innerJoin(subjects, eq(subjects.id, categories.subjectId))
    .where(eq(categories.id, cid))
    .limit(1);
  if (!row) return null;
  const [titleRows, siblingCategories] = await Promise.all([
    db
      .select({ id: titles.id, tname: titles.name, image: titles.image })
      .from(titles)
      .where(and(eq(titles.categoryId, cid), isPublished(titles)))
      .orderBy(asc(titles.sort), asc(titles.id)),
    db
      .select({ id: categories.id, name: categories.name, image: categories.image })
      .from(categories)
      .where(and(eq(categories.subjectId, row.subject.id), ne(categories.id, cid)))
      .orderBy(asc(categories.sort), asc(categories.id)),
  ]);
  return { category: row, titles: titleRows, siblingCategories };
}

/** A title with its chapter and subject (one statement, made once: see prepared). */
const titleRow = prepared((db) =>
  db
    .select({
      id: titles.id,
      name: titles.name,
      image: titles.image,
      content: titles.content,
      contentHtml: titles.contentHtml,
      updatedAt: titles.updatedAt,
      status: titles.status,
      category: { id: categories.id, name: categories.name },
      subject: subjectCols,
    })
    .from(titles)
    .innerJoin(categories, eq(categories.id, titles.categoryId))
    .innerJoin(subjects, eq(subjects.id, categories.subjectId))
    .where(eq(titles.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
);

/**
 * A published title with its chapter and subject, plus the previous and next titles of the chapter;
 * null when there is none. `preview`: a draft or scheduled title too (a staff preview of its page).
 */
export async function getTitle(id: number, { preview = false }: { preview?: boolean } = {}) {
  const [row] = await titleRow().execute({ id });
  if (!row || (!preview && !isShown(row.status))) return null;
  const siblings = await titleOrder(row.category.id);
  const i = siblings.findIndex((t) => t.id === id);
  if (i < 0) return { ...row, prev: null, next: null };
  return { ...row, prev: siblings[i - 1] ?? null, next: siblings[i + 1] ?? null };
}

/** A chapter's titles in their order (a title page's previous and next), kept until a staff save. */
const titleOrder = keptPerKeyUntilContentChange(
  async (categoryId: number) =>
    db
      .select({ id: titles.id, name: titles.name })
      .from(titles)
      .where(and(eq(titles.categoryId, categoryId), isPublished(titles)))
      .orderBy(asc(titles.sort), asc(titles.id)),
  1000,
);

export type SingleSidebarBlock = {
  subject: { id: number; sname: string; slug: string; icon: string };
  /** `titles` is null for a chapter whose titles are not listed (see SIDEBAR_ALL_TITLES_MAX). */
  categories: { cid: number; name: string; count: number; titles: { tid: number; name: string }[] | null }[];
};

/**
 * A subject with more titles than this lists only the open chapter's; its other chapters link to
 * their own pages (which list their titles). A subject of 2,000 titles would otherwise put 2,000
 * links (about 450 KB) on every one of its title pages.
 */
export const SIDEBAR_ALL_TITLES_MAX = 150;

/**
 * The single sidebar: subject blocks with their chapters (and each chapter's number of titles) and
 * the titles (one subject, or all). Three queries, whatever the number of titles, made once per
 * subject and open chapter until a staff save (every title page of a chapter shows the same one).
 */
export function singleSidebar(subjectId: number | null, openCategoryId?: number): Promise<SingleSidebarBlock[]> {
  return keptSingleSidebar(`${subjectId ?? ""}:${openCategoryId ?? ""}`);
}

const keptSingleSidebar = keptPerKeyUntilContentChange((key: string) => {
  const [subject, open] = key.split(":");
  return loadSingleSidebar(subject ? Number(subject) : null, open ? Number(open) : undefined);
}, 1000);

async function loadSingleSidebar(subjectId: number | null, openCategoryId?: number): Promise<SingleSidebarBlock[]> {
  const subs = await db
    .select({ id: subjects.id, sname: subjects.name, slug: subjects.slug, icon: subjects.icon })
    .from(subjects)
    .where(subjectId === null ? undefined : eq(subjects.id, subjectId))
    .orderBy(asc(subjects.sort), asc(subjects.id));
  if (!subs.length) return [];
  const cats = await db
    .select({
      cid: categories.id,
      name: categories.name,
      subjectId: categories.subjectId,
      count: sql<number>`count(${titles.id})`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(titles, and(eq(titles.categoryId, categories.id), isPublished(titles)))
    .where(inArray(categories.subjectId, subs.map((s) => s.id)))
    .groupBy(categories.id)
    .orderBy(asc(categories.sort), asc(categories.id));
  const all = cats.reduce((n, c) => n + c.count, 0) <= SIDEBAR_ALL_TITLES_MAX;
  const listed = all ? cats.map((c) => c.cid) : cats.filter((c) => c.cid === openCategoryId).map((c) => c.cid);
  const ts = listed.length
    ? await db
        .select({ tid: titles.id, name: titles.name, categoryId: titles.categoryId })
        .from(titles)
        .where(and(inArray(titles.categoryId, listed), isPublished(titles)))
        .orderBy(asc(titles.sort), asc(titles.id))
    : [];
  const titlesByCat = groupBy(ts, (t) => t.categoryId);
  const catsBySubject = groupBy(cats, (c) => c.subjectId);
  return subs.map((s) => ({
    subject: s,
    categories: (catsBySubject.get(s.id) ?? []).map((c) => ({
      cid: c.cid,
      name: c.name,
      count: c.count,
      titles: listed.includes(c.cid) || c.count === 0 ? (titlesByCat.get(c.cid) ?? []).map(({ tid, name }) => ({ tid, name })) : null,
    })),
  }));
}

export async function allTitleAndCategoryIds() {
  const [cats, ts, subs] = await Promise.all([
    db.select({ id: categories.id }).from(categories),
    db.select({ id: titles.id, updatedAt: titles.updatedAt }).from(titles).where(isPublished(titles)),
    db.select({ id: subjects.id, slug: subjects.slug }).from(subjects),
  ]);
  return { categories: cats, titles: ts, subjects: subs };
}

/**
 * The subject+grade a /{section}/{sname}/{sid}/{gid} URL names: its row, the URL's canonical start
 * (`base`) and whether `sname` spells the name as that does; null when there is no such pair.
 */
export async function subjectGradeAt({ sname, sid, gid }: { sname?: string; sid: number; gid: number }, section: string) {
  const subject = await findSubjectGrade(sid, gid);
  if (!subject) return null;
  const base = `/${section}/${encodeURIComponent(subject.slug)}/${sid}/${gid}`;
  return { subject, sid, gid, base, canonical: sname === subject.slug };
}
