// Search: the index (tables search_docs and search_postings) and the reads of the results page.
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
// e.g. updateTitle (models/study.server.ts) calls `await reindex("titles", [id], tx)` inside its transaction.
// A question's options, parts and sources belong to the question: after changing them, reindex "questions".
// Bulk imports may instead rely on `indexStale` (run by deriveAll: db:migrate, db:render, the seed),
// which indexes every row whose search row is missing, older than the row's updated_at, or made by an
// older SEARCH_VERSION, and removes rows whose content is gone.
//
// READING: a query is read by lib/search-query.ts into clauses (each word, the board/year and
// subject+grade filters) over index tokens, and found in search_postings, an inverted index in
// InnoDB: every clause is a range of its clustered key, so no query scans the table, and the work
// is bounded (see findCandidates). A results page makes two round trips: count the clauses, then
// match with the rows it shows and their questions' links in the same query (runMatchWithRows); when
// no row has every word, match some of them, then read the rows and links (four). Each clause's
// count, the filter lists and the empty page's topics are kept until a staff save, so a query whose
// words were counted before makes one.
import { and, eq, getTableName, inArray, sql, type SQL } from "drizzle-orm";
import type { MySqlDatabase } from "drizzle-orm/mysql-core";
import type { MySql2PreparedQueryHKT, MySql2QueryResultHKT } from "drizzle-orm/mysql2";
import { db } from "~/db/client.server";
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
import { parseQuery, queryClauses, sourceTokens, subjectGradeToken, type Clause } from "~/lib/search-query";
import { indexTokens, readableMath, searchableText } from "~/lib/search-text";
import { VIDEO_KIND_LABELS, videoIdFrom } from "~/lib/video-id";
import { bumpContentVersion, keptPerKeyUntilContentChange, keptUntilContentChange, onContentChange } from "~/models/site.server";
import { videoHref } from "~/lib/video-query";

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
const RANK_BASE = 10_000;

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
    .where(inArray(titles.id, ids));
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
      .where(inArray(questions.id, ids)),
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
    .where(inArray(examTitles.id, ids));
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
    .where(inArray(videos.id, ids));
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
 */
