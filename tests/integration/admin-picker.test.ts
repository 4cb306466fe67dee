// The question picker of a set and an exam, through its real loader and action: the bank's filters
// (chapters, type, difficulty, board and year, explanation, text, "#5" and "5"), adding ticked
// questions, N at random (no duplicates, none already in the set), removing, ordering by number and
// by up/down, a stale version refused, the exam's full marks checked and matched, each change audited
// and moving the content version.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion, contentVersion } from "~/models/content-version.server";
import { closeDb, db, insertQuestions, resetTables, schema, callWith as run } from "./db";
import { onlyEditor, route, staffBrowser } from "./staff";

process.env.SESSION_SECRET ??= "integration-test-secret";

const PICK = "gradmin.content.$resource.$id.pick.tsx";

const staff = staffBrowser();
const { get, post } = staff;

type Row = { id: number; marks: number };
type PickData = {
  set: { id: number; version: number };
  exam: { fullMarks: number; version: number } | null;
  inSet: Row[];
  sum: string;
  marksMatch: boolean;
  bank: { rows: Row[]; total: number; pages: number };
  chapterChoices: { value: string; label: string }[];
  done: string | null;
  n: string | null;
};

async function view(resource: string, id: number, query = ""): Promise<PickData> {
  const res = await run((await route(PICK)).loader, get(`/gradmin/content/${resource}/${id}/pick${query}`), { resource, id: String(id) });
  expect(res.status).toBe(200);
  return (await res.json()) as PickData;
}

async function act(resource: string, id: number, fields: Record<string, string | string[]>, query = "") {
  const res = await run((await route(PICK)).action, post(`/gradmin/content/${resource}/${id}/pick${query}`, fields), { resource, id: String(id) });
  return res;
}

const setIds = async (setId: number) =>
  (await db.select({ id: schema.setQuestions.questionId }).from(schema.setQuestions).where(eq(schema.setQuestions.setId, setId)).orderBy(schema.setQuestions.sort)).map((r) => r.id);

const SET = 1;
const EXAM = 1;
// Chapter 11: questions 1-30 (every third has an explanation; 1-10 easy; 5 is from Dhaka 2019).
// Chapter 12: questions 31-40. Question 45 has no chapter and mentions "পাঁচ".
beforeAll(async () => {
  await resetTables();
  await db.delete(schema.trashItems);
  await onlyEditor();
  await db.insert(schema.subjects).values({ id: 1, name: "গণিত", slug: "math" });
  await db.insert(schema.categories).values([
    { id: 11, subjectId: 1, name: "বীজগণিত" },
    { id: 12, subjectId: 1, name: "জ্যামিতি" },
  ]);
  await db.insert(schema.questionSets).values({ id: SET, name: "মডেল টেস্ট" });
  await insertQuestions([
    ...Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      body: `প্রশ্ন নম্বর ${i + 1}`,
      chapterId: i < 30 ? 11 : 12,
      subjectId: 1,
      flag: 0,
      explanation: (i + 1) % 3 === 0 ? "ব্যাখ্যা" : null,
      boardYear: i + 1 === 5 ? "dhaka: 2019" : null,
    })),
    { id: 45, body: "পাঁচ দিয়ে ভাগ", flag: 0 },
  ]);
  await db.update(schema.questions).set({ difficulty: "easy" }).where(and(eq(schema.questions.chapterId, 11)));
  await db.update(schema.questions).set({ difficulty: "hard" }).where(eq(schema.questions.chapterId, 12));
  await db.insert(schema.examTitles).values({ id: EXAM, name: "সাপ্তাহিক পরীক্ষা", questionSetId: SET, fullMarks: 30, durationMinutes: 30 });
  await staff.signIn("editor1");
});

afterAll(closeDb);

describe("the bank's filters", () => {
  const ids = async (query: string) => (await view("question-sets", SET, query)).bank.rows.map((r) => r.id).sort((a, b) => a - b);

  it("narrows by chapter (one or more), difficulty, explanation, board and year", async () => {
    expect((await view("question-sets", SET, "?chapter=12")).bank.total).toBe(10);
    expect((await view("question-sets", SET, "?chapter=11&chapter=12")).bank.total).toBe(40);
    expect((await view("question-sets", SET, "?difficulty=hard")).bank.total).toBe(10);
    expect((await view("question-sets", SET, "?difficulty=none")).bank.total).toBe(1);
    expect(await ids("?chapter=12&explained=1")).toEqual([33, 36, 39]);
    expect(await ids("?board=dhaka&year=2019")).toEqual([5]);
    expect(await ids("?board=dhaka&year=2020")).toEqual([]);
    // What does not parse is ignored, never an error.
    expect((await view("question-sets", SET, "?chapter=x&difficulty=weird&year=abc&page=-3")).bank.total).toBe(41);
  });

  it("finds by id: '#5' (or '#৫') is question 5 alone, '5' is question 5 and text with 5 in it", async () => {
    expect(await ids("?q=%235")).toEqual([5]);
    expect(await ids("?q=%23%E0%A7%AB")).toEqual([5]);
    expect(await ids("?q=5")).toEqual([5, 15, 25, 35]);
    expect(await ids("?q=পাঁচ")).toEqual([45]);
  });

  it("pages the bank and narrows the chapter choices by what was typed, keeping the chosen ones", async () => {
    const first = await view("question-sets", SET);
    expect(first.bank.pages).toBe(1);
    const narrowed = await view("question-sets", SET, "?chapterq=জ্যামি&chapter=11");
    expect(narrowed.chapterChoices.map((c) => c.value).sort()).toEqual(["11", "12"]);
    expect((await view("question-sets", SET, "?chapterq=জ্যামি")).chapterChoices.map((c) => c.value)).toEqual(["12"]);
  });
});

