// The make-question tool, step by step, against a real database: chapters with counts (1), the bank
// with its filters and seeded random pick (2), the settings and saving (3), the saved paper (4), and
// every step's answer to bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { answerKey, OPTION_KEYS } from "~/lib/paper-sets";
import { formatMarks } from "~/lib/paper-settings";
import { getSavedPaper, PAPER_KEEP_DAYS, PAPERS_PER_HOUR, prunePapers, type StoredPaper } from "~/models/make-question.server";
import { loader as chaptersLoader } from "~/routes/make-question.$sname.$sid.$gid._index";
import MakeQuestionBank, { loader as bankLoader } from "~/routes/make-question.$sname.$sid.$gid.questions";
import MakeQuestionSettings, { action as settingsAction, loader as settingsLoader } from "~/routes/make-question.$sname.$sid.$gid.settings";
import SavedPaper, { loader as paperLoader } from "~/routes/questionpaper.p.$code";
import TeacherPaper, { loader as teacherLoader } from "~/routes/questionpaper.t.$token._index/route";
import FirstVersionPaper, { loader as firstVersionLoader } from "~/routes/make-question.$sname.$sid.$gid.paper";
import { call, closeDb, db, insertQuestions, renderFixtures, resetTables, schema, type QuestionFixture } from "./db";
import { html } from "../support/render";
import { all, getByRole, hiddenFields, textOf } from "../support/dom";


const KEYS = ["ক", "খ", "গ", "ঘ"];
const P = { sname: "higher-math", sid: "1", gid: "1" };
const BASE = "/make-question/higher-math/1/1";
const json = async (res: Response) => {
  expect(res.status, await res.clone().text().then((t) => t.slice(0, 200))).toBe(200);
  return res.json();
};
const ids = (list: { id: number }[]) => list.map((x) => x.id);
/** A save answers with the teacher's private page; its loader names the public paper's code. */
const tokenOf = (res: Response) => /^\/questionpaper\/t\/([0-9a-hjkmnp-tv-z]{32})\?saved=1$/.exec(res.headers.get("Location") ?? "")?.[1] ?? "";
const codeOf = async (res: Response): Promise<string> => {
  const token = tokenOf(res);
  return (await json(await call(teacherLoader, `/questionpaper/t/${token}`, { token }))).code;
};
const post = (fields: [string, string][]) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

// Chapter 10: MCQs 1001-1012 (odd: dhaka 2023, even: raj 2022; 1005 and 1006 share a passage; 1012 answers "all of the above").
// Chapter 11: 1101-1108 (cum 2021, the last two "all: 21"). Chapter 12 (every grade): 1201-1202. Chapter 13 (HSC): 1301.
// Chemistry's chapter 20: 2001. Subject 1 without a chapter: 3001-3002 (dhaka 2019).
const mcq = (id: number, chapterId: number | null, boardYear: string | null, extra: Partial<QuestionFixture> = {}): QuestionFixture => ({
  id,
  chapterId,
  subjectId: chapterId === 20 ? 2 : 1,
  gradeId: chapterId === 13 || chapterId === 20 ? 2 : chapterId === 12 ? null : 1,
  body: `<p>প্রশ্ন ${id}: $x_{${id}}$ এর মান কত?</p>`,
  options: KEYS.map((k) => `<p>উত্তর ${id}${k}</p>`),
  correctKey: KEYS[id % 4],
  boardYear,
  ...extra,
});
const QUESTIONS: QuestionFixture[] = [
  ...Array.from({ length: 12 }, (_, i) => 1001 + i).map((id) =>
    mcq(id, 10, id % 2 ? "dhaka: 23" : "raj: 22", {
      intro: id === 1005 || id === 1006 ? "<p>একটি সেট $A = \\{1, 2, 3\\}$</p>" : null,
      ...(id === 1012 ? { options: ["<p>i</p>", "<p>ii</p>", "<p>iii</p>", "<p>উপরের সবগুলো</p>"], correctKey: "ঘ" } : {}),
    }),
  ),
  ...Array.from({ length: 8 }, (_, i) => 1101 + i).map((id) => mcq(id, 11, id > 1106 ? "all: 21" : "cum: 21")),
  mcq(1201, 12, "dhaka: 22"),
  mcq(1202, 12, null),
  mcq(1301, 13, "dhaka: 23"),
  mcq(2001, 20, "dhaka: 23"),
  mcq(3001, null, "dhaka: 19"),
  mcq(3002, null, "dhaka: 19"),
];
// Creative questions: 1501 (ch 10, dhaka 2023), 1502 (ch 10, raj 2021), 1503 (ch 11, dhaka 2022).
const CREATIVE = [
  { id: 1501, chapterId: 10, board: "dhaka", year: 2023 },
  { id: 1502, chapterId: 10, board: "raj", year: 2021 },
  { id: 1503, chapterId: 11, board: "dhaka", year: 2022 },
];

