// Timed exam attempts, through the routes' loaders and actions against the test database:
// start, the attempt page, saving, the palette, finishing with confirmation, the whole-exam result with
// negative marks, the deadline the server owns, this browser's attempts and mistake book, and hostile
// input (another browser, other exams' questions, answers after finish, duplicates, junk) that must
// end in 4xx or be ignored, never 500. No page of an unfinished attempt holds a correct key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryCount } from "~/db/client.server";
import { clearExamCache, purgeOldAttempts } from "~/models/attempts.server";
import { bumpContentVersion } from "~/models/content-version.server";
import { action as startAction, loader as startLoader } from "~/routes/exampage.$grtid_.start";
import AttemptPage, { action as attemptAction, loader as attemptLoader } from "~/routes/exampage.$grtid_.attempt.$attemptId/route";
import ResultPage, { loader as resultLoader } from "~/routes/exampage.$grtid_.attempt.$attemptId_.result";
import { action as saveAction, loader as saveLoader } from "~/routes/exampage.$grtid_.attempt.$attemptId_.save";
import MyExams, { loader as myExamsLoader } from "~/routes/my-exams._index";
import MistakeBook, { action as mistakesAction, loader as mistakesLoader } from "~/routes/my-exams.mistakes";
import ExamPage, { loader as examLoader } from "~/routes/exampage.$grtid";
import QuestionPaper, { loader as questionPaperLoader } from "~/routes/questionpaper.$grtid";
import { call, closeDb, db, insertQuestions, resetTables, schema } from "./db";
import { all, byRole, getByRole } from "../support/dom";
import { html } from "../support/render";



const KEYS = ["ক", "খ", "গ", "ঘ"] as const;
const correctOf = (qid: number) => KEYS[qid % 4];
const wrongOf = (qid: number) => KEYS[(qid + 1) % 4];
/** Words that would give an answer away before the attempt is finished. */
const LEAKS = /"correct"|isCorrect|is_correct|correctKey|explanation|is-correct|is-wrong|ব্যাখ্যা|EXPLAINED/;

// Exam 600: 25 questions (ids 6001-6025) over three pages of 10, two chapters, −0.25 per wrong answer.
const EXAM = 600;
const Q600 = Array.from({ length: 25 }, (_, i) => 6001 + i);
const OTHER_EXAM_Q = 6101; // a question of exam 601 only

const A = `grbd_exams=${"A".repeat(32)}`;
const B = `grbd_exams=${"B".repeat(32)}`;

beforeAll(async () => {
  await resetTables();
  clearExamCache();
  await db.insert(schema.subjects).values([
    { id: 1, name: "গণিত", slug: "math" },
    { id: 2, name: "উচ্চতর গণিত", slug: "higher-math" },
  ]);
  await db.insert(schema.categories).values([
    { id: 11, subjectId: 1, name: "বীজগণিত" },
    { id: 12, subjectId: 1, name: "জ্যামিতি" },
    { id: 13, subjectId: 2, name: "বীজগণিত" },
  ]);
  await db.insert(schema.questionSets).values([
    { id: 960, name: "মডেল টেস্ট সেট" },
    { id: 961, name: "অন্য সেট" },
    { id: 962, name: "খালি সেট" },
  ]);
  await insertQuestions([
    ...Q600.map((id, i) => ({
      id,
      setId: 960,
      sort: i + 1,
      body: `<p>প্রশ্ন ${id}: $x^{${i}}$</p>`,
      correctKey: correctOf(id),
      chapterId: i < 15 ? 11 : 12,
      subjectId: 1,
      explanation: `<p>EXPLAINED ${id}</p>`,
    })),
    { id: OTHER_EXAM_Q, setId: 961, sort: 1, body: "<p>অন্য পরীক্ষার প্রশ্ন</p>", correctKey: correctOf(OTHER_EXAM_Q), explanation: "<p>EXPLAINED other</p>", chapterId: 11, subjectId: 1 },
    { id: 6102, setId: 961, sort: 2, body: "<p>অন্য ২</p>", correctKey: correctOf(6102), chapterId: 13, subjectId: 2 },
  ]);
  await db.insert(schema.examTitles).values([
    // Published keys: a finished attempt's review may show them (a sealed key never shows: sealed-keys.test.ts).
    { id: EXAM, name: "গণিত মডেল টেস্ট", questionSetId: 960, fullMarks: 25, durationMinutes: 30, negativeMark: "0.25", keyPublished: true },
    { id: 601, name: "অন্য পরীক্ষা", questionSetId: 961, fullMarks: 2, durationMinutes: 5, keyPublished: true },
    { id: 602, name: "রিভিউ বন্ধ পরীক্ষা", questionSetId: 960, fullMarks: 25, durationMinutes: 30, reviewAfterFinish: false, keyPublished: true },
    { id: 603, name: "খালি পরীক্ষা", questionSetId: 962, fullMarks: 0, durationMinutes: 10 },
    { id: 604, name: "সময়হীন পরীক্ষা", questionSetId: 961, fullMarks: 2, durationMinutes: 0, keyPublished: true },
  ]);
});

