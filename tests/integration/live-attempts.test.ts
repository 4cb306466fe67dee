// Live exams for students, through the routes' loaders and actions against the test database: the
// start asks a running live exam who is taking it (and nothing else does), the one counted attempt
// per browser under simultaneous starts, practice attempts saying so, the resume code moving an
// attempt to another browser (and its throttle), the merit list computed once after the close, and
// the staff's hidden names and CSV export; "better than N%" counts only counted attempts.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { queryCount } from "~/db/client.server";
import { browserHash } from "~/lib/exam-browser.server";
import { hashPassword } from "~/lib/password.server";
import { MERIT_PAGE_SIZE, PRACTICE_NOTE } from "~/lib/live-attempt";
import { clearExamCache } from "~/models/attempts.server";
import * as merit from "~/models/merit.server";
import StartPage, { action as startAction, loader as startLoader } from "~/routes/exampage.$grtid_.start";
import AttemptPage, { loader as attemptLoader, action as attemptAction } from "~/routes/exampage.$grtid_.attempt.$attemptId/route";
import ResultPage, { loader as resultLoader } from "~/routes/exampage.$grtid_.attempt.$attemptId_.result";
import { action as saveAction } from "~/routes/exampage.$grtid_.attempt.$attemptId_.save";
import { loader as liveSetLoader } from "~/routes/exampage.$grtid_.live.$set";
import { action as mineAction, loader as mineLoader } from "~/routes/exampage.$grtid_.mine";
import { action as mineSaveAction } from "~/routes/exampage.$grtid_.mine_.save";
import ResumePage, { action as resumeAction, RESUME_TRIES, TOO_MANY, UNKNOWN_CODE } from "~/routes/exampage.resume";
import MeritPage, { loader as meritLoader } from "~/routes/exampage.$grtid_.merit";
import { action as staffMeritAction, loader as staffMeritLoader } from "~/routes/gradmin.live_.$examId_.merit";
import { loader as csvLoader } from "~/routes/gradmin.live_.$examId_.results[.]csv";
import { call, closeDb, db, insertQuestions, resetTables, schema } from "./db";
import { all, byRole, getByRole, textOf } from "../support/dom";
import { html } from "../support/render";

process.env.SESSION_SECRET ??= "integration-test-secret";



const KEYS = ["ক", "খ", "গ", "ঘ"] as const;
const correctOf = (qid: number) => KEYS[qid % 4];
const QS = [7001, 7002, 7003, 7004];

const RUNNING = 700;
const WAITING = 701;
const CLOSED = 702;
const OPEN = 703;
const MERIT = 710;
const PAGED = 711;

const MIN = 60_000;
const cookieOf = (c: string) => `grbd_exams=${c.repeat(32).slice(0, 32)}`;
const hashOf = (cookie: string) => browserHash(cookie.split("=")[1]);
const ORIGIN = "http://test.local";
const PASSWORD = "ফুলের-বাগান-2026";

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.staffSessions);
  await db.delete(schema.staffUsers);
  clearExamCache();
  await db.insert(schema.questionSets).values([{ id: 970, name: "লাইভ সেট" }]);
  await insertQuestions(QS.map((id, i) => ({ id, setId: 970, sort: i + 1, body: `<p>প্রশ্ন ${id}</p>`, correctKey: correctOf(id) })));
  const now = Date.now();
  const exam = (id: number, name: string, start: number | null, close: number | null) => ({
    id,
    name,
    questionSetId: 970,
    fullMarks: 4,
    durationMinutes: 30,
    negativeMark: "0.25",
    liveStartAt: start === null ? null : new Date(now + start),
    liveCloseAt: close === null ? null : new Date(now + close),
  });
  await db.insert(schema.examTitles).values([
    exam(RUNNING, "লাইভ মডেল টেস্ট", -10 * MIN, 20 * MIN),
    exam(WAITING, "আগামীকালের টেস্ট", 60 * MIN, 120 * MIN),
    exam(CLOSED, "গতকালের টেস্ট", -180 * MIN, -120 * MIN),
    exam(OPEN, "সাধারণ পরীক্ষা", null, null),
    exam(MERIT, "মেধা টেস্ট", -10 * MIN, 50 * MIN),
    exam(PAGED, "বড় টেস্ট", -180 * MIN, -120 * MIN),
  ]);
  await db.insert(schema.staffUsers).values([
    { id: 1, name: "সম্পাদক", username: "editor", email: "e@example.com", passwordHash: await hashPassword(PASSWORD), role: 2, roleLabel: "Editor" },
  ]);
});

afterAll(closeDb);

const formInit = (fields: [string, string][], cookie?: string) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});

const startWith = (grtid: number, fields: [string, string][], cookie?: string) =>
  call(startAction, `/exampage/${grtid}/start`, { grtid: String(grtid) }, formInit(fields, cookie));

async function start(grtid: number, cookie: string, name = "রহিম") {
  const res = await startWith(grtid, [["displayName", name]], cookie);
  expect(res.status, await res.clone().text()).toBe(303);
  return res.headers.get("Location")!.split("/attempt/")[1];
}

const attemptPage = (grtid: number, id: string, cookie?: string) =>
  call(attemptLoader, `/exampage/${grtid}/attempt/${id}`, { grtid: String(grtid), attemptId: id }, cookie ? { headers: { Cookie: cookie } } : undefined);