beforeAll(async () => {
  await resetTables();
  await db.insert(schema.grades).values([
    { id: 1, name: "এসএসসি", sort: 1 },
    { id: 2, name: "এইচএসসি", sort: 2 },
  ]);
  await db.insert(schema.subjects).values([
    { id: 1, name: "উচ্চতর গণিত", slug: "higher-math", icon: "square-root", sort: 1 },
    { id: 2, name: "রসায়ন", slug: "chemistry", icon: "flask", sort: 2 },
  ]);
  await db.insert(schema.subjectGrades).values([
    { subjectId: 1, gradeId: 1 },
    { subjectId: 1, gradeId: 2 },
    { subjectId: 2, gradeId: 2 },
  ]);
  await db.insert(schema.categories).values([
    { id: 10, subjectId: 1, gradeId: 1, name: "সেট ও ফাংশন", sort: 1 },
    { id: 11, subjectId: 1, gradeId: 1, name: "বীজগাণিতিক রাশি", sort: 2 },
    { id: 12, subjectId: 1, gradeId: null, name: "সম্ভাবনা", sort: 3 },
    { id: 13, subjectId: 1, gradeId: 2, name: "জটিল সংখ্যা", sort: 4 },
    { id: 20, subjectId: 2, gradeId: 2, name: "পরমাণুর গঠন", sort: 1 },
  ]);
  await insertQuestions(QUESTIONS);
  await db.update(schema.questions).set({ difficulty: "hard" }).where(sql`${schema.questions.id} in (1001, 1003, 1101)`);
  await db.update(schema.questions).set({ difficulty: "easy" }).where(eq(schema.questions.id, 1002));
  await db.insert(schema.questions).values(
    CREATIVE.map((c) => ({ id: c.id, type: "creative" as const, subjectId: 1, gradeId: 1, chapterId: c.chapterId, intro: `<p>উদ্দীপক ${c.id}: $f(x) = ${c.id}x$</p>`, body: "", marks: "10" })),
  );
  await db.insert(schema.questionParts).values(
    CREATIVE.flatMap((c) => ["ক", "খ", "গ"].map((label, k) => ({ questionId: c.id, label, body: `<p>অংশ ${label} ${c.id}</p>`, marks: String([2, 4, 4][k]), sort: k + 1 }))),
  );
  await db.insert(schema.questionSources).values(CREATIVE.map((c) => ({ questionId: c.id, board: c.board, year: c.year, sort: 1 })));
  await renderFixtures();
});

afterAll(closeDb);