afterAll(closeDb);

const formInit = (fields: [string, string][] | string, cookie?: string, extra: Record<string, string> = {}) => ({
  method: "POST",
  body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...extra },
});

async function start(grtid = EXAM, cookie = A) {
  const res = await call(startAction, `/exampage/${grtid}/start`, { grtid: String(grtid) }, { method: "POST", headers: cookie ? { Cookie: cookie } : {} });
  expect(res.status).toBe(303);
  const id = res.headers.get("Location")!.split("/attempt/")[1];
  return { res, id };
}

const page = (id: string, qs = "", cookie = A, grtid = EXAM) =>
  call(attemptLoader, `/exampage/${grtid}/attempt/${id}${qs}`, { grtid: String(grtid), attemptId: id }, cookie ? { headers: { Cookie: cookie } } : undefined);
const post = (id: string, fields: [string, string][] | string, cookie = A, grtid = EXAM, extra: Record<string, string> = {}) =>
  call(attemptAction, `/exampage/${grtid}/attempt/${id}`, { grtid: String(grtid), attemptId: id }, formInit(fields, cookie, extra));
const save = (id: string, fields: [string, string][] | string, cookie = A, grtid = EXAM) =>
  call(saveAction, `/exampage/${grtid}/attempt/${id}/save`, { grtid: String(grtid), attemptId: id }, formInit(fields, cookie));
const result = (id: string, qs = "", cookie = A, grtid = EXAM) =>
  call(resultLoader, `/exampage/${grtid}/attempt/${id}/result${qs}`, { grtid: String(grtid), attemptId: id }, cookie ? { headers: { Cookie: cookie } } : undefined);

async function stored(id: string) {
  const rows = await db
    .select({ q: schema.examAttemptAnswers.questionId, c: schema.examAttemptAnswers.choice, m: schema.examAttemptAnswers.markedForReview })
    .from(schema.examAttemptAnswers)
    .where(sql`${schema.examAttemptAnswers.attemptId} = ${id}`)
    .orderBy(schema.examAttemptAnswers.questionId);
  return Object.fromEntries(rows.map((r) => [r.q, `${r.c ?? "-"}${r.m ? "*" : ""}`]));
}

async function attemptRow(id: string) {
  const [row] = await db.select().from(schema.examAttempts).where(sql`${schema.examAttempts.id} = ${id}`);
  return row;
}

/** Moves an attempt's clock: its start and deadline `seconds` earlier. */
async function age(id: string, seconds: number) {
  await db.execute(
    sql`update exam_attempts set started_at = started_at - interval ${seconds} second, deadline_at = deadline_at - interval ${seconds} second where id = ${id}`,
  );
}

/** The fields of a page's answers: `right` right, `wrong` wrong, starting at question index `from`. */
const answers = (from: number, right: number, wrong: number): [string, string][] => [
  ["shown", Q600.slice(from, from + 10).join(",")],
  ...Q600.slice(from, from + right).map((q): [string, string] => [`q${q}`, correctOf(q)]),
  ...Q600.slice(from + right, from + right + wrong).map((q): [string, string] => [`q${q}`, wrongOf(q)]),
];

