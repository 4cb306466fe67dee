// The search index: what each searchable row is as a document (search_docs) and its words
// (search_postings), written by every save and kept whole by indexStale and rebuildIndex.
//
// KEEPING THE INDEX CURRENT: every path that writes searchable content calls
//
//   reindex(source: SearchIndexSource, ids: number[], executor?: Executor): Promise<void>
//
//   source   the table that was written: "titles" | "categories" | "questions" | "board_papers" |
//            "exam_titles" | "videos"; or "board_subjects" / "exam_group_subjects", which re-index
//            the papers / exams listed under them (they carry its name). "categories" also re-indexes
//            the chapter's topics (they carry its name, subject and grade).
//   ids      the ids created, saved or deleted; a deleted (missing) id's search row is removed.
//   executor the save's transaction (recommended: the search row then commits with the save), or db.
//
// Subject, grade and board names are read when a page is shown: renaming them needs no reindex.
//
// e.g. the staff screens' save (updateRow, models/admin/content.server.ts) calls
// `await reindex(b.search, [id], tx)` inside its transaction.
// A question's options, parts and sources belong to the question: after changing them, reindex "questions".
// Bulk imports may instead rely on `indexStale` (run by deriveAll: db:migrate, db:render, the seed),
// which indexes every row whose search row is missing, older than the row's updated_at, or made by an
// older SEARCH_VERSION, and removes rows whose content is gone.
import { and, eq, getTableName, inArray, sql, type SQL } from "drizzle-orm";
import type { MySqlDatabase } from "drizzle-orm/mysql-core";
import type { MySql2PreparedQueryHKT, MySql2QueryResultHKT } from "drizzle-orm/mysql2";
// Read on the primary, never a replica: the index is built from the rows a save just wrote.
import { primary as db } from "~/db/client.server";
import * as schema from "~/db/schema";
import {
  boardPapers,
  boards,
  boardSubjects,
  categories,
  examGroupSubjects,
  examTitles,
  questionOptions,
  questionParts,
  questions,
  questionSources,
  searchDocs,
  searchPostings,
  searchTablesNamed,
  titles,
  videos,
  type SearchKind,
  type SearchSource,
} from "~/db/schema";
import { formatBoardYear, formatSources, sourcesFromNotation, type Source } from "~/lib/board-year";
import { groupBy } from "~/lib/group-by";
import { sourceTokens, subjectGradeToken } from "~/lib/search-query";
import { indexTokens, readableMath, searchableText } from "~/lib/search-text";
import { VIDEO_KIND_LABELS, videoIdFrom } from "~/lib/video-id";
import { videoHref } from "~/lib/video-query";
import { bumpContentVersion } from "~/models/content-version.server";

export type Executor = MySqlDatabase<MySql2QueryResultHKT, MySql2PreparedQueryHKT, typeof schema>;
export type SearchIndexSource = SearchSource | "board_subjects" | "exam_group_subjects";

/** Raise when the normaliser or what a row's search text holds changes: indexStale then rebuilds every row. */
export const SEARCH_VERSION = 1;

const BATCH = 500;
/** Characters of plain text kept for snippets (the words of the whole text are indexed). */
const BODY_CHARS = 1200;
/** Different words of one row that are indexed (a very long topic is found by its first 2,000). */
const MAX_WORDS = 2000;
/** A word's weight in a row: 10 per occurrence in the title, 1 per occurrence in the text, at most this. */
const MAX_WEIGHT = 9999;
/** A posting's rank_key is this less the word's weight: the index range of a word reads its heaviest rows first. */
export const RANK_BASE = 10_000;

/** Words every row of a kind can be found by ("ভিডিও ত্রিকোণমিতি", "সৃজনশীল প্রশ্ন"). */
const KIND_WORDS: Record<SearchKind, string> = {
  topic: "পাঠ topic",
  chapter: "অধ্যায় chapter",
  mcq: "বহুনির্বাচনি প্রশ্ন mcq",
  creative: "সৃজনশীল প্রশ্ন cq creative",
  paper: "বোর্ড প্রশ্নপত্র প্রশ্ন paper",
  exam: "পরীক্ষা মডেল টেস্ট exam",
  video: "ভিডিও video",
};

/** A search row and its words (index token -> weight). */
type Doc = typeof searchDocs.$inferInsert & { words: Map<string, number> };

