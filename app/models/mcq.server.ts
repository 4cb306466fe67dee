// MCQ categories: the home page's Multiple Choice and admission sections, and mq/{id}.
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/mysql-core";
import { db } from "~/db/client.server";
import { mcqCategories, questions, questionSets, setQuestions } from "~/db/schema";
import { keptPerKeyUntilContentChange, keptUntilContentChange } from "~/models/content-version.server";
import { isPublished, isShown } from "~/models/publication.server";

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
  /** Published sets with their published questions' count (a staff preview: every set, counted with its drafts). */
  sets: { id: number; name: string; count: number }[];
};

/** What is kept of a category's page: every set with its state, its published questions' count and its whole count. */
type KeptMcqCategoryPage = Omit<McqCategoryPage, "sets"> & { sets: { id: number; name: string; count: number; all: number; status: string }[] };

/**
 * A category with its parent, sub-categories and question sets (with their sizes). Three queries at
 * once, kept per category until a staff save.
 */
const keptMcqCategoryPage = keptPerKeyUntilContentChange(readMcqCategoryPage, 1000);

/**
 * The category's page with its published sets; `preview` (a staff preview) with every set, each
 * counted with its draft questions.
 */
export async function getMcqCategoryPage(id: number, { preview = false }: { preview?: boolean } = {}): Promise<McqCategoryPage | null> {
  const page = await keptMcqCategoryPage(id);
  if (!page) return null;
  const sets = preview ? page.sets : page.sets.filter((s) => isShown(s.status));
  return { ...page, sets: sets.map((s) => ({ id: s.id, name: s.name, count: preview ? s.all : s.count })) };
}

async function readMcqCategoryPage(id: number): Promise<KeptMcqCategoryPage | null> {
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
      .select({
        id: questionSets.id,
        name: questionSets.name,
        status: questionSets.status,
        count: count(questions.id),
        all: count(setQuestions.questionId),
      })
      .from(questionSets)
      .leftJoin(setQuestions, eq(setQuestions.setId, questionSets.id))
      .leftJoin(questions, and(eq(questions.id, setQuestions.questionId), isPublished(questions)))
      .where(eq(questionSets.mcqCategoryId, id))
      .groupBy(questionSets.id, questionSets.name, questionSets.status, questionSets.sort)
      .orderBy(asc(questionSets.sort), asc(questionSets.id)),
  ]);
  if (!row) return null;
  const { parentId, parentName, ...category } = row;
  return {
    category: { ...category, parent: parentId !== null && parentName !== null ? { id: parentId, name: parentName } : null },
    subCategories,
    sets: sets.map((s) => ({ ...s, count: Number(s.count), all: Number(s.all) })),
  };
}