describe("starting", () => {
  it("is one insert that redirects to an unguessable attempt URL and sets the browser's cookie", async () => {
    await start(); // warms the exam's questions, which every student shares
    const before = queryCount();
    const { res, id } = await start(EXAM, "");
    expect(queryCount() - before).toBe(1);
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(res.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}`);
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^grbd_exams=[A-Za-z0-9_-]{32}; Path=\/; Max-Age=15552000; HttpOnly; SameSite=Lax$/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    // A browser that has the cookie keeps its key.
    const again = await start(EXAM, A);
    expect(again.res.headers.get("Set-Cookie")).toMatch(new RegExp(`^${A};`));
    const row = await attemptRow(again.id);
    expect(row.deadlineAt.getTime() - row.startedAt.getTime()).toBe(30 * 60_000);
    expect(row.negativeMark).toBe("0.25");
    expect(row.browserHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.browserHash).not.toContain("A".repeat(8));
  });

  it("refuses bad and unknown exams with the site's error page (400/404), and a GET goes back to the exam", async () => {
    for (const grtid of ["abc", "0", "1.5"]) {
      const res = await call(startAction, `/exampage/${grtid}/start`, { grtid }, { method: "POST" });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe("Missing grtid");
    }
    for (const grtid of ["99999", "603", "604"]) {
      const res = await call(startAction, `/exampage/${grtid}/start`, { grtid }, { method: "POST" });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("Failed to load exam.");
    }
    const get = await call(startLoader, `/exampage/${EXAM}/start`, { grtid: String(EXAM) });
    expect(get.status).toBe(302);
    expect(get.headers.get("Location")).toBe(`/exampage/${EXAM}#start`);
  });

  it("is announced on the exam page with questions, full marks, duration and the negative mark", async () => {
    const data = await (await call(examLoader, `/exampage/${EXAM}`, { grtid: String(EXAM) })).json();
    const page = html(ExamPage, data);
    // Starting is a plain form post (no JavaScript needed), its button named in both languages.
    const startForms = byRole(page, "form").filter((f) => f.attrs.action === "/exampage/600/start");
    expect(startForms.map((f) => f.attrs.method)).toEqual(["post"]);
    expect(getByRole(startForms[0], "button", { name: "পরীক্ষা শুরু করুন (Start exam)" })).toBeTruthy();
    const start = page.slice(page.indexOf('id="start"'));
    expect(start).toContain("প্রশ্ন: ২৫টি");
    expect(start).toContain("পূর্ণমান: ২৫");
    expect(start).toContain("সময়: ৩০ মিনিট");
    expect(start).toContain("প্রতি ভুল উত্তরে ০.২৫ নম্বর কাটা যাবে");
    // An exam without a duration is practice only.
    const untimed = html(ExamPage, await (await call(examLoader, "/exampage/604", { grtid: "604" })).json());
    expect(untimed).not.toContain('id="start"');
    expect(untimed).toContain('class="quiz-form"');
  });
});