describe("changing the set", () => {
  it("adds ticked questions once each, in the order ticked after those already there; audited, content version moved", async () => {
    const before = await contentVersion();
    let d = await view("question-sets", SET);
    const res = await act("question-sets", SET, { intent: "add", version: String(d.set.version), add: ["3", "1", "3"] }, "?chapter=11");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/gradmin/content/question-sets/1/pick?chapter=11&done=add&n=2");
    expect(await setIds(SET)).toEqual([3, 1]);
    d = await view("question-sets", SET);
    await act("question-sets", SET, { intent: "add", version: String(d.set.version), add: ["1", "2"] });
    expect(await setIds(SET)).toEqual([3, 1, 2]);
    expect(await contentVersion()).not.toBe(before);
    const audits = await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.entity, "question-sets"), eq(schema.auditLog.entityId, String(SET))));
    expect(audits.length).toBe(2);
  });

  it("refuses a change made on a stale page, changing nothing", async () => {
    const res = await act("question-sets", SET, { intent: "add", version: "1", add: ["9"] });
    expect(res.headers.get("Location")).toContain("done=conflict");
    expect(await setIds(SET)).toEqual([3, 1, 2]);
  });

  it("adds N at random from the filter: no duplicates, none already in the set, and says when none is left", async () => {
    let d = await view("question-sets", SET);
    const res = await act("question-sets", SET, { intent: "random", version: String(d.set.version), n: "25" }, "?chapter=11");
    expect(res.headers.get("Location")).toContain("n=25");
    const ids = await setIds(SET);
    expect(ids.length).toBe(28);
    expect(new Set(ids).size).toBe(28);
    expect(ids.slice(0, 3)).toEqual([3, 1, 2]);
    // Chapter 11 has 30 questions: only 2 are left outside the set.
    d = await view("question-sets", SET);
    const more = await act("question-sets", SET, { intent: "random", version: String(d.set.version), n: "25" }, "?chapter=11");
    expect(more.headers.get("Location")).toContain("n=2");
    const all = await setIds(SET);
    expect(all.length).toBe(30);
    expect(all.every((id) => id <= 30)).toBe(true);
    d = await view("question-sets", SET);
    const none = await act("question-sets", SET, { intent: "random", version: String(d.set.version), n: "5" }, "?chapter=11");
    expect(none.headers.get("Location")).toContain("done=none-left");
    const bad = await act("question-sets", SET, { intent: "random", version: String(d.set.version), n: "0" }, "?chapter=12");
    expect(bad.headers.get("Location")).toContain("done=bad-n");
    expect((await setIds(SET)).length).toBe(30);
  });

  it("removes ticked questions, moves one up or down, and orders by typed numbers", async () => {
    let d = await view("question-sets", SET);
    const keep = (await setIds(SET)).slice(0, 3);
    const gone = (await setIds(SET)).slice(3);
    await act("question-sets", SET, { intent: "remove", version: String(d.set.version), remove: gone.map(String) });
    expect(await setIds(SET)).toEqual(keep);
    d = await view("question-sets", SET);
    await act("question-sets", SET, { version: String(d.set.version), move: `up:${keep[2]}` });
    expect(await setIds(SET)).toEqual([keep[0], keep[2], keep[1]]);
    d = await view("question-sets", SET);
    await act("question-sets", SET, { version: String(d.set.version), move: `down:${keep[0]}` });
    expect(await setIds(SET)).toEqual([keep[2], keep[0], keep[1]]);
    // Typing 1 on the last row makes it the first; typing 3 on the first makes it the last.
    d = await view("question-sets", SET);
    const [a, b, c] = await setIds(SET);
    await act("question-sets", SET, { intent: "order", version: String(d.set.version), [`pos-${a}`]: "1", [`pos-${b}`]: "2", [`pos-${c}`]: "১" });
    expect(await setIds(SET)).toEqual([c, a, b]);
    d = await view("question-sets", SET);
    await act("question-sets", SET, { intent: "order", version: String(d.set.version), [`pos-${c}`]: "3", [`pos-${a}`]: "2", [`pos-${b}`]: "3" });
    expect(await setIds(SET)).toEqual([a, b, c]);
  });
});

