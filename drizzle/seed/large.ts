// `npm run db:seed:large`: a large, realistic data set in a separate database, for benchmarks (scripts/bench.mjs --data large).
//
//   npm run db:seed:large [-- --database NAME] [--scale F]
//
// The database is NAME (default grbd_large on the project-local MariaDB, or `<DATABASE_URL's name>_large`
// on DATABASE_URL's server). It is dropped and migrated anew, filled with the demo seed (so every id and
// URL the demo has works here too), then the bulk is added on top, at --scale 1:
//   33 subject+grade offerings (50 with the demo's), 2,000 chapters, 50,000 topics with math,
//   300,000 bank questions (a tenth creative) with board/year sources, 1,000 exams (some of 200+
//   questions), 20,000 board papers, 10,000 videos, 500,000 finished exam attempts with their answers,
//   100,000 presence rows.
// Deterministic: every row comes from seeded PRNGs, so two runs give the same rows; only times are
// relative to the run (attempts in the last 90 days, presence in the last hour), so pages that look
// at "now" see a live site.
//
// Fast because: rows go in as multi-row INSERTs of a few thousand, in primary key order, with the
// session's foreign key and unique checks off (every reference is made here, so they hold by
// construction; the test checks for orphans); the largest table's secondary index is built after
// the load in one sorted pass; pages' HTML is typeset once per distinct text and reused (topics are made
// of a bounded pool of paragraphs plus one plain paragraph of their own); the search index is made by
// search.server.ts's rebuild (deriveAll finds more than 20,000 stale rows and rebuilds by table swap).
import { drizzle } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as schema from "../../app/db/schema";
import { renderStaffHtml } from "../../app/lib/math.server";
import { deriveAll, renderedOrNull, RENDER_VERSION } from "../../app/models/rendering.server";
import { BOARDS, BOARD_SUBJECTS } from "./content-board";
import { EXAM_GROUP_SUBJECTS } from "./content-exams";
import { GRADES, SUBJECTS } from "./content-study";
import { seedWithReport } from "./index";
import {
  blockPool,
  CHAPTER_STEMS,
  EXAM_KINDS,
  EXTRA_SUBJECTS,
  FAMILY_OF,
  familyMcq,
  PRESENCE_PAGES,
  TOPIC_STEMS,
  topicIntro,
  VIDEO_SUFFIXES,
  type Family,
} from "./large-content";
import { bn, OPTION_KEYS, rng, type Rng } from "./util";

/** Rows added on top of the demo at --scale 1. */
export const FULL_SIZE = {
  chapters: 2_000,
  topics: 50_000,
  questions: 300_000,
  exams: 1_000,
  boardPapers: 20_000,
  videos: 10_000,
  attempts: 500_000,
  presence: 100_000,
} as const;
export type Sizes = Record<keyof typeof FULL_SIZE, number>;

/** The rows added at a scale: each size times the scale, at least one. */
export function sizesAt(scale: number): Sizes {
  const out = {} as Sizes;
  for (const [k, n] of Object.entries(FULL_SIZE)) out[k as keyof Sizes] = Math.max(1, Math.round(n * scale));
  return out;
}

/** A tenth of the bank is creative (সৃজনশীল) questions, with parts instead of options. */
const CREATIVE_SHARE = 0.1;
/** Share of board papers that are creative (the rest MCQ). */
const CREATIVE_PAPER_SHARE = 0.4;
const MCQ_PAPER_SIZE = 25;
const CREATIVE_PAPER_SIZE = 8;
const BATCH_ROWS = 2_000;

type Conn = mysql.Connection;
const log = (m: string) => console.log(`[large] ${m}`);

/* ------------------------------------------------------------------ batched inserts */

/**
 * Collects rows and sends them as multi-row INSERTs of BATCH_ROWS, one statement in flight while the
 * next batch is made (the database works while this process generates).
 */