describe("step 1: chapters", () => {
  it("lists the grade's chapters and the shared ones with their MCQ and creative counts, and the unchaptered questions last", async () => {
    const data = await json(await call(chaptersLoader, BASE, P));
    expect(data.chapters).toEqual([
      { id: 10, name: "সেট ও ফাংশন", mcq: 12, creative: 2 },
      { id: 11, name: "বীজগাণিতিক রাশি", mcq: 8, creative: 1 },
      { id: 12, name: "সম্ভাবনা", mcq: 2, creative: 0 },
      { id: 0, name: "অধ্যায় নির্ধারিত হয়নি এমন প্রশ্ন", mcq: 2, creative: 0 },
    ]);
    expect(data.ticked).toEqual([]);
  });

  it("ticks the chapters of ?ch= (the way back from step 2), ignoring others' chapters", async () => {
    const data = await json(await call(chaptersLoader, `${BASE}?ch=11&ch=20&ch=abc&ch=-1`, P));
    expect(data.ticked).toEqual([11]);
  });

  it("sends the first version's links (?type=&board=&n=) on to step 2 with their chapters, type and board", async () => {
    const res = await call(chaptersLoader, `${BASE}?ch=10&ch=11&type=mcq&board=dhaka&n=25`, P);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(`${BASE}/questions?ch=10&ch=11&type=mcq&board=dhaka`);
    const odd = await call(chaptersLoader, `${BASE}?type=essay&board=mars&n=-4`, P);
    expect(odd.headers.get("Location")).toBe(`${BASE}/questions`);
  });

  it("redirects a wrong subject name and 404s a wrong subject+grade pair", async () => {
    const moved = await call(chaptersLoader, "/make-question/Math/1/1?ch=10", { sname: "Math", sid: "1", gid: "1" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe(`${BASE}?ch=10`);
    for (const [sid, gid] of [["2", "1"], ["9", "1"], ["0", "1"], ["1", "x"], ["-1", "1"]]) {
      expect((await call(chaptersLoader, `/make-question/x/${sid}/${gid}`, { sname: "x", sid, gid })).status).toBe(404);
    }
  });
});

/** A paper's print button (hidden until the enhancement script shows it) and the way without it. */
function expectPrintHint(page: string) {
  // Hidden until the enhancement script shows it (it prints with JavaScript only).
  expect(getByRole(page, "button", { name: "প্রিন্ট করুন" }).attrs).toMatchObject({ type: "button", "data-print": "", hidden: "" });
  expect(textOf(page)).toContain("ফোনে ব্রাউজারের মেনু (⋮) থেকে 'Share' বা 'Print' বেছে নিন");
  expect(page).not.toContain("Ctrl+P) ব্যবহার করুন");
}

describe("the first version's paper link", () => {
  it("still prints the chosen questions, and leads on to the settings step with them", async () => {
    const data = await json(await call(firstVersionLoader, `${BASE}/paper?q=1003,1001,2001`, P));
    expect(ids(data.questions)).toEqual([1003, 1001, 2001]);
    const page = html(FirstVersionPaper, data);
    expect(page).toContain(`href="${BASE}/settings?q=1003&amp;q=1001&amp;q=2001"`);
    expectPrintHint(page);
    const settings = await json(await call(settingsLoader, `${BASE}/settings?q=1003&q=1001&q=2001`, P));
    expect(ids(settings.questions)).toEqual([1001, 1003]); // chemistry's 2001 is left out here
  });
});

describe("step 2: the bank", () => {
  const bank = async (query: string) => json(await call(bankLoader, `${BASE}/questions${query}`, P));
  const listed = (data: { lists: { questions: { id: number }[] }[] }) => data.lists.map((l) => ids(l.questions));

  it("lists the chosen chapters' MCQs and creative questions in chapter order", async () => {
    const data = await bank("?ch=11&ch=10");
    expect(data.filters.chapters).toEqual([11, 10]);
    expect(ids(data.chapters)).toEqual([10, 11]);
    const [mcqs, creative] = listed(data);
    expect(mcqs).toEqual([...Array.from({ length: 12 }, (_, i) => 1001 + i), ...Array.from({ length: 8 }, (_, i) => 1101 + i)]);
    expect(creative).toEqual([1501, 1502, 1503]);
    expect(data.lists.map((l: { total: number }) => l.total)).toEqual([20, 3]);
    // The teacher sees the answer to judge a question, and its source in Bangla.
    expect(data.lists[0].questions[0]).toMatchObject({ id: 1001, correct: "খ", source: "ঢা. বো. ২০২৩", difficulty: "hard" });
    expect(data.selected).toEqual({ ids: [], hidden: [], mcq: 0, creative: 0 });
  });

  it("takes the whole syllabus, with the unchaptered questions, when no chapter is chosen (or only others')", async () => {
    for (const query of ["", "?ch=20&ch=13&ch=xyz"]) {
      const [mcqs] = listed(await bank(query));
      expect(mcqs.slice(-4)).toEqual([1201, 1202, 3001, 3002]);
      expect(mcqs).toHaveLength(24);
      expect(mcqs).not.toContain(2001); // chemistry
      expect(mcqs).not.toContain(1301); // HSC
    }
    const [only] = listed(await bank("?ch=0"));
    expect(only).toEqual([3001, 3002]);
  });

  it("filters by board (a question of all boards counts), by year, by type and by difficulty", async () => {
    expect(listed(await bank("?ch=10&ch=11&board=dhaka"))).toEqual([[1001, 1003, 1005, 1007, 1009, 1011, 1107, 1108], [1501, 1503]]);
    expect(listed(await bank("?ch=10&ch=11&board=dha&year=2021"))).toEqual([[1107, 1108], []]);
    expect(listed(await bank("?ch=10&ch=11&year=২০২১"))).toEqual([[1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108], [1502]]);
    const creativeOnly = await bank("?ch=10&type=creative");
    expect(listed(creativeOnly)).toEqual([[], [1501, 1502]]);
    expect(listed(await bank("?ch=10&ch=11&difficulty=hard"))).toEqual([[1001, 1003, 1101], []]);
    // What the filters offer comes from the chosen chapters' questions.
    const data = await bank("?ch=10&ch=11");
    expect(data.options.boards.map((b: { code: string; n: number }) => [b.code, b.n])).toEqual([["dhaka", 8], ["raj", 7], ["cum", 6]]);
    expect(data.options.years).toEqual([2023, 2022, 2021]);
    expect(data.options.difficulties).toEqual(["easy", "hard"]);
  });

  it("ignores filter values that do not parse", async () => {
    const data = await bank("?ch=10&board=mars&year=20x3&type=essay&difficulty=impossible&page=-3&cpage=abc");
    expect(data.filters).toEqual({ chapters: [10], type: null, board: null, year: null, difficulty: null });
    expect(data.lists.map((l: { total: number; page: number }) => [l.total, l.page])).toEqual([[12, 1], [2, 1]]);
  });

  it("keeps ticked questions (q), also those the filters hide, and drops ids of other subjects or grades", async () => {
    const data = await bank("?ch=10&board=dhaka&q=1002&q=1003&q=2001&q=1301&q=99999&q=abc");
    expect(data.selected).toEqual({ ids: [1002, 1003], hidden: [1002], mcq: 2, creative: 0 });
    const page = html(MakeQuestionBank, data);
    // A ticked question the filters hide still posts, as a hidden field; the shown ones are tick boxes.
    expect(hiddenFields(page)).toContainEqual(["q", "1002"]);
    const box = (id: number) => all(page, (el) => el.role === "checkbox" && el.attrs.id === `pick-${id}`)[0]?.attrs;
    expect(box(1003)).toMatchObject({ name: "q", value: "1003", checked: "" });
    expect(box(1001)).not.toHaveProperty("checked");
    // The last button goes on to step 3 with the whole form.
    expect(page).toContain(`formaction="${BASE}/settings"`);
  });

  it("picks N random questions of each type per chapter from the filtered bank, the same for the same URL", async () => {
    const query = "?ch=10&ch=11&random=1&nm=3&nc=1&seed=7&q=1001";
    const first = await bank(query);
    const again = await bank(query);
    expect(again.selected).toEqual(first.selected);
    const picked: number[] = first.selected.ids;
    expect(picked.filter((id) => id >= 1001 && id <= 1012)).toHaveLength(3);
    expect(picked.filter((id) => id >= 1101 && id <= 1108)).toHaveLength(3);
    expect(picked.filter((id) => id === 1501 || id === 1502)).toHaveLength(1);
    expect(picked.filter((id) => id === 1503)).toHaveLength(1);
    expect(first.selected).toMatchObject({ mcq: 6, creative: 2 });
    // Other seeds pick other questions (for some seed among a few).
    const others = await Promise.all([8, 9, 10].map(async (seed) => (await bank(query.replace("seed=7", `seed=${seed}`))).selected.ids.join()));
    expect(others.some((o) => o !== picked.join())).toBe(true);
    // Only from what the filters let through.
    const dhaka = await bank("?ch=10&board=dhaka&random=1&nm=2&nc=5");
    expect(dhaka.selected.ids).toHaveLength(3);
    expect(dhaka.selected.ids.every((id: number) => [1001, 1003, 1005, 1007, 1009, 1011, 1501].includes(id))).toBe(true);
    expect(dhaka.selected.ids).toContain(1501);
  });

  it("ignores negative, huge and non-numeric counts", async () => {
    const negative = await bank("?ch=10&random=1&nm=-5&nc=-1");
    expect(negative.random.perChapter).toEqual({ mcq: 5, creative: 1 });
    const huge = await bank("?ch=10&random=1&nm=100000&nc=abc");
    expect(huge.random.perChapter).toEqual({ mcq: 50, creative: 1 });
    expect(huge.selected.ids).toHaveLength(12 + 1);
  });

  it("copes with 10,000 ids: reads the first few hundred, never fails", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `q=${i + 1}`).join("&");
    const data = await bank(`?ch=10&q=1001&q=1501&${many}`);
    expect(data.selected.ids).toEqual([1001, 1501]);
  });
});

