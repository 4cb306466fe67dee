// Demo seed content. Idempotent: every row has a fixed id and is inserted with
// ON DUPLICATE KEY UPDATE <pk> = <pk>, so rows that exist (even edited by staff) are left alone.
//   DATABASE_URL=mysql://root@127.0.0.1:33061/grbd npx tsx drizzle/seed/index.ts
import { eq, getTableColumns, getTableName, or, sql } from "drizzle-orm";
import type { MySqlTable } from "drizzle-orm/mysql-core";
import type { MySql2Database } from "drizzle-orm/mysql2";
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as schema from "../../app/db/schema";
import { hashPassword } from "../../app/lib/password.server";
import { withScriptDb } from "../script-db";
import { deriveAll } from "../../app/models/rendering.server";
import {
  BOARDS,
  BOARD_PAPERS,
  BOARD_SUBJECTS,
  CREATIVE_QUESTIONS,
  CREATIVE_SETS,
  CREATIVE_SET_QUESTIONS,
  CREATIVE_SOURCES,
  EXAMPLES,
  QUESTION_PARTS,
} from "./content-board";
import { EXAM_GROUPS, EXAM_GROUP_SUBJECTS, EXAM_TITLES, EXAM_TITLE_GROUPS, PUBLISHED_EXAM_IDS } from "./content-exams";
import { seedLiveExams } from "./live-exams";
import { MCQ_CATEGORIES, QUESTIONS, QUESTION_OPTIONS, QUESTION_SETS, QUESTION_SOURCES, SET_QUESTIONS } from "./content-mcq";
import {
  FOOTER_SETTINGS,
  FOOTER_TWEETS,
  FOOTER_UPDATES,
  INFO_PAGES,
  INFO_PAGE_REVISIONS,
  LIVE_CLASSES,
  PAGE_META,
  SITE_NAME,
  SITE_SETTINGS,
  SOCIAL_LINKS,
  VIDEOS,
} from "./content-site";
import { CATEGORIES, GRADES, SUBJECTS, SUBJECT_GRADES, TITLES } from "./content-study";

type Db = MySql2Database<typeof schema>;

/** The demo staff login (printed by the demo script). */
export const DEMO_STAFF = { username: "admin", email: "admin@example.com", password: "admin-demo-2026" } as const;

const BATCH = 500;

/**
 * Inserts rows in batches of 500; a row whose primary (or unique) key exists is left untouched:
 * ON DUPLICATE KEY UPDATE `pk` = `pk` changes nothing. `key` is the property name of the primary
 * key column ("id" for most tables).
 */
async function upsert<T extends MySqlTable>(db: Db, table: T, rows: T["$inferInsert"][], key = "id"): Promise<void> {
  const column = (getTableColumns(table) as Record<string, { name: string }>)[key];
  if (!column) throw new Error(`seed: ${getTableName(table)} has no column ${key}`);
  const set = { [key]: sql.raw(`\`${column.name}\``) };
  for (let i = 0; i < rows.length; i += BATCH) {
    // The generic table type is too wide for drizzle's insert overloads; the rows are typed by the caller.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db.insert(table as MySqlTable) as any).values(rows.slice(i, i + BATCH)).onDuplicateKeyUpdate({ set });
  }
}

async function countRows(db: Db, table: MySqlTable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(table);
  return Number(row.n);
}