class Inserter {
  private rows: unknown[][] = [];
  private inflight: Promise<unknown> = Promise.resolve();
  count = 0;
  constructor(
    private conn: Conn,
    private table: string,
    private columns: string[],
  ) {}
  /** Returns a promise only when a batch went out (await it: it bounds the memory). */
  add(row: unknown[]): Promise<void> | undefined {
    this.rows.push(row);
    this.count++;
    return this.rows.length >= BATCH_ROWS ? this.flush() : undefined;
  }
  private async flush() {
    const rows = this.rows;
    this.rows = [];
    await this.inflight;
    if (!rows.length) return;
    const statement = `insert into \`${this.table}\` (${this.columns.map((c) => `\`${c}\``).join(", ")}) values ?`;
    this.inflight = this.conn.query(statement, [rows]);
  }
  async end() {
    await this.flush();
    await this.inflight;
  }
}

/** Typesets each distinct text once (renderedOrNull: what models/rendering.server.ts stores). */
function renderCache() {
  const cache = new Map<string, string | null>();
  return (source: string | null | undefined): string | null => {
    if (source == null) return null;
    let html = cache.get(source);
    if (html === undefined) {
      html = renderedOrNull(source);
      cache.set(source, html);
    }
    return html;
  };
}

/** Id generator: 18 PRNG bytes as base64url, like attempts.server.ts's randomBytes(18). */
function randomId(r: Rng, bytes = 18): string {
  const buf = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) buf[i] = Math.floor(r.next() * 256);
  return buf.toString("base64url");
}

const weighted = <T>(r: Rng, items: readonly T[], cumulative: number[]): T => {
  const x = r.next() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return items[lo];
};

async function maxId(conn: Conn, table: string): Promise<number> {
  const [rows] = await conn.query(`select coalesce(max(id), 0) as n from \`${table}\``);
  return Number((rows as { n: number }[])[0].n);
}

/**
 * Runs `load` with the table's secondary indexes dropped (and the foreign keys that need them), then
 * adds them back in one ALTER: one sorted build each instead of a random insert per row. The table's
 * definition afterwards is checked to be the migration's again.
 */
async function withoutSecondaryIndexes(conn: Conn, table: string, load: () => Promise<void>) {
  const definition = async () => {
    const [rows] = await conn.query(`show create table \`${table}\``);
    return (rows as Record<string, string>[])[0]["Create Table"];
  };
  const before = await definition();
  const keys = [...before.matchAll(/^\s+((?:UNIQUE )?KEY `([^`]+)` \([^\n]*?\))(?: USING BTREE)?,?$/gm)].map((m) => ({ def: m[1], name: m[2] }));
  const fks = [...before.matchAll(/^\s+(CONSTRAINT `([^`]+)` FOREIGN KEY [^\n]*?),?$/gm)].map((m) => ({ def: m[1], name: m[2] }));
  if (keys.length) {
    await conn.query(`alter table \`${table}\` ${[...fks.map((f) => `drop foreign key \`${f.name}\``), ...keys.map((k) => `drop key \`${k.name}\``)].join(", ")}`);
  }
  await load();
  if (keys.length) {
    await conn.query(`alter table \`${table}\` ${[...keys.map((k) => `add ${k.def}`), ...fks.map((f) => `add ${f.def}`)].join(", ")}`);
    const after = await definition();
    if (after.replace(/ AUTO_INCREMENT=\d+/, "") !== before.replace(/ AUTO_INCREMENT=\d+/, "")) {
      throw new Error(`large seed: ${table} did not get its indexes back as they were:\n${before}\n---\n${after}`);
    }
  }
}

/* ------------------------------------------------------------------ the generator */

export type LargeReport = { seconds: number; counts: Record<string, number>; added: Sizes };

type Chapter = { id: number; subjectId: number; gradeId: number; family: Family; name: string; stem: string; subjectName: string };