describe("the attempt page", () => {
  it("shows a page of 10 questions, the palette of all, the server's remaining time, and no key anywhere", async () => {
    const { id } = await start();
    const res = await page(id);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await res.json();
    expect(data.questions.map((q: { id: number }) => q.id)).toEqual(Q600.slice(0, 10));
    expect(data.palette).toHaveLength(25);
    expect(data.counts).toEqual({ total: 25, answered: 0, marked: 0, unanswered: 25 });
    expect(data.remainingSeconds).toBeGreaterThan(30 * 60 - 5);
    expect(data.remainingSeconds).toBeLessThanOrEqual(30 * 60);
    expect(data).toMatchObject({ page: 1, totalPages: 3, prevGo: null, nextGo: 11 });
    expect(JSON.stringify(data)).not.toMatch(LEAKS);
    const doc = html(AttemptPage, data);
    expect(doc).not.toMatch(LEAKS);
    expect(doc).toContain(`data-countdown="${data.remainingSeconds}"`);
    expect(doc).toContain("শেষ সময়:");
    expect(getByRole(doc, "button", { name: "পরের পৃষ্ঠা →" }).attrs).toMatchObject({ type: "submit", name: "go", value: "11" });
    expect(doc.match(/name="go"/g)).toHaveLength(25 + 1); // the palette and Next
    expect(doc).toContain('name="m6001" value="1"');
    expect(doc.match(/type="radio"/g)).toHaveLength(40);
    const p3 = await (await page(id, "?page=3")).json();
    expect(p3.questions.map((q: { id: number }) => q.id)).toEqual(Q600.slice(20));
    expect(p3.questions[0].serialBn).toBe("২১");
    expect(html(AttemptPage, p3)).toContain(">পরীক্ষা শেষ করুন</button>");
    for (const junk of ["0", "-2", "abc", "99", "1e3"]) {
      const d = await (await page(id, `?page=${junk}`)).json();
      expect(d.page).toBe(junk === "99" || junk === "1e3" ? (junk === "99" ? 3 : 1) : 1);
    }
  });

  it("is only for the browser that started it: another browser gets 403, a wrong id or exam 404", async () => {
    const { id } = await start();
    for (const cookie of [B, "", "grbd_exams=short", `${A}; ${B}`]) {
      const res = await page(id, "", cookie);
      expect(res.status, cookie).toBe(403);
      expect(await res.text()).toContain("অন্য একটি ব্রাউজারে");
      expect((await post(id, answers(0, 3, 0), cookie)).status).toBe(403);
      expect((await save(id, answers(0, 3, 0), cookie)).status).toBe(403);
    }
    expect(await stored(id)).toEqual({});
    for (const bad of ["x", "A".repeat(24), `${id}x`, "../../etc/passwd"]) expect((await page(bad)).status).toBe(404);
    expect((await page(id, "", A, 601)).status).toBe(404); // the attempt's id under another exam
    expect((await page(id, "", A, 99999)).status).toBe(404);
    expect((await call(attemptLoader, `/exampage/abc/attempt/${id}`, { grtid: "abc", attemptId: id })).status).toBe(400);
  });

  it("saves the page's answers with every move: Next, Prev, the palette, Save and Clear; marks for review", async () => {
    const { id } = await start();
    let res = await post(id, [["page", "1"], ...answers(0, 3, 1), ["m6002", "1"], ["go", "11"]]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}?page=2#q-6011`);
    expect(await stored(id)).toEqual({ 6001: "খ", 6002: "গ*", 6003: "ঘ", 6004: wrongOf(6004) });
    // Page 2: answer two, then jump to question 25 from the palette.
    res = await post(id, [["page", "2"], ...answers(10, 2, 0), ["go", "25"]]);
    expect(res.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}?page=3#q-6025`);
    // Back to page 1 (Prev from page 2 is the first question of page 1): untick the mark, change an answer.
    res = await post(id, [["page", "1"], ["shown", Q600.slice(0, 10).join(",")], ["q6001", "খ"], ["q6002", "গ"], ["q6003", "ক"], ["go", "1"]]);
    expect(await stored(id)).toMatchObject({ 6002: "গ", 6003: "ক" });
    // Clear one answer: it stays on its page, at its question.
    res = await post(id, [["page", "1"], ["shown", Q600.slice(0, 10).join(",")], ["q6003", "ক"], ["clear", "6003"]]);
    expect(res.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}?page=1#q-6003`);
    expect((await stored(id))[6003]).toBe("-");
    // Save stays on the page.
    res = await post(id, [["page", "2"], ["shown", "6011"], ["q6011", "ক"], ["intent", "save"]]);
    expect(res.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}?page=2`);
    // The page shows what is stored, and the palette counts it.
    const d = await (await page(id)).json();
    expect(d.choices).toEqual({ "6001": "খ", "6002": "গ", "6004": wrongOf(6004) });
    expect(d.counts).toEqual({ total: 25, answered: 5, marked: 0, unanswered: 20 });
    const p1 = html(AttemptPage, d);
    expect(p1).toContain(`name="q6001" checked="" value="খ"`);
    expect(d.palette.filter((p: { answered: boolean }) => p.answered).map((p: { n: number }) => p.n)).toEqual([1, 2, 4, 11, 12]);
  });

  it("ignores other exams' questions, two answers for one question, unknown keys and junk", async () => {
    const { id } = await start();
    const res = await post(id, [
      ["shown", `6001,6002,6003,${OTHER_EXAM_Q},abc,-1,99999999999,6001`],
      ["q6001", "ক"],
      ["q6001", "খ"], // two answers for one question: neither
      ["q6002", "X"], // not an option
      ["q6003", "গ"],
      [`q${OTHER_EXAM_Q}`, correctOf(OTHER_EXAM_Q)],
      ["q6004", "ক"], // not listed as shown
      ["m6003", "1"],
      ["go", "999"],
      ["go", "-1"],
      ["page", "zzz"],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}?page=1`);
    expect(await stored(id)).toEqual({ 6003: "গ*" });
  });

  it("answers 400 to malformed forms (413 to a too large one) and never 500", async () => {
    const { id } = await start();
    const huge = `shown=${"6001,".repeat(20000)}`;
    // Bodies past the cap are "too large": every form is read by one capped reader (readForm).
    expect((await post(id, huge)).status, "huge").toBe(413);
    const cases: [string, ReturnType<typeof post>][] = [
      ["two intents", post(id, [["intent", "save"], ["intent", "finish"]])],
      ["unknown intent", post(id, [["intent", "delete"]])],
      ["multipart", call(attemptAction, `/exampage/${EXAM}/attempt/${id}`, { grtid: String(EXAM), attemptId: id }, { method: "POST", body: "x", headers: { "Content-Type": "multipart/form-data; boundary=x", Cookie: A } })],
      ["json", call(saveAction, `/exampage/${EXAM}/attempt/${id}/save`, { grtid: String(EXAM), attemptId: id }, { method: "POST", body: "{}", headers: { "Content-Type": "application/json", Cookie: A } })],
    ];
    for (const [name, p] of cases) expect((await p).status, name).toBe(400);
    // Broken percent-encoding and binary junk are just no answers.
    const junk = await post(id, "shown=6001&q6001=%E0%A6&%FF%FE=1&&&=&q6002");
    expect(junk.status).toBe(303);
    expect(await stored(id)).toEqual({});
    expect((await call(saveLoader, `/exampage/${EXAM}/attempt/${id}/save`, { grtid: String(EXAM), attemptId: id })).status).toBe(405);
  });
});