const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1).trimEnd()}…` : text);

const tokenList = (text: string) => indexTokens(text).split(" ").filter(Boolean);

/**
 * The index words of a row with their weights: the title's (10 each time), the texts' with math as
 * written (\\theta, x^2), the symbols a reader sees for that math (θ), the kind's words, and `extra`
 * tokens (board/year).
 */
function wordsOf(kind: SearchKind, title: string, texts: string[], extra: string[] = []): Map<string, number> {
  const words = new Map<string, number>();
  const add = (token: string, weight: number) => {
    const was = words.get(token);
    if (was === undefined && words.size >= MAX_WORDS) return;
    words.set(token, Math.min(MAX_WEIGHT, (was ?? 0) + weight));
  };
  for (const t of tokenList(title)) add(t, 10);
  for (const text of texts) for (const t of tokenList(text)) add(t, 1);
  const symbols = tokenList(readableMath([title, ...texts].join(" "))).filter((t) => t.startsWith("ot"));
  for (const t of [...symbols, ...tokenList(KIND_WORDS[kind]), ...extra]) if (!words.has(t)) add(t, 1);
  return words;
}

/** Plain text as results show it: math in readable form, cut to n characters. */
const shown = (text: string, n: number) => cut(readableMath(text), n);

const stamp = (...cols: SQL[]) =>
  cols.length === 1 ? sql<number>`unix_timestamp(${cols[0]})` : sql<number>`unix_timestamp(greatest(${sql.join(cols, sql`, `)}))`;

/* ------------------------------------------------------------------ what each source row is as a document */

async function titleDocs(ex: Executor, ids: number[]): Promise<Doc[]> {
  const rows = await ex
    .select({
      id: titles.id,
      name: titles.name,
      content: titles.content,
      chapter: categories.name,
      subjectId: categories.subjectId,
      gradeId: categories.gradeId,
      stamp: stamp(sql`${titles.updatedAt}`, sql`${categories.updatedAt}`),
    })
    .from(titles)
    .innerJoin(categories, eq(categories.id, titles.categoryId))
    // A draft or scheduled row makes no document: reindexing it removes its search row.
    .where(and(inArray(titles.id, ids), eq(titles.status, "published")));
  return rows.map((r) => {
    const text = searchableText(r.content);
    return {
      source: "titles",
      sourceId: r.id,
      kind: "topic",
      subjectId: r.subjectId,
      gradeId: r.gradeId,
      title: shown(r.name, 255),
      body: shown(text, BODY_CHARS),
      meta: shown(r.chapter, 255),
      url: `/title/${r.id}`,
      words: wordsOf("topic", r.name, [text, r.chapter]),
      sourceStamp: Number(r.stamp),
      indexVersion: SEARCH_VERSION,
    };
  });
}

async function chapterDocs(ex: Executor, ids: number[]): Promise<Doc[]> {
  const rows = await ex
    .select({
      id: categories.id,
      name: categories.name,
      subjectId: categories.subjectId,
      gradeId: categories.gradeId,
      stamp: stamp(sql`${categories.updatedAt}`),
    })
    .from(categories)
    .where(inArray(categories.id, ids));
  return rows.map((r) => ({
    source: "categories",
    sourceId: r.id,
    kind: "chapter",
    subjectId: r.subjectId,
    gradeId: r.gradeId,
    title: shown(r.name, 255),
    body: "",
    meta: "",
    url: `/category/${r.id}`,
    words: wordsOf("chapter", r.name, []),
    sourceStamp: Number(r.stamp),
    indexVersion: SEARCH_VERSION,
  }));
}

async function questionDocs(ex: Executor, ids: number[]): Promise<Doc[]> {
  const [rows, opts, parts, sources] = await Promise.all([
    ex
      .select({
        id: questions.id,
        type: questions.type,
        intro: questions.intro,
        body: questions.body,
        subjectId: questions.subjectId,
        gradeId: questions.gradeId,
        note: questions.sourceNote,
        stamp: stamp(sql`${questions.updatedAt}`),
      })
      .from(questions)
      .where(and(inArray(questions.id, ids), eq(questions.status, "published"))),
    ex
      .select({ questionId: questionOptions.questionId, key: questionOptions.key, body: questionOptions.body })
      .from(questionOptions)
      .where(inArray(questionOptions.questionId, ids))
      .orderBy(questionOptions.sort, questionOptions.id),
    ex
      .select({ questionId: questionParts.questionId, label: questionParts.label, body: questionParts.body })
      .from(questionParts)
      .where(inArray(questionParts.questionId, ids))
      .orderBy(questionParts.sort, questionParts.id),
    ex
      .select({ questionId: questionSources.questionId, board: questionSources.board, year: questionSources.year })
      .from(questionSources)
      .where(inArray(questionSources.questionId, ids))
      .orderBy(questionSources.sort, questionSources.id),
  ]);
  const optsOf = groupBy(opts, (o) => o.questionId);
  const partsOf = groupBy(parts, (p) => p.questionId);
  const sourcesOf = groupBy(sources, (s) => s.questionId);
  return rows.map((r) => {
    const kind: SearchKind = r.type === "creative" ? "creative" : "mcq";
    const intro = searchableText(r.intro);
    const body = searchableText(r.body);
    const options = (optsOf.get(r.id) ?? []).map((o) => `${o.key}) ${searchableText(o.body)}`);
    const asks = (partsOf.get(r.id) ?? []).map((p) => `${p.label}. ${searchableText(p.body)}`);
    const src: Source[] = sourcesOf.get(r.id) ?? [];
    const text = [intro, body, ...options, ...asks].filter(Boolean).join(" · ");
    const title = body || intro || asks[0] || "";
    return {
      source: "questions",
      sourceId: r.id,
      kind,
      subjectId: r.subjectId,
      gradeId: r.gradeId,
      title: shown(title, 160),
      body: shown(text, BODY_CHARS),
      meta: cut(formatSources(src) || (r.note ?? ""), 255),
      url: null,
      words: wordsOf(kind, "", [text, r.note ?? ""], sourceTokens(src)),
      sourceStamp: Number(r.stamp),
      indexVersion: SEARCH_VERSION,
    };
  });
}

async function paperDocs(ex: Executor, ids: number[]): Promise<Doc[]> {
  const rows = await ex
    .select({
      id: boardPapers.id,
      title: boardPapers.title,
      kind: boardPapers.kind,
      year: boardPapers.year,
      boardYear: boardPapers.boardYear,
      content: boardPapers.content,
      boardCode: boards.code,
      boardSubjectId: boardSubjects.id,
      subjectName: boardSubjects.name,
      subjectId: boardSubjects.subjectId,
      stamp: stamp(sql`${boardPapers.updatedAt}`, sql`${boardSubjects.updatedAt}`, sql`coalesce(${boards.updatedAt}, ${boardPapers.updatedAt})`),
    })
    .from(boardPapers)
    .innerJoin(boardSubjects, eq(boardSubjects.id, boardPapers.boardSubjectId))
    .leftJoin(boards, eq(boards.id, boardPapers.boardId))
    .where(inArray(boardPapers.id, ids));
  return rows.map((r) => {
    const src = sourcesFromNotation(r.boardYear) ?? (r.boardCode ? [{ board: r.boardCode, year: r.year }] : []);
    const label = formatBoardYear(r.boardYear) || (r.boardCode ? formatBoardYear(`${r.boardCode}: ${r.year}`) : String(r.year));
    const text = searchableText(r.content);
    const kindWords = r.kind === "creative" ? "সৃজনশীল creative" : "বহুনির্বাচনি mcq";
    return {
      source: "board_papers",
      sourceId: r.id,
      kind: "paper",
      subjectId: r.subjectId,
      gradeId: null,
      title: shown(r.title, 255),
      body: shown(text, BODY_CHARS),
      meta: cut(`${r.subjectName} · ${label}`, 255),
      url: `/board-question/${r.boardSubjectId}/paper/${r.id}`,
      words: wordsOf("paper", r.title, [r.subjectName, text, kindWords], [...sourceTokens(src), `nu${r.year}`]),
      sourceStamp: Number(r.stamp),
      indexVersion: SEARCH_VERSION,
    };
  });
}

async function examDocs(ex: Executor, ids: number[]): Promise<Doc[]> {
  const rows = await ex
    .select({
      id: examTitles.id,
      name: examTitles.name,
      description: examTitles.description,
      group: examGroupSubjects.name,
      stamp: stamp(sql`${examTitles.updatedAt}`, sql`coalesce(${examGroupSubjects.updatedAt}, ${examTitles.updatedAt})`),
    })
    .from(examTitles)
    .leftJoin(examGroupSubjects, eq(examGroupSubjects.id, examTitles.groupSubjectId))
    .where(and(inArray(examTitles.id, ids), eq(examTitles.status, "published")));
  return rows.map((r) => {
    const text = searchableText(r.description);
    return {
      source: "exam_titles",
      sourceId: r.id,
      kind: "exam",
      subjectId: null,
      gradeId: null,
      title: shown(r.name, 255),
      body: shown(text, BODY_CHARS),
      meta: cut(r.group ?? "", 255),
      url: `/exampage/${r.id}`,
      words: wordsOf("exam", r.name, [text, r.group ?? ""]),
      sourceStamp: Number(r.stamp),
      indexVersion: SEARCH_VERSION,
    };
  });
}

async function videoDocs(ex: Executor, ids: number[]): Promise<Doc[]> {
  const rows = await ex
    .select({ id: videos.id, url: videos.url, title: videos.title, kind: videos.kind, stamp: stamp(sql`${videos.updatedAt}`) })
    .from(videos)
    .where(and(inArray(videos.id, ids), eq(videos.status, "published")));
  return rows.flatMap((r): Doc[] => {
    // The home page's player takes the same ids as listVideos (theory content may hold shorter ones).
    const videoId = videoIdFrom(r.url, r.kind === "theory" ? 6 : 11);
    if (!videoId) return [];
    const label = VIDEO_KIND_LABELS[r.kind];
    const title = r.title?.trim() || label;
    return [
      {
        source: "videos",
        sourceId: r.id,
        kind: "video",
        subjectId: null,
        gradeId: null,
        title: cut(title, 255),
        body: "",
        meta: label,
        url: `/home${videoHref("", { v: videoId })}`,
        words: wordsOf("video", title, [label]),
        sourceStamp: Number(r.stamp),
        indexVersion: SEARCH_VERSION,
      },
    ];
  });
}

const BUILD: Record<SearchSource, (ex: Executor, ids: number[]) => Promise<Doc[]>> = {
  titles: titleDocs,
  categories: chapterDocs,
  questions: questionDocs,
  board_papers: paperDocs,
  exam_titles: examDocs,
  videos: videoDocs,
};

const UPDATE = Object.fromEntries(
  ["kind", "subject_id", "grade_id", "title", "body", "meta", "url", "source_stamp", "index_version"].map((c) => [
    c.replace(/_(\w)/g, (_, x: string) => x.toUpperCase()),
    sql.raw(`values(\`${c}\`)`),
  ]),
);

