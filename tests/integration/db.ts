// Test database helpers: the integration tests run against the real, freshly migrated test database
// (scripts/test.mjs sets DATABASE_URL to it) and insert the rows each test needs.
import { desc, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import { closeDb, db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { sourcesFromNotation } from "~/lib/board-year";
import { resolveCorrectKey } from "~/lib/scoring";
import { deriveAll } from "~/models/rendering.server";
import { clearShellCache } from "~/models/site.server";

export { db, schema };

if (!process.env.DATABASE_URL || !/_test\b|_test$/.test(new URL(process.env.DATABASE_URL).pathname)) {
  throw new Error("integration tests need DATABASE_URL pointing at a *_test database (npm test sets it)");
}

const TABLES = [
  "subjects", "grades", "subject_grades", "categories", "titles", "mcq_categories", "board_subjects",
  "info_pages", "footer_settings", "footer_tweets", "footer_updates", "social_links", "page_meta",
  "site_settings", "contact_messages", "online_presence",
  "question_sets", "questions", "question_options", "question_parts", "question_sources", "set_questions",
  "exam_title_groups", "exam_groups", "exam_group_subjects", "exam_titles", "examples",
  "boards", "board_papers", "live_classes", "videos", "revisions", "audit_log", "media",
  "saved_papers", "paper_owners", "omr_sheets", "omr_answers", "exam_attempts", "exam_attempt_answers", "search_docs", "search_postings", "rate_limits",
];

/** Empties the tables the screens read, so each test file starts from a known state. */
export async function resetTables() {
  // One connection, so that switching the foreign key checks off applies to the deletes.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET FOREIGN_KEY_CHECKS = 0`);
    for (const t of TABLES) await tx.execute(sql.raw(`DELETE FROM \`${t}\``));
    await tx.execute(sql`SET FOREIGN_KEY_CHECKS = 1`);
  });
  clearShellCache();
}

/** Renders what the fixtures inserted (pages read only stored HTML), as saving or seeding does. */
export const renderFixtures = () => deriveAll(db);

export type QuestionFixture = {
  id: number;
  setId?: number | null;
  sort?: number;
  body: string;
  intro?: string | null;
  /** Board-year notation; text that is not notation becomes the source note. */
  boardYear?: string | null;
  /** The old site's two ways to name the answer, resolved as the migration does (the key if it names an option, else the flag). */
  correctKey?: string | null;
  /** Index of the option flagged is_correct. */
  flag?: number;
  explanation?: string | null;
  chapterId?: number | null;
  subjectId?: number | null;
  gradeId?: number | null;
  options?: string[];
};

const KEYS = ["ক", "খ", "গ", "ঘ"];

/** Bank questions with options, set membership and sources, then rendered. */
export async function insertQuestions(list: QuestionFixture[]) {
  if (!list.length) return;
  await db.insert(schema.questions).values(
    list.map((q) => ({
      id: q.id,
      body: q.body,
      intro: q.intro ?? null,
      explanation: q.explanation ?? null,
      chapterId: q.chapterId ?? null,
      subjectId: q.subjectId ?? null,
      gradeId: q.gradeId ?? null,
      sourceNote: q.boardYear && !sourcesFromNotation(q.boardYear) ? q.boardYear : null,
    })),
  );
  const options = list.flatMap((q) => {
    const bodies = q.options ?? KEYS.map((key) => `বিকল্প ${key} (${q.id})`);
    const keyed = bodies.map((_, i) => ({ key: KEYS[i], isCorrect: q.flag === i }));
    const correct = resolveCorrectKey(q.correctKey, keyed);
    return bodies.map((body, i) => ({ questionId: q.id, key: KEYS[i], body, sort: i + 1, isCorrect: KEYS[i] === correct }));
  });
  if (options.length) await db.insert(schema.questionOptions).values(options);
  const links = list.flatMap((q) => (q.setId ? [{ setId: q.setId, questionId: q.id, sort: q.sort ?? 0 }] : []));
  if (links.length) await db.insert(schema.setQuestions).values(links);
  const sources = list.flatMap((q) => (sourcesFromNotation(q.boardYear) ?? []).map((s, i) => ({ questionId: q.id, ...s, sort: i + 1 })));
  if (sources.length) await db.insert(schema.questionSources).values(sources);
  await renderFixtures();
}

export { closeDb };

/**
 * Work that changes tables (the search index's rebuild by table swap), done as migrations and
 * `db:render` do it: as the privileged account (MIGRATION_DATABASE_URL), not the app's.
 */
export async function withMigrationDb<T>(work: (admin: typeof db) => Promise<T>): Promise<T> {
  const uri = process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL!;
  const pool = mysql.createPool({ uri, charset: "utf8mb4", timezone: "Z", connectionLimit: 2 });
  try {
    return await work(drizzle(pool, { schema, mode: "default" }) as unknown as typeof db);
  } finally {
    await pool.end();
  }
}

type LoaderArgs = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
type Loader = (args: LoaderArgs) => Promise<Response> | Response;

/** Calls a loader or action like Remix does; returns the Response, also when it was thrown. */
export function call(fn: Loader, url: string, params: Record<string, string> = {}, init?: RequestInit) {
  return callWith(fn, new Request(`http://test.local${url}`, init), params);
}

/** The same with a Request already made (cookies, origin, a body) and the load context the server passes. */
export async function callWith(fn: Loader | undefined, request: Request, params: Record<string, string> = {}, context: Record<string, unknown> = {}) {
  try {
    return await fn!({ request, params, context });
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/** The code of the paper saved last: its public link is /questionpaper/p/{code} (the save itself goes to the teacher's private page). */
export async function newestPaperCode(): Promise<string> {
  const [row] = await db.select({ code: schema.savedPapers.code }).from(schema.savedPapers).orderBy(desc(schema.savedPapers.id)).limit(1);
  return row.code;
}
