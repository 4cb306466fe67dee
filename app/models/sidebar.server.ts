// The general sidebar (spec: categories, post lists, multiple-choice sets, question papers).
import { and, asc, desc, eq, isNull, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { boardSubjects, categories, mcqCategories, subjects, titles } from "~/db/schema";
import { groupBy } from "~/lib/group-by";
import { keptPerKeyUntilContentChange } from "~/models/content-version.server";
import { isPublished } from "~/models/publication.server";

export type GeneralSidebar = {
  categories: { subject: { sname: string; icon: string }; categories: { cid: number; name: string }[] }[];
  postList: { subject: { sname: string; icon: string }; categories: { name: string; titles: { tid: number; name: string }[] }[] }[];
  multipleChoice: { id: number; name: string }[];
  questionPaper: { sid: number; subject: string }[];
};

const LIMIT = 12;

/**
 * Scoped to a subject when one is given (category pages), else across the site. Four queries, made
 * once per subject until a staff save changes the content (the lists are the same on every page).
 */
export const generalSidebar = keptPerKeyUntilContentChange(loadGeneralSidebar);

async function loadGeneralSidebar(subjectId: number | null): Promise<GeneralSidebar> {
  const catWhere = subjectId === null ? undefined : eq(categories.subjectId, subjectId);
  const [cats, recent, mcq, papers] = await Promise.all([
    db
      .select({ cid: categories.id, name: categories.name, sname: subjects.name, icon: subjects.icon, sid: subjects.id })
      .from(categories)
      .innerJoin(subjects, eq(subjects.id, categories.subjectId))
      .where(catWhere)
      .orderBy(asc(subjects.sort), asc(subjects.id), asc(categories.sort), asc(categories.id))
      .limit(40),
    recentTitles(catWhere),
    db
      .select({ id: mcqCategories.id, name: mcqCategories.name })
      .from(mcqCategories)
      .where(isNull(mcqCategories.parentId))
      .orderBy(asc(mcqCategories.sort), asc(mcqCategories.id))
      .limit(LIMIT),
    db
      .select({ sid: boardSubjects.id, subject: boardSubjects.name })
      .from(boardSubjects)
      .orderBy(asc(boardSubjects.sort), asc(boardSubjects.id))
      .limit(LIMIT),
  ]);
  const catsBySubject = [...groupBy(cats, (c) => c.sid).values()].map((list) => ({
    subject: { sname: list[0].sname, icon: list[0].icon },
    categories: list.map(({ cid, name }) => ({ cid, name })),
  }));
  const postList = [...groupBy(recent, (t) => t.sid).values()].map((list) => ({
    subject: { sname: list[0].sname, icon: list[0].icon },
    categories: [...groupBy(list, (t) => t.cid).values()].map((ts) => ({
      name: ts[0].cname,
      titles: ts.map(({ tid, name }) => ({ tid, name })),
    })),
  }));
  return { categories: catsBySubject, postList, multipleChoice: mcq, questionPaper: papers };
}

/**
 * The newest topics with their chapter and subject. Across the site the 12 newest ids come first,
 * from the (updated_at, id) index, and only they are joined: joined first, MariaDB sorted every
 * topic (50,000 of them on the large data: 0.2 s a page). Every topic has a chapter and a subject
 * (foreign keys), so the rows are the same.
 */
function recentTitles(catWhere: SQL | undefined) {
  const columns = {
    tid: titles.id,
    name: titles.name,
    cname: categories.name,
    cid: categories.id,
    sname: subjects.name,
    icon: subjects.icon,
    sid: subjects.id,
  };
  if (catWhere) {
    return db
      .select(columns)
      .from(titles)
      .innerJoin(categories, eq(categories.id, titles.categoryId))
      .innerJoin(subjects, eq(subjects.id, categories.subjectId))
      .where(and(catWhere, isPublished(titles)))
      .orderBy(desc(titles.updatedAt), desc(titles.id))
      .limit(LIMIT);
  }
  const newest = db
    .select({ id: titles.id, at: titles.updatedAt })
    .from(titles)
    // Drafts are few: reading the index newest first and skipping them still stops after 12 rows.
    .where(isPublished(titles))
    .orderBy(desc(titles.updatedAt), desc(titles.id))
    .limit(LIMIT)
    .as("newest");
  return db
    .select(columns)
    .from(newest)
    .innerJoin(titles, eq(titles.id, newest.id))
    .innerJoin(categories, eq(categories.id, titles.categoryId))
    .innerJoin(subjects, eq(subjects.id, categories.subjectId))
    .orderBy(desc(newest.at), desc(newest.id));
}