type Tables = ReturnType<typeof searchTablesNamed>;
const LIVE: Tables = { docs: searchDocs, postings: searchPostings };

/** Removes the search rows (and their words) of these source rows. */
async function removeDocs(ex: Executor, source: SearchSource, sourceIds: number[], t: Tables = LIVE): Promise<void> {
  if (!sourceIds.length) return;
  const rows = await ex
    .select({ id: t.docs.id })
    .from(t.docs)
    .where(and(eq(t.docs.source, source), inArray(t.docs.sourceId, sourceIds)));
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  await ex.delete(t.postings).where(inArray(t.postings.docId, ids));
  await ex.delete(t.docs).where(inArray(t.docs.id, ids));
}

const POSTINGS_BATCH = 2000;

type Posting = typeof searchPostings.$inferInsert;
const intOrNull = (n: number | null | undefined) => (n == null ? "null" : String(Math.trunc(n)));
/** An index token as an SQL literal: tokens are ASCII letters and digits (lib/search-text.ts), quoted in case one is not. */
const tokenLiteral = (token: string) => (/^[0-9A-Za-z]+$/.test(token) ? `'${token}'` : `'${token.replace(/[\\']/g, "\\$&")}'`);

/**
 * One multi-row INSERT of postings, written out directly: through the query builder, its six
 * parameters per row cost more than the rest of a whole rebuild (11 million rows for the large data set).
 */
