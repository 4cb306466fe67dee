// MCQ categories: the home page's Multiple Choice and admission sections, and mq/{id}.
import { asc, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mcqCategories } from "~/db/schema";

export type McqCategory = { id: number; name: string; image: string | null };

/** Top-level MCQ categories (the old mqcategories.php list). */
export async function topMcqCategories(): Promise<McqCategory[]> {
  return db
    .select({ id: mcqCategories.id, name: mcqCategories.name, image: mcqCategories.image })
    .from(mcqCategories)
    .where(isNull(mcqCategories.parentId))
    .orderBy(asc(mcqCategories.sort), asc(mcqCategories.id));
}
