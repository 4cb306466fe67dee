// Live exams end to end through the real loaders and actions: staff set a live window on the exam
// form (Bangladesh time in, UTC stored, bad windows refused with what was typed kept) and a YouTube
// solution video on a question; the public list of running and upcoming exams (one round trip, then
// kept); the exam page in each phase (questions off the page before the close, a self-reload while
// waiting, caching that never outlives a phase); the staff monitor's counts and "publish the key now".
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryCount } from "~/db/client.server";
import { LiveExamList, LiveExamPanel } from "~/components/live-exam";
import { hashPassword } from "~/lib/password.server";
import { listLiveExams } from "~/models/live-exams.server";
import { contentVersion } from "~/models/content-version.server";
import { clearShellCache } from "~/models/site.server";
import { call, closeDb, db, insertQuestions, resetTables, schema, callWith as run } from "./db";
import { getByRole, textOf } from "../support/dom";

process.env.SESSION_SECRET ??= "integration-test-secret";

const ORIGIN = "http://test.local";
const PASSWORD = "সবুজ-পাতার-দেশ-2026";
const SET = 7701;
const MIN = 60_000;

type Args = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
type Fn = (a: Args) => Promise<Response>;
type RouteModule = { loader?: Fn; action?: Fn; meta?: (a: { data: unknown; matches: unknown[] }) => Record<string, string>[] };
const route = (file: string): Promise<RouteModule> => import(/* @vite-ignore */ `../../app/routes/${file}`);

let cookie = "";
let csrf = "";
let modCookie = "";
const get = (path: string, as = cookie) => new Request(`${ORIGIN}${path}`, { headers: as ? { Cookie: as } : {} });
function post(path: string, fields: Record<string, string>, as = cookie) {
  const body = new URLSearchParams({ csrf, ...fields });
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...(as ? { Cookie: as } : {}) },
    body: body.toString(),
  });
}

