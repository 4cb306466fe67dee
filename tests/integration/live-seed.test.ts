// The demo seed's live exams: whenever it runs, one closed an hour ago (with a merit list's worth of
// finished attempts whose stored scores are what the app's scoring makes of their answers), one
// running and one starting in fifteen minutes; the practice exams' keys published but one model
// test's; a second run moves the windows and rewrites the same attempts.
import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreAttempt } from "~/lib/attempt";
import { examPhase } from "~/lib/exam-phase";
import { loadExam } from "~/models/attempts.server";
import { clearShellCache } from "~/models/site.server";
import { EXAM_TITLES, PUBLISHED_EXAM_IDS, SEALED_MODEL_TEST } from "../../drizzle/seed/content-exams";
import { seedWithReport } from "../../drizzle/seed/index";
import { LIVE_DEMO_ATTEMPTS, LIVE_EXAM_IDS, seedLiveExams } from "../../drizzle/seed/live-exams";
import { call, closeDb, db, resetTables, schema, withMigrationDb } from "./db";

const MIN = 60_000;
const { closed, running, upcoming } = LIVE_EXAM_IDS;

async function exam(id: number) {
  const [row] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, id));
  return row;
}

let seededAt = 0;

beforeAll(async () => {
  await resetTables();
  seededAt = Date.now();
  await withMigrationDb((admin) => seedWithReport(admin, { quiet: true }));
  clearShellCache();
}, 120_000);

afterAll(async () => {
  await resetTables();
  await db.delete(schema.staffUsers).where(eq(schema.staffUsers.username, "admin"));
  await closeDb();
});