const finish = (grtid: number, id: string, cookie: string, fields: [string, string][] = []) =>
  call(attemptAction, `/exampage/${grtid}/attempt/${id}`, { grtid: String(grtid), attemptId: id }, formInit([["shown", QS.join(",")], ...fields, ["intent", "confirm-finish"]], cookie));
const result = (grtid: number, id: string, cookie?: string) =>
  call(resultLoader, `/exampage/${grtid}/attempt/${id}/result`, { grtid: String(grtid), attemptId: id }, cookie ? { headers: { Cookie: cookie } } : undefined);
const resumeFrom = (code: string, cookie: string | undefined, address: string) =>
  (async () => {
    try {
      return await resumeAction({ request: new Request(`${ORIGIN}/exampage/resume`, formInit([["code", code]], cookie)), params: {}, context: { clientAddress: address } });
    } catch (e) {
      if (e instanceof Response) return e;
      throw e;
    }
  })();
const meritPage = (grtid: number, qs = "", cookie?: string) =>
  call(meritLoader, `/exampage/${grtid}/merit${qs}`, { grtid: String(grtid) }, cookie ? { headers: { Cookie: cookie } } : undefined);

async function row(id: string) {
  const [r] = await db.select().from(schema.examAttempts).where(eq(schema.examAttempts.id, id));
  return r;
}

const answersRight = (n: number): [string, string][] => QS.slice(0, n).map((q) => [`q${q}`, correctOf(q)]);