describe("an exam's questions", () => {
  it("picks into the exam's set and says when full marks do not match; one click matches them", async () => {
    let d = await view("exams", EXAM);
    expect(d.set.id).toBe(SET);
    expect(d.inSet.length).toBe(3);
    expect(d.marksMatch).toBe(false);
    expect(d.sum).toBe("3");
    const res = await act("exams", EXAM, { intent: "marks", version: String(d.exam!.version) });
    expect(res.headers.get("Location")).toContain("done=marks");
    d = await view("exams", EXAM);
    expect(d.exam!.fullMarks).toBe(3);
    expect(d.marksMatch).toBe(true);
    const [exam] = await db.select({ fullMarks: schema.examTitles.fullMarks }).from(schema.examTitles).where(eq(schema.examTitles.id, EXAM));
    expect(exam.fullMarks).toBe(3);
  });

  it("is only for sets and exams, and 404s an id that is not there", async () => {
    const picker = await route(PICK);
    expect((await run(picker.loader, get("/gradmin/content/topics/1/pick"), { resource: "topics", id: "1" })).status).toBe(404);
    expect((await run(picker.loader, get("/gradmin/content/exams/999/pick"), { resource: "exams", id: "999" })).status).toBe(404);
  });

  it("reads what the last change did from the query only when it is one it knows (?done=constructor is nothing)", async () => {
    const known = (await view("exams", EXAM, "?done=add&n=3")) as unknown as { done: string | null; n: string | null };
    expect([known.done, known.n]).toEqual(["add", "3"]);
    for (const q of ["?done=constructor&n=3", "?done=__proto__", "?done=add&n=<b>"]) {
      const d = (await view("exams", EXAM, q)) as unknown as { done: string | null; n: string | null };
      expect(d.done === null || d.n === null, q).toBe(true);
      expect(d.done === "constructor" || d.done === "__proto__").toBe(false);
    }
  });
});

describe("the content lists' filters and id search", () => {
  type ListData = { rows: { id: number }[]; total: number; controls: { name: string; options: { value: string }[]; searchable: boolean }[] };
  const list = async (resource: string, query = "") => {
    const res = await run((await route("gradmin.content.$resource._index.tsx")).loader, get(`/gradmin/content/${resource}${query}`), { resource });
    expect(res.status).toBe(200);
    return (await res.json()) as ListData;
  };
  const ids = async (resource: string, query: string) => (await list(resource, query)).rows.map((r) => r.id).sort((a, b) => a - b);

  it("finds a row by id: '#5' is that row alone, '5' also text with 5 in it", async () => {
    expect(await ids("questions", "?q=%235")).toEqual([5]);
    expect(await ids("questions", "?q=5")).toEqual([5, 15, 25, 35]);
    expect(await ids("chapters", "?q=%2312")).toEqual([12]);
    expect(await ids("chapters", "?q=%23999")).toEqual([]);
  });

  it("filters questions by chapter, type, difficulty, board and year, explanation; bad values are ignored", async () => {
    expect((await list("questions", "?chapterId=12")).total).toBe(10);
    expect((await list("questions", "?chapterId=12&explained=1")).total).toBe(3);
    expect((await list("questions", "?difficulty=easy")).total).toBe(30);
    expect((await list("questions", "?type=creative")).total).toBe(0);
    expect(await ids("questions", "?board=dhaka&year=2019")).toEqual([5]);
    expect((await list("questions", "?chapterId=abc&difficulty=x&page=-1&sort=nope&dir=up")).total).toBe(41);
  });

  it("offers a dropdown per filter, a select field's options too", async () => {
    const controls = (await list("questions")).controls;
    expect(controls.map((c) => c.name)).toEqual(["chapterId", "subjectId", "status"]);
    expect(controls[0].options.map((o) => o.value)).toEqual(["11", "12"]);
    expect(controls[2].options.map((o) => o.value)).toEqual(["published", "draft", "scheduled"]);
    // A long list of chapters is narrowed by what was typed in its find box, keeping the chosen one.
    const narrowed = (await list("questions", "?chapterId_q=জ্যামি&chapterId=11")).controls[0];
    expect(narrowed.options.map((o) => o.value)).toEqual(["11", "12"]);
    expect((await list("questions", "?chapterId_q=জ্যামি")).controls[0].options.map((o) => o.value)).toEqual(["12"]);
  });

  it("lists at most 300 choices of a long ref in the page: the find box narrows on the server, a bulk target is asked by id", async () => {
    // A large site: 320 chapters (the topic list sent all 2,045 of the large data twice, 1.2 MB).
    const extra = Array.from({ length: 318 }, (_, i) => ({ id: 1000 + i, subjectId: 1, name: `অধ্যায় ${1000 + i}` }));
    await db.insert(schema.categories).values(extra);
    await bumpContentVersion(db);
    try {
      type Long = ListData & { controls: { more: number }[]; chapterTargets: unknown };
      const all = (await list("questions", "?chapterId=1317")) as Long;
      expect(all.controls[0].options).toHaveLength(301); // the chosen one and 300 more
      expect(all.controls[0].options[0].value).toBe("1317");
      expect(all.controls[0].more).toBe(19);
      expect(all.chapterTargets).toBeNull();
      const found = (await list("questions", "?chapterId_q=1317")) as Long;
      expect(found.controls[0].options.map((o) => o.value)).toEqual(["1317"]);
      expect(found.controls[0].more).toBe(0);
    } finally {
      await db.delete(schema.categories).where(inArray(schema.categories.id, extra.map((c) => c.id)));
      await bumpContentVersion(db);
    }
    // Back to two chapters: a dropdown again.
    expect(((await list("questions")) as ListData & { chapterTargets: unknown[] }).chapterTargets).toHaveLength(2);
  });
});

