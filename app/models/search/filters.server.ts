// What the results page lists besides results: the subject+grade and year filters' links, and the
// topics the empty page offers. Each is one query, kept until a staff save.
import { eq, sql } from "drizzle-orm";
// Public reads, raw SQL: on this process's replica when there is one.
import { replica as db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { boardPapers } from "~/db/schema";
import { keptUntilContentChange } from "~/models/content-version.server";
import { rowsOf } from "./indexer.server";

/** Subjects offered per grade, with names: the subject+grade filter's links. Kept until a staff save. */
export const listSubjectGrades = keptUntilContentChange(async () =>
  db
    .select({ subjectId: schema.subjects.id, gradeId: schema.grades.id, subject: schema.subjects.name, grade: schema.grades.name, slug: schema.subjects.slug })
    .from(schema.subjectGrades)
    .innerJoin(schema.subjects, eq(schema.subjects.id, schema.subjectGrades.subjectId))
    .innerJoin(schema.grades, eq(schema.grades.id, schema.subjectGrades.gradeId))
    .orderBy(schema.grades.sort, schema.grades.id, schema.subjectGrades.sort, schema.subjects.sort, schema.subjects.id),
);

/** The 20 latest years board papers exist for, newest first (the year filter's links). Kept until a staff save. */
export const listPaperYears = keptUntilContentChange(async () => {
  const rows = await db.selectDistinct({ year: boardPapers.year }).from(boardPapers).orderBy(sql`${boardPapers.year} desc`).limit(20);
  return rows.map((r) => r.year);
});

/**
 * A first topic of each subject, for the empty page (there are no reading counts to call any
 * "popular"): the subject's first chapter's first topic, for the first 12 subjects. One query, one
 * row per subject; kept until a staff save.
 */
export const starterTopics = keptUntilContentChange(async () => {
  // Each step reads an index in order and stops at the first row: subjects, their first chapter
  // that has published topics (categories_subject_idx), its first one (titles_category_idx).
  const rows = rowsOf<{ id: number | null; name: string | null; subject: string }>(
    await db.execute(sql`
      select t.id, t.name, x.subject from (
        select s.name as subject, s.sort, s.id as sid,
          (select c.id from categories c where c.subject_id = s.id
            and exists (select 1 from titles t where t.category_id = c.id and t.status = 'published') order by c.sort, c.id limit 1) as chapter
        from subjects s) x
      join titles t on t.id = (select t2.id from titles t2 where t2.category_id = x.chapter and t2.status = 'published' order by t2.sort, t2.id limit 1)
      order by x.sort, x.sid limit 12`),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name ?? "", subject: r.subject }));
});