export async function reindex(source: SearchIndexSource, ids: number[], executor: Executor = db): Promise<void> {
  if (await reindexRows(source, ids, executor)) await bumpContentVersion(executor);
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

const rowsOf = <T>(result: unknown) => (result as unknown as [T[], unknown])[0];

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

/* ------------------------------------------------------------------ reading */

export const SEARCH_KINDS: SearchKind[] = ["topic", "chapter", "mcq", "creative", "paper", "exam", "video"];

/**
 * How many rows of a clause are counted to choose the one to start from (the rarest); a clause with
 * more counts as this many. Reading this many index entries is a few milliseconds.
 */
const ESTIMATE_CAP = 5000;
/** A starting clause with at most this many rows is read whole: every match is found, counts are exact. */
const EXACT_CAP = 2000;
/**
 * Otherwise (every word is very common, "কত মান") the best rows of the starting word are read, this
 * many of each kind (more of the kind asked for), and counts are at least what was found.
 */
const APPROX_PER_KIND = 50;
/** Words read for a prefix when not every match can be read ("মান*": মান, মানের, মানুষ …). */
const MAX_PREFIX_WORDS = 200;
const APPROX_KIND_ASKED = 1000;

/**
 * A search row that matches, with what the page needs to rank it: `position` is its place (1-based)
 * among the matches of its kind, or among all matches (Shown.byKind false).
 */
export type Candidate = {
  docId: number;
  kind: SearchKind;
  subjectId: number | null;
  gradeId: number | null;
  rank: number;
  matched: number;
  position: number;
};
/** How many matches there are of a kind, subject and grade: the page's counts and filters. */
export type Facet = { kind: SearchKind; subjectId: number | null; gradeId: number | null; count: number };
export type Found = {
  /** Matches, best first (of each kind in turn when positions are per kind): all of them, or with `shown` only those it names. */
  candidates: Candidate[];
  /** The matches counted by kind, subject and grade; none with Shown.onlyNamed. */
  facets: Facet[];
  /** Not every match was read (see APPROX_PER_KIND): counts are lower bounds. */
  approximate: boolean;
  /** No row had every word: these have some of them (and every filter). */
  loose: boolean;
  /** The rows to show that came with the match (see Shown), by search row id. */
  shown: Map<number, SearchHit>;
};

/**
 * Which results the page will show, so that their rows (and questions' links) come with the match in
 * the same round trip: positions `from`..`to` (1-based) of each kind (`byKind`), of one kind (`kind`),
 * or of all results in their order; the other matches are only counted. `onlyNamed`: not even counted
 * (suggestions: 12 rows come back instead of up to EXACT_CAP).
 */
export type Shown = { byKind: boolean; kind: SearchKind | null; from: number; to: number; onlyNamed?: boolean };

/** `col` has one of the clause's tokens or begins with one of its prefixes (each a range of the index). */
function tokenIn(col: string, clause: Clause): SQL {
  const column = sql.raw(col);
  const parts: SQL[] = [];
  if (clause.tokens.length) parts.push(sql`${column} in (${sql.join(clause.tokens.map((t) => sql`${t}`), sql`, `)})`);
  // Tokens are [a-z0-9]; "~" sorts after all of them.
  for (const p of clause.prefixes) parts.push(sql`(${column} >= ${p} and ${column} < ${`${p}~`})`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * Each clause's (capped) row count, kept per clause until a staff save: statistics of the index, as a
 * database keeps its own, shared by every query that has the word. A bounded number is kept.
 */
const clauseCounts = new Map<string, number>();
const CLAUSE_COUNTS_KEPT = 20_000;
let countsGeneration = 0;
onContentChange(() => {
  clauseCounts.clear();
  countsGeneration++;
});
const clauseKey = (c: Clause) => JSON.stringify([c.tokens, c.prefixes]);

/** Rows of each clause, counted up to ESTIMATE_CAP + 1: one round trip for the clauses not counted before, none when all were. */
async function estimate(clauses: Clause[]): Promise<number[]> {
  const keys = clauses.map(clauseKey);
  const missing = clauses.map((c, i) => ({ c, i })).filter(({ i }) => !clauseCounts.has(keys[i]));
  if (missing.length) {
    const generation = countsGeneration;
    const parts = missing.map(
      ({ c, i }) =>
        sql`(select ${i} as i, count(*) as n from (select 1 from search_postings where ${tokenIn("token", c)} limit ${ESTIMATE_CAP + 1}) ${sql.raw(`e${i}`)})`,
    );
    const rows = rowsOf<{ i: number; n: number }>(await db.execute(sql.join(parts, sql` union all `)));
    const counted = new Map(rows.map((r) => [keys[Number(r.i)], Number(r.n)]));
    // Counted before a staff save that came meanwhile: used for this query, not kept.
    if (generation === countsGeneration) {
      if (clauseCounts.size + counted.size > CLAUSE_COUNTS_KEPT) clauseCounts.clear();
      for (const [k, n] of counted) clauseCounts.set(k, n);
    }
    return keys.map((k) => counted.get(k) ?? clauseCounts.get(k) ?? 0);
  }
  return keys.map((k) => clauseCounts.get(k) ?? 0);
}

const idf = (rows: number) => Math.log(1 + ESTIMATE_CAP / Math.max(1, rows));

type Row = { tag: number; doc_id: number; kind: SearchKind; subject_id: number | null; grade_id: number | null } & Record<string, unknown>;

/**
 * The rows that have the driver clause and every one of `verify`, with each clause's weight (w0 the
 * driver's, w1… the others'), tagged `tag`. The driver's rows are read from its index range (all of
 * them, or the best `limits` of each kind); each is checked for the other clauses through (doc_id, token).
 */
function matchSql(tag: number, driver: Clause, verify: Clause[], limits: [SearchKind, number][] | null): SQL {
  const cols = sql.raw("s.token, s.kind, s.rank_key, s.doc_id, s.subject_id, s.grade_id");
  // The best rows of each kind: the driver's words first (a prefix's, at most MAX_PREFIX_WORDS of
  // them, read with the index's skip scan), then each word's rows of the kind, best first. Without
  // that step a kind with no rows would scan every row of a common prefix to find none.
  const source = limits
    ? sql`(${sql.join(
        limits.map(
          ([kind, n]) =>
            sql`(select straight_join ${cols} from (select distinct token from search_postings where ${tokenIn("token", driver)} limit ${MAX_PREFIX_WORDS}) w
              join search_postings s on s.token = w.token and s.kind = ${kind} limit ${n})`,
        ),
        sql` union all `,
      )})`
    : sql`(select ${cols} from search_postings s where ${tokenIn("s.token", driver)})`;
  const weights = verify.map((_, j) => sql.raw(`, ${RANK_BASE} - min(v${j}.rank_key) as w${j + 1}`));
  const joins = verify.map((c, j) => sql` join search_postings ${sql.raw(`v${j}`)} on ${sql.raw(`v${j}`)}.doc_id = p.doc_id and ${tokenIn(`v${j}.token`, c)}`);
  return sql`(select ${tag} as tag, p.doc_id, p.kind, p.subject_id, p.grade_id, ${RANK_BASE} - min(p.rank_key) as w0${sql.join(weights, sql``)}
      from ${source} p${sql.join(joins, sql``)}
      group by p.doc_id, p.kind, p.subject_id, p.grade_id)`;
}

const runMatches = async (parts: SQL[]) => rowsOf<Row>(await db.execute(sql.join(parts, sql` union all `)));

/** Rank: each matched clause's weight (dampened: a long text says a word often) times its rarity. */
const weightScore = (weight: unknown, rows: number) => (Number(weight) > 0 ? Math.sqrt(Number(weight)) * idf(rows) : 0);

const approxLimits = (kind: SearchKind | null): [SearchKind, number][] =>
  SEARCH_KINDS.map((k) => [k, k === kind ? APPROX_KIND_ASKED : APPROX_PER_KIND]);

/**
 * Every search row that meets all clauses (or, when none does and the query has several words,
 * rows with some of its words and all of its filters), ranked. Bounded work whatever the data size:
 * one query counts each clause's rows (capped), one reads the rarest clause's rows and checks them
 * for the others (all of them when there are at most EXACT_CAP, else the best of each kind).
 * `kind`: the kind the page shows, read deeper when not every match can be read.
 */
export async function findCandidates(
  clauses: Clause[],
  { kind, shown }: { kind: SearchKind | null; shown?: Shown },
): Promise<Found> {
  const none = new Map<number, SearchHit>();
  const empty: Found = { candidates: [], facets: [], approximate: false, loose: false, shown: none };
  if (!clauses.length) return empty;
  const counts = await estimate(clauses);
  const textCount = clauses.filter((c) => c.text).length;
  if (counts.every((n) => n > 0)) {
    const driver = counts.indexOf(Math.min(...counts));
    const approximate = counts[driver] > EXACT_CAP;
    const others = clauses.map((c, i) => ({ c, i })).filter(({ i }) => i !== driver);
    const order = [driver, ...others.map((o) => o.i)];
    const match = matchSql(
      0,
      clauses[driver],
      others.map((o) => o.c),
      approximate ? approxLimits(kind) : null,
    );
    const candidateOf = (r: Row, position: number): Candidate => ({
      docId: Number(r.doc_id),
      kind: r.kind,
      subjectId: r.subject_id === null ? null : Number(r.subject_id),
      gradeId: r.grade_id === null ? null : Number(r.grade_id),
      rank: order.reduce((sum, ci, k) => sum + weightScore(r[`w${k}`], counts[ci]), 0),
      matched: clauses.length,
      position,
    });
    if (shown) {
      const rows = await runMatchWithRows(match, order.map((ci) => idf(counts[ci])), shown, counts[driver] >= GROUP_FROM && !shown.onlyNamed);
      if (rows.length || textCount < 2) {
        const candidates = rows.filter((r) => Number(r.named) === 1).map((r) => candidateOf(r, Number(r.rn)));
        const facets = shown.onlyNamed ? [] : facetsOf(rows.map(facetOfRow));
        return { candidates: inPositionOrder(candidates, shown.byKind), facets, approximate, loose: false, shown: hitsOfRows(rows) };
      }
    } else {
      const rows = await runMatches([match]);
      if (rows.length || textCount < 2) {
        const candidates = withPositions(sortCandidates(rows.map((r) => candidateOf(r, 0))), true);
        return { candidates, facets: facetsOf(candidates), approximate, loose: false, shown: none };
      }
    }
  } else if (textCount < 2 || clauses.some((c, i) => !c.text && counts[i] === 0)) {
    return empty;
  }
  const candidates = withPositions(await someWords(clauses, counts, kind), shown?.byKind ?? true);
  return { candidates, facets: facetsOf(candidates), approximate: true, loose: true, shown: none };
}

/** The matches counted by kind, subject and grade (`count`: how many each stands for, one when not given). */
function facetsOf(matches: (Omit<Facet, "count"> & { count?: number })[]): Facet[] {
  const byKey = new Map<string, Facet>();
  for (const c of matches) {
    const key = `${c.kind} ${c.subjectId} ${c.gradeId}`;
    const n = c.count ?? 1;
    const facet = byKey.get(key);
    if (facet) facet.count += n;
    else byKey.set(key, { kind: c.kind, subjectId: c.subjectId, gradeId: c.gradeId, count: n });
  }
  return [...byKey.values()];
}

const facetOfRow = (r: MatchRow): Facet => ({
  kind: r.kind,
  subjectId: r.subject_id === null ? null : Number(r.subject_id),
  gradeId: r.grade_id === null ? null : Number(r.grade_id),
  count: r.n === undefined ? 1 : Number(r.n),
});

/** Sorted candidates numbered 1, 2, … within their kind (or all together). */
function withPositions(sorted: Candidate[], byKind: boolean): Candidate[] {
  const next = new Map<SearchKind | null, number>();
  for (const c of sorted) {
    const key = byKind ? c.kind : null;
    const n = (next.get(key) ?? 0) + 1;
    next.set(key, n);
    c.position = n;
  }
  return inPositionOrder(sorted, byKind);
}

const inPositionOrder = (list: Candidate[], byKind: boolean) =>
  list.sort((a, b) => (byKind ? SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind) : 0) || a.position - b.position);

/**
 * The match (`match`, its weights w0… in `idfs`' order) numbered within its kind (or among all), and
 * for the positions `shown` names their search rows and a question's best link (bestLinkOf): a page
 * of results is a single round trip (each more query cost about as much CPU as the rest of the
 * search). The other matches come one row each, or with `grouped` one row per kind, subject and
 * grade with their number `n` (see GROUP_FROM). With `onlyNamed`, only the named rows (and the
 * first of each ranking, so that no rows means no match). Positions come from the same sums
 * findCandidates makes from all the matches in JavaScript (IEEE doubles both sides: square roots of
 * integers times the same constants, added in the same order; search.test.ts compares the two).
 */
async function runMatchWithRows(match: SQL, idfs: number[], shown: Shown, grouped: boolean): Promise<MatchRow[]> {
  const score = sql.join(
    idfs.map((c, k) => sql`if(${sql.raw(`m.w${k}`)} > 0, sqrt(${sql.raw(`m.w${k}`)}) * cast(${String(c)} as double), 0)`),
    sql` + `,
  );
  const kindOrder = sql.raw(`field(m.kind, ${SEARCH_KINDS.map((k) => `'${k}'`).join(", ")})`);
  const over = shown.byKind ? sql`partition by m.kind order by ${score} desc, m.doc_id` : sql`order by ${score} desc, ${kindOrder}, m.doc_id`;
  const named = sql`x.rn between ${shown.from} and ${shown.to}${shown.kind ? sql` and x.kind = ${shown.kind}` : sql``}`;
  const numbered = sql`(select x.*, (${named}) as named from (select m.*, row_number() over (${over}) as rn from ${match} m) x)`;
  // A named row is a group of its own; its values are the group's min/max.
  const weights = sql.raw(idfs.map((_, k) => `, min(g.w${k}) as w${k}`).join(""));
  const rows = grouped
    ? sql`(select min(g.tag) as tag, min(g.doc_id) as doc_id, g.kind, g.subject_id, g.grade_id${weights}, min(g.rn) as rn, max(g.named) as named, count(*) as n
        from ${numbered} g group by g.kind, g.subject_id, g.grade_id, if(g.named, g.doc_id, 0))`
    : numbered;
  return rowsOf<MatchRow>(
    await db.execute(sql`
      select y.*, d.id as hit_id, d.source, d.source_id, d.title, d.body, d.meta, d.url,
        ${shown.kind && shown.kind !== "mcq" && shown.kind !== "creative" ? sql`null` : sql`if(d.source = 'questions', (${bestLinkOf}), null)`} as link
      from ${rows} y
      left join search_docs d on d.id = y.doc_id and y.named = 1
      ${shown.onlyNamed ? sql`where y.named = 1 or y.rn = 1` : sql``}`),
  );
}

/**
 * From how many rows of the starting clause the other matches are counted in the database
 * (runMatchWithRows' `grouped`). Counting there adds a grouping step to the query; reading the rows
 * one by one costs Node about 1 µs each. Measured against each other with `PAGE_CACHE=0` (both
 * port orders): 1.2 × the requests for "ঢাকা বোর্ড ২০১৯" on the large data (1,203 matches), 1.03 × for
 * "ত্রিকোণমিতি" (488), 0.95 × for the same word on the demo data (a handful).
 */
const GROUP_FROM = 200;

type MatchRow = Row & {
  rn: number;
  /** How many matches the row stands for (grouped); absent: one. */
  n?: number;
  named: number;
  hit_id: number | null;
  source: SearchSource | null;
  source_id: number | null;
  title: string | null;
  body: string | null;
  meta: string | null;
  url: string | null;
  link: string | null;
};

/** The search rows that came with a match (runMatchWithRows), questions with their links. */
function hitsOfRows(rows: MatchRow[]): Map<number, SearchHit> {
  const out = new Map<number, SearchHit>();
  for (const r of rows) {
    if (r.hit_id === null || r.source === null) continue;
    const id = Number(r.hit_id);
    const sourceId = Number(r.source_id);
    let url = r.url;
    if (r.source === "questions") {
      const f = r.link ? String(r.link).split(" ").map(Number) : null;
      const link = f && { question_id: sourceId, set_id: f[0], category_id: f[1] || null, parent_id: f[2] || null, paper_id: f[3] || null, board_subject_id: f[4] || null, exam_id: f[5] || null, pos: f[6] };
      url = link ? (bestLinks([link]).get(sourceId) ?? null) : null;
    }
    out.set(id, {
      id,
      source: r.source,
      sourceId,
      kind: r.kind,
      subjectId: r.subject_id === null ? null : Number(r.subject_id),
      gradeId: r.grade_id === null ? null : Number(r.grade_id),
      title: r.title ?? "",
      body: r.body ?? "",
      meta: r.meta ?? "",
      url,
    });
  }
  return out;
}

/** The fallback: rows with any of the words (those with more of them first) and every filter. One query. */
async function someWords(clauses: Clause[], counts: number[], kind: SearchKind | null): Promise<Candidate[]> {
  const filters = clauses.filter((c) => !c.text);
  const words = clauses.map((c, i) => ({ c, i })).filter(({ c, i }) => c.text && counts[i] > 0);
  if (!words.length) return [];
  const byDoc = new Map<number, Candidate>();
  const rows = await runMatches(words.map(({ c }, k) => matchSql(k, c, filters, approxLimits(kind))));
  for (const r of rows) {
    const docId = Number(r.doc_id);
    const score = weightScore(r.w0, counts[words[Number(r.tag)].i]);
    const seen = byDoc.get(docId);
    if (seen) {
      seen.rank += score;
      seen.matched++;
    } else {
      const subjectId = r.subject_id === null ? null : Number(r.subject_id);
      const gradeId = r.grade_id === null ? null : Number(r.grade_id);
      byDoc.set(docId, { docId, kind: r.kind, subjectId, gradeId, rank: score, matched: 1, position: 0 });
    }
  }
  return sortCandidates([...byDoc.values()]);
}

const sortCandidates = (list: Candidate[]) =>
  list.sort((a, b) => b.matched - a.matched || b.rank - a.rank || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind) || a.docId - b.docId);

export type SearchHit = {
  id: number;
  source: SearchSource;
  sourceId: number;
  kind: SearchKind;
  subjectId: number | null;
  gradeId: number | null;
  title: string;
  body: string;
  meta: string;
  url: string | null;
};

/**
 * The search rows to show, in the order given; a bank question's `url` is where it can be read
 * (questionLinks). Those in `shown` (they came with the match) as they are; the others in two
 * queries, sent at once whatever the rows are.
 */
export async function getHits(wanted: number[], shown: Map<number, SearchHit> = new Map()): Promise<SearchHit[]> {
  const docIds = wanted.filter((id) => !shown.has(id));
  if (!docIds.length) return wanted.flatMap((id) => shown.get(id) ?? []);
  const idList = sql.join(docIds.map((id) => sql`${id}`), sql`, `);
  const [rows, links] = await Promise.all([
    db
      .select({
        id: searchDocs.id,
        source: searchDocs.source,
        sourceId: searchDocs.sourceId,
        kind: searchDocs.kind,
        subjectId: searchDocs.subjectId,
        gradeId: searchDocs.gradeId,
        title: searchDocs.title,
        body: searchDocs.body,
        meta: searchDocs.meta,
        url: searchDocs.url,
      })
      .from(searchDocs)
      .where(inArray(searchDocs.id, docIds)),
    questionLinks(sql`select d.source_id from search_docs d where d.id in (${idList}) and d.source = 'questions'`),
  ]);
  const byId = new Map<number, SearchHit>(rows.map((r) => [r.id, r.source === "questions" ? { ...r, url: links.get(r.sourceId) ?? null } : r]));
  return wanted.flatMap((id) => shown.get(id) ?? byId.get(id) ?? []);
}

/** Questions per page on the pages a bank question is shown on (exam and MCQ practice pages). */
const QUESTION_PAGE = 25;

type LinkRow = {
  question_id: number;
  set_id: number;
  category_id: number | null;
  parent_id: number | null;
  paper_id: number | null;
  board_subject_id: number | null;
  exam_id: number | null;
  pos: number;
};

/** A question's place in its set (`sq`): how many come before it. */
const POSITION = `(select count(*) from set_questions s2 where s2.set_id = sq.set_id
  and (s2.sort < sq.sort or (s2.sort = sq.sort and s2.question_id < sq.question_id)))`;
/** What a set (`sq`) is: an MCQ category's practice set, a board paper, an exam. */
const LINK_JOINS = `left join question_sets qs on qs.id = sq.set_id
  left join mcq_categories mc on mc.id = qs.mcq_category_id
  left join board_papers bp on bp.question_set_id = sq.set_id
  left join exam_titles et on et.question_set_id = sq.set_id`;
/**
 * The set a search row's question (`d.source_id`) is best linked in, chosen as bestLinks chooses: its
 * LinkRow's fields from set_id to pos, joined by spaces (0 for none).
 */
const bestLinkOf = sql.raw(`select concat_ws(' ', sq.set_id, ifnull(qs.mcq_category_id, 0), ifnull(mc.parent_id, 0), ifnull(bp.id, 0),
    ifnull(bp.board_subject_id, 0), ifnull(et.id, 0), ${POSITION})
  from set_questions sq
  ${LINK_JOINS}
  where sq.question_id = d.source_id and (bp.id is not null or qs.mcq_category_id is not null or et.id is not null)
  order by if(bp.id is not null, 3, if(qs.mcq_category_id is not null, 2, 1)) desc, sq.set_id, bp.id, et.id
  limit 1`);

/**
 * Where each bank question of `questionIds` (a subquery) can be read: the board paper it is in, else
 * the MCQ practice set, else the exam (on the right page, at its #q-{id}). One query; questions in
 * no set get no link.
 */
async function questionLinks(questionIds: SQL): Promise<Map<number, string>> {
  const rows = rowsOf<LinkRow>(
    await db.execute(sql`
      select sq.question_id, sq.set_id, qs.mcq_category_id as category_id, mc.parent_id, bp.id as paper_id,
        bp.board_subject_id, et.id as exam_id, ${sql.raw(POSITION)} as pos
      from set_questions sq
      ${sql.raw(LINK_JOINS)}
      where sq.question_id in (${questionIds})
      order by sq.question_id, sq.set_id, bp.id, et.id`),
  );
  return bestLinks(rows);
}

/** Each question's link from its sets' rows (in set order): its board paper, else its practice set, else its exam. */
function bestLinks(rows: LinkRow[]): Map<number, string> {
  const out = new Map<number, string>();
  const score = (r: LinkRow) => (r.paper_id ? 3 : r.category_id ? 2 : r.exam_id ? 1 : 0);
  const best = new Map<number, LinkRow>();
  for (const r of rows) {
    const seen = best.get(Number(r.question_id));
    if (score(r) > 0 && (!seen || score(r) > score(seen))) best.set(Number(r.question_id), r);
  }
  for (const [id, r] of best) {
    const page = Math.floor(Number(r.pos) / QUESTION_PAGE) + 1;
    if (r.paper_id && r.board_subject_id) out.set(id, `/board-question/${r.board_subject_id}/paper/${r.paper_id}#q-${id}`);
    else if (r.category_id) {
      const base = r.parent_id ? `/mq/sub/${r.category_id}` : `/mq/${r.category_id}`;
      out.set(id, `${base}?set=${r.set_id}&page=${page}#q-${id}`);
    } else if (r.exam_id) out.set(id, `/exampage/${r.exam_id}${page > 1 ? `?page=${page}` : ""}#q-${id}`);
  }
  return out;
}

/** Subjects offered per grade, with names: the subject+grade filter's links. Kept until a staff save. */
export const listSubjectGrades = keptUntilContentChange(async () =>
  db
    .select({ subjectId: schema.subjects.id, gradeId: schema.grades.id, subject: schema.subjects.name, grade: schema.grades.name, slug: schema.subjects.slug })
    .from(schema.subjectGrades)
    .innerJoin(schema.subjects, eq(schema.subjects.id, schema.subjectGrades.subjectId))
    .innerJoin(schema.grades, eq(schema.grades.id, schema.subjectGrades.gradeId))
    .orderBy(schema.grades.sort, schema.grades.id, schema.subjectGrades.sort, schema.subjects.sort, schema.subjects.id),
);

/** The 20 latest years board papers exist for, newest first (the year filter's links). Kept until a staff save. */
export const listPaperYears = keptUntilContentChange(async () => {
  const rows = await db.selectDistinct({ year: boardPapers.year }).from(boardPapers).orderBy(sql`${boardPapers.year} desc`).limit(20);
  return rows.map((r) => r.year);
});

/**
 * A first topic of each subject, for the empty page (there are no reading counts to call any
 * "popular"): the subject's first chapter's first topic, for the first 12 subjects. One query, one
 * row per subject; kept until a staff save.
 */
export const starterTopics = keptUntilContentChange(async () => {
  // Each step reads an index in order and stops at the first row: subjects, their first chapter
  // that has topics (categories_subject_idx), its first topic (titles_category_idx).
  const rows = rowsOf<{ id: number | null; name: string | null; subject: string }>(
    await db.execute(sql`
      select t.id, t.name, x.subject from (
        select s.name as subject, s.sort, s.id as sid,
          (select c.id from categories c where c.subject_id = s.id
            and exists (select 1 from titles t where t.category_id = c.id) order by c.sort, c.id limit 1) as chapter
        from subjects s) x
      join titles t on t.id = (select t2.id from titles t2 where t2.category_id = x.chapter order by t2.sort, t2.id limit 1)
      order by x.sort, x.sid limit 12`),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name ?? "", subject: r.subject }));
});