describe("starting a live exam", () => {
  it("asks a running live exam for a name: without one (or a bad one) the form comes back with what was typed", async () => {
    const before = await db.select().from(schema.examAttempts);
    const empty = await startWith(RUNNING, [["displayName", "  "], ["institution", "ঢাকা কলেজ"], ["roll", "৪২"]], cookieOf("N"));
    expect(empty.status).toBe(400);
    expect(empty.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await empty.json();
    expect(data.errors.displayName).toMatch(/নাম লিখুন/);
    expect(data.values).toEqual({ displayName: "", institution: "ঢাকা কলেজ", roll: "৪২" });
    const loaded = await (await call(startLoader, `/exampage/${RUNNING}/start`, { grtid: String(RUNNING) })).json();
    expect(loaded.phase).toBe("running");
    const page = html(StartPage, loaded, data);
    expect(page).toContain('value="ঢাকা কলেজ"');
    expect(page).toContain('value="৪২"');
    expect(page).toContain('aria-invalid="true" aria-describedby="live-displayName-error"');
    expect(page).toContain('action="/exampage/700/start"');
    // A one-button start (no fields at all, e.g. a page from before the exam went live) is asked too.
    expect((await call(startAction, `/exampage/${RUNNING}/start`, { grtid: String(RUNNING) }, formInit([], cookieOf("N")))).status).toBe(400);
    const ctrl = await startWith(RUNNING, [["displayName", "রহিম\u0007"]], cookieOf("N"));
    expect(ctrl.status).toBe(400);
    expect((await ctrl.json()).errors.displayName).toMatch(/অচল চিহ্ন/);
    expect(await db.select().from(schema.examAttempts)).toHaveLength(before.length);
  });

  it("starts with a name in one insert: name, institution, roll, a resume code, counted, ending at the close at the latest", async () => {
    await start(RUNNING, cookieOf("W")); // warms the exam's questions
    const q = queryCount();
    const res = await startWith(RUNNING, [["displayName", "  করিম  উদ্দিন "], ["institution", "নটর ডেম কলেজ"], ["roll", "১২৩"]], cookieOf("K"));
    expect(queryCount() - q).toBe(1);
    expect(res.status).toBe(303);
    const id = res.headers.get("Location")!.split("/attempt/")[1];
    const r = await row(id);
    expect(r).toMatchObject({ displayName: "করিম উদ্দিন", institution: "নটর ডেম কলেজ", roll: "১২৩", countedFor: hashOf(cookieOf("K")) });
    expect(r.resumeCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    const [exam] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, RUNNING));
    // 30 minutes would run past the close (20 minutes away): the close is the deadline.
    expect(r.deadlineAt.getTime()).toBe(exam.liveCloseAt!.getTime());
  });

  it("registers before the start: the row is made while the student waits, its page shows no question and takes no answer; opened after the start its clock has run from the start, opened after its time ran out it gets its own", async () => {
    const cookie = cookieOf("R");
    const res = await startWith(WAITING, [["displayName", "সুমি"], ["institution", "ভিকারুননিসা"]], cookie);
    expect(res.status).toBe(303);
    const id = res.headers.get("Location")!.split("/attempt/")[1];
    const [exam] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, WAITING));
    expect(await row(id)).toMatchObject({ waiting: true, displayName: "সুমি", countedFor: hashOf(cookie), startedAt: exam.liveStartAt, finishedAt: null });
    // The empty form is the same for everyone until the start: it may be kept, never past the start.
    const form = await call(startLoader, `/exampage/${WAITING}/start`, { grtid: String(WAITING) });
    expect(form.headers.get("Cache-Control")).toBe("public, max-age=60");
    // Registering again from the same browser gives the same registration, not a practice one.
    expect(await start(WAITING, cookie, "সুমি")).toBe(id);
    expect(await db.select().from(schema.examAttempts).where(eq(schema.examAttempts.examId, WAITING))).toHaveLength(1);

    // Before the start: the start time and the resume code, no question; answers and a finish are refused.
    const waitingPage = await attemptPage(WAITING, id, cookie);
    expect(waitingPage.status).toBe(200);
    const data = await waitingPage.json();
    expect(data).toMatchObject({ waiting: true, displayName: "সুমি" });
    expect(data.refresh.seconds).toBeGreaterThanOrEqual(59 * 60);
    const shown = html(AttemptPage, data);
    expect(shown).toContain("নিবন্ধন হয়েছে");
    expect(shown).not.toContain("প্রশ্ন 7001");
    expect((await attemptPage(WAITING, id, cookieOf("X"))).status).toBe(403);
    const early = await finish(WAITING, id, cookie, answersRight(2));
    expect(early.status).toBe(303);
    expect(early.headers.get("Location")).toBe(`/exampage/${WAITING}/attempt/${id}`);
    const save = await call(saveAction, `/exampage/${WAITING}/attempt/${id}/save`, { grtid: String(WAITING), attemptId: id }, formInit([["shown", QS.join(",")], ...answersRight(2)], cookie));
    expect(save.status).toBe(409);
    expect(await save.json()).toMatchObject({ saved: false, notStarted: true });
    expect(await db.select().from(schema.examAttemptAnswers).where(eq(schema.examAttemptAnswers.attemptId, id))).toHaveLength(0);
    expect((await row(id)).finishedAt).toBeNull();

    const late = await start(WAITING, cookieOf("Z"), "জাহিদ");
    // The exam started 5 minutes ago (the registration's times move with it): another browser opening
    // the link begins nothing; the owner's first open begins it (one update beside the page's two
    // reads) and shows the questions. Its clock ran from the start, as everyone's who registered.
    const startAt = new Date(Date.now() - 5 * MIN);
    await db.update(schema.examTitles).set({ liveStartAt: startAt }).where(eq(schema.examTitles.id, WAITING));
    await db.update(schema.examAttempts).set({ startedAt: startAt, deadlineAt: new Date(startAt.getTime() + 30 * MIN) }).where(eq(schema.examAttempts.id, id));
    clearExamCache();
    try {
      expect((await attemptPage(WAITING, id, cookieOf("X"))).status).toBe(403);
      expect((await row(id)).waiting).toBe(true);
      const q = queryCount();
      const opened = await attemptPage(WAITING, id, cookie);
      expect(queryCount() - q).toBe(3);
      expect(opened.status).toBe(200);
      expect(html(AttemptPage, await opened.json())).toContain("প্রশ্ন 7001");
      expect(await row(id)).toMatchObject({ waiting: false, startedAt: startAt, deadlineAt: new Date(startAt.getTime() + 30 * MIN), countedFor: hashOf(cookie) });
      // Opened again: nothing more to update.
      const q2 = queryCount();
      await attemptPage(WAITING, id, cookie);
      expect(queryCount() - q2).toBe(2);

      // A registration first opened after its time ran out (it was never opened) starts its own clock,
      // as a start then would: the close is 55 minutes away, so 30 minutes from now.
      await db.update(schema.examAttempts).set({ startedAt: new Date(startAt.getTime() - 40 * MIN), deadlineAt: new Date(Date.now() - 10 * MIN) }).where(eq(schema.examAttempts.id, late));
      const before = Date.now();
      expect((await attemptPage(WAITING, late, cookieOf("Z"))).status).toBe(200);
      const r = await row(late);
      expect(r.waiting).toBe(false);
      expect(r.finishedAt).toBeNull();
      expect(r.startedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(r.deadlineAt.getTime() - r.startedAt.getTime()).toBe(30 * MIN);
    } finally {
      await db.update(schema.examTitles).set({ liveStartAt: exam.liveStartAt }).where(eq(schema.examTitles.id, WAITING));
      clearExamCache();
    }
  });

  it("at the start every registration of a set opens one shared first page: public and kept 2 s, its set's order, no key; its posts and saves go to the student's own attempt", async () => {
    const cookie = cookieOf("M");
    const id = await start(WAITING, cookie, "মিতু");
    const [exam] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, WAITING));
    const waitingData = await (await attemptPage(WAITING, id, cookie)).json();
    const sharedUrl: string = waitingData.refresh.url;
    expect(sharedUrl).toMatch(new RegExp(`^/exampage/${WAITING}/live/[1-4]$`));
    const set = sharedUrl.split("/").pop()!;
    const shared = () => call(liveSetLoader, sharedUrl, { grtid: String(WAITING), set });
    // Before the start: back to the exam page, nothing kept.
    const early = await shared();
    expect(early.status).toBe(302);
    expect(early.headers.get("Location")).toBe(`/exampage/${WAITING}`);

    const startAt = new Date(Date.now() - MIN);
    await db.update(schema.examTitles).set({ liveStartAt: startAt }).where(eq(schema.examTitles.id, WAITING));
    await db.update(schema.examAttempts).set({ startedAt: startAt, deadlineAt: new Date(startAt.getTime() + 30 * MIN) }).where(eq(schema.examAttempts.id, id));
    clearExamCache();
    try {
      await shared(); // the exam's questions, read once per process
      const q = queryCount();
      const res = await shared();
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=2");
      const data = await res.json();
      // Made from the cached exam: no query, nothing of any student.
      expect(queryCount() - q).toBe(0);
      const page = html(AttemptPage, data);
      expect(page).toContain("প্রশ্ন 7001");
      expect(page).not.toMatch(/data-correct|is-correct|সঠিক উত্তর/);
      expect(data.self).toBe(`/exampage/${WAITING}/mine?page=1`);
      expect(page).toContain(`data-save-url="/exampage/${WAITING}/mine/save"`);
      // The same order as the student's own attempt pages.
      const own = await (await attemptPage(WAITING, id, cookie)).json();
      expect(data.questions.map((x: { id: number }) => x.id)).toEqual(own.questions.map((x: { id: number }) => x.id));
      expect(data.questions[0].options.map((o: { key: string }) => o.key)).toEqual(own.questions[0].options.map((o: { key: string }) => o.key));

      // The background save and the form post reach the student's own attempt.
      const save = await call(mineSaveAction, `/exampage/${WAITING}/mine/save`, { grtid: String(WAITING) }, formInit([["shown", QS.join(",")], ["q7001", correctOf(7001)]], cookie));
      expect(save.status).toBe(200);
      const post = await call(mineAction, `/exampage/${WAITING}/mine?page=1`, { grtid: String(WAITING) }, formInit([["page", "1"], ["shown", QS.join(",")], ["q7002", correctOf(7002)], ["intent", "save"]], cookie));
      expect(post.status).toBe(303);
      expect(post.headers.get("Location")).toBe(`/exampage/${WAITING}/attempt/${id}?page=1`);
      const stored = await db.select().from(schema.examAttemptAnswers).where(eq(schema.examAttemptAnswers.attemptId, id));
      expect(stored.map((a) => a.questionId).sort()).toEqual([7001, 7002]);
      expect(await row(id)).toMatchObject({ waiting: false, startedAt: startAt });
      // Without an attempt of this exam: back to the exam, nothing stored.
      const none = await call(mineAction, `/exampage/${WAITING}/mine?page=1`, { grtid: String(WAITING) }, formInit([["shown", "7001"], ["q7001", "ক"]], cookieOf("Q")));
      expect(none.status).toBe(303);
      expect(none.headers.get("Location")).toBe(`/exampage/${WAITING}`);
      expect((await call(mineSaveAction, `/exampage/${WAITING}/mine/save`, { grtid: String(WAITING) }, formInit([["shown", "7001"]], cookieOf("Q")))).status).toBe(404);
      // A GET of "mine" leads to the own attempt's page or result.
      const go = await call(mineLoader, `/exampage/${WAITING}/mine?page=2`, { grtid: String(WAITING) }, { headers: { Cookie: cookie } });
      expect(go.headers.get("Location")).toBe(`/exampage/${WAITING}/attempt/${id}?page=2`);
    } finally {
      await db.update(schema.examTitles).set({ liveStartAt: exam.liveStartAt }).where(eq(schema.examTitles.id, WAITING));
      clearExamCache();
    }
  });

  it("a registration first opened after the close is practice with its full time", async () => {
    const cookie = cookieOf("L");
    const id = await start(WAITING, cookie, "লতিফ");
    const [exam] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, WAITING));
    await db.update(schema.examTitles).set({ liveStartAt: new Date(Date.now() - 120 * MIN), liveCloseAt: new Date(Date.now() - 60 * MIN) }).where(eq(schema.examTitles.id, WAITING));
    clearExamCache();
    try {
      expect((await attemptPage(WAITING, id, cookie)).status).toBe(200);
      const r = await row(id);
      expect(r).toMatchObject({ waiting: false, countedFor: null, finishedAt: null });
      expect(r.deadlineAt.getTime() - r.startedAt.getTime()).toBe(30 * MIN);
    } finally {
      await db.update(schema.examTitles).set({ liveStartAt: exam.liveStartAt, liveCloseAt: exam.liveCloseAt }).where(eq(schema.examTitles.id, WAITING));
      clearExamCache();
    }
  });

  it("keeps a practice start one button: after the close (practice, not counted, its full duration) and on an ordinary exam", async () => {
    const closed = await call(startAction, `/exampage/${CLOSED}/start`, { grtid: String(CLOSED) }, { method: "POST", headers: { Cookie: cookieOf("P") } });
    expect(closed.status).toBe(303);
    const r = await row(closed.headers.get("Location")!.split("/attempt/")[1]);
    expect(r).toMatchObject({ displayName: null, countedFor: null });
    expect(r.deadlineAt.getTime() - r.startedAt.getTime()).toBe(30 * MIN);
    const open = await call(startAction, `/exampage/${OPEN}/start`, { grtid: String(OPEN) }, { method: "POST", headers: { Cookie: cookieOf("P") } });
    expect(open.status).toBe(303);
    expect((await row(open.headers.get("Location")!.split("/attempt/")[1])).countedFor).toBe(hashOf(cookieOf("P")));
    // Their start page is the exam page's button; a running exam's is the form.
    for (const grtid of [CLOSED, OPEN]) {
      const get = await call(startLoader, `/exampage/${grtid}/start`, { grtid: String(grtid) });
      expect(get.status).toBe(302);
      expect(get.headers.get("Location")).toBe(`/exampage/${grtid}#start`);
    }
    expect((await call(startLoader, `/exampage/${RUNNING}/start`, { grtid: String(RUNNING) })).status).toBe(200);
  });
});

