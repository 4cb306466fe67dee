// The question bank's filter (lib/admin/bank-filter.ts) as SQL conditions on the questions table:
// shared by the picker of a set or an exam and by the question list.
import { and, eq, inArray, isNotNull, isNull, like, or, sql, type SQL } from "drizzle-orm";
import * as s from "~/db/schema";
import { idSearch, type BankFilter } from "~/lib/admin/bank-filter";

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function bankConditions(f: Partial<BankFilter>): SQL[] {
  const q = s.questions;
  const where: SQL[] = [];
  if (f.chapter?.length) where.push(inArray(q.chapterId, f.chapter));
  if (f.type) where.push(eq(q.type, f.type));
  if (f.difficulty === "none") where.push(isNull(q.difficulty));
  else if (f.difficulty) where.push(eq(q.difficulty, f.difficulty));
  if (f.explained === "1") where.push(and(isNotNull(q.explanation), sql`trim(${q.explanation}) <> ''`)!);
  if (f.explained === "0") where.push(or(isNull(q.explanation), sql`trim(${q.explanation}) = ''`)!);
  if (f.board || f.year !== undefined) {
    const src = s.questionSources;
    const conds = [sql`${src.questionId} = ${q.id}`];
    if (f.board) conds.push(sql`${src.board} = ${f.board}`);
    if (f.year !== undefined) conds.push(sql`${src.year} = ${f.year}`);
    where.push(sql`exists (select 1 from ${src} where ${sql.join(conds, sql` and `)})`);
  }
  if (f.q) {
    const byId = idSearch(f.q);
    if (byId?.only) where.push(eq(q.id, byId.id));
    else {
      const pattern = escapeLike(f.q);
      const text = [like(q.body, pattern), like(q.intro, pattern)];
      where.push(byId ? or(eq(q.id, byId.id), ...text)! : or(...text)!);
    }
  }
  return where;
}