/**
 * How many searches each process keeps until the next staff save: results pages (routes/search) and
 * suggestions, each up to this many, the least recently asked forgotten first. What students search
 * for bunches up (a chapter, a board and year), and the index is one primary's for every instance:
 * a search asked again is answered without it. `SEARCHES_KEPT=0` keeps none (the bench's latency of
 * one search at a time uses that).
 */
export const SEARCHES_KEPT = keptCount(process.env.SEARCHES_KEPT);

/** SEARCHES_KEPT's value: a whole number from 0; unset, empty or not a number, the default 500. */
function keptCount(raw: string | undefined): number {
  const n = Number(raw || 500);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 500;
}

/** How many suggestions the search box shows. */
const SUGGESTIONS = 6;

/** A few results for the words typed so far (the search box's suggestions): best first, with their links. */
export const suggest = (query: string) => keptSuggestions(query.trim());

async function findSuggestions(query: string): Promise<{ title: string; kind: SearchKind; url: string }[]> {
  const parsed = parseQuery(query);
  const found = await findCandidates(queryClauses(parsed.terms, parsed), { kind: null, shown: { byKind: false, kind: null, from: 1, to: SUGGESTIONS * 2, onlyNamed: true } });
  // Rows with every word only; suggestions from "some of the words" would mislead.
  if (found.loose) return [];
  const hits = await getHits(found.candidates.slice(0, SUGGESTIONS * 2).map((c) => c.docId), found.shown);
  return hits.flatMap((h) => (h.url ? [{ title: h.title, kind: h.kind, url: h.url }] : [])).slice(0, SUGGESTIONS);
}
const keptSuggestions = keptPerKeyUntilContentChange(findSuggestions, SEARCHES_KEPT);
