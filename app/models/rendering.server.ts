// What pages show is made once, when content is saved, seeded or migrated: this module turns staff
// sources into the stored *_html columns, and board-year notation into question_sources rows.
// `deriveAll` renews every row whose render_version is not the current renderer's (run by
// `npm run db:migrate`, `npm run db:render` and the seed); saves call the per-row functions.
import { eq, getTableName, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { MySqlColumn, MySqlTable } from "drizzle-orm/mysql-core";
import type { MySql2Database } from "drizzle-orm/mysql2";
import * as schema from "~/db/schema";
import { sourcesFromNotation } from "~/lib/board-year";
import { CONTENT_ASSET_BASE, INFO_PAGE_ASSET_BASE } from "~/lib/image-path";
import { RENDER_VERSION, renderStaffHtml } from "~/lib/math.server";
import { indexStale, reindex } from "~/models/search.server";
import { bumpContentVersion } from "~/models/content-version.server";

export { RENDER_VERSION };

type Db = MySql2Database<typeof schema>;
const BATCH = 250;

/** A source as the page shows it; blank sources are stored as NULL. */
export const renderedOrNull = (source: string | null | undefined, assetBase = CONTENT_ASSET_BASE) =>
  source?.trim() ? renderStaffHtml(source, assetBase) : null;

type Field = { source: string; html: string; assetBase: string };
type RenderedTable = MySqlTable & { id: MySqlColumn; renderVersion: MySqlColumn; updatedAt: MySqlColumn };
type Simple = { table: RenderedTable; fields: Field[] };

const field = (source: string, html: string, assetBase = CONTENT_ASSET_BASE): Field => ({ source, html, assetBase });

// Tables whose rendered columns depend on their own row only (property names of the drizzle tables).
const SIMPLE: Simple[] = [
  { table: schema.titles, fields: [field("content", "contentHtml")] },
  { table: schema.infoPages, fields: [field("content", "contentHtml", INFO_PAGE_ASSET_BASE)] },
  { table: schema.examTitleGroups, fields: [field("announce", "announceHtml")] },
  { table: schema.examTitles, fields: [field("description", "descriptionHtml")] },
  { table: schema.boardPapers, fields: [field("content", "contentHtml")] },
  { table: schema.examples, fields: [field("question", "questionHtml"), field("answer", "answerHtml")] },
];

// Rendering is not editing: the row's updated_at stays as it was.
const keepUpdatedAt = (col: MySqlColumn) => sql`${col}`;

async function renderSimple(db: Db, { table, fields }: Simple): Promise<number> {
  const columns = table as unknown as Record<string, MySqlColumn>;
  let done = 0;
  for (;;) {
    const select: Record<string, MySqlColumn> = { id: table.id };
    for (const f of fields) select[f.source] = columns[f.source];
    const rows = (await db.select(select).from(table).where(ne(table.renderVersion, RENDER_VERSION)).limit(BATCH)) as Record<
      string,
      string | number | null
    >[];
    if (!rows.length) return done;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const set: Record<string, unknown> = { renderVersion: RENDER_VERSION, updatedAt: keepUpdatedAt(table.updatedAt) };
        for (const f of fields) set[f.html] = renderedOrNull(row[f.source] as string | null, f.assetBase);
        await tx.update(table).set(set as never).where(eq(table.id, row.id as number));
      }
    });
    done += rows.length;
  }
}

