// Test database helpers: the integration tests run against the real, freshly migrated test database
// (tests/run.mjs sets DATABASE_URL to it) and insert the rows each test needs.
import { sql } from "drizzle-orm";
import { closeDb, db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { clearShellCache } from "~/models/site.server";

export { db, schema };

if (!process.env.DATABASE_URL || !/_test\b|_test$/.test(new URL(process.env.DATABASE_URL).pathname)) {
  throw new Error("integration tests need DATABASE_URL pointing at a *_test database (npm test sets it)");
}

const TABLES = [
  "subjects", "grades", "subject_grades", "categories", "titles", "mcq_categories", "board_subjects",
  "info_pages", "footer_settings", "footer_tweets", "footer_updates", "social_links", "page_meta",
  "site_settings", "contact_messages", "online_presence",
  "question_sets", "questions", "question_options", "exam_title_groups", "exam_groups", "exam_group_subjects",
  "exam_titles", "examples",
  "boards", "board_papers", "live_classes", "videos",
];

/** Empties the tables the study screens read, so each test file starts from a known state. */
export async function resetTables() {
  for (const t of TABLES) await db.execute(sql.raw(`DELETE FROM \`${t}\``));
  clearShellCache();
}

export { closeDb };

type LoaderArgs = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
type Loader = (args: LoaderArgs) => Promise<Response> | Response;

/** Calls a loader or action like Remix does; returns the Response, also when it was thrown. */
export async function call(fn: Loader, url: string, params: Record<string, string> = {}, init?: RequestInit) {
  try {
    return await fn({ request: new Request(`http://test.local${url}`, init), params, context: {} });
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}
