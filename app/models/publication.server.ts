// Drafts and scheduled publishing of topics, questions, question sets, exams, videos and info pages.
// Every public read of those tables asks for `isPublished(table)`; a scheduled row becomes published
// when its time comes by `sweepScheduled`, which flips every due row in one UPDATE per table and
// raises the content version when it changed anything, so every cache (this process's kept content,
// the page cache of every process) lets the row appear without a staff save. The server runs the
// sweep on a timer (startPublicationSweeper, called by server/server.mjs under `npm start` and
// `npm run dev`); tests call sweepScheduled with the time they want.
import { and, asc, eq, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { MySqlColumn, MySqlTable } from "drizzle-orm/mysql-core";
// Written on the primary: the sweep is a write like a staff save.
import { primary as db } from "~/db/client.server";
import { auditLog, examTitles, infoPages, questions, questionSets, setQuestions, titles, videos, type PublicationState } from "~/db/schema";
import { bumpContentVersion } from "~/models/content-version.server";
import { reindex, type Executor, type SearchIndexSource } from "~/models/search.server";

type Publishable = MySqlTable & { id: MySqlColumn; status: MySqlColumn; publishAt: MySqlColumn; version: MySqlColumn };

/** The condition every public read of a publishable table adds: only published rows. */
export function isPublished(table: { status: MySqlColumn }): SQL {
  return eq(table.status, "published" satisfies PublicationState);
}

/** A row's state as staff set it, for the public routes that may show an unpublished row to staff (preview). */
export const isShown = (status: string | null | undefined) => status === "published";

/** The publishable tables, by admin resource key, with their search index source (if they are searched). */
const TABLES: { resource: string; table: Publishable; search?: SearchIndexSource }[] = [
  { resource: "topics", table: titles, search: "titles" },
  { resource: "questions", table: questions, search: "questions" },
  { resource: "question-sets", table: questionSets },
  { resource: "exams", table: examTitles, search: "exam_titles" },
  { resource: "videos", table: videos, search: "videos" },
  { resource: "info-pages", table: infoPages },
];

/**
 * Publishes every scheduled row whose time (publish_at, UTC) is at or before `now`: per table, the
 * due ids are locked and flipped in one UPDATE; the search index takes them in; each is audited as
 * published by the schedule; the content version is raised once, only when something was published.
 * Several processes may sweep at once: the first locks the due rows, the others wait for it and then
 * find them published, so nothing is published (or audited) twice. Returns the number of rows published.
 */
export async function sweepScheduled(now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    let published = 0;
    for (const { resource, table, search } of TABLES) {
      const due = (await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.status, "scheduled"), lte(table.publishAt, now)))
        .for("update")) as { id: number }[];
      if (!due.length) continue;
      let ids = due.map((r) => r.id);
      if (table === examTitles) {
        // An exam is not published short of questions: one whose set still holds a draft or a question
        // scheduled later (made a draft again after the exam was scheduled) becomes a draft, saying why.
        const held = await examsShortOfQuestions(tx, ids);
        if (held.length) {
          await tx
            .update(examTitles)
            .set({ status: "draft", version: sql`${examTitles.version} + 1` })
            .where(and(inArray(examTitles.id, held.map((h) => h.id)), eq(examTitles.status, "scheduled")));
          await tx.insert(auditLog).values(
            held.map((h) => ({
              staffId: null,
              action: "update",
              entity: resource,
              entityId: String(h.id),
              summary: `নির্ধারিত সময়ে প্রকাশিত হয়নি, এখন খসড়া: ${h.drafts}/${h.total}টি প্রশ্ন প্রকাশিত নয় (Not published at its scheduled time, now a draft: ${h.drafts} of its ${h.total} questions are not published)`,
            })),
          );
          const heldIds = new Set(held.map((h) => h.id));
          ids = ids.filter((id) => !heldIds.has(id));
          if (!ids.length) continue;
        }
      }
      await tx
        .update(table)
        // A new version: an editor who opened the row before is told it changed, not overwritten.
        .set({ status: "published", version: sql`${table.version} + 1` } as never)
        .where(and(inArray(table.id, ids), eq(table.status, "scheduled")));
      // The version is raised once below, for every table.
      if (search) await reindex(search, ids, tx as unknown as Executor, { bump: false });
      await tx.insert(auditLog).values(
        ids.map((id) => ({ staffId: null, action: "publish", entity: resource, entityId: String(id), summary: "নির্ধারিত সময়ে প্রকাশিত (Published at its scheduled time)" })),
      );
      published += ids.length;
    }
    if (published) await bumpContentVersion(tx);
    return published;
  });
}