describe("step 3: settings", () => {
  const settingsUrl = (query: string) => `${BASE}/settings${query}`;

  it("shows the chosen questions in bank order with default settings from them", async () => {
    const data = await json(await call(settingsLoader, settingsUrl("?q=1501&q=1102&q=1001&q=1003"), P));
    expect(ids(data.questions)).toEqual([1001, 1003, 1102, 1501]);
    expect(data.computedMarks).toBe(13);
    expect(data.settings).toMatchObject({ className: "এসএসসি", subject: "উচ্চতর গণিত", fullMarks: 13, minutes: 3 + 25, sets: 2, shuffleQuestions: true, shuffleOptions: true, showSources: true });
    expect(data.step2).toBe(`${BASE}/questions?q=1001&q=1003&q=1102&q=1501`);
  });

  it("skips other subjects' and unknown ids, says how many, and keeps at most 100 MCQs and 20 creative questions", async () => {
    const data = await json(await call(settingsLoader, settingsUrl("?q=2001,1301,999999,1001&q=-5&q=1.5"), P));
    expect(ids(data.questions)).toEqual([1001]);
    expect(data.skipped).toBe(3);
    const page = html(MakeQuestionSettings, data);
    expect(page).toContain("৩টি প্রশ্ন এই বিষয় ও শ্রেণির নয় বা আর নেই");
    const empty = await json(await call(settingsLoader, settingsUrl(""), P));
    expect(empty.questions).toEqual([]);
    expect(html(MakeQuestionSettings, empty)).toContain("কোনো প্রশ্ন বাছাই করা হয়নি।");
  });

  it("fills the form from a link's query, ignoring values that do not parse", async () => {
    const data = await json(
      await call(settingsLoader, settingsUrl("?q=1001&q=1501&institution=আদর্শ%20বিদ্যালয়&exam=মডেল%20টেস্ট&sets=3&time=abc&marks=-4&date=2025-02-30&paper=2&sources=1&mix=5"), P),
    );
    expect(data.settings).toMatchObject({
      institution: "আদর্শ বিদ্যালয়",
      exam: "মডেল টেস্ট",
      sets: 3,
      minutes: 26,
      fullMarks: 11,
      date: "",
      paper: "2",
      showSources: true,
      shuffleQuestions: false, // a link that carries settings says which boxes are ticked
      seed: 5,
    });
  });

  it("saves the paper with a short, stable public address and sends the browser to a new private page each time", async () => {
    const fields: [string, string][] = [
      ["q", "1001"], ["q", "1002"], ["q", "1003"], ["q", "1005"], ["q", "1006"], ["q", "1501"],
      ["institution", "আদর্শ উচ্চ বিদ্যালয়"], ["exam", "অর্ধবার্ষিক পরীক্ষা ২০২৫"], ["class", "দশম"], ["subject", "উচ্চতর গণিত"],
      ["paper", "1"], ["code", "126"], ["date", "15/03/2025"], ["time", "40"], ["marks", ""], ["instructions", "সব প্রশ্নের উত্তর দাও।\r\n\r\nক্যালকুলেটর ব্যবহার করা যাবে না।"],
      ["sets", "2"], ["shuffle_q", "1"], ["shuffle_o", "1"], ["sources", "1"], ["mix", "1"],
    ];
    const res = await call(settingsAction, settingsUrl(""), P, post(fields));
    expect(res.status).toBe(303);
    expect(tokenOf(res)).not.toBe("");
    const code = await codeOf(res);
    expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{10}$/);
    const again = await call(settingsAction, settingsUrl(""), P, post(fields));
    expect(tokenOf(again)).not.toBe(tokenOf(res));
    expect(await codeOf(again)).toBe(code);
    const rows = await db.select().from(schema.savedPapers).where(eq(schema.savedPapers.code, code));
    expect(rows).toHaveLength(1);
    const stored = JSON.parse(rows[0].content) as StoredPaper;
    expect(stored.settings).toMatchObject({ date: "2025-03-15", minutes: 40, fullMarks: 15, paper: "1", subjectCode: "126", instructions: "সব প্রশ্নের উত্তর দাও।\nক্যালকুলেটর ব্যবহার করা যাবে না।" });
    expect(rows[0]).toMatchObject({ subjectId: 1, gradeId: 1, title: "অর্ধবার্ষিক পরীক্ষা ২০২৫", questionCount: 6 });
    // Another setting is another paper at another address.
    const other = await call(settingsAction, settingsUrl(""), P, post(fields.map(([k, v]) => [k, k === "sets" ? "3" : v])));
    expect(await codeOf(other)).not.toBe(code);
  });

  it(`saves at most ${PAPERS_PER_HOUR} papers an hour for one address, also when they come at once, then answers 429 and keeps what was typed`, async () => {
    const before = Number((await db.select({ n: sql<number>`count(*)` }).from(schema.savedPapers))[0].n);
    const attempt = (i: number) =>
      settingsAction({
        request: new Request(`http://test.local${settingsUrl("")}`, post([["q", "1001"], ["exam", `বন্যা ${i}`], ["sets", "1"]])),
        params: P,
        context: { clientAddress: "198.51.100.44" },
      }).catch((e) => (e instanceof Response ? e : Promise.reject(e)));
    const answers = await Promise.all(Array.from({ length: PAPERS_PER_HOUR + 10 }, (_, i) => attempt(i)));
    expect(answers.filter((r) => r.status === 303)).toHaveLength(PAPERS_PER_HOUR);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    const body = await refused[0].json();
    expect(body.errors.form).toMatch(/Too many papers/);
    expect(body.raw.exam).toMatch(/^বন্যা \d+$/);
    const after = Number((await db.select({ n: sql<number>`count(*)` }).from(schema.savedPapers))[0].n);
    expect(after - before).toBe(PAPERS_PER_HOUR);
  });

  it("reads the settings form through the capped reader: a 10 MB chunked body is refused after little more than 64 KB", async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (sent >= 10 * 1024 * 1024) return ctrl.close();
        sent += 16 * 1024;
        ctrl.enqueue(new TextEncoder().encode("x".repeat(16 * 1024)));
      },
    });
    const res = await call(settingsAction, settingsUrl(""), P, {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(96 * 1024);
  });

  it("papers nobody opened for a year are deleted; opening one keeps it", async () => {
    const [kept, old] = ["keep000001", "gone000001"];
    await db.insert(schema.savedPapers).values([
      { code: kept, content: "{}", openedAt: new Date(Date.now() - (PAPER_KEEP_DAYS + 5) * 86_400_000) },
      { code: old, content: "{}", openedAt: new Date(Date.now() - (PAPER_KEEP_DAYS + 5) * 86_400_000) },
    ]);
    await getSavedPaper(kept); // opened today: another year
    await prunePapers();
    const left = await db.select({ code: schema.savedPapers.code }).from(schema.savedPapers).where(inArray(schema.savedPapers.code, [kept, old]));
    expect(left.map((r) => r.code)).toEqual([kept]);
  });

  it("answers a bad form with 400 and a message per field, and saves nothing", async () => {
    const before = await db.select({ n: sql<number>`count(*)` }).from(schema.savedPapers);
    const res = await call(
      settingsAction,
      settingsUrl(""),
      P,
      post([["q", "1001"], ["sets", "9"], ["date", "31/02/2025"], ["time", "-5"], ["marks", "0"], ["institution", "ক".repeat(121)], ["paper", "3"], ["mix", "x"]]),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.errors).sort()).toEqual(["date", "fullMarks", "institution", "minutes", "paper", "seed", "sets"]);
    expect(body.errors.sets).toBe("সেট ১ থেকে ৪টি হতে পারে (ক, খ, গ, ঘ)।");
    expect(body.raw).toMatchObject({ sets: "9", date: "31/02/2025" });
    const page = html(MakeQuestionSettings, await json(await call(settingsLoader, settingsUrl("?q=1001"), P)), body);
    expect(page).toContain("প্রশ্নপত্র তৈরি হয়নি");
    expect(page).toContain('value="31/02/2025"');
    const none = await call(settingsAction, settingsUrl(""), P, post([["q", "2001"], ["q", "abc"], ["sets", "2"]]));
    expect(none.status).toBe(400);
    expect((await none.json()).errors.form).toContain("কোনো প্রশ্ন বাছাই করা হয়নি");
    const many = await call(settingsAction, settingsUrl(""), P, post(Array.from({ length: 5_000 }, (_, i): [string, string] => ["q", String(i + 1)])));
    expect(many.status).toBe(400); // ids 1-400 hold none of subject 1's questions
    // Far more than the form can send (400 questions at most) is refused before it is read whole.
    const tooMany = await call(settingsAction, settingsUrl(""), P, post(Array.from({ length: 10_000 }, (_, i): [string, string] => ["q", String(i + 1)])));
    expect(tooMany.status).toBe(413);
    const after = await db.select({ n: sql<number>`count(*)` }).from(schema.savedPapers);
    expect(after).toEqual(before);
  });
});