describe("bulk actions on a list", () => {
  const BULK = "gradmin.content.$resource.bulk.tsx";
  const confirm = async (resource: string, query: string) => run((await route(BULK)).loader, get(`/gradmin/content/${resource}/bulk${query}`), { resource });
  const perform = async (resource: string, fields: Record<string, string | string[]>) => run((await route(BULK)).action, post(`/gradmin/content/${resource}/bulk`, fields), { resource });
  const chapterOf = async (id: number) => (await db.select({ c: schema.questions.chapterId }).from(schema.questions).where(eq(schema.questions.id, id)))[0].c;

  it("asks first, naming the count: all 10 hard questions (the filter), or the ticked ones", async () => {
    const res = await confirm("questions", "?action=move&toChapter=11&all=1&difficulty=hard");
    expect(res.status).toBe(200);
    const d = (await res.json()) as { total: number; target: string; back: string };
    expect(d.total).toBe(10);
    expect(d.target).toContain("বীজগণিত");
    expect(d.back).toBe("/gradmin/content/questions?difficulty=hard");
    expect(((await (await confirm("questions", "?action=delete&ids=1&ids=2&ids=999")).json()) as { total: number }).total).toBe(2);
    // Nothing chosen, a missing target, or an action the type does not have: a 400 that says so.
    expect((await confirm("questions", "?action=delete")).status).toBe(400);
    expect((await confirm("questions", "?action=move&ids=1")).status).toBe(400);
    expect((await confirm("chapters", "?action=move&toChapter=11&ids=11")).status).toBe(400);
  });

  it("moves every matching question to a chapter in one go, audited, and returns to the filtered list", async () => {
    const before = await contentVersion();
    const stale = await perform("questions", { action: "move", toChapter: "11", all: "1", difficulty: "hard", count: "9" });
    expect(stale.status).toBe(409);
    expect(await chapterOf(31)).toBe(12);
    const res = await perform("questions", { action: "move", toChapter: "11", all: "1", difficulty: "hard", count: "10" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/gradmin/content/questions?difficulty=hard&bulk=move&n=10");
    for (const id of [31, 35, 40]) expect(await chapterOf(id)).toBe(11);
    expect(await contentVersion()).not.toBe(before);
    const moved = await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.entity, "questions"), eq(schema.auditLog.action, "move")));
    expect(moved.length).toBe(10);
  });

  it("adds ticked questions to a set (those already there stay), and trashes all or none", async () => {
    const inSet = await setIds(SET);
    const res = await perform("questions", { action: "add-to-set", toSet: String(SET), ids: [String(inSet[0]), "40"] });
    expect(res.headers.get("Location")).toContain("bulk=add-to-set&n=1");
    expect(await setIds(SET)).toEqual([...inSet, 40]);
    // Question 40 is in a set now: trashing it with 39 is refused, and 39 stays too.
    const refused = await perform("questions", { action: "delete", ids: ["39", "40"] });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain("#40");
    expect(await chapterOf(39)).toBe(11);
    const ok = await perform("questions", { action: "delete", ids: ["38", "39"] });
    expect(ok.headers.get("Location")).toContain("bulk=delete&n=2");
    expect(await db.select().from(schema.questions).where(eq(schema.questions.id, 38))).toEqual([]);
    expect((await db.select().from(schema.trashItems).where(eq(schema.trashItems.entity, "questions"))).length).toBe(2);
  });
});