describe("the counted attempt", () => {
  it("is exactly one of 10 simultaneous starts from one browser; the others say they are practice on every page", async () => {
    const cookie = cookieOf("S");
    const ids = await Promise.all(Array.from({ length: 10 }, () => start(RUNNING, cookie, "সাকিব")));
    expect(new Set(ids).size).toBe(10);
    const rows = await db.select().from(schema.examAttempts).where(eq(schema.examAttempts.browserHash, hashOf(cookie)));
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.countedFor !== null)).toHaveLength(1);
    expect(new Set(rows.map((r) => r.resumeCode)).size).toBe(10);
    const counted = rows.find((r) => r.countedFor)!.id;
    const practice = rows.find((r) => !r.countedFor)!.id;

    const countedPage = await (await attemptPage(RUNNING, counted, cookie)).json();
    expect(countedPage.live).toEqual({ practice: false, resumeCode: expect.stringMatching(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/) });
    const countedHtml = html(AttemptPage, countedPage);
    expect(countedHtml).not.toContain(PRACTICE_NOTE);
    expect(textOf(countedHtml)).toContain(`এই কোড দিয়ে অন্য ডিভাইসে পরীক্ষা চালিয়ে যান: ${countedPage.live.resumeCode}`);
    // A page translator must not turn the code into other words.
    expect(all(countedHtml, (el) => el.text === countedPage.live.resumeCode && el.attrs.translate === "no")).toHaveLength(1);

    const practicePage = await (await attemptPage(RUNNING, practice, cookie)).json();
    expect(practicePage.live.practice).toBe(true);
    expect(html(AttemptPage, practicePage)).toContain(PRACTICE_NOTE);
    expect(html(AttemptPage, await (await call(attemptLoader, `/exampage/${RUNNING}/attempt/${practice}?confirm=1`, { grtid: String(RUNNING), attemptId: practice }, { headers: { Cookie: cookie } })).json())).toContain(PRACTICE_NOTE);
    await finish(RUNNING, practice, cookie);
    const res = await (await result(RUNNING, practice, cookie)).json();
    const resultHtml = html(ResultPage, res);
    expect(resultHtml).toContain(PRACTICE_NOTE);
    expect(resultHtml).toContain(res.live.resumeCode);
    // Someone else holding the result's URL sees it is practice, but not the code that moves it.
    const other = await (await result(RUNNING, practice, cookieOf("Z"))).json();
    expect(other.live).toEqual({ practice: true, resumeCode: null });
  });

  it("gives 'better than N%' from counted attempts only: 40 finished empty attempts of one browser do not move it", async () => {
    const f = await start(OPEN, cookieOf("F"));
    await finish(OPEN, f, cookieOf("F"), answersRight(3));
    const g = await start(OPEN, cookieOf("G"));
    await finish(OPEN, g, cookieOf("G"), answersRight(1));
    const before = await (await result(OPEN, g)).json();
    // F (3) is compared; P's first attempt is unfinished, so not.
    expect(before).toMatchObject({ others: 1, better: 0 });
    const h = cookieOf("H");
    for (let i = 0; i < 40; i++) {
      const id = await start(OPEN, h);
      expect((await finish(OPEN, id, h)).status).toBe(303);
    }
    const after = await (await result(OPEN, g)).json();
    // F above, H's first (0) below; H's 39 other empty attempts are practice.
    expect(after).toMatchObject({ others: 2, better: 50 });
  });
});