/** Of these exams, those whose question set holds questions not published (the sweep has already published the due ones). */
async function examsShortOfQuestions(tx: Pick<typeof db, "select">, ids: number[]): Promise<{ id: number; drafts: number; total: number }[]> {
  const unpublished = sql<string>`sum(${questions.status} <> 'published')`;
  const rows = await tx
    .select({ id: examTitles.id, total: sql<string>`count(*)`, drafts: unpublished })
    .from(examTitles)
    .innerJoin(setQuestions, eq(setQuestions.setId, examTitles.questionSetId))
    .innerJoin(questions, eq(questions.id, setQuestions.questionId))
    .where(inArray(examTitles.id, ids))
    .groupBy(examTitles.id)
    .having(sql`${unpublished} > 0`);
  return rows.map((r) => ({ id: r.id, drafts: Number(r.drafts), total: Number(r.total) }));
}

/** How often the server sweeps (PUBLISH_SWEEP_MS; 0 turns it off). A scheduled row appears at most this late. */
const SWEEP_MS = process.env.PUBLISH_SWEEP_MS === undefined ? 15_000 : Math.max(0, Number(process.env.PUBLISH_SWEEP_MS) || 0);

let timer: ReturnType<typeof setInterval> | null = null;

/** Starts sweeping on a timer (once per process; the server calls it at start). The timer does not keep the process alive. */
export function startPublicationSweeper() {
  if (timer || SWEEP_MS <= 0) return;
  // A database that is down is said once, not every SWEEP_MS until it is back.
  let failing = false;
  const sweep = () => {
    sweepScheduled().then(
      () => (failing = false),
      (e: unknown) => {
        if (!failing) console.error("[publication] sweep failed:", e instanceof Error ? e.message : e);
        failing = true;
      },
    );
  };
  timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  sweep();
}

/**
 * The public page a row of a publishable resource shows on, for a staff preview (the page's own
 * route with ?preview=1), or why it has none. A question is previewed on the first practice set it
 * is in (the page it appears on); a set on its MCQ category's page.
 */
export async function previewPathOf(resource: string, row: Record<string, unknown>): Promise<{ href: string } | { none: string }> {
  const id = Number(row.id);
  switch (resource) {
    case "topics":
      return { href: `/title/${id}?preview=1` };
    case "exams":
      return { href: `/exampage/${id}?preview=1` };
    case "info-pages":
      return { href: row.slug === "contact" ? "/contact?preview=1" : `/about/${encodeURIComponent(String(row.slug))}?preview=1` };
    case "question-sets":
      return row.mcqCategoryId
        ? { href: `/mq/${Number(row.mcqCategoryId)}?set=${id}&preview=1` }
        : { none: "এই সেটের কোনো MCQ ক্যাটাগরি নেই, তাই এর নিজের পাতা নেই। (This set has no MCQ category, so it has no page of its own.)" };
    case "questions": {
      const [inSet] = await db
        .select({ setId: setQuestions.setId, categoryId: questionSets.mcqCategoryId })
        .from(setQuestions)
        .innerJoin(questionSets, and(eq(questionSets.id, setQuestions.setId), isNotNull(questionSets.mcqCategoryId)))
        .where(eq(setQuestions.questionId, id))
        .orderBy(asc(setQuestions.setId))
        .limit(1);
      return inSet
        ? { href: `/mq/${inSet.categoryId}?set=${inSet.setId}&preview=1#q-${id}` }
        : { none: "প্রশ্নটি কোনো অনুশীলন সেটে নেই, তাই দেখানোর মতো পাতা নেই; একটি প্রশ্নসেটে যোগ করুন। (The question is in no practice set, so no page shows it: add it to a set.)" };
    }
    default:
      return { none: "এর প্রিভিউ নেই। (No preview for this.)" };
  }
}