export async function generateLarge(url: string, { scale = 1, quiet = false }: { scale?: number; quiet?: boolean } = {}): Promise<LargeReport> {
  const say = quiet ? () => {} : log;
  const started = Date.now();
  const lap = (() => {
    let t = Date.now();
    return (what: string) => {
      const now = Date.now();
      say(`${what} (${((now - t) / 1000).toFixed(1)} s)`);
      t = now;
    };
  })();
  const size = sizesAt(scale);
  const now = new Date(Math.floor(started / 1000) * 1000);
  const { resetDatabase } = await import("../migrate.mjs");

  say(`database ${new URL(url).pathname.slice(1)} at scale ${scale}: reset and migrate`);
  await resetDatabase(url);
  lap("migrated");

  const pool = mysql.createPool({ uri: url, charset: "utf8mb4", timezone: "Z", connectionLimit: 2 });
  const db = drizzle(pool, { schema, mode: "default" });
  const conn = await mysql.createConnection({ uri: url, charset: "utf8mb4", timezone: "Z" });
  try {
    await seedWithReport(db, { quiet: true });
    lap("demo seed");

    // Every reference below is made by this generator, to rows it made or the demo's.
    await conn.query("set session foreign_key_checks = 0, unique_checks = 0");
    const ins = (table: string, columns: string[]) => new Inserter(conn, table, columns);
    const render = renderCache();

    /* ---------------------------------------------------------- subjects and offerings */
    const subjectsOut: { id: number; slug: string; name: string }[] = SUBJECTS.map((s) => ({ id: s.id!, slug: s.slug, name: s.name }));
    {
      const base = await maxId(conn, "subjects");
      const subjects = ins("subjects", ["id", "name", "slug", "icon", "image", "sort"]);
      const offerings = ins("subject_grades", ["subject_id", "grade_id", "sort"]);
      EXTRA_SUBJECTS.forEach((s, i) => {
        const id = base + i + 1;
        subjects.add([id, s.name, s.slug, s.icon, null, base + i + 1]);
        subjectsOut.push({ id, slug: s.slug, name: s.name });
        for (const g of GRADES) offerings.add([id, g.id, 20 + i]);
      });
      await subjects.end();
      await offerings.end();
    }
    const [offeringRows] = await conn.query("select subject_id, grade_id from subject_grades order by grade_id, sort, subject_id");
    const offerings = (offeringRows as { subject_id: number; grade_id: number }[]).map((o) => {
      const s = subjectsOut.find((x) => x.id === o.subject_id)!;
      return { subjectId: o.subject_id, gradeId: o.grade_id, family: FAMILY_OF[s.slug] ?? "social", subjectName: s.name };
    });

    /* ---------------------------------------------------------- chapters */
    const chapters: Chapter[] = [];
    {
      const base = await maxId(conn, "categories");
      const out = ins("categories", ["id", "subject_id", "grade_id", "name", "image", "sort"]);
      const perOffering = new Map<string, number>();
      for (let i = 0; i < size.chapters; i++) {
        const o = offerings[i % offerings.length];
        const key = `${o.subjectId}:${o.gradeId}`;
        const n = (perOffering.get(key) ?? 0) + 1;
        perOffering.set(key, n);
        const stems = CHAPTER_STEMS[o.family];
        const stem = stems[(n - 1) % stems.length];
        const round = Math.floor((n - 1) / stems.length);
        const name = round ? `${stem} (${bn(round + 1)}য় অংশ)` : stem;
        const id = base + i + 1;
        chapters.push({ id, subjectId: o.subjectId, gradeId: o.gradeId, family: o.family, name, stem, subjectName: o.subjectName });
        await out.add([id, o.subjectId, o.gradeId, name, null, 100 + n]);
      }
      await out.end();
    }
    lap(`${size.chapters} chapters`);

    /* ---------------------------------------------------------- topics */
    {
      const r = rng(19_002);
      const pools = new Map<Family, { blocks: string[]; html: string[] }>();
      const poolOf = (family: Family) => {
        let pool = pools.get(family);
        if (!pool) {
          const blocks = blockPool(family, rng(19_100 + Object.keys(CHAPTER_STEMS).indexOf(family)), 600);
          pool = { blocks, html: blocks.map((b) => renderStaffHtml(b)) };
          pools.set(family, pool);
        }
        return pool;
      };
      const base = await maxId(conn, "titles");
      const out = ins("titles", ["id", "category_id", "name", "image", "content", "content_html", "render_version", "sort"]);
      const perChapter = new Map<number, number>();
      for (let i = 0; i < size.topics; i++) {
        const c = chapters[i % chapters.length];
        const n = (perChapter.get(c.id) ?? 0) + 1;
        perChapter.set(c.id, n);
        const stem = TOPIC_STEMS[(n - 1) % TOPIC_STEMS.length];
        const round = Math.floor((n - 1) / TOPIC_STEMS.length);
        const name = `${stem}: ${c.name}${round ? ` — ${bn(round + 1)}` : ""}`;
        const pool = poolOf(c.family);
        const intro = topicIntro(name, c.name, c.subjectName, n);
        const picks = Array.from({ length: r.int(2, 4) }, () => r.int(0, pool.blocks.length - 1));
        const content = [intro, ...picks.map((k) => pool.blocks[k])].join("\n");
        // The page's HTML, block by block: the same as rendering the whole (checked below and in the test).
        const html = [renderStaffHtml(intro), ...picks.map((k) => pool.html[k])].join("\n");
        if (i < 20 && renderStaffHtml(content) !== html) throw new Error(`large seed: topic ${base + i + 1} renders differently as a whole`);
        await out.add([base + i + 1, c.id, name, null, content, html, RENDER_VERSION, n]);
      }
      await out.end();
    }
    lap(`${size.topics} topics`);

    /* ---------------------------------------------------------- the question bank */
    const mcqBySubject = new Map<number, number[]>();
    const creativeBySubject = new Map<number, number[]>();
    const allMcq: number[] = [];
    const allCreative: number[] = [];
    /** Index (0-3) of each generated MCQ's correct option, by question id. */
    let correctOf = new Uint8Array(0);
    {
      const r = rng(19_003);
      const base = await maxId(conn, "questions");
      correctOf = new Uint8Array(base + size.questions + 1);
      const questions = ins("questions", [
        "id", "type", "subject_id", "grade_id", "chapter_id", "intro", "intro_html", "body", "body_html", "marks", "difficulty",
        "explanation", "explanation_html", "source_note", "render_version",
      ]);
      const options = ins("question_options", ["question_id", "opt_key", "body", "body_html", "is_correct", "sort"]);
      const parts = ins("question_parts", ["question_id", "label", "body", "body_html", "marks", "sort"]);
      const sources = ins("question_sources", ["question_id", "board", "year", "sort"]);
      const SSC = BOARDS.map((b) => b.code);
      const ADMISSION = ["du", "buet", "medical", "ru", "cu", "ju", "nu"];
      const PART_ASKS = [
        ["ক", "সংজ্ঞা লেখো।", 1], ["খ", "ব্যাখ্যা করো।", 2], ["গ", "উদ্দীপকের আলোকে নির্ণয় করো।", 3], ["ঘ", "যুক্তিসহ বিশ্লেষণ করো।", 4],
      ] as const;
      for (let i = 0; i < size.questions; i++) {
        const id = base + i + 1;
        const c = chapters[r.int(0, chapters.length - 1)];
        const creative = r.next() < CREATIVE_SHARE;
        const difficulty = r.next() < 0.3 ? r.pick(["easy", "medium", "hard"] as const) : null;
        // A few old rows keep a source as written (not board-year notation); most have board/year rows.
        const note = r.next() < 0.005 ? "পুরাতন প্রশ্নব্যাংক থেকে" : null;
        if (creative) {
          const stem = familyMcq(c.family, r);
          const intro = `উদ্দীপক: ${stem.body.replace(/কত\?$|কোনটি\?$/, "").trim()} (${c.name})`;
          await questions.add([id, "creative", c.subjectId, c.gradeId, c.id, intro, render(intro), "", "", "10", difficulty, null, null, note, RENDER_VERSION]);
          for (const [k, [label, ask, marks]] of PART_ASKS.entries()) {
            const body = k === 0 ? `${c.stem} কী? ${ask}` : k === 1 ? `${stem.options[stem.answer]} কেন সঠিক? ${ask}` : `${c.name}: ${ask}`;
            await parts.add([id, label, body, render(body) ?? "", String(marks), k + 1]);
          }
          (creativeBySubject.get(c.subjectId) ?? creativeBySubject.set(c.subjectId, []).get(c.subjectId)!).push(id);
          allCreative.push(id);
        } else {
          const q = familyMcq(c.family, r);
          const order = r.shuffle([0, 1, 2, 3]);
          const correct = order.indexOf(q.answer);
          correctOf[id] = correct;
          await questions.add([
            id, "mcq", c.subjectId, c.gradeId, c.id, null, null, q.body, render(q.body) ?? "", "1", difficulty,
            q.explanation ?? null, render(q.explanation ?? null), note, RENDER_VERSION,
          ]);
          for (let k = 0; k < 4; k++) {
            const body = q.options[order[k]];
            await options.add([id, OPTION_KEYS[k], body, render(body) ?? "", k === correct ? 1 : 0, k + 1]);
          }
          (mcqBySubject.get(c.subjectId) ?? mcqBySubject.set(c.subjectId, []).get(c.subjectId)!).push(id);
          allMcq.push(id);
        }
        if (!note && r.next() < 0.7) {
          const n = r.next() < 0.8 ? 1 : r.int(2, 3);
          const seen = new Set<string>();
          for (let k = 0; k < n; k++) {
            const board = r.next() < 0.85 ? r.pick(SSC) : r.pick(ADMISSION);
            const year = r.int(2005, 2024);
            if (seen.has(`${board}${year}`)) continue;
            seen.add(`${board}${year}`);
            await sources.add([id, board, year, seen.size]);
          }
        }
      }
      for (const x of [questions, options, parts, sources]) await x.end();
      lap(`${size.questions} questions: ${options.count} options, ${parts.count} parts, ${sources.count} sources`);
    }
    const drawDistinct = (r: Rng, from: number[], n: number) => {
      if (n >= from.length) return r.shuffle(from);
      const picked = new Set<number>();
      while (picked.size < n) picked.add(from[r.int(0, from.length - 1)]);
      return [...picked];
    };

    /* ---------------------------------------------------------- exams */
    const exams: { id: number; questionIds: number[]; negative: number; minutes: number }[] = [];
    let nextSet = (await maxId(conn, "question_sets")) + 1;
    const sets = ins("question_sets", ["id", "mcq_category_id", "name", "sort"]);
    const setQuestions = ins("set_questions", ["set_id", "question_id", "sort"]);
    {
      const r = rng(19_004);
      const base = await maxId(conn, "exam_titles");
      const out = ins("exam_titles", [
        "id", "group_subject_id", "name", "description", "description_html", "question_set_id", "full_marks", "duration_minutes",
        "negative_mark", "key_published", "review_after_finish", "sort", "render_version",
      ]);
      const subjectIds = [...mcqBySubject.keys()];
      const perGroup = new Map<number, number>();
      for (let i = 0; i < size.exams; i++) {
        const id = base + i + 1;
        const roll = r.next();
        const wanted = roll < 0.6 ? 25 : roll < 0.85 ? 50 : roll < 0.95 ? 100 : r.int(200, 250);
        const subjectId = r.pick(subjectIds);
        const from = (mcqBySubject.get(subjectId)!.length >= wanted ? mcqBySubject.get(subjectId) : allMcq)!;
        const questionIds = drawDistinct(r, from, wanted);
        const subject = subjectsOut.find((s) => s.id === subjectId)!.name;
        const groupSubjectId = r.pick(EXAM_GROUP_SUBJECTS).id!;
        const sort = (perGroup.get(groupSubjectId) ?? 0) + 1;
        perGroup.set(groupSubjectId, sort);
        const negative = r.pick([0, 0, 0.25, 0.5]);
        const minutes = Math.max(10, Math.round(questionIds.length * r.pick([0.6, 0.8, 1])));
        const name = `${subject} ${r.pick(EXAM_KINDS)} — ${bn(sort)}`;
        const description =
          `${bn(questionIds.length)}টি বহুনির্বাচনি প্রশ্ন, সময় ${bn(minutes)} মিনিট।` +
          (negative ? ` প্রতিটি ভুল উত্তরের জন্য ${bn(negative.toFixed(2))} নম্বর কাটা যাবে।` : " কোনো নেগেটিভ মার্কিং নেই।");
        const setId = nextSet++;
        await sets.add([setId, null, name, 1]);
        for (const [k, q] of questionIds.entries()) await setQuestions.add([setId, q, k + 1]);
        await out.add([
          id, groupSubjectId, name, description, render(description), setId, questionIds.length, minutes, negative.toFixed(2),
          r.next() < 0.3 ? 1 : 0, 1, sort, RENDER_VERSION,
        ]);
        exams.push({ id, questionIds, negative, minutes });
      }
      await out.end();
      lap(`${size.exams} exams (largest ${Math.max(...exams.map((e) => e.questionIds.length))} questions)`);
    }

    /* ---------------------------------------------------------- board papers */
    {
      const r = rng(19_005);
      const base = await maxId(conn, "board_papers");
      const out = ins("board_papers", [
        "id", "board_subject_id", "board_id", "year", "kind", "title", "board_year", "content", "content_html", "question_set_id", "sort",
        "render_version",
      ]);
      const perSubject = new Map<number, number>();
      for (let i = 0; i < size.boardPapers; i++) {
        const id = base + i + 1;
        const bs = r.pick(BOARD_SUBJECTS);
        const admission = bs.subjectId == null;
        const board = admission ? null : r.pick(BOARDS);
        const year = r.int(2005, 2024);
        const kind = r.next() < CREATIVE_PAPER_SHARE ? "creative" : "mcq";
        const subjectId = bs.subjectId ?? r.pick([...mcqBySubject.keys()]);
        const pool = kind === "creative" ? (creativeBySubject.get(subjectId) ?? allCreative) : (mcqBySubject.get(subjectId) ?? allMcq);
        const questionIds = drawDistinct(r, pool.length ? pool : allMcq, kind === "creative" ? CREATIVE_PAPER_SIZE : MCQ_PAPER_SIZE);
        const sort = (perSubject.get(bs.id!) ?? 0) + 1;
        perSubject.set(bs.id!, sort);
        const kindName = kind === "creative" ? "সৃজনশীল" : "বহুনির্বাচনি";
        const session = `${year - 1}-${String(year % 100).padStart(2, "0")}`;
        const title = board ? `${board.name} বোর্ড ${bn(year)} — ${bs.name} ${kindName}` : `${bs.name} ${bn(session)} — ${kindName}`;
        const boardYear = board ? `${board.code}: ${year % 100}` : `${bs.imageUrl!.replace(/^.*\/|\.svg$/g, "")}: ${session}`;
        const content = kind === "creative" ? `<p>সময়: ২ ঘণ্টা ৩৫ মিনিট; পূর্ণমান: ৭০। <em>[যেকোনো পাঁচটি প্রশ্নের উত্তর দাও।]</em></p>` : null;
        const setId = nextSet++;
        await sets.add([setId, null, title, 1]);
        for (const [k, q] of questionIds.entries()) await setQuestions.add([setId, q, k + 1]);
        await out.add([id, bs.id, board?.id ?? null, year, kind, title, boardYear, content, render(content), setId, sort, RENDER_VERSION]);
      }
      await out.end();
      await sets.end();
      await setQuestions.end();
      lap(`${size.boardPapers} board papers; ${sets.count} question sets, ${setQuestions.count} set questions`);
    }

    /* ---------------------------------------------------------- videos */
    {
      const r = rng(19_006);
      const base = await maxId(conn, "videos");
      const out = ins("videos", ["id", "url", "title", "kind", "sort"]);
      const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const perKind = new Map<string, number>();
      for (let i = 0; i < size.videos; i++) {
        const kind = r.pick(schema.videoKinds);
        const videoId = Array.from({ length: 11 }, () => ALPHABET[r.int(0, 63)]).join("");
        const url = kind === "short" ? `https://www.youtube.com/shorts/${videoId}` : r.pick([`https://www.youtube.com/watch?v=${videoId}`, `https://youtu.be/${videoId}`]);
        const c = r.pick(chapters);
        const sort = (perKind.get(kind) ?? 0) + 1;
        perKind.set(kind, sort);
        await out.add([base + i + 1, url, `${c.name}: ${r.pick(VIDEO_SUFFIXES)}`, kind, 100 + sort]);
      }
      await out.end();
      lap(`${size.videos} videos`);
    }

    /* ---------------------------------------------------------- finished attempts and their answers */
    {
      const r = rng(19_007);
      // Short tests are taken far more often than 200-question ones.
      const cumulative: number[] = [];
      exams.reduce((sum, e) => (cumulative.push(sum + 1 / e.questionIds.length), sum + 1 / e.questionIds.length), 0);
      const browsers = Math.max(1, Math.round(size.attempts / 4));
      const browserHash = (n: number) => createHash("sha256").update(`large-seed-browser-${n}`).digest("hex");
      // Ids in the order of the primary key (case-insensitive, as the column's collation compares), so
      // both tables fill by appending.
      const seen = new Set<string>();
      const ids: string[] = [];
      while (ids.length < size.attempts) {
        const id = randomId(r);
        if (seen.has(id.toLowerCase())) continue;
        seen.add(id.toLowerCase());
        ids.push(id);
      }
      ids.sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
      const attempts = ins("exam_attempts", [
        "id", "exam_id", "browser_hash", "started_at", "deadline_at", "negative_mark", "finished_at", "right_count", "wrong_count",
        "skipped_count", "score", "net", "full_marks",
      ]);
      const answers = ins("exam_attempt_answers", ["attempt_id", "question_id", "choice", "marked_for_review", "saved_at"]);
      await withoutSecondaryIndexes(conn, "exam_attempt_answers", async () => {
        for (const id of ids) {
          const exam = weighted(r, exams, cumulative);
          const startedAt = now.getTime() - r.int(60, 90 * 24 * 3600) * 1000;
          const deadline = startedAt + exam.minutes * 60_000;
          const finishedAt = startedAt + r.int(Math.min(120, exam.minutes * 60), exam.minutes * 60) * 1000;
          const answered = r.next() * 0.7 + 0.3;
          const skill = r.next() * 0.6 + 0.35;
          let right = 0;
          let wrong = 0;
          const touched = [...exam.questionIds].sort((a, b) => a - b);
          for (const q of touched) {
            const marked = r.next() < 0.05;
            const chosen = r.next() < answered;
            if (!chosen && !marked) continue;
            let choice: string | null = null;
            if (chosen) {
              const correct = correctOf[q];
              const k = r.next() < skill ? correct : (correct + r.int(1, 3)) % 4;
              choice = OPTION_KEYS[k];
              if (k === correct) right++;
              else wrong++;
            }
            const savedAt = new Date(startedAt + r.next() * (finishedAt - startedAt));
            await answers.add([id, q, choice, marked ? 1 : 0, savedAt]);
          }
          const total = exam.questionIds.length;
          const deducted = Math.round(wrong * exam.negative * 100) / 100;
          await attempts.add([
            id, exam.id, browserHash(r.int(1, browsers)), new Date(startedAt), new Date(deadline), exam.negative.toFixed(2),
            new Date(finishedAt), right, wrong, total - right - wrong, right.toFixed(2), (right - deducted).toFixed(2), total,
          ]);
        }
        await attempts.end();
        await answers.end();
        lap(`${attempts.count} attempts, ${answers.count} answers`);
      });
      lap("answers indexed");
    }

    /* ---------------------------------------------------------- presence */
    {
      const r = rng(19_008);
      const out = ins("online_presence", ["session_key", "page", "last_seen", "client_address"]);
      const addresses = Math.max(1, Math.round(size.presence / 5));
      const keys = new Set<string>();
      while (keys.size < size.presence) keys.add(randomId(r, 16).toLowerCase());
      for (const key of [...keys].sort()) {
        const a = r.int(1, addresses);
        const address = `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`;
        await out.add([key, r.pick(PRESENCE_PAGES), new Date(now.getTime() - r.int(0, 3600) * 1000), address]);
      }
      await out.end();
      lap(`${size.presence} presence rows`);
    }

    await conn.query("set session foreign_key_checks = 1, unique_checks = 1");

    /* ---------------------------------------------------------- derived data */
    // Everything above was stored rendered (render_version current): deriveAll should render nothing,
    // and finds the whole search index stale, so it rebuilds it (models/search.server.ts rebuildIndex).
    const derived = await deriveAll(db);
    const rerendered = Object.entries(derived.rendered).filter(([, n]) => n > 0);
    lap(`search index: ${derived.indexed} rows${rerendered.length ? `; rendered again: ${rerendered.map(([t, n]) => `${t} ${n}`).join(", ")}` : ""}`);

    const counts: Record<string, number> = {};
    for (const t of [
      "subjects", "subject_grades", "categories", "titles", "questions", "question_options", "question_parts", "question_sources",
      "question_sets", "set_questions", "exam_titles", "board_papers", "videos", "exam_attempts", "exam_attempt_answers",
      "online_presence", "search_docs", "search_postings",
    ]) {
      const [rows] = await conn.query(`select count(*) as n from \`${t}\``);
      counts[t] = Number((rows as { n: number }[])[0].n);
    }
    return { seconds: (Date.now() - started) / 1000, counts, added: size };
  } finally {
    await conn.end();
    await pool.end();
  }
}