describe("step 4: the saved paper", () => {
  let code = "";
  let token = "";
  let paper: StoredPaper;
  const selection = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1012, 1501, 1503];

  beforeAll(async () => {
    const res = await call(
      settingsAction,
      `${BASE}/settings`,
      P,
      post([...selection.map((id): [string, string] => ["q", String(id)]), ["exam", "সাপ্তাহিক পরীক্ষা"], ["sets", "4"], ["shuffle_q", "1"], ["shuffle_o", "1"], ["sources", "1"], ["date", "2025-03-15"], ["time", "155"]]),
    );
    token = tokenOf(res);
    code = await codeOf(res);
    // The paper as stored, keys and all (the public page's copy has none).
    paper = (await getSavedPaper(code))!;
  });

  it("holds four sets of the same questions, in four different orders, set ক in the chosen order", () => {
    expect(paper.sets.map((s) => s.code)).toEqual(["ক", "খ", "গ", "ঘ"]);
    const order = (s: StoredPaper["sets"][number]) => [...s.mcq, ...s.creative].map((i) => paper.questions[i.q].id);
    expect(order(paper.sets[0])).toEqual(selection);
    for (const s of paper.sets) expect([...order(s)].sort()).toEqual([...selection].sort());
    expect(new Set(paper.sets.map((s) => order(s).join())).size).toBe(4);
    // The shared passage's two questions stay together, and "all of the above" stays last.
    for (const s of paper.sets) {
      const o = order(s);
      expect(o[o.indexOf(1005) + 1]).toBe(1006);
      expect(s.mcq.find((i) => paper.questions[i.q].id === 1012)!.options[3]).toBe(3);
    }
  });

  it("prints each set's key from that set's option order on the teacher's page: each key letter labels the bank's correct option", async () => {
    const teacher = html(TeacherPaper, await json(await call(teacherLoader, `/questionpaper/t/${token}`, { token })));
    const page = html(SavedPaper, { code, paper, part: null, base: BASE, edit: "", step2: "" }) + teacher;
    for (const set of paper.sets) {
      const key = answerKey(paper.questions, set);
      set.mcq.forEach((item, n) => {
        const q = paper.questions[item.q];
        const printed = q.options[item.options[OPTION_KEYS.indexOf(key[n] as never)]];
        expect(printed.key, `set ${set.code} question ${n + 1}`).toBe(q.correct);
      });
      // The printed key page says the same.
      const keyPage = teacher.slice(teacher.indexOf(`data-key="${set.code}"`));
      const letters = [...keyPage.slice(0, keyPage.indexOf("</section>")).matchAll(/class="mp-key-letter">([^<]+)</g)].map((m) => m[1]);
      expect(letters).toEqual(key);
      // And in the printed set, the option under that letter is the correct option's text.
      const setPage = page.slice(page.indexOf(`data-set="${set.code}"`));
      set.mcq.forEach((item, n) => {
        const q = paper.questions[item.q];
        const start = setPage.indexOf(`data-question="${n + 1}"`);
        const block = setPage.slice(start, setPage.indexOf("data-question=", start + 1));
        const correctText = q.options.find((o) => o.key === q.correct)!.html;
        expect(textOf(block)).toContain(`(${key[n]}) ${textOf(correctText)}`);
      });
    }
    expect(new Set(paper.sets.map((s) => answerKey(paper.questions, s).join())).size).toBeGreaterThan(1);
  });

  it("prints the header in Bangla digits, every set's questions numbered once, each set's page marks, and an OMR sheet with one row per MCQ", async () => {
    const data = await json(await call(paperLoader, `/questionpaper/p/${code}`, { code }));
    const page = html(SavedPaper, data);
    expect(page).toContain("সময়: ২ ঘণ্টা ৩৫ মিনিট");
    expect(page).toContain("তারিখ: ১৫/০৩/২০২৫");
    expect(page).toContain("পূর্ণমান: ৩০");
    expect(page).toContain("[ঢা. বো. ২০২৩]");
    expect(page.match(/class="mp-sheet mp-set"/g)).toHaveLength(4);
    expect(page).not.toContain("mp-sheet mp-key");
    // The OMR sheet as the reader reads it: 10 rows of 4 bubbles (r 2.2 mm), 6 roll digits of 10, 4 set bubbles, and the instructions' 4 samples.
    const svg = page.slice(page.indexOf('aria-label="OMR উত্তরপত্র"'));
    expect(svg.match(/<circle[^>]*r="2\.2"/g)).toHaveLength(10 * 4 + 6 * 10 + 4 + 4);
    // Each set's pages carry the code, the set and the page number, and a QR of paper and set.
    for (const [i, set] of ["ক", "খ", "গ", "ঘ"].entries()) {
      expect(data.printCss).toContain(`@page set-${i} { `);
      expect(data.printCss).toContain(`"প্রশ্নপত্র ${code} · সেট ${set} · পৃষ্ঠা " counter(page, bengali)`);
      expect(data.printCss).toContain(`.mp-set[data-set="${set}"]`);
    }
    const only = html(SavedPaper, await json(await call(paperLoader, `/questionpaper/p/${code}?only=omr`, { code })));
    expect(only).not.toContain("mp-sheet mp-set");
    expect(only).toContain("OMR উত্তরপত্র");
  });

  it("offers a print button and the phone's way to print", () => {
    expectPrintHint(html(SavedPaper, { code, paper, part: null, base: BASE, edit: "", step2: "" }));
  });

  it("prints no board-year label when the teacher leaves them off", async () => {
    const res = await call(
      settingsAction,
      `${BASE}/settings`,
      P,
      post([...selection.map((id): [string, string] => ["q", String(id)]), ["exam", "সাপ্তাহিক পরীক্ষা"], ["sets", "4"], ["shuffle_q", "1"], ["shuffle_o", "1"], ["date", "2025-03-15"], ["time", "155"]]),
    );
    expect(res.status).toBe(303);
    const plainCode = await codeOf(res);
    expect(plainCode).not.toBe(code);
    const plain: StoredPaper = (await getSavedPaper(plainCode))!;
    expect(plain.settings.showSources).toBe(false);
    const on = html(SavedPaper, { code, paper, part: null, base: BASE, edit: "", step2: "" });
    const off = html(SavedPaper, { code: plainCode, paper: plain, part: null, base: BASE, edit: "", step2: "" });
    // The labels of the chosen questions (dhaka 2023, raj 2022, cum 2021, ...), printed with the option on.
    const labels = [...new Set(paper.questions.map((q) => q.source).filter(Boolean))];
    expect(labels.length).toBeGreaterThanOrEqual(3);
    for (const label of labels) {
      expect(on).toContain(`[${label}]`);
      expect(off).not.toContain(label);
    }
    expect(off).not.toContain('class="mp-source"');
    // Otherwise the same paper: the same sets and questions.
    expect(plain.sets).toEqual(paper.sets);
    expect(off.match(/data-qid=/g)).toHaveLength(on.match(/data-qid=/g)!.length);
  });

  it("never changes: reopening gives the same paper after the bank changes", async () => {
    await db.update(schema.questions).set({ bodyHtml: "<p>বদলানো প্রশ্ন</p>" }).where(eq(schema.questions.id, 1001));
    await db.delete(schema.questionSources).where(eq(schema.questionSources.questionId, 1003));
    expect(await getSavedPaper(code)).toEqual(paper);
    const again = await json(await call(paperLoader, `/questionpaper/p/${code}`, { code }));
    expect(again.paper).toEqual({ ...paper, questions: paper.questions.map((q) => ({ ...q, correct: null })) });
  });

  it("links to the settings filled the same way, and to the bank with the same ticks", async () => {
    const data = await json(await call(paperLoader, `/questionpaper/p/${code}?only=omr`, { code }));
    expect(data.part).toBe("omr");
    const edit = new URL(data.edit, "http://x");
    expect(edit.pathname).toBe(`${BASE}/settings`);
    expect(edit.searchParams.getAll("q").map(Number).sort()).toEqual([...selection].sort());
    expect(edit.searchParams.get("sets")).toBe("4");
    const reopened = await json(await call(settingsLoader, data.edit, P));
    expect(reopened.settings).toEqual(paper.settings);
  });

  it("prints 'answer any N' creative sections with their own full marks and time, and refuses N over the count", async () => {
    const fields: [string, string][] = [["q", "1001"], ["q", "1002"], ["q", "1501"], ["q", "1503"], ["sets", "1"], ["marks", ""], ["cq_n", "1"], ["cq_time", "50"], ["mcq_time", "10"]];
    const res = await call(settingsAction, `${BASE}/settings`, P, post(fields));
    expect(res.status).toBe(303);
    const saved = (await getSavedPaper(await codeOf(res)))!;
    const creative = saved.questions.filter((q) => q.type === "creative").map((q) => q.marks);
    expect(saved.settings).toMatchObject({ creativeAnswer: 1, creativeMinutes: 50, mcqMinutes: 10, fullMarks: 2 + Math.max(...creative) });
    const code2 = await codeOf(res);
    const page = html(SavedPaper, await json(await call(paperLoader, `/questionpaper/p/${code2}`, { code: code2 })));
    expect(page).toContain("যেকোনো ১টি প্রশ্নের উত্তর দাও");
    expect(page).toContain(`সময়: ৫০ মিনিট · পূর্ণমান: ${formatMarks(Math.max(...creative))}`);
    expect(page).toContain("সময়: ১০ মিনিট · পূর্ণমান: ২");
    const bad = await call(settingsAction, `${BASE}/settings`, P, post(fields.map(([k, v]) => [k, k === "cq_n" ? "3" : v])));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.creativeAnswer).toContain("সৃজনশীল প্রশ্ন আছে ২টি");
  });

  it("404s unknown and malformed codes, lower-cases an upper-case code, and ignores a bad ?only=", async () => {
    for (const bad of ["zzzzzzzzzz", "abc", "", "0000000000' or 1=1", "a".repeat(500), "ilou123456"]) {
      expect((await call(paperLoader, `/questionpaper/p/${encodeURIComponent(bad)}`, { code: bad })).status).toBe(404);
    }
    const upper = await call(paperLoader, `/questionpaper/p/${code.toUpperCase()}`, { code: code.toUpperCase() });
    expect(upper.status).toBe(301);
    expect(upper.headers.get("Location")).toBe(`/questionpaper/p/${code}`);
    expect((await json(await call(paperLoader, `/questionpaper/p/${code}?only=everything`, { code }))).part).toBeNull();
  });
});
