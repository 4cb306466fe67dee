// Board subjects and their past papers.
import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { boardSubjects } from "~/db/schema";

export type BoardSubject = { id: number; name: string; image: string | null };

export async function listBoardSubjects(): Promise<BoardSubject[]> {
  return db
    .select({ id: boardSubjects.id, name: boardSubjects.name, image: boardSubjects.imageUrl })
    .from(boardSubjects)
    .orderBy(asc(boardSubjects.sort), asc(boardSubjects.id));
}
