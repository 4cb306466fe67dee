// The general sidebar (spec: categories, post lists, multiple-choice sets, question papers).
import { asc, desc, eq, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { boardSubjects, categories, mcqCategories, subjects, titles } from "~/db/schema";
import { groupBy } from "~/lib/group-by";

export type GeneralSidebar = {
  categories: { subject: { sname: string; icon: string }; categories: { cid: number; name: string }[] }[];
  postList: { subject: { sname: string; icon: string }; categories: { name: string; titles: { tid: number; name: string }[] }[] }[];
  multipleChoice: { id: number; name: string }[];
  questionPaper: { sid: number; subject: string }[];
};

const LIMIT = 12;

/** Scoped to a subject when one is given (category pages), else across the site. Four queries. */
export async function generalSidebar(subjectId: number | null): Promise<GeneralSidebar> {
  const catWhere = subjectId === null ? undefined : eq(categories.subjectId, subjectId);
  const [cats, recent, mcq, papers] = await Promise.all([
    db
      .select({ cid: categories.id, name: categories.name, sname: subjects.name, icon: subjects.icon, sid: subjects.id })
      .from(categories)
      .innerJoin(subjects, eq(subjects.id, categories.subjectId))
      .where(catWhere)
      .orderBy(asc(subjects.sort), asc(subjects.id), asc(categories.sort), asc(categories.id))
      .limit(40),
    db
      .select({
        tid: titles.id,
        name: titles.name,
        cname: categories.name,
        cid: categories.id,
        sname: subjects.name,
        icon: subjects.icon,
        sid: subjects.id,
      })
      .from(titles)
      .innerJoin(categories, eq(categories.id, titles.categoryId))
      .innerJoin(subjects, eq(subjects.id, categories.subjectId))
      .where(catWhere)
      .orderBy(desc(titles.updatedAt), desc(titles.id))
      .limit(LIMIT),
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