describe("finishing and the result", () => {
  it("asks before finishing, saying how many are unanswered, then scores the whole exam with negative marks", async () => {
    const { id } = await start();
    // Page 1: 6 right, 2 wrong; page 2: 4 right, 3 wrong; page 3: 2 right. 12 right, 5 wrong, 8 skipped.
    await post(id, [["page", "1"], ...answers(0, 6, 2), ["m6009", "1"], ["go", "11"]]);
    await post(id, [["page", "2"], ...answers(10, 4, 3), ["go", "21"]]);
    let res = await post(id, [["page", "3"], ...answers(20, 2, 0), ["intent", "finish"]]);
    expect(res.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}?confirm=1`);
    const confirm = await (await page(id, "?confirm=1")).json();
    expect(confirm.confirm).toBe(true);
    expect(confirm.questions).toEqual([]);
    const doc = html(AttemptPage, confirm);
    expect(doc).toContain("পরীক্ষা শেষ করবেন?");
    expect(doc).toContain("৮টি প্রশ্নের উত্তর দেওয়া হয়নি; রিভিউয়ের জন্য চিহ্নিত ১টি");
    expect(doc).toContain('name="intent" value="confirm-finish"');
    expect(doc).not.toMatch(LEAKS);
    expect((await attemptRow(id)).finishedAt).toBeNull();

    res = await post(id, [["intent", "confirm-finish"]]);
    expect(res.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}/result`);
    const row = await attemptRow(id);
    expect(row).toMatchObject({ rightCount: 12, wrongCount: 5, skippedCount: 8, score: "12.00", net: "10.75", fullMarks: 25 });

    const r = await result(id);
    expect(r.status).toBe(200);
    expect(r.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await r.json();
    expect(data.score).toEqual({ total: 25, right: 12, wrong: 5, skipped: 8, score: 12, negativeMark: 0.25, deducted: 1.25, net: 10.75 });
    expect(data.breakdown).toEqual([
      { key: "c11", name: "বীজগণিত", total: 15, right: 10, wrong: 3, skipped: 2 },
      { key: "c12", name: "জ্যামিতি", total: 10, right: 2, wrong: 2, skipped: 6 },
    ]);
    expect(data.questions).toHaveLength(25);
    const page2 = html(ResultPage, data);
    expect(page2).toContain("১০.৭৫ / ২৫");
    expect(page2).toContain("−১.২৫ (৫ × ০.২৫)");
    expect(page2).toContain("EXPLAINED 6001");
    expect(page2).toContain("অধ্যায়ভিত্তিক ফলাফল");
    const rows = byRole(page2, "row").map((r) => all(r, (c) => c.role === "rowheader" || c.role === "cell").map((c) => c.text));
    expect(rows).toContainEqual(["বীজগণিত", "১৫", "১০", "৩", "২"]);
    expect(page2.match(/class="q-option is-chosen is-wrong"/g)).toHaveLength(5);
    expect(page2).toContain("ভুল (−০.২৫)");
    const wrong = await (await result(id, "?show=wrong")).json();
    expect(wrong.questions.map((q: { id: number }) => q.id)).toEqual([6007, 6008, 6015, 6016, 6017]);
    const marked = await (await result(id, "?show=marked")).json();
    expect(marked.questions.map((q: { id: number }) => q.id)).toEqual([6009]);

    // Finished: the attempt page and the palette lead to the result; answers no longer count.
    expect((await page(id)).headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}/result`);
    res = await post(id, [...answers(20, 5, 0), ["go", "1"]]);
    expect(res.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}/result`);
    const late = await save(id, answers(20, 5, 0));
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ finished: true, result: `/exampage/${EXAM}/attempt/${id}/result` });
    expect((await stored(id))[6023]).toBeUndefined();
    expect(await attemptRow(id)).toMatchObject({ rightCount: 12, net: "10.75" });
    // Finishing twice changes nothing.
    await post(id, [["intent", "confirm-finish"]]);
    expect(await attemptRow(id)).toMatchObject({ rightCount: 12, net: "10.75" });
  });

  it("is open to anyone with its URL, and compares the score with the other finished attempts", async () => {
    const { id: low } = await start(601, B);
    await post(low, [["shown", "6101,6102"], ["q6101", wrongOf(6101)], ["intent", "confirm-finish"]], B, 601);
    // Only each browser's first attempt is compared: the best one comes from a third browser.
    const C = `grbd_exams=${"C".repeat(32)}`;
    const { id: high } = await start(601, C);
    await post(high, [["shown", "6101,6102"], ["q6101", correctOf(6101)], ["q6102", correctOf(6102)], ["intent", "confirm-finish"]], C, 601);
    const { id: mid } = await start(601, A);
    await post(mid, [["shown", "6101"], ["q6101", correctOf(6101)], ["intent", "confirm-finish"]], A, 601);
    const { id: running } = await start(601, A); // unfinished attempts are not compared
    expect(running).toBeTruthy();
    const data = await (await result(mid, "", "", 601)).json();
    expect(data.score.net).toBe(1);
    expect(data).toMatchObject({ others: 2, better: 50, owner: false });
    // Two chapters of one name, in two subjects, are told apart.
    expect(data.breakdown.map((r: { name: string; right: number }) => [r.name, r.right])).toEqual([
      ["বীজগণিত (গণিত)", 1],
      ["বীজগণিত (উচ্চতর গণিত)", 0],
    ]);
    expect(html(ResultPage, data)).toContain("অন্য ২টি সমাপ্ত চেষ্টার ৫০%-এর চেয়ে ভালো করেছেন");
    expect((await (await result(high, "", B, 601)).json()).better).toBe(100);
    expect((await (await result(low, "", B, 601)).json()).better).toBe(0);
    // An unfinished attempt's result is its attempt page (for its own browser only).
    const early = await result(running, "", B, 601);
    expect(early.status).toBe(302);
    expect(early.headers.get("Location")).toBe(`/exampage/601/attempt/${running}`);
  });

  it("shows no key or explanation when the exam does not allow review", async () => {
    const { id } = await start(602);
    await post(id, [...answers(0, 2, 2), ["intent", "confirm-finish"]], A, 602);
    const data = await (await result(id, "", A, 602)).json();
    expect(data.score).toMatchObject({ right: 2, wrong: 2, net: 2 });
    expect(data.review).toBe(false);
    expect(data.questions).toEqual([]);
    const doc = html(ResultPage, data);
    expect(doc).not.toMatch(/EXPLAINED|is-correct|is-wrong|type="radio"|ব্যাখ্যা<\/summary>/);
    expect(doc).toContain("সঠিক উত্তর ও ব্যাখ্যা এখনো প্রকাশ করা হয়নি");
  });
});