/** Renders questions (intro, body, explanation) with their options and parts, a batch at a time. */
async function renderQuestions(db: Db): Promise<number> {
  const { questions, questionOptions, questionParts } = schema;
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: questions.id, intro: questions.intro, body: questions.body, explanation: questions.explanation })
      .from(questions)
      .where(ne(questions.renderVersion, RENDER_VERSION))
      .limit(BATCH);
    if (!rows.length) return done;
    const batch = rows.map((r) => r.id);
    const [options, parts] = await Promise.all([
      db.select({ id: questionOptions.id, body: questionOptions.body }).from(questionOptions).where(inArray(questionOptions.questionId, batch)),
      db.select({ id: questionParts.id, body: questionParts.body }).from(questionParts).where(inArray(questionParts.questionId, batch)),
    ]);
    await db.transaction(async (tx) => {
      for (const q of rows) {
        await tx
          .update(questions)
          .set({
            introHtml: renderedOrNull(q.intro),
            bodyHtml: renderedOrNull(q.body) ?? "",
            explanationHtml: renderedOrNull(q.explanation),
            renderVersion: RENDER_VERSION,
            updatedAt: keepUpdatedAt(questions.updatedAt),
          })
          .where(eq(questions.id, q.id));
      }
      for (const o of options) {
        await tx
          .update(questionOptions)
          .set({ bodyHtml: renderedOrNull(o.body) ?? "", updatedAt: keepUpdatedAt(questionOptions.updatedAt) })
          .where(eq(questionOptions.id, o.id));
      }
      for (const p of parts) {
        await tx
          .update(questionParts)
          .set({ bodyHtml: renderedOrNull(p.body) ?? "", updatedAt: keepUpdatedAt(questionParts.updatedAt) })
          .where(eq(questionParts.id, p.id));
      }
    });
    done += rows.length;
  }
}

/**
 * A source note in board-year notation becomes source rows (the note is cleared); text that is not
 * notation stays a note, shown as written. Used for old rows; new rows get their sources on save.
 */
export async function sourcesFromNotes(db: Db): Promise<number> {
  const { questions, questionSources } = schema;
  const notes = await db.select({ id: questions.id, note: questions.sourceNote }).from(questions).where(isNotNull(questions.sourceNote));
  const parsed = notes.flatMap((n) => {
    const sources = sourcesFromNotation(n.note);
    return sources ? [{ id: n.id, sources }] : [];
  });
  for (let i = 0; i < parsed.length; i += BATCH) {
    const chunk = parsed.slice(i, i + BATCH);
    await db.transaction(async (tx) => {
      const rows = chunk.flatMap((q) => q.sources.map((s, sort) => ({ questionId: q.id, board: s.board, year: s.year, sort: sort + 1 })));
      if (rows.length) await tx.insert(questionSources).values(rows).onDuplicateKeyUpdate({ set: { questionId: sql`${questionSources.questionId}` } });
      await tx
        .update(questions)
        .set({ sourceNote: null, updatedAt: keepUpdatedAt(questions.updatedAt) })
        .where(inArray(questions.id, chunk.map((q) => q.id)));
      // Their source rows changed but not their updated_at: the search index's board/year words must follow.
      await reindex("questions", chunk.map((q) => q.id), tx);
    });
  }
  return parsed.length;
}

export type DeriveReport = { sources: number; rendered: Record<string, number>; indexed: number };

/** Everything derived from sources, for every row that needs it. Idempotent; cheap when nothing is stale. */
export async function deriveAll(db: Db): Promise<DeriveReport> {
  const sources = await sourcesFromNotes(db);
  const rendered: Record<string, number> = {};
  for (const s of SIMPLE) rendered[getTableName(s.table)] = await renderSimple(db, s);
  rendered.questions = await renderQuestions(db);
  // The search index (models/search.server.ts): new, changed and deleted rows since it was last made.
  const indexed = await indexStale(db);
  // Running servers keep what pages show until the content version moves (content-version.server.ts): anything
  // derived here moves it, as a staff save does (`npm run db:render` against a live database).
  // indexStale moves it itself when it changed the index.
  if (sources || Object.values(rendered).some((n) => n > 0)) await bumpContentVersion(db);
  return { sources, rendered, indexed };
}

/** Re-renders everything, also rows already at the current version (after a fix to the renderer). */
export async function rerenderAll(db: Db): Promise<DeriveReport> {
  for (const s of SIMPLE) await db.update(s.table).set({ renderVersion: 0, updatedAt: keepUpdatedAt(s.table.updatedAt) } as never);
  await db.update(schema.questions).set({ renderVersion: 0, updatedAt: keepUpdatedAt(schema.questions.updatedAt) });
  return deriveAll(db);
}