/* ------------------------------------------------------------------ run directly */

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1];
    if (args[i].startsWith(`--${name}=`)) return args[i].slice(name.length + 3);
  }
  return undefined;
}

/** --database NAME on DATABASE_URL's server, or on the project-local MariaDB (started if needed). */
export async function largeDatabaseUrl(name?: string): Promise<string> {
  if (name !== undefined && !/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`--database needs letters, digits and _ (got "${name}")`);
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name ?? `${u.pathname.replace(/^\//, "") || "grbd"}_large`}`;
    return u.toString();
  }
  const { startLocalDb } = await import("../../scripts/local-db.mjs");
  const local = await startLocalDb();
  return `${local.url}/${name ?? "grbd_large"}`;
}

async function main() {
  const scale = Number(option("scale") ?? 1);
  if (!(scale > 0 && scale <= 10)) throw new Error(`--scale needs a number above 0 (at most 10), got ${option("scale")}`);
  const url = await largeDatabaseUrl(option("database"));
  const report = await generateLarge(url, { scale });
  const safe = new URL(url);
  safe.password = safe.password ? "****" : "";
  console.log(`[large] ${safe.toString()} in ${report.seconds.toFixed(1)} s:`);
  for (const [table, n] of Object.entries(report.counts)) console.log(`  ${table.padEnd(22)} ${n.toLocaleString("en").padStart(11)}`);
}

function isMain(): boolean {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  main().catch((err) => {
    console.error("[large] failed:", err);
    process.exitCode = 1;
  });
}
