// Staff saves at once with a small pool: a save holds one connection for its transaction and must do
// all its work on it. A read on a second pool connection inside the transaction (the revision's
// "before" state) left as many saves as the pool has connections each waiting for another one, and
// every one of them failed when its wait for a connection timed out.
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceDef } from "~/lib/admin/resources";
import { getRow, updateRow } from "~/models/admin/content.server";
import { listRevisions } from "~/models/history.server";
import { closeDb, db, insertQuestions, renderFixtures, resetTables, schema } from "./db";

// Read when the pool is made, on the first query (nothing above queries). A save that waits for a
// second connection fails after DB_QUEUE_TIMEOUT_MS (5 s).
const POOL = 3;
process.env.DB_POOL_SIZE = String(POOL);

const TOPICS = Array.from({ length: 3 * POOL }, (_, i) => 101 + i);
const QUESTIONS = Array.from({ length: 2 * POOL }, (_, i) => 501 + i);
const STAFF = 31;

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.staffUsers).where(inArray(schema.staffUsers.id, [STAFF]));
  await db.insert(schema.staffUsers).values({ id: STAFF, name: "সম্পাদক", username: "concurrent-saver", email: "concurrent-saver@example.com", passwordHash: "x" });
  await db.insert(schema.grades).values({ id: 1, name: "এসএসসি" });
  await db.insert(schema.subjects).values({ id: 1, name: "উচ্চতর গণিত", slug: "higher-math" });
  await db.insert(schema.categories).values({ id: 1, subjectId: 1, gradeId: 1, name: "ত্রিকোণমিতি" });
  await db.insert(schema.titles).values(TOPICS.map((id, i) => ({ id, categoryId: 1, name: `পাঠ ${i + 1}`, content: `<p>$\\sin^2\\theta + \\cos^2\\theta = ${i + 1}$</p>`, sort: i })));
  await insertQuestions(QUESTIONS.map((id) => ({ id, body: `<p>প্রশ্ন ${id}: $x^2 = ${id}$ হলে x কত?</p>`, subjectId: 1, gradeId: 1, chapterId: 1, boardYear: "dhaka: 2019", flag: 1 })));
  await renderFixtures();
});

afterAll(closeDb);

describe(`saves of different rows at once, with a pool of ${POOL} connections`, () => {
  it("all succeed, each keeping its revision (topics, and questions with their options and sources)", async () => {
    // The pool the saves use (mysql2's promise pool wraps the pool that has the settings).
    const pool = (globalThis as { __grbdDb?: { pool: { pool: { config: { connectionLimit: number } } } } }).__grbdDb?.pool.pool;
    expect(pool?.config.connectionLimit).toBe(POOL);

    const topics = resourceDef("topics")!;
    const questions = resourceDef("questions")!;
    const [topicRows, questionRows] = await Promise.all([Promise.all(TOPICS.map((id) => getRow(topics, id))), Promise.all(QUESTIONS.map((id) => getRow(questions, id)))]);
    const outcomes = await Promise.all([
      ...topicRows.map((row) => updateRow(topics, row!.id, row!.version, { ...row!, name: `${row!.name} (সম্পাদিত)` }, STAFF)),
      ...questionRows.map((row) => updateRow(questions, row!.id, row!.version, { ...row!, marks: "2" }, STAFF)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([...TOPICS, ...QUESTIONS].map(() => "saved"));

    const saved = await db.select({ name: schema.titles.name, version: schema.titles.version }).from(schema.titles).where(inArray(schema.titles.id, TOPICS));
    expect(saved.every((t) => t.name.endsWith("(সম্পাদিত)") && t.version === 2)).toBe(true);
    // The revision of each save is the state it replaced, read in its own transaction.
    const kept = await listRevisions({ entity: "question", entityId: QUESTIONS[0] });
    expect(kept.map((r) => r.version)).toEqual([1]);
    const [snapshot] = await db.select({ snapshot: schema.revisions.snapshot }).from(schema.revisions).where(inArray(schema.revisions.id, [kept[0].id]));
    expect(snapshot.snapshot).toMatchObject({ marks: questionRows[0]!.marks, sources: [{ board: "dhaka", year: 2019 }] });
  });
});