describe("the demo's live exams", () => {
  it("are three, with shuffling on: closed an hour ago, running since ten minutes, starting in fifteen", async () => {
    const now = new Date();
    const [c, r, u] = await Promise.all([exam(closed), exam(running), exam(upcoming)]);
    expect([c, r, u].map((e) => examPhase(e, now))).toEqual(["closed", "running", "waiting"]);
    for (const e of [c, r, u]) expect(e).toMatchObject({ shuffleQuestions: true, shuffleOptions: true, reviewAfterClose: true, meritComputedAt: null });
    const near = (d: Date | null, minutes: number) => expect(Math.abs(d!.getTime() - (seededAt + minutes * MIN))).toBeLessThan(5_000);
    near(c.liveCloseAt, -60);
    near(r.liveStartAt, -10);
    near(r.liveCloseAt, 120);
    near(u.liveStartAt, 15);
    // Each window holds the whole exam.
    for (const e of [c, r, u]) expect(e.liveCloseAt!.getTime() - e.liveStartAt!.getTime()).toBeGreaterThanOrEqual(e.durationMinutes * MIN);
  });

  it("the exam pages show the three phases", async () => {
    const { loader } = await import("~/routes/exampage.$grtid");
    const phases = [];
    for (const id of [closed, running, upcoming]) {
      const data = (await (await call(loader as never, `/exampage/${id}`, { grtid: String(id) })).json()) as { live: { phase: string } | null };
      phases.push(data.live?.phase);
    }
    expect(phases).toEqual(["closed", "running", "waiting"]);
  });

  it("the closed one has a few pages of finished attempts, each a different browser's counted one, scored as the app scores them", async () => {
    const c = await exam(closed);
    const attempts = await db.select().from(schema.examAttempts).where(eq(schema.examAttempts.examId, closed));
    expect(attempts).toHaveLength(LIVE_DEMO_ATTEMPTS);
    expect(new Set(attempts.map((a) => a.countedFor)).size).toBe(LIVE_DEMO_ATTEMPTS);
    expect(new Set(attempts.map((a) => a.resumeCode)).size).toBe(LIVE_DEMO_ATTEMPTS);
    const loaded = (await loadExam(closed))!;
    const answers = await db
      .select()
      .from(schema.examAttemptAnswers)
      .where(inArray(schema.examAttemptAnswers.attemptId, attempts.map((a) => a.id)));
    for (const a of attempts) {
      expect(a.startedAt >= c.liveStartAt! && a.startedAt < c.liveCloseAt!, a.id).toBe(true);
      expect(a.finishedAt! <= a.deadlineAt && a.finishedAt! > a.startedAt, a.id).toBe(true);
      expect(a.countedFor).toBe(a.browserHash);
      expect(a.displayName).toMatch(/^[\u0980-\u09FF ]+$/);
      const mine = new Map(answers.filter((x) => x.attemptId === a.id).map((x) => [x.questionId, x.choice]));
      const s = scoreAttempt(loaded.questions, mine, a.negativeMark);
      expect([a.rightCount, a.wrongCount, a.skippedCount, Number(a.net), a.fullMarks], a.id).toEqual([s.right, s.wrong, s.skipped, s.net, c.fullMarks]);
    }
    expect(new Set(attempts.map((a) => a.net)).size).toBeGreaterThan(20);
    expect(new Set(attempts.map((a) => a.institution)).size).toBeGreaterThan(8);
  });

  it("publishes the practice exams' and past papers' keys but keeps one model test sealed", async () => {
    const rows = await db.select({ id: schema.examTitles.id, keyPublished: schema.examTitles.keyPublished }).from(schema.examTitles);
    const published = rows.filter((r) => r.keyPublished).map((r) => r.id).sort((a, b) => a - b);
    expect(published).toEqual([...PUBLISHED_EXAM_IDS].sort((a, b) => a - b));
    expect(published).toContain(1);
    expect(published).not.toContain(SEALED_MODEL_TEST);
    expect(published).not.toContain(closed);
    expect(rows).toHaveLength(EXAM_TITLES.length);
  });

  it("a database seeded before keys were sealed gets them published, unless staff saved the exam since", async () => {
    await db.update(schema.examTitles).set({ keyPublished: false }).where(inArray(schema.examTitles.id, [1, 2]));
    await db.update(schema.examTitles).set({ version: 2 }).where(eq(schema.examTitles.id, 2));
    await withMigrationDb((admin) => seedLiveExams(admin, PUBLISHED_EXAM_IDS));
    expect([(await exam(1)).keyPublished, (await exam(2)).keyPublished]).toEqual([true, false]);
    await db.update(schema.examTitles).set({ keyPublished: true, version: 1 }).where(eq(schema.examTitles.id, 2));
  });

  it("a later run moves the windows and rewrites the same attempts; a full run again adds nothing", async () => {
    const before = await exam(running);
    const later = Date.now() + 60 * MIN;
    // The merit list made meanwhile is made again for the new attempts.
    await db.update(schema.examTitles).set({ meritComputedAt: new Date() }).where(eq(schema.examTitles.id, closed));
    await db.update(schema.examAttempts).set({ meritRank: 1 }).where(eq(schema.examAttempts.examId, closed));
    await withMigrationDb((admin) => seedLiveExams(admin, PUBLISHED_EXAM_IDS, later));
    const after = await exam(running);
    expect(Math.round((after.liveStartAt!.getTime() - before.liveStartAt!.getTime()) / MIN)).toBe(60);
    expect((await exam(closed)).meritComputedAt).toBeNull();
    const [{ n }] = await db.select({ n: count() }).from(schema.examAttempts).where(eq(schema.examAttempts.examId, closed));
    expect(n).toBe(LIVE_DEMO_ATTEMPTS);
    const [{ ranked }] = await db
      .select({ ranked: count() })
      .from(schema.examAttempts)
      .where(and(eq(schema.examAttempts.examId, closed), isNotNull(schema.examAttempts.meritRank)));
    expect(ranked).toBe(0);
    const report = await withMigrationDb((admin) => seedWithReport(admin, { quiet: true }));
    expect(report.filter((r) => r.inserted !== 0)).toEqual([]);
  });
});
