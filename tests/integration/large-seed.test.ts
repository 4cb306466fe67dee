// The large data generator (drizzle/seed/large.ts) at a tiny scale, into its own database
// (`<test database>_large`): sizes, references, stored HTML and the search index.
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb } from "~/db/client.server";
import { renderStaffHtml } from "~/lib/math.server";
import { renderedOrNull } from "~/models/rendering.server";
import { loader } from "~/routes/search/route";
import { BOARD_PAPERS, CREATIVE_QUESTIONS } from "../../drizzle/seed/content-board";
import { EXAM_TITLES } from "../../drizzle/seed/content-exams";
import { LIVE_DEMO_ATTEMPTS } from "../../drizzle/seed/live-exams";
import { QUESTIONS } from "../../drizzle/seed/content-mcq";
import { VIDEOS } from "../../drizzle/seed/content-site";
import { CATEGORIES, TITLES } from "../../drizzle/seed/content-study";
import { generateLarge, sizesAt, type LargeReport } from "../../drizzle/seed/large";

const SCALE = 0.002;
// The generator drops and creates its database: the privileged account's work (MIGRATION_DATABASE_URL,
// as npm test sets it). The app's account has no rights on this extra database, so the search page
// below reads it as the privileged account too.
const base = process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL;
if (!base || !/_test$/.test(new URL(base).pathname)) {
  throw new Error("integration tests need DATABASE_URL pointing at a *_test database (npm test sets it)");
}
const url = (() => {
  const u = new URL(base);
  u.pathname = `${u.pathname}_large`;
  return u.toString();
})();

let report: LargeReport;
let conn: mysql.Connection;
const rows = async <T>(statement: string, params: unknown[] = []) => (await conn.query(statement, params))[0] as T[];

beforeAll(async () => {
  report = await generateLarge(url, { scale: SCALE, quiet: true });
  conn = await mysql.createConnection({ uri: url, charset: "utf8mb4", timezone: "Z" });
  // The app's models (the search page below) read this database.
  await closeDb();
  vi.stubEnv("DATABASE_URL", url);
}, 120_000);

afterAll(async () => {
  await conn?.end();
  await closeDb();
  vi.unstubAllEnvs();
});

describe("the large data set at a tiny scale", () => {
  it("adds the scaled sizes on top of the demo content", () => {
    const added = sizesAt(SCALE);
    expect(added).toMatchObject({ chapters: 4, topics: 100, questions: 600, exams: 2, boardPapers: 40, videos: 20, attempts: 1000, presence: 200 });
    const c = report.counts;
    expect(c.subject_grades).toBe(50);
    expect(c.categories).toBe(CATEGORIES.length + added.chapters);
    expect(c.titles).toBe(TITLES.length + added.topics);
    expect(c.questions).toBe(QUESTIONS.length + CREATIVE_QUESTIONS.length + added.questions);
    expect(c.exam_titles).toBe(EXAM_TITLES.length + added.exams);
    expect(c.board_papers).toBe(BOARD_PAPERS.length + added.boardPapers);
    expect(c.videos).toBe(VIDEOS.length + added.videos);
    // The demo's closed live exam brings its own finished attempts.
    expect(c.exam_attempts).toBe(LIVE_DEMO_ATTEMPTS + added.attempts);
    expect(c.online_presence).toBe(added.presence);
    expect(c.exam_attempt_answers).toBeGreaterThan(added.attempts * 5);
  });

  it("keeps what the demo's URLs need", async () => {
    const [exam] = await rows<{ n: number }>(
      "select count(*) as n from exam_titles e join set_questions s on s.set_id = e.question_set_id where e.id = 1",
    );
    expect(Number(exam.n)).toBeGreaterThanOrEqual(100);
    const present = await rows<{ t: string; n: number }>(
      `select 'title group' as t, count(*) as n from exam_title_groups where id = 1
       union all select 'board subjects', count(*) from board_subjects
       union all select 'mcq category', count(*) from mcq_categories where id = 1
       union all select 'live classes', count(*) from live_classes
       union all select 'site settings', count(*) from site_settings
       union all select 'super admin', count(*) from staff_users where id = 1 and is_super_admin`,
    );
    for (const p of present) expect(Number(p.n), p.t).toBeGreaterThan(0);
  });

  it("has no reference to a missing row, by every foreign key of the schema", async () => {
    const fks = await rows<{ t: string; c: string; rt: string; rc: string }>(
      `select table_name as t, column_name as c, referenced_table_name as rt, referenced_column_name as rc
       from information_schema.key_column_usage where table_schema = database() and referenced_table_name is not null`,
    );
    expect(fks.length).toBeGreaterThan(20);
    const orphans: string[] = [];
    for (const fk of fks) {
      const [r] = await rows<{ n: number }>(
        `select count(*) as n from \`${fk.t}\` c left join \`${fk.rt}\` p on p.\`${fk.rc}\` = c.\`${fk.c}\` where c.\`${fk.c}\` is not null and p.\`${fk.rc}\` is null`,
      );
      if (Number(r.n)) orphans.push(`${fk.t}.${fk.c} -> ${fk.rt}: ${r.n}`);
    }
    expect(orphans).toEqual([]);
    // An attempt answers only its exam's questions, and its counts add up.
    const [stray] = await rows<{ n: number }>(
      `select count(*) as n from exam_attempt_answers a join exam_attempts t on t.id = a.attempt_id join exam_titles e on e.id = t.exam_id
       left join set_questions s on s.set_id = e.question_set_id and s.question_id = a.question_id where s.question_id is null`,
    );
    expect(Number(stray.n)).toBe(0);
    const [bad] = await rows<{ n: number }>(
      "select count(*) as n from exam_attempts where finished_at is null or right_count + wrong_count + skipped_count <> full_marks",
    );
    expect(Number(bad.n)).toBe(0);
  });

  it("stores pages' HTML as the renderer makes it, math typeset by KaTeX", async () => {
    const firstNew = TITLES.length + 1;
    const topics = await rows<{ id: number; content: string; content_html: string }>(
      "select id, content, content_html from titles where id >= ? order by id",
      [firstNew],
    );
    for (const t of topics) expect(t.content_html, `title ${t.id}`).toBe(renderStaffHtml(t.content));
    const math = topics.find((t) => /\$|\\\(|\\\[/.test(t.content));
    expect(math, "a generated topic with math").toBeDefined();
    expect(math!.content_html).toContain('class="katex"');
    const questions = await rows<{ id: number; body: string; body_html: string; explanation: string | null; explanation_html: string | null }>(
      "select id, body, body_html, explanation, explanation_html from questions where id > ? order by id limit 100",
      [QUESTIONS.length + CREATIVE_QUESTIONS.length],
    );
    for (const q of questions) {
      expect(q.body_html, `question ${q.id}`).toBe(renderedOrNull(q.body) ?? "");
      expect(q.explanation_html, `question ${q.id}`).toBe(renderedOrNull(q.explanation));
    }
  });

  it("finds a generated topic with the site's search", async () => {
    const [topic] = await rows<{ id: number; name: string }>("select id, name from titles where id > ? order by id limit 1", [TITLES.length]);
    const res = await loader({ request: new Request(`http://test.local/search?${new URLSearchParams({ q: topic.name, kind: "topic" })}`), params: {}, context: {} });
    const page = (await (res as Response).json()) as { groups?: { hits: { url: string | null }[] }[] };
    const urls = (page.groups ?? []).flatMap((g) => g.hits.map((h) => h.url));
    expect(urls).toContain(`/title/${topic.id}`);
  });
});
