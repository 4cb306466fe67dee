// Search: the index (table search_docs) and the reads of the results page.
//
// KEEPING THE INDEX CURRENT: every path that writes searchable content calls
//
//   reindex(source: SearchIndexSource, ids: number[], executor?: Executor): Promise<void>
//
//   source   the table that was written: "titles" | "categories" | "questions" | "board_papers" |
//            "exam_titles" | "videos", or "board_subjects" (re-indexes that board subject's papers).
//            "categories" also re-indexes the chapter's topics (they carry its name and subject).
//   ids      the ids created, saved or deleted; a deleted (missing) id's search row is removed.
//   executor the save's transaction (recommended: the search row then commits with the save), or db.
//
// e.g. updateTitle (models/study.server.ts) calls `await reindex("titles", [id], tx)` inside its transaction.
// A question's options, parts and sources belong to the question: after changing them, reindex "questions".
// Bulk imports may instead rely on `indexStale` (run by deriveAll: db:migrate, db:render, the seed),
// which indexes every row whose search row is missing, older than the row's updated_at, or made by an
// older SEARCH_VERSION, and removes rows whose content is gone.
//
// READING: a query is parsed by lib/search-query.ts into index tokens and a board/year filter, and
// found with InnoDB FULLTEXT in boolean mode (no LIKE, no scan); a page makes at most six round trips.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
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
  titles,
  videos,
  type SearchKind,
  type SearchSource,
} from "~/db/schema";
import { formatBoardYear, formatSources, sourcesFromNotation, type Source } from "~/lib/board-year";
import { groupBy } from "~/lib/group-by";
import { sourceTokens } from "~/lib/search-query";
import { indexTokens, searchableText } from "~/lib/search-text";
import { VIDEO_KIND_LABELS, videoIdFrom } from "~/lib/video-id";
import { videoHref } from "~/lib/video-query";

export type Executor = MySqlDatabase<MySql2QueryResultHKT, MySql2PreparedQueryHKT, typeof schema>;
export type SearchIndexSource = SearchSource | "board_subjects";

/** Raise when the normaliser or what a row's search text holds changes: indexStale then rebuilds every row. */
export const SEARCH_VERSION = 1;

const BATCH = 500;
/** Characters of plain text kept for snippets (the words of the whole text are indexed). */
const BODY_CHARS = 3000;
/** Words of one row that are indexed (a very long topic is found by its first 20,000 words). */
const MAX_WORDS = 20_000;

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

type Doc = typeof searchDocs.$inferInsert;

const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1).trimEnd()}…` : text);

/** Title words count three times, so a match in the title ranks above one in the text. */
function tokensOf(kind: SearchKind, title: string, texts: string[], extra: string[] = []): string {
  const t = indexTokens(title);
  const body = texts.map(indexTokens).filter(Boolean).join(" ").split(" ", MAX_WORDS).join(" ");
  return [t, t, t, body, indexTokens(KIND_WORDS[kind]), ...extra].filter(Boolean).join(" ");
}

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
      title: cut(r.name, 255),
      body: cut(text, BODY_CHARS),
      meta: cut(r.chapter, 255),
      url: `/title/${r.id}`,
      tokens: tokensOf("topic", r.name, [text, r.chapter]),
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
    title: cut(r.name, 255),
    body: "",
    meta: "",
    url: `/category/${r.id}`,
    tokens: tokensOf("chapter", r.name, []),
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
      title: cut(title, 160),
      body: cut(text, BODY_CHARS),
      meta: cut(formatSources(src) || (r.note ?? ""), 255),
      url: null,
      tokens: tokensOf(kind, "", [text, r.note ?? ""], sourceTokens(src)),
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
      title: cut(r.title, 255),
      body: cut(text, BODY_CHARS),
      meta: cut(`${r.subjectName} · ${label}`, 255),
      url: `/board-question/${r.boardSubjectId}/paper/${r.id}`,
      tokens: tokensOf("paper", r.title, [r.subjectName, text, kindWords], [...sourceTokens(src), `nu${r.year}`]),
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
      title: cut(r.name, 255),
      body: cut(text, BODY_CHARS),
      meta: cut(r.group ?? "", 255),
      url: `/exampage/${r.id}`,
      tokens: tokensOf("exam", r.name, [text, r.group ?? ""]),
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
        tokens: tokensOf("video", title, [label]),
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
  ["kind", "subject_id", "grade_id", "title", "body", "meta", "url", "tokens", "source_stamp", "index_version"].map((c) => [
    c.replace(/_(\w)/g, (_, x: string) => x.toUpperCase()),
    sql.raw(`values(\`${c}\`)`),
  ]),
);

async function writeDocs(ex: Executor, source: SearchSource, ids: number[]): Promise<void> {
  const docs = await BUILD[source](ex, ids);
  if (docs.length) {
    await ex.insert(searchDocs).values(docs).onDuplicateKeyUpdate({ set: UPDATE });
  }
  const kept = new Set(docs.map((d) => d.sourceId));
  const gone = ids.filter((id) => !kept.has(id));
  if (gone.length) await ex.delete(searchDocs).where(and(eq(searchDocs.source, source), inArray(searchDocs.sourceId, gone)));
}

/** See the top of this file. */
export async function reindex(source: SearchIndexSource, ids: number[], executor: Executor = db): Promise<void> {
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
  if (!unique.length) return;
  if (source === "board_subjects") {
    const papers = await executor.select({ id: boardPapers.id }).from(boardPapers).where(inArray(boardPapers.boardSubjectId, unique));
    return reindex("board_papers", papers.map((p) => p.id), executor);
  }
  for (let i = 0; i < unique.length; i += BATCH) await writeDocs(executor, source, unique.slice(i, i + BATCH));
  if (source === "categories") {
    const topics = await executor.select({ id: titles.id }).from(titles).where(inArray(titles.categoryId, unique));
    await reindex("titles", topics.map((t) => t.id), executor);
  }
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

/**
 * Indexes every row whose search row is missing, older than the row or made by an older
 * SEARCH_VERSION, and removes search rows whose content is gone. Returns the rows (re)indexed.
 * Idempotent; a few cheap queries when nothing is stale.
 */
export async function indexStale(executor: Executor = db): Promise<number> {
  let done = 0;
  for (const s of STALE) {
    await executor.execute(
      sql.raw(
        `delete d from \`search_docs\` d left join \`${s.table}\` s on s.id = d.source_id where d.source = '${s.source}' and s.id is null`,
      ),
    );
    const stale = rowsOf<{ id: number }>(
      await executor.execute(
        sql.raw(
          `select s.id from \`${s.table}\` s ${s.join ?? ""} left join \`search_docs\` d on d.source = '${s.source}' and d.source_id = s.id ` +
            `where d.id is null or d.index_version <> ${SEARCH_VERSION} or d.source_stamp <> unix_timestamp(${s.stamp}) order by s.id`,
        ),
      ),
    ).map((r) => Number(r.id));
    for (let i = 0; i < stale.length; i += BATCH) await writeDocs(executor, s.source, stale.slice(i, i + BATCH));
    done += stale.length;
  }
  return done;
}