describe("the server's clock", () => {
  it("counts answers up to the deadline plus the grace, and finishes an attempt past it on the next request", async () => {
    const { id } = await start();
    await post(id, [...answers(0, 2, 0), ["go", "11"]]);
    // 5 seconds past the deadline: inside the grace, still saved.
    await age(id, 30 * 60 + 5);
    const inGrace = await save(id, [["shown", "6003"], ["q6003", correctOf(6003)]]);
    expect(inGrace.status).toBe(200);
    expect((await inGrace.json()).remainingSeconds).toBe(0);
    // Well past it: the answers of this request are not counted, and the attempt finishes itself.
    await age(id, 60);
    const late = await post(id, [["shown", "6004,6005"], ["q6004", correctOf(6004)], ["q6005", correctOf(6005)], ["go", "11"]]);
    expect(late.status).toBe(303);
    expect(late.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}/result?late=1`);
    const row = await attemptRow(id);
    expect(row).toMatchObject({ rightCount: 3, wrongCount: 0, skippedCount: 22, net: "3.00" });
    expect(row.finishedAt!.getTime()).toBe(row.deadlineAt.getTime()); // time taken stops at the deadline
    expect(await stored(id)).toEqual({ 6001: "খ", 6002: "গ", 6003: "ঘ" });
    const data = await (await result(id, "?late=1")).json();
    expect(data.late).toBe(true);
    expect(data.timeTakenBn).toBe("৩০ মিনিট");
    expect(html(ResultPage, data)).toContain("সময় শেষ হওয়ার পরে পাঠানো উত্তর গণনা করা হয়নি");
  });

  it("finishes an expired attempt when anyone opens it: the attempt page, its result, or a background save", async () => {
    const saveExpired = (id: string) => save(id, [["shown", "6001"], ["q6001", "ক"]]);
    for (const open of [(id: string) => page(id), (id: string) => result(id, "", ""), saveExpired]) {
      const { id } = await start();
      await post(id, [["shown", "6002"], ["q6002", correctOf(6002)]]);
      await age(id, 30 * 60 + 11);
      const res = await open(id);
      expect([200, 302]).toContain(res.status);
      if (open === saveExpired) expect(await res.json()).toMatchObject({ finished: true, result: `/exampage/${EXAM}/attempt/${id}/result?late=1` });
      expect(await attemptRow(id)).toMatchObject({ rightCount: 1, skippedCount: 24 });
      expect(await stored(id)).toEqual({ 6002: "গ" });
    }
  });

  it("the JS timer's 'timeup' saves what arrives in time and finishes", async () => {
    const { id } = await start();
    await age(id, 30 * 60 - 1);
    const res = await post(id, [["shown", "6001"], ["q6001", correctOf(6001)], ["intent", "timeup"]]);
    expect(res.headers.get("Location")).toBe(`/exampage/${EXAM}/attempt/${id}/result`);
    expect(await attemptRow(id)).toMatchObject({ rightCount: 1 });
  });
});

describe("the background save", () => {
  it("saves the changed questions and answers JSON with the server's remaining seconds", async () => {
    const { id } = await start();
    const res = await save(id, [["shown", "6005"], ["q6005", "ক"], ["m6005", "1"]]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ saved: 1, finished: false });
    expect(body.remainingSeconds).toBeGreaterThan(1790);
    expect(await stored(id)).toEqual({ 6005: "ক*" });
    expect(JSON.stringify(body)).not.toMatch(LEAKS);
  });

  it("is one read of the attempt and one upsert", async () => {
    const { id } = await start();
    await save(id, [["shown", "6005"], ["q6005", "ক"]]);
    const before = queryCount();
    await save(id, [["shown", "6005,6006"], ["q6005", "খ"], ["q6006", "গ"]]);
    expect(queryCount() - before).toBe(3); // the attempt row and its answers (in parallel), then the upsert
  });
});

describe("this browser's attempts and mistake book", () => {
  it("lists only this browser's attempts, says where they live and for how long, and collects the wrong answers", async () => {
    await resetAttempts();
    const { id: done } = await start(EXAM, B);
    await post(done, [...answers(0, 3, 2), ["intent", "confirm-finish"]], B);
    const { id: running } = await start(EXAM, B);
    await start(EXAM, A); // another browser's
    const data = await (await call(myExamsLoader, "/my-exams", {}, { headers: { Cookie: B } })).json();
    expect(data.attempts.map((a: { id: string }) => a.id).sort()).toEqual([done, running].sort());
    expect(data.attempts.find((a: { id: string }) => a.id === done)).toMatchObject({ state: "finished", netBn: "২.৫", fullMarksBn: "২৫", href: `/exampage/${EXAM}/attempt/${done}/result` });
    expect(data.attempts.find((a: { id: string }) => a.id === running)).toMatchObject({ state: "running", href: `/exampage/${EXAM}/attempt/${running}` });
    expect(data.mistakes).toBe(2);
    const doc = html(MyExams, data);
    expect(doc).toContain("শুধু এই ব্রাউজারে থাকে");
    expect(doc).toContain("১৮০ দিন");
    expect(doc).toContain('href="/my-exams/mistakes"');

    const book = await (await call(mistakesLoader, "/my-exams/mistakes", {}, { headers: { Cookie: B } })).json();
    expect(book.questions.map((q: { id: number }) => q.id).sort()).toEqual([6004, 6005]);
    expect(JSON.stringify(book)).not.toMatch(LEAKS);
    // Practised as a set: View Result shows the keys and explanations.
    const graded = await (
      await call(mistakesAction, "/my-exams/mistakes", {}, formInit([["page", "1"], ["q6004", correctOf(6004)], ["intent", "result"]], B))
    ).json();
    expect(graded.state.score).toMatchObject({ right: 1, count: 2 });
    expect(html(MistakeBook, book, graded)).toContain("EXPLAINED 6004");
    const bookPage = html(MistakeBook, book);
    for (const bn of ["জমা দিন", "ফলাফল দেখুন", "বাছাই মুছুন", "পৃষ্ঠা ১ / ১ — মোট প্রশ্ন: ২", "আগের পাতা", "পরের পাতা"]) expect(bookPage).toContain(bn);
    for (const en of ["Submit", "View Result", "Clear selections", "Page ", "Prev", "Next"]) expect(bookPage).not.toContain(`>${en}`);

    const none = await (await call(myExamsLoader, "/my-exams")).json();
    expect(none).toMatchObject({ attempts: [], mistakes: 0 });
    expect(html(MyExams, none)).toContain("এখনো কোনো পরীক্ষা দেওয়া হয়নি");
    const empty = await (await call(mistakesLoader, "/my-exams/mistakes", {}, { headers: { Cookie: A } })).json();
    expect(empty.questions).toEqual([]);
    expect(html(MistakeBook, empty)).toContain("ভুলের খাতা খালি");
  });
});

describe("keeping attempts", () => {
  it("deletes attempts (and their answers) started more than 180 days ago, and keeps the others", async () => {
    const { id: old } = await start();
    await post(old, answers(0, 2, 0));
    const { id: recent } = await start();
    await post(recent, answers(0, 2, 0));
    await age(old, 181 * 86400);
    await age(recent, 179 * 86400);
    expect(await purgeOldAttempts({ now: new Date() })).toBe(1);
    expect(await attemptRow(old)).toBeUndefined();
    expect(await stored(old)).toEqual({});
    expect(await attemptRow(recent)).toBeDefined();
    expect(Object.keys(await stored(recent))).toHaveLength(2);
  });
});

describe("answer keys on /questionpaper", () => {
  it("prints the key only when staff published it, and never sends an unpublished one", async () => {
    await db.update(schema.examTitles).set({ keyPublished: false }).where(sql`${schema.examTitles.id} = ${EXAM}`);
    await db.transaction((tx) => bumpContentVersion(tx));
    const unpublished = await call(questionPaperLoader, `/questionpaper/${EXAM}`, { grtid: String(EXAM) });
    const data = await unpublished.json();
    expect(JSON.stringify(data)).not.toMatch(LEAKS);
    const doc = html(QuestionPaper, data);
    expect(doc).not.toContain("উত্তরমালা —");
    expect(doc).toContain("উত্তরমালা এখনো প্রকাশ করা হয়নি");
    const published = await (await call(questionPaperLoader, "/questionpaper/601", { grtid: "601" })).json();
    expect(published.questions.map((q: { correct: string }) => q.correct)).toEqual([correctOf(6101), correctOf(6102)]);
    expect(html(QuestionPaper, published)).toContain("উত্তরমালা — অন্য পরীক্ষা");
    await db.update(schema.examTitles).set({ keyPublished: true }).where(sql`${schema.examTitles.id} = ${EXAM}`);
    await db.transaction((tx) => bumpContentVersion(tx));
  });
});

async function resetAttempts() {
  await db.delete(schema.examAttempts);
}