async function signIn(identifier: string) {
  const login = await route("gradmin_.login.tsx");
  const res = await run(
    login.action,
    new Request(`${ORIGIN}/gradmin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ identifier, password: PASSWORD, redirectTo: "/gradmin" }).toString(),
    }),
  );
  expect(res.status).toBe(302);
  return res.headers.getSetCookie().filter((c) => c.startsWith("grbd_staff=")).at(-1)!.split(";")[0];
}

/** An exam on the test set, live in [start, close) (or not live). */
async function insertExam(id: number, name: string, window: [Date, Date] | null, extra: Partial<typeof schema.examTitles.$inferInsert> = {}) {
  await db.insert(schema.examTitles).values({
    id,
    name,
    questionSetId: SET,
    fullMarks: 3,
    durationMinutes: 20,
    negativeMark: "0.25",
    liveStartAt: window?.[0] ?? null,
    liveCloseAt: window?.[1] ?? null,
    ...extra,
  });
}

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.staffSessions);
  await db.delete(schema.loginThrottle);
  await db.delete(schema.staffUsers);
  await db.insert(schema.staffUsers).values([
    { id: 1, name: "সম্পাদক", username: "editor", email: "ed@example.com", passwordHash: await hashPassword(PASSWORD), role: 2, roleLabel: "Editor" },
    { id: 2, name: "মডারেটর", username: "mod", email: "mod@example.com", passwordHash: await hashPassword(PASSWORD), role: 3, roleLabel: "Moderator" },
  ]);
  cookie = await signIn("editor");
  modCookie = await signIn("mod");
  csrf = ((await (await run((await route("gradmin.tsx")).loader, get("/gradmin"))).json()) as { csrf: string }).csrf;
  await db.insert(schema.questionSets).values({ id: SET, name: "লাইভ পরীক্ষার সেট" });
  await insertQuestions([1, 2, 3].map((n) => ({ id: 77_000 + n, setId: SET, sort: n, body: `প্রশ্ন ${n}: $x^${n}$`, flag: 0 })));
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(closeDb);

/* ------------------------------------------------------------------ the staff form */

describe("the exam form: a live window in Bangladesh time", () => {
  const fields = (extra: Record<string, string>) => ({
    name: "লাইভ মডেল টেস্ট — ফর্ম",
    questionSetId: String(SET),
    fullMarks: "3",
    durationMinutes: "30",
    negativeMark: "0.25",
    sort: "0",
    ...extra,
  });
  const create = async (extra: Record<string, string>) =>
    run((await route("gradmin.content.$resource.new.tsx")).action, post("/gradmin/content/exams/new", fields(extra)), { resource: "exams" });

  it("stores the window in UTC, with review after close and shuffling, and shows it back as typed", async () => {
    const res = await create({ liveStartAt: "2026-11-26T20:00", liveCloseAt: "2026-11-26T22:00", reviewAfterClose: "1", shuffleQuestions: "1", shuffleOptions: "1" });
    expect(res.status, await res.clone().text()).toBe(302);
    const id = Number(/\/exams\/(\d+)\?saved=created$/.exec(res.headers.get("Location")!)![1]);
    const [row] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, id));
    expect(row.liveStartAt!.toISOString()).toBe("2026-11-26T14:00:00.000Z");
    expect(row.liveCloseAt!.toISOString()).toBe("2026-11-26T16:00:00.000Z");
    expect(row).toMatchObject({ reviewAfterClose: true, shuffleQuestions: true, shuffleOptions: true, keyPublished: false, reviewAfterFinish: false });
    const edit = await run((await route("gradmin.content.$resource.$id._index.tsx")).loader, get(`/gradmin/content/exams/${id}`), { resource: "exams", id: String(id) });
    const data = (await edit.json()) as { raw: Record<string, string> };
    expect(data.raw).toMatchObject({ liveStartAt: "2026-11-26T20:00", liveCloseAt: "2026-11-26T22:00", reviewAfterClose: "1", shuffleQuestions: "1", keyPublished: "" });
    // The list shows the start in Bangladesh time.
    const list = await run((await route("gradmin.content.$resource._index.tsx")).loader, get("/gradmin/content/exams"), { resource: "exams" });
    expect(JSON.stringify(await list.json())).toContain("রাত্রি ৮:০০");
  });

  it("a merit list already made stays through a save that keeps the window, and is made again when the window moves", async () => {
    const res = await create({ liveStartAt: "2026-11-20T20:00", liveCloseAt: "2026-11-20T22:00" });
    const id = Number(/\/exams\/(\d+)\?saved=created$/.exec(res.headers.get("Location")!)![1]);
    const computed = new Date("2026-11-20T16:01:00Z");
    const markMade = async () => {
      await db.update(schema.examTitles).set({ meritComputedAt: computed }).where(eq(schema.examTitles.id, id));
    };
    await markMade();
    const saveWith = async (extra: Record<string, string>) => {
      const edit = await run((await route("gradmin.content.$resource.$id._index.tsx")).loader, get(`/gradmin/content/exams/${id}`), { resource: "exams", id: String(id) });
      const { version } = (await edit.json()) as { version: number };
      const saved = await run(
        (await route("gradmin.content.$resource.$id._index.tsx")).action,
        post(`/gradmin/content/exams/${id}`, { ...fields(extra), version: String(version) }),
        { resource: "exams", id: String(id) },
      );
      expect(saved.status, await saved.clone().text()).toBe(302);
      const [row] = await db.select({ at: schema.examTitles.meritComputedAt }).from(schema.examTitles).where(eq(schema.examTitles.id, id));
      return row.at;
    };
    // Another field changes, the window does not: the list stays.
    expect((await saveWith({ liveStartAt: "2026-11-20T20:00", liveCloseAt: "2026-11-20T22:00", negativeMark: "0.5" }))?.getTime()).toBe(computed.getTime());
    // The close moves: the list goes, to be made again after the new close.
    expect(await saveWith({ liveStartAt: "2026-11-20T20:00", liveCloseAt: "2026-11-20T23:00" })).toBeNull();
  });

  it("both empty: not live", async () => {
    const res = await create({ liveStartAt: "", liveCloseAt: "" });
    expect(res.status).toBe(302);
    const id = Number(/\/exams\/(\d+)\?/.exec(res.headers.get("Location")!)![1]);
    const [row] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, id));
    expect([row.liveStartAt, row.liveCloseAt]).toEqual([null, null]);
  });

  it.each([
    ["a start without a close", { liveStartAt: "2026-11-26T20:00", liveCloseAt: "" }, "liveCloseAt", /দুটোই.*both/],
    ["a close without a start", { liveStartAt: "", liveCloseAt: "2026-11-26T20:00" }, "liveStartAt", /দুটোই.*both/],
    ["a close before the start", { liveStartAt: "2026-11-26T20:00", liveCloseAt: "2026-11-26T19:00" }, "liveCloseAt", /শুরুর পরে.*after the start/],
    ["a window shorter than the exam", { liveStartAt: "2026-11-26T20:00", liveCloseAt: "2026-11-26T20:29" }, "liveCloseAt", /30 মিনিট.*30 minutes/],
    ["an impossible date", { liveStartAt: "2026-02-30T20:00", liveCloseAt: "2026-03-01T20:00" }, "liveStartAt", /তারিখ ও সময়.*date and time/],
  ])("refuses %s with the field's error and keeps what was typed", async (_what, window, field, message) => {
    const before = (await db.select({ id: schema.examTitles.id }).from(schema.examTitles)).length;
    const res = await create({ ...window, shuffleOptions: "1" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string>; raw: Record<string, string> };
    expect(body.errors[field]).toMatch(message);
    expect(body.raw).toMatchObject({ ...window, shuffleOptions: "1", name: "লাইভ মডেল টেস্ট — ফর্ম" });
    expect((await db.select({ id: schema.examTitles.id }).from(schema.examTitles)).length).toBe(before);
  });

  it("a question's solution video: YouTube only", async () => {
    const save = async (url: string) =>
      run(
        (await route("gradmin.content.$resource.new.tsx")).action,
        post("/gradmin/content/questions/new", { type: "mcq", body: "২ + ২ = ?", "options.0": "৩", "options.1": "৪", "options.correct": "1", marks: "1", solutionVideoUrl: url }),
        { resource: "questions" },
      );
    const bad = await save("https://vimeo.com/123456");
    expect(bad.status).toBe(400);
    const refused = (await bad.json()) as { errors: Record<string, string>; raw: Record<string, string> };
    expect(refused.errors.solutionVideoUrl).toMatch(/YouTube/);
    expect(refused.raw.solutionVideoUrl).toBe("https://vimeo.com/123456");
    const good = await save("https://youtu.be/dQw4w9WgXcQ");
    expect(good.status, await good.clone().text()).toBe(302);
    const id = Number(/\/questions\/(\d+)\?/.exec(good.headers.get("Location")!)![1]);
    const [q] = await db.select({ url: schema.questions.solutionVideoUrl }).from(schema.questions).where(eq(schema.questions.id, id));
    expect(q.url).toBe("https://youtu.be/dQw4w9WgXcQ");
  });
});

/* ------------------------------------------------------------------ the public list */

describe("listLiveExams", () => {
  const NOW = new Date("2031-03-10T12:00:00Z");
  const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);

  beforeAll(async () => {
    await insertExam(8801, "চলমান পরীক্ষা", [at(-10), at(110)]);
    await insertExam(8802, "আজ রাতের পরীক্ষা", [at(15), at(75)]);
    await insertExam(8803, "পাঁচ দিন পরের পরীক্ষা", [at(5 * 1440), at(5 * 1440 + 60)]);
    await insertExam(8804, "দশ দিন পরের পরীক্ষা", [at(10 * 1440), at(10 * 1440 + 60)]);
    await insertExam(8805, "শেষ হওয়া পরীক্ষা", [at(-180), at(-60)]);
    await insertExam(8806, "সাধারণ অনুশীলন", null);
    clearShellCache();
  });

  it("running first, then those starting within the week, in one round trip, then from memory until a save", async () => {
    const before = queryCount();
    const items = await listLiveExams({ now: NOW });
    expect(queryCount() - before).toBe(1);
    expect(items.map((i) => [i.id, i.running])).toEqual([
      [8801, true],
      [8802, false],
      [8803, false],
    ]);
    expect(items[1]).toMatchObject({ name: "আজ রাতের পরীক্ষা", startBn: "১০ মার্চ, সন্ধ্যা ৬:১৫", closeBn: "১০ মার্চ, সন্ধ্যা ৭:১৫" });
    // Kept: the next request asks nothing, and time still moves the phases.
    const later = await listLiveExams({ now: at(20) });
    expect(queryCount() - before).toBe(1);
    expect(later.map((i) => [i.id, i.running])).toEqual([
      [8801, true],
      [8802, true],
      [8803, false],
    ]);
    clearShellCache();
    await listLiveExams({ now: NOW });
    expect(queryCount() - before).toBe(2);
  });

  it("renders each exam with its link, its times in Bangla and its state; nothing when there are none", async () => {
    const html = renderToStaticMarkup(createElement(LiveExamList, { items: await listLiveExams({ now: NOW }), id: "live-exams" }));
    expect(getByRole(html, "link", { name: "চলমান পরীক্ষা" }).attrs.href).toBe("/exampage/8801");
    expect(textOf(html)).toContain("চলমান পরীক্ষা চলছে");
    expect(html).toMatch(/আজ রাতের পরীক্ষা<\/a> <strong class="live-badge">শুরু হবে<\/strong> <span class="live-when"><time dateTime="2031-03-10T12:15:00.000Z">১০ মার্চ, সন্ধ্যা ৬:১৫<\/time>/);
    expect(html).not.toContain("8804");
    expect(renderToStaticMarkup(createElement(LiveExamList, { items: [], id: "live-exams" }))).toBe("");
  });

  it("the home page and the exam sub-page carry the list, and are kept no longer than a start within the minute", async () => {
    const home = await route("home.tsx");
    const sub = await route("exam-subpage.($thtid).tsx");
    await db.insert(schema.examTitleGroups).values({ id: 1, name: "মডেল টেস্ট" });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(at(14).getTime() + 5_000) });
    const h = await call(home.loader as never, "/home");
    expect(((await h.json()) as { liveExams: { id: number }[] }).liveExams.map((i) => i.id)).toEqual([8801, 8802, 8803]);
    expect(h.headers.get("Cache-Control")).toBe("public, max-age=55"); // the next start is 55 s away
    vi.setSystemTime(new Date(at(15).getTime() - 30_000));
    const s = await call(sub.loader as never, "/exam-subpage/1", { thtid: "1" });
    expect(((await s.json()) as { liveExams: { id: number }[] }).liveExams.map((i) => i.id)).toEqual([8801, 8802, 8803]);
    expect(s.headers.get("Cache-Control")).toBe("public, max-age=30");
    vi.setSystemTime(at(60));
    const quiet = await call(home.loader as never, "/home");
    expect(quiet.headers.get("Cache-Control")).toBeNull(); // the site's default
  });
});

/* ------------------------------------------------------------------ the exam page in each phase */

describe("the exam page of a live exam", () => {
  const START = new Date("2031-05-01T14:00:00Z"); // 8 pm in Dhaka
  const EXAM = 8901;
  const page = () => route("exampage.$grtid.tsx");
  const load = async () => {
    const res = await call((await page()).loader as never, `/exampage/${EXAM}`, { grtid: String(EXAM) });
    return { res, data: (await res.json()) as { live: Record<string, unknown> | null; questions: unknown[]; meta: { totalRows: number } } };
  };

  beforeAll(async () => {
    await insertExam(EXAM, "রাত ৮টার লাইভ মডেল টেস্ট", [START, new Date(START.getTime() + 60 * MIN)]);
    clearShellCache();
  });

  it("waiting: the rules and the start time, no questions, a reload that lands on the start, not kept into the start", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(START.getTime() - 3600_000) });
    const { res, data } = await load();
    expect(res.status).toBe(200);
    expect(data.live).toMatchObject({ phase: "waiting", startBn: "১ মে, রাত্রি ৮:০০", secondsLeft: 3600, refreshSeconds: 60 });
    expect(data.questions).toEqual([]);
    expect(data.meta.totalRows).toBe(3);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
    const meta = (await page()).meta!({ data, matches: [] });
    expect(meta).toContainEqual({ httpEquiv: "refresh", content: "60" });
    // What the head gets: React writes the descriptor as an http-equiv attribute.
    expect(renderToStaticMarkup(createElement("meta", meta.find((m) => m.httpEquiv)))).toBe('<meta http-equiv="refresh" content="60"/>');

    vi.setSystemTime(new Date(START.getTime() - 42_000));
    const close = await load();
    expect(close.data.live).toMatchObject({ phase: "waiting", secondsLeft: 42, refreshSeconds: 42 });
    expect(close.res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = renderToStaticMarkup(createElement(LiveExamPanel, { live: close.data.live as never, grtid: EXAM, facts: { totalRows: 3, fullMarksBn: "৩", durationBn: "২০", negativeMarkBn: "০.২৫" } }));
    expect(html).toContain("শুরু হবে ১ মে, রাত্রি ৮:০০");
    // The countdown reads as the time left, and carries what the enhancement script counts down from.
    const countdown = getByRole(html, "time");
    expect(countdown.text).toBe("৪২ সেকেন্ড");
    expect(countdown.attrs).toMatchObject({ datetime: "2031-05-01T14:00:00.000Z", "data-live-countdown": "true", "data-seconds": "42" });
    expect(html).toContain("প্রশ্ন ৩টি, পূর্ণমান ৩, সময় ২০ মিনিট।");
    expect(html).toContain("প্রতিটি ভুল উত্তরে ০.২৫ নম্বর কাটা যাবে।");
    expect(html).toContain("সার্ভারের ঘড়িতে");
    expect(html).toContain("মেধাতালিকা প্রকাশ হবে");

    // A practice post cannot fetch the paper early.
    const posted = await call((await page()).action as never, `/exampage/${EXAM}`, { grtid: String(EXAM) }, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=submit",
    });
    expect(posted.status).toBe(303);
  });

  it("running: until when, still no questions on the page, kept no longer than the close", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(START.getTime() + 59 * MIN + 30_000) });
    const { res, data } = await load();
    expect(data.live).toMatchObject({ phase: "running", closeBn: "১ মে, রাত্রি ৯:০০", refreshSeconds: null });
    expect(data.questions).toEqual([]);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=30");
    expect((await page()).meta!({ data, matches: [] }).some((m) => "httpEquiv" in m)).toBe(false);
    const html = renderToStaticMarkup(createElement(LiveExamPanel, { live: data.live as never, grtid: EXAM, facts: { totalRows: 3, fullMarksBn: "৩", durationBn: "২০", negativeMarkBn: null } }));
    expect(html).toContain("চলছে, শেষ হবে ১ মে, রাত্রি ৯:০০");
  });

  it("closed: the questions are practice again, with links to the merit list and to them", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(START.getTime() + 61 * MIN) });
    const { res, data } = await load();
    expect(data.live).toMatchObject({ phase: "closed", cacheControl: null });
    expect(data.questions).toHaveLength(3);
    expect(res.headers.get("Cache-Control")).toBeNull();
    const html = renderToStaticMarkup(createElement(LiveExamPanel, { live: data.live as never, grtid: EXAM, facts: { totalRows: 3, fullMarksBn: "৩", durationBn: "২০", negativeMarkBn: null } }));
    expect(html).toContain("শেষ হয়েছে");
    expect(html).toContain(`href="/exampage/${EXAM}/merit"`);
    expect(html).toContain('href="#exam-practice"');
  });

  it("an exam without a window is as before", async () => {
    const { data } = await (async () => {
      const res = await call((await page()).loader as never, "/exampage/8806", { grtid: "8806" });
      return { data: (await res.json()) as { live: unknown; questions: unknown[] } };
    })();
    expect(data.live).toBeNull();
    expect(data.questions).toHaveLength(3);
  });
});

/* ------------------------------------------------------------------ the staff monitor */

describe("the live monitor", () => {
  const EXAM = 9001;
  const monitor = () => route("gradmin.live.$examId.tsx");
  const list = () => route("gradmin.live._index.tsx");

  beforeAll(async () => {
    const now = Date.now();
    await insertExam(EXAM, "মনিটরের লাইভ পরীক্ষা", [new Date(now - 30 * MIN), new Date(now + 60 * MIN)]);
    const seen = (ago: number) => new Date(now - ago * 1000);
    await db.insert(schema.onlinePresence).values([
      { sessionKey: "w1", page: `/exampage/${EXAM}`, lastSeen: seen(10) },
      { sessionKey: "w2", page: `/exampage/${EXAM}`, lastSeen: seen(60) },
      { sessionKey: "w3", page: `/exampage/${EXAM}`, lastSeen: seen(100) },
      { sessionKey: "gone", page: `/exampage/${EXAM}`, lastSeen: seen(300) },
      { sessionKey: "other", page: `/exampage/${EXAM}0`, lastSeen: seen(5) },
      { sessionKey: "home", page: "/home", lastSeen: seen(5) },
    ]);
    const attempt = (id: string, startedAgo: number, finished: boolean, deadlineIn: number) => ({
      id: id.padEnd(24, "x"),
      examId: EXAM,
      browserHash: id.padEnd(64, "0"),
      startedAt: new Date(now - startedAgo * MIN),
      deadlineAt: new Date(now + deadlineIn * MIN),
      finishedAt: finished ? new Date(now - MIN) : null,
    });
    await db.insert(schema.examAttempts).values([
      attempt("done1", 25, true, -5),
      attempt("done2", 20, true, 0),
      attempt("answering", 5, false, 15),
      attempt("timedout", 25, false, -5),
      attempt("before", 40, true, -20), // a practice attempt from before the window
      // Two registrations not opened yet (their times are placeholders): registered, not started.
      { ...attempt("reg1", 10, false, 20), waiting: true },
      { ...attempt("reg2", 10, false, 20), waiting: true },
    ]);
    clearShellCache();
  });

  it("is for staff who edit content: sign-in first, 403 for a moderator", async () => {
    const none = await run((await monitor()).loader, get(`/gradmin/live/${EXAM}`, ""), { examId: String(EXAM) });
    expect(none.status).toBe(302);
    expect(none.headers.get("Location")).toMatch(/^\/gradmin\/login\?redirectTo=/);
    const mod = await run((await monitor()).loader, get(`/gradmin/live/${EXAM}`, modCookie), { examId: String(EXAM) });
    expect(mod.status).toBe(403);
    const modList = await run((await list()).loader, get("/gradmin/live", modCookie));
    expect(modList.status).toBe(403);
    const modPost = await run((await monitor()).action, post(`/gradmin/live/${EXAM}`, { intent: "publish-key" }, modCookie), { examId: String(EXAM) });
    expect(modPost.status).toBe(403);
  });

  it("counts readers waiting on the page, registrations not yet opened, attempts started in the window, finished and still answering; never cached", async () => {
    const res = await run((await monitor()).loader, get(`/gradmin/live/${EXAM}`), { examId: String(EXAM) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const data = (await res.json()) as { counts: Record<string, number>; exam: { phase: string; keySealed: boolean } };
    expect(data.counts).toEqual({ waiting: 3, registered: 2, started: 4, finished: 2, answering: 1 });
    expect(data.exam).toMatchObject({ phase: "চলছে (Running)", keySealed: true });
    expect((await import("~/routes/gradmin.live.$examId")).handle).toEqual({ noscriptRefresh: 15 });
    const missing = await run((await monitor()).loader, get("/gradmin/live/8806"), { examId: "8806" });
    expect(missing.status).toBe(404);
  });

  it("lists upcoming, running and recently closed live exams", async () => {
    const res = await run((await list()).loader, get("/gradmin/live"));
    const data = (await res.json()) as Record<"upcoming" | "running" | "closed", { id: number }[]>;
    expect(data.running.map((e) => e.id)).toContain(EXAM);
    expect([...data.upcoming, ...data.running, ...data.closed].map((e) => e.id)).not.toContain(8806);
  });

  it("publishes the key through the content save: a new version, the audit log, the content version", async () => {
    const [before] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, EXAM));
    const version = await contentVersion();
    const noToken = await run((await monitor()).action, new Request(`${ORIGIN}/gradmin/live/${EXAM}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie },
      body: "intent=publish-key&csrf=wrong",
    }), { examId: String(EXAM) });
    expect(noToken.status).toBe(403);
    const res = await run((await monitor()).action, post(`/gradmin/live/${EXAM}`, { intent: "publish-key" }), { examId: String(EXAM) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/gradmin/live/${EXAM}?published=1`);
    const [after] = await db.select().from(schema.examTitles).where(eq(schema.examTitles.id, EXAM));
    expect(after).toMatchObject({ keyPublished: true, version: before.version + 1, updatedBy: 1, liveStartAt: before.liveStartAt, name: before.name });
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, String(EXAM)));
    expect(audit.map((a) => [a.action, a.entity])).toContainEqual(["update", "exams"]);
    expect(Number(await contentVersion())).toBeGreaterThan(Number(version));
    // Still sealed for students while it runs.
    const data = (await (await run((await monitor()).loader, get(`/gradmin/live/${EXAM}`), { examId: String(EXAM) })).json()) as { exam: { keySealed: boolean; keyPublished: boolean } };
    expect(data.exam).toMatchObject({ keyPublished: true, keySealed: true });
    const again = await run((await monitor()).action, post(`/gradmin/live/${EXAM}`, { intent: "publish-key" }), { examId: String(EXAM) });
    expect(again.headers.get("Location")).toBe(`/gradmin/live/${EXAM}?published=already`);
  });
});