describe("the resume code", () => {
  it("moves the attempt to another browser (any case, dash optional): the new one answers, the old one is refused", async () => {
    await db.delete(schema.rateLimits);
    const d = cookieOf("D");
    const id = await start(RUNNING, d);
    const { resumeCode } = await row(id);
    const code = `${resumeCode!.slice(0, 4).toLowerCase()} ${resumeCode!.slice(4).toLowerCase()}`;
    const e = cookieOf("E");
    const res = await resumeFrom(code, e, "203.0.113.9");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/exampage/${RUNNING}/attempt/${id}`);
    expect(res.headers.get("Set-Cookie")).toMatch(new RegExp(`^${e};`));
    expect((await attemptPage(RUNNING, id, e)).status).toBe(200);
    const old = await attemptPage(RUNNING, id, d);
    expect(old.status).toBe(403);
    expect(await old.text()).toMatch(/রিজিউম কোড/);
    // A browser without the cookie gets one, and it works.
    const fresh = await resumeFrom(`${resumeCode!.slice(0, 4)}-${resumeCode!.slice(4)}`, undefined, "203.0.113.9");
    expect(fresh.status).toBe(303);
    const newCookie = fresh.headers.get("Set-Cookie")!.split(";")[0];
    expect(newCookie).toMatch(/^grbd_exams=[A-Za-z0-9_-]{32}$/);
    expect((await attemptPage(RUNNING, id, newCookie)).status).toBe(200);
    expect((await attemptPage(RUNNING, id, e)).status).toBe(403);
    // A finished attempt goes to its result.
    await finish(RUNNING, id, newCookie);
    const done = await resumeFrom(resumeCode!, e, "203.0.113.9");
    expect(done.headers.get("Location")).toBe(`/exampage/${RUNNING}/attempt/${id}/result`);
    // The page renders the form with the error and the code typed.
    const wrong = await resumeFrom("ZZZZ-ZZZZ", e, "203.0.113.9");
    expect(wrong.status).toBe(400);
    const data = await wrong.json();
    expect(data).toEqual({ errors: { code: UNKNOWN_CODE }, values: { code: "ZZZZ-ZZZZ" } });
    expect(html(ResumePage, undefined, data)).toContain('value="ZZZZ-ZZZZ"');
  });

  it("allows 10 wrong codes per client in 15 minutes, also when sent at once; a right code costs nothing, a malformed one is not looked up", async () => {
    await db.delete(schema.rateLimits);
    const id = await start(RUNNING, cookieOf("R"));
    const { resumeCode } = await row(id);
    const address = "198.51.100.20";
    for (let i = 0; i < 5; i++) expect((await resumeFrom("ZZZZ-ZZZZ", cookieOf("R"), address)).status).toBe(400);
    expect((await resumeFrom(resumeCode!, cookieOf("R"), address)).status).toBe(303); // costs no try
    for (let i = 0; i < 5; i++) expect((await resumeFrom("ZZZZ-ZZZ" + "Y", cookieOf("R"), address)).status).toBe(400);
    expect((await resumeFrom("0000-0000", cookieOf("R"), address)).status).toBe(400); // malformed: no try used
    const limited = await resumeFrom("ZZZZ-ZZZZ", cookieOf("R"), address);
    expect(limited.status).toBe(429);
    expect((await limited.json()).errors.form).toBe(TOO_MANY);
    expect(limited.headers.get("Retry-After")).toBe("900");
    // Once limited, even the right code waits.
    expect((await resumeFrom(resumeCode!, cookieOf("R"), address)).status).toBe(429);
    // Another client has its own budget; 25 guesses sent at once check at most RESUME_TRIES.
    const statuses = await Promise.all(Array.from({ length: 25 }, () => resumeFrom("YYYY-YYYY", undefined, "198.51.100.21").then((r) => r.status)));
    expect(statuses.filter((s) => s === 400)).toHaveLength(RESUME_TRIES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - RESUME_TRIES);
  });

  it("lets 30 students behind one address (a school, a carrier's NAT) resume at the same moment: right codes never use up the budget", async () => {
    await db.delete(schema.rateLimits);
    const codes: string[] = [];
    for (let i = 0; i < 30; i++) codes.push((await row(await start(RUNNING, cookieOf(`n${i}`.padEnd(2, "x")), `ছাত্র ${i}`))).resumeCode!);
    const statuses = await Promise.all(codes.map((code) => resumeFrom(code, undefined, "203.0.113.9").then((r) => r.status)));
    expect(statuses).toEqual(Array(30).fill(303));
    // The wrong ones are still counted: ten, then refused, and then a right one waits too.
    for (let i = 0; i < RESUME_TRIES; i++) expect((await resumeFrom("ZZZZ-ZZZZ", undefined, "203.0.113.9")).status).toBe(400);
    expect((await resumeFrom("ZZZZ-ZZZZ", undefined, "203.0.113.9")).status).toBe(429);
    expect((await resumeFrom(codes[0], undefined, "203.0.113.9")).status).toBe(429);
  });
});

describe("the merit list", () => {
  // Browsers and what they score: net = right - 0.25 × wrong; time set below.
  const players = [
    { c: "a", name: "আলিফ", right: 4, seconds: 900 },
    { c: "b", name: "বৃষ্টি", right: 3, seconds: 600 },
    { c: "c", name: "চয়ন", right: 3, seconds: 500 }, // ties b on net, faster: above b
    { c: "d", name: "দীপা", right: 3, seconds: 500 }, // ties c on net and time, started later: below c
    { c: "e", name: "=HYPERLINK(\"http://x\")", right: 2, seconds: 300, institution: "+cmd|' /C calc'!A0", roll: "@SUM(1)" },
    { c: "f", name: "ফাহিম", right: 2, seconds: 0 }, // never finished: finished at its deadline (30 minutes, below e), scored with its saved answers
  ];
  const ids = new Map<string, string>();
  let practiceId = "";

  beforeAll(async () => {
    for (const [i, p] of players.entries()) {
      const id = await start(MERIT, cookieOf(p.c), p.name);
      ids.set(p.c, id);
      if (p.institution) await db.update(schema.examAttempts).set({ institution: p.institution, roll: p.roll }).where(eq(schema.examAttempts.id, id));
      // Starts one second apart, in this order.
      await db.execute(sql`update exam_attempts set started_at = started_at - interval ${60 - i} second where id = ${id}`);
      if (p.c === "f") {
        await call(attemptAction, `/exampage/${MERIT}/attempt/${id}`, { grtid: String(MERIT), attemptId: id }, formInit([["shown", QS.join(",")], ...answersRight(2), ["intent", "save"]], cookieOf(p.c)));
        continue;
      }
      await finish(MERIT, id, cookieOf(p.c), answersRight(p.right));
      await db.execute(sql`update exam_attempts set finished_at = started_at + interval ${p.seconds} second where id = ${id}`);
    }
    // b's second attempt is practice: a perfect score that must not be listed.
    practiceId = await start(MERIT, cookieOf("b"), "বৃষ্টি");
    await finish(MERIT, practiceId, cookieOf("b"), answersRight(4));
  });

  it("is not there before the close: a page says when it comes (cached no longer than that), not a 404", async () => {
    const res = await meritPage(MERIT);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=30");
    const data = await res.json();
    expect(data.ready).toBe(false);
    expect(html(MeritPage, data)).toContain("মেধাতালিকা প্রকাশ হবে পরীক্ষা শেষ হলে");
    const [exam] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, MERIT));
    expect(exam.meritComputedAt).toBeNull();
    // An ordinary exam has none.
    expect((await meritPage(OPEN)).status).toBe(404);
  });

  it("is computed once by the first requests after the close (25 at once, more than the pool's connections), finishing the attempts still open", async () => {
    // The exam closed a minute ago: the window and every attempt move two hours back.
    await db.execute(sql`update exam_titles set live_start_at = live_start_at - interval 2 hour, live_close_at = now() - interval 1 minute where id = ${MERIT}`);
    await db.execute(sql`update exam_attempts set started_at = started_at - interval 2 hour, finished_at = finished_at - interval 2 hour, deadline_at = least(deadline_at - interval 2 hour, now() - interval 1 minute) where exam_id = ${MERIT}`);
    clearExamCache();
    const spy = vi.spyOn(merit, "computeMeritOnce");
    // The ones that wait for the claim hold their connections meanwhile: the computing one must need no other.
    const pages = await Promise.all(Array.from({ length: 25 }, () => meritPage(MERIT)));
    expect(pages.map((p) => p.status)).toEqual(Array(25).fill(200));
    const computed = await Promise.all(spy.mock.results.map((r) => r.value));
    expect(computed.filter(Boolean)).toHaveLength(1);
    const [exam] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, MERIT));
    expect(exam.meritComputedAt).not.toBeNull();
    // Every one of them read the whole list.
    for (const p of pages) expect((await p.json()).rows).toHaveLength(6);

    // Later requests only read: a rank changed by hand stays, and no one claims it again.
    spy.mockClear();
    await db.update(schema.examAttempts).set({ meritRank: 50 }).where(eq(schema.examAttempts.id, ids.get("e")!));
    const again = await (await meritPage(MERIT)).json();
    expect(spy).not.toHaveBeenCalled();
    expect(again.rows.find((r: { name: string }) => r.name === players[4].name).rankBn).toBe("৫০");
    const [same] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, MERIT));
    expect(same.meritComputedAt).toEqual(exam.meritComputedAt);
    await db.update(schema.examAttempts).set({ meritRank: 5 }).where(eq(schema.examAttempts.id, ids.get("e")!));
    spy.mockRestore();

    const f = await row(ids.get("f")!);
    expect(f).toMatchObject({ rightCount: 2, wrongCount: 0, skippedCount: 2, net: "2.00" });
    expect(f.finishedAt!.getTime()).toBe(f.deadlineAt.getTime());
  });

  it("ranks by net, then time taken, then start; practice attempts are not on it; public and cacheable", async () => {
    const res = await meritPage(MERIT);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=30");
    const data = await res.json();
    expect(data.rows.map((r: { name: string | null; rankBn: string }) => [r.rankBn, r.name])).toEqual([
      ["১", "আলিফ"],
      ["২", "চয়ন"],
      ["৩", "দীপা"],
      ["৪", "বৃষ্টি"],
      ["৫", "=HYPERLINK(\"http://x\")"],
      ["৬", "ফাহিম"],
    ]);
    expect(data.rows[0]).toMatchObject({ netBn: "৪", timeBn: "১৫ মিনিট" });
    expect(data.rows[1]).toMatchObject({ netBn: "৩", timeBn: "৮ মিনিট ২০ সেকেন্ড" });
    // b's practice attempt (a perfect score) is not listed, and no attempt's id (the key to its result) is on the page.
    expect(data.rows.filter((r: { netBn: string }) => r.netBn === "৪")).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain(practiceId);
    for (const id of ids.values()) expect(JSON.stringify(data)).not.toContain(id);
    expect(data.rows.every((r: { mine: boolean }) => !r.mine)).toBe(true);
    const page = html(MeritPage, data);
    expect(page).toContain('href="/exampage/710/merit?mine=1#me"');
    expect(page).toContain("আমার অবস্থান");
    expect(page).not.toContain('id="me"');
  });

  it("marks the viewer's own row on the own copy (never cached), by the browser's cookie", async () => {
    const res = await meritPage(MERIT, "?mine=1", cookieOf("c"));
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await res.json();
    expect(data.rows.filter((r: { mine: boolean }) => r.mine).map((r: { name: string }) => r.name)).toEqual(["চয়ন"]);
    // The browser's own row is the current one, the target of "আমার অবস্থান" (#me), and says so.
    const mine = byRole(html(MeritPage, data), "row").filter((r) => r.attrs["aria-current"] === "true");
    expect(mine.map((r) => r.attrs.id)).toEqual(["me"]);
    expect(all(mine[0], (c) => c.role === "cell" || c.role === "rowheader").map((c) => c.text).slice(0, 2)).toEqual(["২", "চয়ন (আপনি)"]);
    // A browser with no row is told so.
    const none = await (await meritPage(MERIT, "?mine=1", cookieOf("Q"))).json();
    expect(none.myRank).toBeNull();
    expect(html(MeritPage, none)).toContain("এই ব্রাউজারে দেওয়া কোনো চেষ্টা এই মেধাতালিকায় নেই");
  });

  it("shows a name staff hid as 'নাম লুকানো': the staff page's button is audited and drops cached pages", async () => {
    const login = await import("~/routes/gradmin_.login");
    const signIn = await call(login.action as never, "/gradmin/login", {}, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ identifier: "editor", password: PASSWORD, redirectTo: "/gradmin" }).toString(),
    });
    const staff = signIn.headers.get("Set-Cookie")!.split(";")[0];
    const staffPage = await call(staffMeritLoader, `/gradmin/live/${MERIT}/merit`, { examId: String(MERIT) }, { headers: { Cookie: staff } });
    expect(staffPage.status).toBe(200);
    const { csrf, rows } = await staffPage.json();
    expect(rows.map((r: { roll: string }) => r.roll)).toContain("@SUM(1)");
    const version = async () => (await db.select().from(schema.siteSettings).where(eq(schema.siteSettings.key, "content_version")))[0]?.value ?? "0";
    const v0 = await version();
    const hide = await call(staffMeritAction, `/gradmin/live/${MERIT}/merit`, { examId: String(MERIT) }, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: staff },
      body: new URLSearchParams({ csrf, intent: "hide", attemptId: ids.get("b")!, page: "1" }).toString(),
    });
    expect(hide.status).toBe(302);
    expect(Number(await version())).toBe(Number(v0) + 1);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, ids.get("b")!));
    expect(audit).toMatchObject([{ staffId: 1, action: "hide-name", entity: "exam_attempts" }]);
    const data = await (await meritPage(MERIT)).json();
    const b = data.rows.find((r: { rankBn: string }) => r.rankBn === "৪");
    expect(b.name).toBeNull();
    expect(JSON.stringify(data)).not.toContain("বৃষ্টি");
    expect(byRole(html(MeritPage, data), "rowheader").map((h) => h.text)).toContain("নাম লুকানো");
    // Without a session: the sign-in page.
    const anon = await call(staffMeritAction, `/gradmin/live/${MERIT}/merit`, { examId: String(MERIT) }, formInit([["intent", "show"], ["attemptId", ids.get("b")!]]));
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toMatch(/^\/gradmin\/login/);

    // The staff export: every cell formula-safe.
    const csv = await call(csvLoader, `/gradmin/live/${MERIT}/results.csv`, { examId: String(MERIT) }, { headers: { Cookie: staff } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("rank,name,institution,roll,right,wrong,skipped,net,time,started,finished");
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^1,আলিফ,,,4,0,0,4\.00,900,\d{4}-/);
    const e = lines.find((l) => l.startsWith("5,"))!;
    expect(e).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(e).toContain(`'+cmd|' /C calc'!A0`);
    expect(e).toContain(`'@SUM(1)`);
    expect(lines.every((l) => !/(^|,)[=+\-@]/.test(l))).toBe(true);
    expect((await call(csvLoader, `/gradmin/live/${MERIT}/results.csv`, { examId: String(MERIT) })).status).toBe(302);
  });

  it("pages 50 ranks at a time with Bangla page links; the own copy opens on the page of its row", async () => {
    const now = Date.now();
    const start = now - 170 * MIN;
    await db.insert(schema.examAttempts).values(
      Array.from({ length: 120 }, (_, i) => ({
        id: `paged-${String(i).padStart(18, "0")}`,
        examId: PAGED,
        browserHash: i === 77 ? hashOf(cookieOf("p")) : `h${i}x`.padEnd(64, "0"),
        countedFor: i === 77 ? hashOf(cookieOf("p")) : `h${i}x`.padEnd(64, "0"),
        startedAt: new Date(start + i * 1000),
        deadlineAt: new Date(start + 30 * MIN),
        finishedAt: new Date(start + 20 * MIN),
        negativeMark: "0",
        rightCount: 0,
        wrongCount: 0,
        skippedCount: 4,
        score: "0",
        net: String(120 - i),
        fullMarks: 4,
        displayName: `ছাত্র ${i}`,
      })),
    );
    const first = await (await meritPage(PAGED)).json();
    expect(first).toMatchObject({ total: 120, page: 1, pages: 3 });
    expect(first.rows).toHaveLength(MERIT_PAGE_SIZE);
    expect(first.rows[0]).toMatchObject({ rankBn: "১", name: "ছাত্র 0" });
    expect(first.pageLinks).toEqual([
      { n: 1, href: "/exampage/711/merit" },
      { n: 2, href: "/exampage/711/merit?page=2" },
      { n: 3, href: "/exampage/711/merit?page=3" },
    ]);
    expect(getByRole(html(MeritPage, first), "link", { name: "৩" }).attrs.href).toBe("/exampage/711/merit?page=3");
    const third = await (await meritPage(PAGED, "?page=৩")).json();
    expect(third.rows.map((r: { rankBn: string }) => r.rankBn)).toEqual(Array.from({ length: 20 }, (_, i) => String(101 + i).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)])));
    expect((await (await meritPage(PAGED, "?page=99")).json()).page).toBe(3);
    const mine = await (await meritPage(PAGED, "?mine=1", cookieOf("p"))).json();
    expect(mine.page).toBe(2);
    expect(mine.rows.find((r: { mine: boolean }) => r.mine)).toMatchObject({ rankBn: "৭৮", name: "ছাত্র 77" });
    expect(mine.pageLinks[0].href).toBe("/exampage/711/merit?mine=1&page=1");
  });
});