async function insertPostings(ex: Executor, t: Tables, rows: Posting[]): Promise<void> {
  const values = rows.map(
    (p) => `(${intOrNull(p.docId)}, ${tokenLiteral(p.token)}, '${p.kind}', ${intOrNull(p.rankKey)}, ${intOrNull(p.subjectId)}, ${intOrNull(p.gradeId)})`,
  );
  await ex.execute(
    sql.raw(`insert into \`${getTableName(t.postings)}\` (\`doc_id\`, \`token\`, \`kind\`, \`rank_key\`, \`subject_id\`, \`grade_id\`) values ${values.join(", ")}`),
  );
}

/** Writes the search rows of these source rows with their words, removes those of missing ones; returns the rows written. */
async function writeDocs(ex: Executor, source: SearchSource, ids: number[], t: Tables = LIVE): Promise<number> {
  const docs = await BUILD[source](ex, ids);
  if (docs.length) {
    await ex
      .insert(t.docs)
      .values(docs.map(({ words: _words, ...doc }) => doc))
      .onDuplicateKeyUpdate({ set: UPDATE });
    const rows = await ex
      .select({ id: t.docs.id, sourceId: t.docs.sourceId })
      .from(t.docs)
      .where(and(eq(t.docs.source, source), inArray(t.docs.sourceId, docs.map((d) => d.sourceId))));
    const docIdOf = new Map(rows.map((r) => [r.sourceId, r.id]));
    await ex.delete(t.postings).where(inArray(t.postings.docId, rows.map((r) => r.id)));
    const postings = docs.flatMap((d) => {
      const docId = docIdOf.get(d.sourceId)!;
      const words = new Map(d.words);
      if (d.subjectId != null) words.set(subjectGradeToken(d.subjectId, d.gradeId ?? null), 1);
      return [...words].map(([token, weight]) => ({
        token,
        kind: d.kind,
        rankKey: RANK_BASE - weight,
        docId,
        subjectId: d.subjectId ?? null,
        gradeId: d.gradeId ?? null,
      }));
    });
    // In primary key order: each batch appends to the table instead of splitting its pages.
    postings.sort((a, b) => a.docId - b.docId || (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
    for (let i = 0; i < postings.length; i += POSTINGS_BATCH) await insertPostings(ex, t, postings.slice(i, i + POSTINGS_BATCH));
  }
  const kept = new Set(docs.map((d) => d.sourceId));
  await removeDocs(
    ex,
    source,
    ids.filter((id) => !kept.has(id)),
    t,
  );
  return docs.length;
}

/**
 * See the top of this file. It also raises the content version (in the executor's transaction): what
 * is kept of search results, in this process and every other, is forgotten when the index changes.
 * `bump: false` leaves that to a caller that raises it once for several writes (the publication sweep).
 */
export async function reindex(source: SearchIndexSource, ids: number[], executor: Executor = db, { bump = true }: { bump?: boolean } = {}): Promise<void> {
  if ((await reindexRows(source, ids, executor)) && bump) await bumpContentVersion(executor);
}

/** Whether anything was (re)indexed or removed. */
async function reindexRows(source: SearchIndexSource, ids: number[], executor: Executor): Promise<boolean> {
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
  if (!unique.length) return false;
  if (source === "board_subjects") {
    const papers = await executor.select({ id: boardPapers.id }).from(boardPapers).where(inArray(boardPapers.boardSubjectId, unique));
    return reindexRows("board_papers", papers.map((p) => p.id), executor);
  }
  if (source === "exam_group_subjects") {
    const exams = await executor.select({ id: examTitles.id }).from(examTitles).where(inArray(examTitles.groupSubjectId, unique));
    return reindexRows("exam_titles", exams.map((e) => e.id), executor);
  }
  for (let i = 0; i < unique.length; i += BATCH) await writeDocs(executor, source, unique.slice(i, i + BATCH));
  if (source === "categories") {
    const topics = await executor.select({ id: titles.id }).from(titles).where(inArray(titles.categoryId, unique));
    await reindexRows("titles", topics.map((t) => t.id), executor);
  }
  return true;
}

/* ------------------------------------------------------------------ the safety net: stale rows */

type StaleSpec = { source: SearchSource; table: string; stamp: string; join?: string };

// The stamp is the newest updated_at of what the row's document is made of (see the builders above).
const STALE: StaleSpec[] = [
  { source: "titles", table: "titles", join: "join `categories` c on c.id = s.category_id", stamp: "greatest(s.updated_at, c.updated_at)" },
  { source: "categories", table: "categories", stamp: "s.updated_at" },
  { source: "questions", table: "questions", stamp: "s.updated_at" },
  {
    source: "board_papers",
    table: "board_papers",
    join: "join `board_subjects` bs on bs.id = s.board_subject_id left join `boards` b on b.id = s.board_id",
    stamp: "greatest(s.updated_at, bs.updated_at, coalesce(b.updated_at, s.updated_at))",
  },
  {
    source: "exam_titles",
    table: "exam_titles",
    join: "left join `exam_group_subjects` g on g.id = s.group_subject_id",
    stamp: "greatest(s.updated_at, coalesce(g.updated_at, s.updated_at))",
  },
  { source: "videos", table: "videos", stamp: "s.updated_at" },
];

/** The rows of a raw `execute` (mysql2 answers [rows, fields]). */
export const rowsOf = <T>(result: unknown) => (result as unknown as [T[], unknown])[0];

/** More stale rows than this (a first index of a large data set, a new SEARCH_VERSION): rebuild it whole. */
const REBUILD_AT = 20_000;

async function staleIds(executor: Executor, s: StaleSpec): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await executor.execute(
      sql.raw(
        `select s.id from \`${s.table}\` s ${s.join ?? ""} left join \`search_docs\` d on d.source = '${s.source}' and d.source_id = s.id ` +
          `where d.id is null or d.index_version <> ${SEARCH_VERSION} or d.source_stamp <> unix_timestamp(${s.stamp}) order by s.id`,
      ),
    ),
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Indexes every row whose search row is missing, older than the row or made by an older
 * SEARCH_VERSION, and removes search rows whose content is gone. Returns the rows (re)indexed (a row
 * that makes no document, such as a video without a usable link, is looked at again next time).
 * Idempotent; a few cheap queries when nothing is stale. With more than REBUILD_AT stale rows it
 * rebuilds the whole index instead (rebuildIndex): give it the database, not a transaction.
 */
export async function indexStale(executor: Executor = db): Promise<number> {
  const stale = new Map<SearchSource, number[]>();
  for (const s of STALE) stale.set(s.source, await staleIds(executor, s));
  const staleRows = [...stale.values()].reduce((n, ids) => n + ids.length, 0);
  if (staleRows >= REBUILD_AT) {
    const done = await rebuildIndex(executor);
    // Rows saved while it ran (their updated_at is newer than what was indexed).
    for (const s of STALE) await writeBatches(executor, s.source, await staleIds(executor, s));
    await bumpContentVersion(executor);
    return done;
  }
  let done = 0;
  let removed = 0;
  for (const s of STALE) {
    const orphans = rowsOf<{ source_id: number }>(
      await executor.execute(
        sql.raw(
          `select d.source_id from \`search_docs\` d left join \`${s.table}\` s on s.id = d.source_id where d.source = '${s.source}' and s.id is null`,
        ),
      ),
    ).map((r) => Number(r.source_id));
    for (let i = 0; i < orphans.length; i += BATCH) await removeDocs(executor, s.source, orphans.slice(i, i + BATCH));
    removed += orphans.length;
    done += await writeBatches(executor, s.source, stale.get(s.source) ?? []);
  }
  // Kept search results go (see reindex); a look that found nothing stale changes nothing.
  if (staleRows || removed) await bumpContentVersion(executor);
  return done;
}

async function writeBatches(executor: Executor, source: SearchSource, ids: number[], t: Tables = LIVE): Promise<number> {
  let done = 0;
  for (let i = 0; i < ids.length; i += BATCH) done += await writeDocs(executor, source, ids.slice(i, i + BATCH), t);
  return done;
}

/** The token index of search_postings, as the migration makes it (a rebuild adds it after filling). */
const TOKEN_INDEX = "search_postings_token_idx";
const TOKEN_INDEX_COLUMNS = "`token`, `kind`, `rank_key`, `subject_id`, `grade_id`";

/**
 * The whole index made anew beside the live one, then swapped in at once (RENAME TABLE): search keeps
 * answering from the old index meanwhile. The new postings are written without their token index,
 * in primary key order, and the index is added after in one sorted pass: at 350,000 rows minutes,
 * where inserting into both indexes as it goes took over an hour here. Returns the rows indexed.
 */
export async function rebuildIndex(executor: Executor = db): Promise<number> {
  const exec = (statement: string) => executor.execute(sql.raw(statement));
  await exec("drop table if exists `search_docs_next`, `search_postings_next`");
  await exec("create table `search_docs_next` like `search_docs`");
  await exec("create table `search_postings_next` like `search_postings`");
  await exec(`alter table \`search_postings_next\` drop index \`${TOKEN_INDEX}\``);
  const next = searchTablesNamed("search_docs_next", "search_postings_next");
  let done = 0;
  for (const s of STALE) {
    const ids = rowsOf<{ id: number }>(await exec(`select id from \`${s.table}\` order by id`)).map((r) => Number(r.id));
    done += await writeBatches(executor, s.source, ids, next);
  }
  await exec(`alter table \`search_postings_next\` add index \`${TOKEN_INDEX}\` (${TOKEN_INDEX_COLUMNS})`);
  await exec(
    "rename table `search_docs` to `search_docs_old`, `search_docs_next` to `search_docs`, " +
      "`search_postings` to `search_postings_old`, `search_postings_next` to `search_postings`",
  );
  await exec("drop table `search_docs_old`, `search_postings_old`");
  return done;
}