async function seedStaff(db: Db): Promise<void> {
  const existing = await db
    .select({ id: schema.staffUsers.id })
    .from(schema.staffUsers)
    .where(or(eq(schema.staffUsers.username, DEMO_STAFF.username), eq(schema.staffUsers.email, DEMO_STAFF.email), eq(schema.staffUsers.id, 1)))
    .limit(1);
  if (existing.length) return; // keep its password (and anything else staff changed)
  const passwordHash = await hashPassword(DEMO_STAFF.password);
  await upsert(
    db,
    schema.staffUsers,
    [
      {
        id: 1,
        name: "সাইট অ্যাডমিন",
        username: DEMO_STAFF.username,
        email: DEMO_STAFF.email,
        passwordHash,
        role: 1,
        roleLabel: "Super Admin",
        isSuperAdmin: true,
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
    ],
  );
}

export type SeedReport = Array<{ table: string; rows: number; inserted: number }>;

export async function seed(db: Db, opts?: { quiet?: boolean }): Promise<void> {
  await seedWithReport(db, opts);
}

/** Same as seed(), returning per-table counts (rows in the seed, rows actually inserted). */
export async function seedWithReport(db: Db, opts?: { quiet?: boolean }): Promise<SeedReport> {
  const started = Date.now();
  const report: SeedReport = [];
  const run = async <T extends MySqlTable>(table: T, rows: T["$inferInsert"][] | (() => Promise<void>), key = "id") => {
    const before = await countRows(db, table);
    if (typeof rows === "function") await rows();
    else await upsert(db, table, rows, key);
    const after = await countRows(db, table);
    report.push({ table: getTableName(table), rows: typeof rows === "function" ? 1 : rows.length, inserted: after - before });
  };

  // Order follows the foreign keys: a row is inserted after the rows it refers to.
  await run(schema.siteSettings, SITE_SETTINGS, "key");
  await run(schema.pageMeta, PAGE_META);
  await run(schema.staffUsers, () => seedStaff(db));
  await run(schema.infoPages, INFO_PAGES);
  await run(schema.revisions, INFO_PAGE_REVISIONS);
  await run(schema.footerSettings, FOOTER_SETTINGS);
  await run(schema.footerTweets, FOOTER_TWEETS);
  await run(schema.footerUpdates, FOOTER_UPDATES);
  await run(schema.socialLinks, SOCIAL_LINKS, "platform");
  await run(schema.grades, GRADES);
  await run(schema.subjects, SUBJECTS);
  await run(schema.subjectGrades, SUBJECT_GRADES, "subjectId");
  await run(schema.categories, CATEGORIES);
  await run(schema.titles, TITLES);
  await run(schema.mcqCategories, MCQ_CATEGORIES);
  await run(schema.questionSets, [...QUESTION_SETS, ...CREATIVE_SETS]);
  await run(schema.questions, [...QUESTIONS, ...CREATIVE_QUESTIONS]);
  await run(schema.questionOptions, QUESTION_OPTIONS);
  await run(schema.questionParts, QUESTION_PARTS);
  await run(schema.questionSources, [...QUESTION_SOURCES, ...CREATIVE_SOURCES]);
  await run(schema.setQuestions, [...SET_QUESTIONS, ...CREATIVE_SET_QUESTIONS], "setId");
  await run(schema.examTitleGroups, EXAM_TITLE_GROUPS);
  await run(schema.examGroups, EXAM_GROUPS);
  await run(schema.examGroupSubjects, EXAM_GROUP_SUBJECTS);
  await run(schema.examTitles, EXAM_TITLES);
  // Live windows relative to this run, and the closed live exam's attempts (written again each run).
  await run(schema.examAttempts, () => seedLiveExams(db, PUBLISHED_EXAM_IDS));
  await run(schema.boards, BOARDS);
  await run(schema.boardSubjects, BOARD_SUBJECTS);
  await run(schema.boardPapers, BOARD_PAPERS);
  await run(schema.examples, EXAMPLES);
  await run(schema.videos, VIDEOS);
  await run(schema.liveClasses, LIVE_CLASSES);

  // What pages show (typeset math, sanitised HTML) is made now, once, not per request.
  await deriveAll(db);

  if (!opts?.quiet) {
    const inserted = report.reduce((s, r) => s + r.inserted, 0);
    const total = report.reduce((s, r) => s + r.rows, 0);
    console.log(`[seed] ${SITE_NAME}: ${inserted} new rows of ${total} seed rows in ${report.length} tables (${Date.now() - started} ms)`);
  }
  return report;
}

/* ------------------------------------------------------------------ run directly */

function isMain(): boolean {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

async function main() {
  await withScriptDb("drizzle/seed/index.ts", async (db) => {
    const report = await seedWithReport(db);
    for (const r of report) console.log(`  ${r.table.padEnd(22)} ${String(r.rows).padStart(5)} rows  ${r.inserted ? `+${r.inserted} new` : "unchanged"}`);
    console.log(`[seed] demo staff login: ${DEMO_STAFF.username} (${DEMO_STAFF.email}) / ${DEMO_STAFF.password}`);
  });
}

if (isMain()) {
  main().catch((err) => {
    console.error("[seed] failed:", err);
    process.exitCode = 1;
  });
}
