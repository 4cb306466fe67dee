// MCQ categories: the home page's Multiple Choice and admission sections, and mq/{id}.
import { asc, count, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/mysql-core";
import { db } from "~/db/client.server";
import { mcqCategories, questionSets, setQuestions } from "~/db/schema";
import { keptPerKeyUntilContentChange, keptUntilContentChange } from "~/models/content-version.server";

export type McqCategory = { id: number; name: string; image: string | null };

/** Top-level MCQ categories (the old mqcategories.php list), kept until a staff save. */
export const topMcqCategories: () => Promise<McqCategory[]> = keptUntilContentChange(async () =>
  db
    .select({ id: mcqCategories.id, name: mcqCategories.name, image: mcqCategories.image })
    .from(mcqCategories)
    .where(isNull(mcqCategories.parentId))
    .orderBy(asc(mcqCategories.sort), asc(mcqCategories.id)),
);

/* ---------------------------------------------------------------- mq/{id}, mq/sub/{subcat} -- */

export type McqCategoryPage = {
  category: McqCategory & { parent: { id: number; name: string } | null };
  subCategories: McqCategory[];
  sets: { id: number; name: string; count: number }[];
};

/**
 * A category with its parent, sub-categories and question sets (with their sizes). Three queries at
 * once, kept per category until a staff save.
 */
export const getMcqCategoryPage = keptPerKeyUntilContentChange(readMcqCategoryPage, 1000);

async function readMcqCategoryPage(id: number): Promise<McqCategoryPage | null> {
  const parent = alias(mcqCategories, "parent");
  const [[row], subCategories, sets] = await Promise.all([
    db
      .select({
        id: mcqCategories.id,
        name: mcqCategories.name,
        image: mcqCategories.image,
        parentId: parent.id,
        parentName: parent.name,
      })
      .from(mcqCategories)
      .leftJoin(parent, eq(parent.id, mcqCategories.parentId))
      .where(eq(mcqCategories.id, id))
      .limit(1),
    db
      .select({ id: mcqCategories.id, name: mcqCategories.name, image: mcqCategories.image })
      .from(mcqCategories)
      .where(eq(mcqCategories.parentId, id))
      .orderBy(asc(mcqCategories.sort), asc(mcqCategories.id)),
    db
      .select({ id: questionSets.id, name: questionSets.name, count: count(setQuestions.questionId) })
      .from(questionSets)
      .leftJoin(setQuestions, eq(setQuestions.setId, questionSets.id))
      .where(eq(questionSets.mcqCategoryId, id))
      .groupBy(questionSets.id, questionSets.name, questionSets.sort)
      .orderBy(asc(questionSets.sort), asc(questionSets.id)),
  ]);
  if (!row) return null;
  const { parentId, parentName, ...category } = row;
  return {
    category: { ...category, parent: parentId !== null && parentName !== null ? { id: parentId, name: parentName } : null },
    subCategories,
    sets: sets.map((s) => ({ ...s, count: Number(s.count) })),
  };
}
