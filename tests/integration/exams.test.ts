import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExamPage, { action as examAction, loader as examLoader } from "~/routes/exampage.$grtid";
import ExamSubPage, { action as subAction, loader as subLoader } from "~/routes/exam-subpage.($thtid)";
import McqRoute, { action as mqAction, loader as mqLoader } from "~/routes/mq.$id/route";
import { loader as mqSubLoader } from "~/routes/mq.sub.$subcat";
import ExamplePage, { loader as exampleLoader } from "~/routes/example";
import { bumpContentVersion } from "~/models/content-version.server";
import { call, closeDb, db, insertQuestions, renderFixtures, resetTables, schema } from "./db";
import { all, byRole, getByRole, hiddenFields, textOf } from "../support/dom";
import { html } from "../support/render";

// The route components read their data with Remix's hooks; here they get the loader/action output.


const KEYS = ["ক", "খ", "গ", "ঘ"] as const;
/** Fixture rule: question id's correct option; every 5th question says so only by the is_correct flag. */
const correctOf = (qid: number) => KEYS[qid % 4];
const wrongOf = (qid: number) => KEYS[(qid + 1) % 4];
const usesFlag = (qid: number) => qid % 5 === 0;

async function insertSet(setId: number, mcqCategoryId: number | null, firstId: number, n: number) {
  await db.insert(schema.questionSets).values({ id: setId, mcqCategoryId, name: `সেট ${setId}`, sort: setId });
  if (!n) return;
  const ids = Array.from({ length: n }, (_, i) => firstId + i);
  await insertQuestions(
    ids.map((id, i) => ({
      id,
      setId,
      sort: i + 1,
      intro: i === 1 ? "<p>উদ্দীপক: $y = mx + c$</p>" : null,
      body: i === 0 ? "<p>$x^{2} = 4$ হলে $x$ এর মান কত?</p>" : `<p>প্রশ্ন ${id}</p>`,
      correctKey: usesFlag(id) ? null : correctOf(id),
      flag: usesFlag(id) ? KEYS.indexOf(correctOf(id)) : undefined,
      boardYear: i === 0 ? "dhaka, raj: 19" : null,
      explanation: `<p>ব্যাখ্যা ${id}: $\\sqrt{4} = 2$</p>`,
      options: KEYS.map((key, pos) => (pos === 0 ? `$${id % 7}$` : `বিকল্প ${key}`)),
    })),
  );
}

beforeAll(async () => {
  await resetTables();
  await db.insert(schema.examTitleGroups).values([
    { id: 1, name: "এসএসসি অনলাইন মডেল টেস্ট", announce: "<p>নতুন পরীক্ষা: $a^2 + b^2$</p>", banner: "images/exam/banner.svg" },
    { id: 2, name: "খালি পরীক্ষা" },
    { id: 3, name: "অন্য পাতা" },
  ]);
  await db.insert(schema.examGroups).values([
    { id: 10, titleGroupId: 1, name: "বিজ্ঞান", subjectName: "Science", sort: 1 },
    { id: 11, titleGroupId: 1, name: "মানবিক", subjectName: "Humanities", sort: 2 },
    { id: 12, titleGroupId: 3, name: "অন্য গ্রুপ", sort: 1 },
  ]);
  await db.insert(schema.examGroupSubjects).values([
    { id: 100, groupId: 10, name: "গণিত", sort: 1 },
    { id: 101, groupId: 10, name: "পদার্থবিজ্ঞান", sort: 2 },
    { id: 102, groupId: 12, name: "অন্য বিষয়", sort: 1 },
  ]);
  await insertSet(900, null, 1001, 30);
  await insertSet(901, null, 2001, 3);
  await insertSet(902, null, 0, 0);
  await db.insert(schema.examTitles).values([
    {
      id: 500,
      groupSubjectId: 100,
      name: "গণিত মডেল টেস্ট ১",
      description: '<p>বীজগণিত $a+b$ <u>অধ্যায়</u> <a href="exampage.php?grtid=501">পরের পরীক্ষা</a></p>',
      questionSetId: 900,
      fullMarks: 30,
      durationMinutes: 45,
      negativeMark: "0.25",
      sort: 1,
      // Published: the practice part scores and shows keys (a sealed exam's: sealed-keys.test.ts).
      keyPublished: true,
    },
    { id: 501, groupSubjectId: 100, name: "গণিত মডেল টেস্ট ২", questionSetId: 901, fullMarks: 3, durationMinutes: 5, sort: 2, keyPublished: true },
    { id: 502, groupSubjectId: 100, name: "খালি পরীক্ষা", questionSetId: 902, sort: 3, keyPublished: true },
    { id: 503, groupSubjectId: 102, name: "অন্য পাতার পরীক্ষা", questionSetId: 901, sort: 1, keyPublished: true },
    { id: 504, groupSubjectId: null, name: "তালিকার বাইরের পরীক্ষা", questionSetId: 901, sort: 1, keyPublished: true },
  ]);
  await db.insert(schema.mcqCategories).values([
    { id: 1, name: "HSC Physics MCQ", image: "/images/mcq/physics.svg", sort: 1 },
    { id: 2, parentId: 1, name: "ভেক্টর", sort: 1 },
    { id: 3, name: "Empty MCQ", sort: 2 },
  ]);
  await insertSet(903, 1, 3001, 3);
  await insertSet(904, 1, 0, 0);
  await insertSet(905, 2, 3101, 2);
  await db.insert(schema.examples).values([
    {
      id: 1,
      extid: 1,
      exqnameid: 1,
      question: "<p>$\\int_0^1 x\\,dx$ এর মান নির্ণয় কর।</p>",
      answer: "<p>$\\frac{1}{2}$</p>",
      boardYear: "dhaka: 19",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      sort: 1,
    },
    { id: 2, extid: 1, exqnameid: 1, question: "<p>দ্বিতীয় উদাহরণ</p>", answer: "<p>উত্তর</p>", sort: 2 },
    { id: 3, extid: 2, exqnameid: 1, question: "<p>অন্য</p>", answer: "<p>অন্য</p>", sort: 1 },
  ]);
  await renderFixtures();
});

afterAll(closeDb);

const form = (fields: [string, string][] | string, extra: Record<string, string> = {}) => ({
  method: "POST",
  body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...extra },
});

const exam = (qs = "") => call(examLoader, `/exampage/500${qs}`, { grtid: "500" });
const post = (fields: [string, string][] | string, qs = "", grtid = "500") =>
  call(examAction, `/exampage/${grtid}${qs}`, { grtid }, form(fields));

/** Every radio input tag of a page. */
const radios = (page: string) => page.match(/<input type="radio"[^>]*>/g) ?? [];

type Q = { id: number; serialBn: string; source: string; introHtml: string | null; html: string; options: { key: string; html: string }[] };

/** Words that would give an answer away before View Result. */
/** The one link to `href` on the page (its URL as a browser reads it, entities decoded). */
const linkTo = (page: string, href: string) => {
  const links = byRole(page, "link").filter((l) => l.attrs.href === href);
  expect(links, href).toHaveLength(1);
  return links[0];
};

const LEAKS = /"correct"|isCorrect|is_correct|correctKey|correct_key|explanation|is-correct|is-wrong|ব্যাখ্যা/;

describe("exampage/{grtid}: loader", () => {
  it("shows page 1 of 25 questions with the header in Bangla and no answers anywhere", async () => {
    const res = await exam();
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.success).toBe(true);
    expect(data.meta).toEqual({
      titleBn: "গণিত মডেল টেস্ট ১",
      fullMarksBn: "৩০",
      durationBn: "৪৫",
      negativeMarkBn: "০.২৫",
      page: 1,
      pageSize: 25,
      totalPages: 2,
      totalRows: 30,
      hasPrev: false,
      hasNext: true,
    });
    expect(data.questions).toHaveLength(25);
    const [q1, q2] = data.questions as Q[];
    expect(q1).toMatchObject({ id: 1001, serialBn: "১", source: "ঢা. বো., রা. বো. ২০১৯", introHtml: null });
    expect(q1.html).toContain('class="katex"');
    expect(q1.options.map((o) => o.key)).toEqual(["ক", "খ", "গ", "ঘ"]);
    expect(q1.options[0].html).toContain('class="katex"');
    expect(q2.introHtml).toContain('class="katex"');
    expect(data.includeCorrect).toBe(true);
    expect(data.prevHref).toBeNull();
    expect(data.nextHref).toBe("/exampage/500?page=2&pageSize=25&includeCorrect=1");
    expect(data.backHref).toBe("/exam-subpage/1");
    expect(data.state).toEqual({ submitted: false, showResult: false, answers: {}, score: null, results: null });
    expect(JSON.stringify(data)).not.toMatch(LEAKS);
  });

  it("renders the page with no correct key in classes, data attributes or hidden fields", async () => {
    const data = await (await exam()).json();
    const page = html(ExamPage, data);
    expect(page).not.toMatch(LEAKS);
    expect(page).not.toMatch(/data-(correct|answer|key)/);
    expect(radios(page)).toHaveLength(100);
    expect(radios(page).filter((r) => r.includes("checked") || r.includes("disabled"))).toEqual([]);
    expect(page).toContain('name="q1001" value="ক"');
    // The GET settings form, the timed exam's start, the resume form (continue an attempt from another device) and the one answer form.
    const forms = byRole(page, "form").map((f) => ({ method: f.attrs.method, action: f.attrs.action }));
    expect(forms).toHaveLength(4);
    expect(forms).toEqual(
      expect.arrayContaining([
        { method: "post", action: "/exampage/resume" },
        { method: "post", action: "/exampage/500/start" },
        { method: "post", action: "/exampage/500?page=1&pageSize=25&includeCorrect=1#quiz-result" },
      ]),
    );
    // The answer form swaps the exam in place with JavaScript (data-swap), and posts like any form without.
    expect(all(page, (el) => el.attrs.id === "quiz-form")[0].attrs["data-swap"]).toBe("#exam");
    expect(all(page, (el) => el.attrs.id === "exam")).toHaveLength(1);
    // hidden fields: only the page state
    expect(hiddenFields(page).map(([k, v]) => `${k}=${v}`)).toEqual(["includeCorrect=0", "page=1", "pageSize=25", "includeCorrect=1"]);
    // Submit asks first (no JS needed): the button that submits is inside the question.
    const confirm = byRole(page, "group").filter((g) => byRole(g, "button", { name: "Submit" }).length)[0];
    expect(textOf(confirm)).toContain("জমা দিলে এই পৃষ্ঠার উত্তর আর বদলানো যাবে না।");
    expect(getByRole(confirm, "button", { name: "হ্যাঁ, জমা দিন" }).attrs).toMatchObject({ type: "submit", name: "intent", value: "submit" });
    expect(getByRole(page, "button", { name: "View Result" }).attrs).toHaveProperty("disabled");
    expect(getByRole(page, "button", { name: "Clear selections" }).attrs).toMatchObject({ value: "clear", formaction: expect.stringMatching(/#quiz-form$/), "data-swap": "#exam" });
    const text = textOf(page);
    expect(text).toContain("Page ১ of ২ — total questions: ৩০");
    expect(text).toContain("১ / ২");
    // Prev on the first page is shown but is no link.
    expect(byRole(page, "link", { name: "Prev" })).toEqual([]);
    expect(all(page, (el) => el.text === "Prev" && el.attrs["aria-disabled"] === "true")).toHaveLength(1);
    expect(all(page, (el) => el.attrs.rel === "next")[0].attrs).toMatchObject({ href: "/exampage/500?page=2&pageSize=25&includeCorrect=1", "data-swap": "#exam" });
    expect(text).toContain("পূর্ণমান: ৩০");
    expect(text).toContain("সময়: ৪৫ মিনিট");
    expect(getByRole(page, "button", { name: "প্রয়োগ করুন" })).toBeTruthy();
    expect(getByRole(page, "option", { name: "২৫" }).attrs).toHaveProperty("selected");
    expect(getByRole(page, "checkbox", { name: "Show answers" }).attrs).toHaveProperty("checked");
    expect(getByRole(page, "link", { name: "Back" }).attrs.href).toBe("/exam-subpage/1");
  });

  it("pages: page 2 has the rest, out-of-range pages clamp, junk means page 1", async () => {
    const p2 = await (await exam("?page=2")).json();
    expect(p2.questions.map((q: Q) => q.id)).toEqual([1026, 1027, 1028, 1029, 1030]);
    expect(p2.questions[0].serialBn).toBe("২৬");
    expect(p2.meta).toMatchObject({ page: 2, hasPrev: true, hasNext: false });
    expect(p2.prevHref).toBe("/exampage/500?page=1&pageSize=25&includeCorrect=1");
    expect(p2.nextHref).toBeNull();
    expect((await (await exam("?page=99")).json()).meta.page).toBe(2);
    for (const p of ["0", "-1", "abc", "1.5", ""]) expect((await (await exam(`?page=${p}`)).json()).meta.page).toBe(1);
  });

  it("page size is 100 only when the query says so", async () => {
    const big = await (await exam("?pageSize=100&page=2")).json();
    expect(big.meta).toMatchObject({ page: 1, pageSize: 100, totalPages: 1, hasNext: false });
    expect(big.questions).toHaveLength(30);
    for (const s of ["50", "1000", "abc"]) expect((await (await exam(`?pageSize=${s}`)).json()).meta.pageSize).toBe(25);
  });

  it("includeCorrect defaults to true unless the query is something other than 1 or true", async () => {
    const flag = async (qs: string) => (await (await exam(qs)).json()).includeCorrect;
    expect(await flag("")).toBe(true);
    expect(await flag("?includeCorrect=1")).toBe(true);
    expect(await flag("?includeCorrect=true")).toBe(true);
    expect(await flag("?includeCorrect=0")).toBe(false);
    expect(await flag("?includeCorrect=yes")).toBe(false);
    // The GET form with the box checked sends 0 then 1: the page redirects to the URL with each parameter once.
    for (const [qs, flagValue] of [["?includeCorrect=0&includeCorrect=1", "1"], ["?includeCorrect=0", "0"], ["?pageSize=100&includeCorrect=0&includeCorrect=0&page=2&page=3", "0"]] as const) {
      const res = await exam(qs);
      if (qs === "?includeCorrect=0") {
        expect(res.status).toBe(200);
        continue;
      }
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("Location")!, "http://x");
      expect(location.searchParams.getAll("includeCorrect")).toEqual([flagValue]);
      expect([...location.searchParams.keys()].sort()).toEqual(["includeCorrect", "page", "pageSize"]);
    }
    expect((await exam("?pageSize=100&page=2&page=3")).headers.get("Location")).toBe("/exampage/500?page=2&pageSize=100&includeCorrect=1");
    const off = await (await exam("?includeCorrect=0")).json();
    expect(off.nextHref).toContain("includeCorrect=0");
    expect(html(ExamPage, off)).not.toMatch(/type="checkbox"[^>]*checked/);
  });

  it("keeps a same-site Back target in every link and form, and ignores any other", async () => {
    const back = "/exam-subpage/1?group=10&title=500";
    const data = await (await exam(`?back=${encodeURIComponent(back)}`)).json();
    expect(data.backHref).toBe(back);
    expect(data.nextHref).toBe(`/exampage/500?page=2&pageSize=25&includeCorrect=1&back=${encodeURIComponent(back)}`);
    expect(hiddenFields(html(ExamPage, data))).toContainEqual(["back", back]);
    for (const bad of ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const d = await (await exam(`?back=${encodeURIComponent(bad)}`)).json();
      expect(d.backHref).toBe("/exam-subpage/1");
      expect(d.nextHref).not.toContain("back=");
    }
  });

  it("answers 400 'Missing grtid' for a grtid that is not a positive integer, 404 for an unknown one", async () => {
    for (const grtid of ["abc", "0", "-1", "1.5", "1e3", " "]) {
      const res = await call(examLoader, `/exampage/${grtid}`, { grtid });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe("Missing grtid");
    }
    expect((await call(examLoader, "/exampage/99999", { grtid: "99999" })).status).toBe(404);
  });

  it("shows 'Failed to load exam.' with status 404 for an exam without questions", async () => {
    const res = await call(examLoader, "/exampage/502", { grtid: "502" });
    expect(res.status).toBe(404);
    const data = await res.json();
    expect(data).toMatchObject({ success: false, error: "Failed to load exam.", questions: [] });
    const page = html(ExamPage, data);
    expect(getByRole(page, "alert").text).toMatch(/^Failed to load exam\./);
    expect(byRole(page, "form")).toEqual([]);
  });
});

describe("exampage/{grtid}: scoring (action)", () => {
  const state = (page = "1", includeCorrect = "1"): [string, string][] => [
    ["page", page],
    ["pageSize", "25"],
    ["includeCorrect", includeCorrect],
  ];
  // 1001..1012 right, 1013..1017 wrong, 1018..1025 skipped
  const answers: [string, string][] = [
    ...Array.from({ length: 12 }, (_, i): [string, string] => [`q${1001 + i}`, correctOf(1001 + i)]),
    ...Array.from({ length: 5 }, (_, i): [string, string] => [`q${1013 + i}`, wrongOf(1013 + i)]),
  ];

  it("scores the current page on the server: right, wrong, skipped and the net with negative marking", async () => {
    const res = await post([...state(), ...answers, ["intent", "submit"]]);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await res.json();
    expect(data.state.score).toEqual({ count: 25, right: 12, wrong: 5, skipped: 8, score: 12, net: 10.75, negativeMark: 0.25 });
    expect(data.state).toMatchObject({ submitted: true, showResult: false, results: null });
    expect(Object.keys(data.state.answers)).toHaveLength(17);
    // Submit alone still tells nothing about which options are right.
    expect(JSON.stringify(data)).not.toMatch(LEAKS);

    const page = html(ExamPage, await (await exam()).json(), data);
    expect(page).toContain("আপনি পেয়েছেন ১২ / ২৫");
    expect(page).toContain("সঠিক: ১২ · ভুল: ৫ · উত্তর দেওয়া হয়নি: ৮");
    expect(page).toContain("নেট নম্বর: ১০.৭৫");
    expect(page).not.toMatch(LEAKS);
    expect(radios(page).filter((r) => r.includes('checked=""'))).toHaveLength(17);
    expect(radios(page).every((r) => r.includes('disabled=""'))).toBe(true);
    expect(hiddenFields(page)).toContainEqual(["q1001", correctOf(1001)]);
    expect(getByRole(page, "button", { name: "Submit" }).attrs).toHaveProperty("disabled");
    expect(getByRole(page, "button", { name: "View Result" }).attrs).not.toHaveProperty("disabled");
    expect(page).toMatch(/value="clear" class="btn btn-ghost" disabled="" formaction="[^"]*#quiz-form" data-swap="#exam">Clear selections/);
  });

  it("without negative marking the net is the score (exam 501)", async () => {
    const fields: [string, string][] = [["q2001", correctOf(2001)], ["q2002", wrongOf(2002)], ["intent", "submit"]];
    const data = await (await post(fields, "", "501")).json();
    expect(data.state.score).toEqual({ count: 3, right: 1, wrong: 1, skipped: 1, score: 1, net: 1, negativeMark: 0 });
    expect(html(ExamPage, data, data)).not.toContain("নেট নম্বর");
  });

  it("uses the option flagged is_correct when the question has no correct key", async () => {
    const o = schema.questionOptions;
    const flagged = () =>
      db.select({ id: o.questionId, key: o.key }).from(o).where(and(inArray(o.questionId, [1005, 1010]), eq(o.isCorrect, true))).orderBy(o.questionId);
    /** Moves a question's flag to `key`, as a staff save does (kept sets are forgotten). */
    const flag = (questionId: number, key: string) =>
      db.transaction(async (tx) => {
        await tx.update(o).set({ isCorrect: sql`${o.key} = ${key}` }).where(eq(o.questionId, questionId));
        await bumpContentVersion(tx);
      });
    // Both were inserted with no correct key: what marks their answer is the flagged option alone.
    expect(await flagged()).toEqual([
      { id: 1005, key: correctOf(1005) },
      { id: 1010, key: correctOf(1010) },
    ]);
    const answers: [string, string][] = [["q1005", correctOf(1005)], ["q1010", wrongOf(1010)]];
    expect((await (await post(answers)).json()).state.score).toMatchObject({ right: 1, wrong: 1 });
    // The flag moved to the other option: the same answers score by it.
    await flag(1010, wrongOf(1010));
    try {
      expect((await (await post(answers)).json()).state.score).toMatchObject({ right: 2, wrong: 0 });
    } finally {
      await flag(1010, correctOf(1010));
    }
  });

  it("View Result marks correct options and wrong choices (✓/✗), then is disabled", async () => {
    const res = await post([...state(), ...answers, ["intent", "result"]]);
    const data = await res.json();
    expect(data.state).toMatchObject({ submitted: true, showResult: true });
    expect(data.state.score.right).toBe(12);
    expect(data.state.results["1013"]).toEqual({
      correct: correctOf(1013),
      chosenWrong: true,
      explanationHtml: expect.stringContaining('class="katex"'),
    });
    expect(data.state.results["1001"]).toMatchObject({ correct: correctOf(1001), chosenWrong: false });
    expect(data.state.results["1020"]).toMatchObject({ correct: correctOf(1020), chosenWrong: false }); // skipped
    const page = html(ExamPage, data, data);
    expect(page.match(/class="q-option[^"]*is-correct/g)).toHaveLength(25);
    expect(page.match(/class="q-option[^"]*is-wrong/g)).toHaveLength(5);
    expect(page.match(/✓/g)!.length).toBeGreaterThanOrEqual(25);
    expect(page.match(/✗/g)!.length).toBeGreaterThanOrEqual(5);
    expect(page).toMatch(/value="result" class="btn btn-secondary" disabled="">View Result/);
    expect(page).toContain("আপনি পেয়েছেন ১২ / ২৫");
  });

  it("with Show answers off, View Result marks the student's own choices and shows no other key", async () => {
    const data = await (await post([...state("1", "0"), ...answers, ["intent", "result"]])).json();
    expect(data.includeCorrect).toBe(false);
    expect(data.state.keysHidden).toBe(true);
    // A right choice is marked as right (its key is the student's own answer); wrong and skipped questions keep theirs hidden.
    expect(data.state.results["1001"]).toMatchObject({ correct: correctOf(1001), chosenWrong: false });
    expect(data.state.results["1013"]).toMatchObject({ correct: null, chosenWrong: true });
    expect(data.state.results["1020"]).toMatchObject({ correct: null, chosenWrong: false }); // skipped
    const page = html(ExamPage, data, data);
    expect(page.match(/class="q-option[^"]*is-correct/g)).toHaveLength(12);
    expect(page.match(/class="q-option[^"]*is-wrong/g)).toHaveLength(5);
    expect(page).not.toContain("ব্যাখ্যা");
    expect(page).toContain("সবুজ ✓ চিহ্ন আপনার সঠিক উত্তর, লাল ✗ চিহ্ন আপনার ভুল উত্তর। &#x27;Show answers&#x27; বন্ধ");
  });

  it("scores only the current page: answers for other pages' questions and unknown ids are ignored", async () => {
    const fields: [string, string][] = [
      ["page", "2"],
      ["q1026", correctOf(1026)],
      ["q1001", correctOf(1001)], // page 1
      ["q2001", correctOf(2001)], // another exam
      ["q999999", "ক"],
      ["qabc", "ক"],
      ["intent", "submit"],
    ];
    const data = await (await post(fields)).json();
    expect(data.meta.page).toBe(2);
    expect(data.state.score).toMatchObject({ count: 5, right: 1, wrong: 0, skipped: 4 });
    expect(Object.keys(data.state.answers)).toEqual(["1026"]);
  });

  it("reads the page state from the hidden fields, else from the URL, and clamps it", async () => {
    expect((await (await post([["q1026", "ক"]], "?page=2")).json()).meta.page).toBe(2);
    expect((await (await post([["page", "77"]])).json()).meta.page).toBe(2);
    expect((await (await post([["page", "abc"], ["pageSize", "9999"]])).json()).meta).toMatchObject({ page: 1, pageSize: 25 });
    expect((await (await post([["pageSize", "100"]])).json()).state.score.count).toBe(30);
  });

  it("ignores ambiguous, unknown and oversized answers", async () => {
    const fields: [string, string][] = [
      ["q1001", correctOf(1001)],
      ["q1001", wrongOf(1001)], // two values for one question
      ["q1002", "ঙ"], // not an option
      ["q1003", "ক".repeat(5_000)],
      ["q1004", ""],
    ];
    const data = await (await post(fields)).json();
    expect(data.state.score).toMatchObject({ right: 0, wrong: 0, skipped: 25 });
  });

  it("ignores 10 000 junk fields, or refuses them (413) once they pass the size cap", async () => {
    const fields: [string, string][] = Array.from({ length: 10_000 }, (_, i) => [i % 2 ? "q" : `q${i % 97}`, "1"]);
    fields.push(["q1001", correctOf(1001)]);
    const res = await post(fields);
    expect(res.status).toBe(200);
    expect((await res.json()).state.score).toMatchObject({ right: 1, wrong: 0 });
    const bangla: [string, string][] = Array.from({ length: 10_000 }, (_, i) => [`q${i}`, "ক"]);
    expect((await post(bangla)).status).toBe(413);
  });

  it("answers 4xx, never 500, to oversized (413) or malformed (400) posts", async () => {
    expect((await post("x=" + "a".repeat(70_000))).status).toBe(413);
    expect((await post([["intent", "cheat"]])).status).toBe(400);
    expect((await post([["intent", "submit"], ["intent", "result"]])).status).toBe(400);
    const multipart = new FormData();
    multipart.set("q1001", "ক");
    expect((await call(examAction, "/exampage/500", { grtid: "500" }, { method: "POST", body: multipart })).status).toBe(400);
    const big = await call(examAction, "/exampage/500", { grtid: "500" }, form("a=1", { "Content-Length": "999999999" }));
    expect(big.status).toBe(413);
    expect(await post("%E0%A6=%ZZ&q1001=%")).toHaveProperty("status", 200); // broken percent-encoding
  });

  it("Clear selections redirects to the same page unanswered; bad ids answer 400/404", async () => {
    const res = await post([["page", "2"], ["pageSize", "25"], ["includeCorrect", "0"], ["q1026", "ক"], ["intent", "clear"]]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/exampage/500?page=2&pageSize=25&includeCorrect=0");
    const withBack = await post([["intent", "clear"], ["back", "/exam-subpage/1?group=10"]]);
    expect(withBack.headers.get("Location")).toBe(
      `/exampage/500?page=1&pageSize=25&includeCorrect=1&back=${encodeURIComponent("/exam-subpage/1?group=10")}`,
    );
    const res400 = await post([["intent", "submit"]], "", "abc");
    expect(res400.status).toBe(400);
    expect(await res400.text()).toBe("Missing grtid");
    expect((await post([["intent", "submit"]], "", "99999")).status).toBe(404);
    const empty = await post([["intent", "submit"]], "", "502");
    expect(empty.status).toBe(404);
    expect((await empty.json()).error).toBe("Failed to load exam.");
  });
});

describe("exam-subpage", () => {
  const sub = (qs = "", thtid: string | undefined = "1") =>
    call(subLoader, `/exam-subpage${thtid === undefined ? "" : `/${thtid}`}${qs}`, thtid === undefined ? {} : { thtid });

  it("/exam-subpage uses thtid 1: banner, announcement, group pills, 'Select a group to load subjects.'", async () => {
    const res = await sub("", undefined);
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data).toMatchObject({ thtid: 1, name: "এসএসসি অনলাইন মডেল টেস্ট", banner: "/images/exam/banner.svg", group: null, error: null, subjects: null, title: null });
    expect(data.announceHtml).toContain('class="katex"');
    expect(data.groups).toEqual([
      { sid: 10, gname: "বিজ্ঞান", sname: "Science", href: "/exam-subpage/1?group=10" },
      { sid: 11, gname: "মানবিক", sname: "Humanities", href: "/exam-subpage/1?group=11" },
    ]);
    const page = html(ExamSubPage, data);
    expect(page).toContain("SELECT YOUR GROUP");
    expect(page).toContain("Select a group to load subjects.");
    expect(linkTo(page, "/exam-subpage/1?group=10").attrs).toMatchObject({ "data-swap": "#exam-content" });
    expect(linkTo(page, "/exam-subpage/1?group=10").attrs).not.toHaveProperty("aria-current");
    expect(all(page, (el) => el.attrs.id === "exam-content")).toHaveLength(1);
  });

  it("'No groups found for this title.'; unknown or invalid thtid is a 404", async () => {
    const data = await (await sub("", "2")).json();
    expect(data.groups).toEqual([]);
    expect(html(ExamSubPage, data)).toContain("No groups found for this title.");
    for (const thtid of ["999", "abc", "0", "1.5"]) expect((await sub("", thtid)).status).toBe(404);
  });

  it("a group shows its subjects with their exam titles as shareable links", async () => {
    const res = await sub("?group=10");
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.group).toBe(10);
    expect(data.subjects).toEqual([
      {
        id: 100,
        name: "গণিত",
        titles: [
          { id: 500, name: "গণিত মডেল টেস্ট ১", href: "/exam-subpage/1?group=10&title=500" },
          { id: 501, name: "গণিত মডেল টেস্ট ২", href: "/exam-subpage/1?group=10&title=501" },
          { id: 502, name: "খালি পরীক্ষা", href: "/exam-subpage/1?group=10&title=502" },
        ],
      },
      { id: 101, name: "পদার্থবিজ্ঞান", titles: [] },
    ]);
    const page = html(ExamSubPage, data);
    // The chosen group reads as the current one; each title loads in place (data-swap) or as a page.
    expect(linkTo(page, "/exam-subpage/1?group=10").attrs).toMatchObject({ "data-swap": "#exam-content", "aria-current": "true" });
    expect(linkTo(page, "/exam-subpage/1?group=10&title=500").attrs).toMatchObject({ "data-swap": "#exam-content" });
    expect(page).not.toContain("Select a group to load subjects.");
    expect((await (await sub("?group=11")).json()).subjects).toEqual([]);
  });

  it("a group that is not on this page shows 'Subject list could not be loaded'", async () => {
    for (const g of ["12", "999", "abc", ""]) {
      const res = await sub(`?group=${g}`);
      expect(res.status).toBe(404);
      const data = await res.json();
      expect(data.error).toBe("বিষয়ের তালিকা লোড করা যায়নি (Subject list could not be loaded)");
      expect(data.subjects).toBeNull();
      expect(getByRole(html(ExamSubPage, data), "alert").text).toBe("বিষয়ের তালিকা লোড করা যায়নি (Subject list could not be loaded)");
    }
  });

  it("a title shows its description, facts in Bangla digits and the start link with the Back target", async () => {
    const data = await (await sub("?group=10&title=500")).json();
    const self = "/exam-subpage/1?group=10&title=500";
    expect(data.title).toMatchObject({
      id: 500,
      name: "গণিত মডেল টেস্ট ১",
      fullMarksBn: "৩০",
      durationBn: "৪৫",
      negativeMarkBn: "০.২৫",
      totalBn: "৩০",
      startHref: `/exampage/500?back=${encodeURIComponent(self)}`,
      listHref: "/exam-subpage/1?group=10",
    });
    expect(data.title.descriptionHtml).toContain('class="katex"');
    expect(data.title.descriptionHtml).toContain(`href="/exampage/501?back=${encodeURIComponent(self)}"`);
    const page = html(ExamSubPage, data);
    expect(page).toContain("পরীক্ষা শুরু করুন");
    expect(page).toContain("নেগেটিভ মার্কিং: প্রতি ভুল উত্তরে ০.২৫");
    expect(page).toContain('class="exam-loaded"');
    // a title alone finds its group
    expect((await (await sub("?title=501")).json()).group).toBe(10);
    expect((await (await sub("?title=501")).json()).title.negativeMarkBn).toBeNull();
  });

  it("a title that is not on this page (or not in the chosen group) shows 'Title could not be loaded'", async () => {
    for (const qs of ["?group=10&title=99999", "?title=503", "?title=504", "?group=11&title=500", "?title=abc"]) {
      const res = await sub(qs);
      expect(res.status).toBe(404);
      const data = await res.json();
      expect(data.error).toBe("শিরোনাম লোড করা যায়নি (Title could not be loaded)");
      expect(data.title).toBeNull();
    }
  });

  it("accepts the legacy form posts and redirects (303) to the shareable URL", async () => {
    const postSub = (fields: [string, string][], thtid?: string) =>
      call(subAction, `/exam-subpage${thtid ? `/${thtid}` : ""}`, thtid ? { thtid } : {}, form(fields));
    let res = await postSub([["grgroupajax", "10"]], "1");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/exam-subpage/1?group=10");
    res = await postSub([["grtid", "500"], ["grtitleajax", "500"], ["titleid", "500"]]);
    expect(res.headers.get("Location")).toBe("/exam-subpage/1?group=10&title=500");
    res = await postSub([["grgroupajax", "10"], ["titleid", "501"]], "1");
    expect(res.headers.get("Location")).toBe("/exam-subpage/1?group=10&title=501");
    res = await postSub([["titleid", "503"]], "1"); // another page's exam: the GET shows the error box
    expect(res.headers.get("Location")).toBe("/exam-subpage/1?title=503");
    res = await postSub([], "1");
    expect(res.headers.get("Location")).toBe("/exam-subpage/1");
    expect((await postSub([["grgroupajax", "abc"]], "1")).status).toBe(400);
    expect((await postSub([["grtid", "500"], ["titleid", "501"]], "1")).status).toBe(400);
    expect((await postSub([["grgroupajax", "10"]], "abc")).status).toBe(404);
  });
});

describe("mq/{id} and mq/sub/{subcat}", () => {
  const mq = (id: string, qs = "") => call(mqLoader, `/mq/${id}${qs}`, { id });

  it("shows the category, its sub-categories, its sets and the first set's questions without answers", async () => {
    const res = await mq("1");
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.category).toMatchObject({ id: 1, name: "HSC Physics MCQ", parent: null });
    expect(data.subCategories).toEqual([{ id: 2, name: "ভেক্টর", image: null, href: "/mq/sub/2" }]);
    expect(data.sets).toEqual([
      { id: 903, name: "সেট 903", count: 3, href: "/mq/1?set=903&page=1" },
      { id: 904, name: "সেট 904", count: 0, href: "/mq/1?set=904&page=1" },
    ]);
    expect(data.set).toMatchObject({ id: 903 });
    expect(data.questions.map((q: Q) => q.id)).toEqual([3001, 3002, 3003]);
    expect(JSON.stringify(data)).not.toMatch(LEAKS);
    const page = html(McqRoute, data);
    expect(page).not.toMatch(LEAKS);
    expect(page).toContain('href="/mq/sub/2"');
    expect(getByRole(page, "form").attrs).toMatchObject({ method: "post", action: "/mq/1?set=903&page=1#quiz-result", "data-swap": "#mcq-practice" });
    expect(page).toContain('class="question-card"');
  });

  it("?set= picks a set of this category; others are 404", async () => {
    const empty = await (await mq("1", "?set=904")).json();
    expect(empty.set).toMatchObject({ id: 904, count: 0 });
    expect(empty.questions).toEqual([]);
    expect(html(McqRoute, empty)).toContain("এই সেটে এখনো কোনো প্রশ্ন নেই।");
    for (const s of ["905", "abc", "99999"]) expect((await mq("1", `?set=${s}`)).status).toBe(404);
    const none = await (await mq("3")).json();
    expect(none.sets).toEqual([]);
    expect(none.set).toBeNull();
  });

  it("unknown or invalid ids are 404; each category has one address", async () => {
    for (const id of ["999", "abc", "0", "-1"]) expect((await mq(id)).status).toBe(404);
    const toSub = await mq("2", "?set=905");
    expect(toSub.status).toBe(301);
    expect(toSub.headers.get("Location")).toBe("/mq/sub/2?set=905");
    const toTop = await call(mqSubLoader, "/mq/sub/1", { subcat: "1" });
    expect(toTop.status).toBe(301);
    expect(toTop.headers.get("Location")).toBe("/mq/1");
    const subPage = await call(mqSubLoader, "/mq/sub/2", { subcat: "2" });
    expect(subPage.status).toBe(200);
    const data = await subPage.json();
    expect(data.category.parent).toEqual({ id: 1, name: "HSC Physics MCQ" });
    expect(data.questions.map((q: Q) => q.id)).toEqual([3101, 3102]);
    expect((await call(mqSubLoader, "/mq/sub/abc", { subcat: "abc" })).status).toBe(404);
  });

  it("practice is scored with the exam page's form and scoring", async () => {
    const submit = (fields: [string, string][]) => call(mqAction, "/mq/1", { id: "1" }, form(fields));
    const answers: [string, string][] = [["set", "903"], ["page", "1"], ["q3001", correctOf(3001)], ["q3002", wrongOf(3002)]];
    const data = await (await submit([...answers, ["intent", "submit"]])).json();
    expect(data.state.score).toEqual({ count: 3, right: 1, wrong: 1, skipped: 1, score: 1, net: 1, negativeMark: 0 });
    expect(html(McqRoute, data, data)).toContain("আপনি পেয়েছেন ১ / ৩");
    const result = await (await submit([...answers, ["intent", "result"]])).json();
    expect(result.state.results["3002"]).toMatchObject({ correct: correctOf(3002), chosenWrong: true });
    const page = html(McqRoute, result, result);
    expect(page.match(/is-correct/g)).toHaveLength(3);
    expect(page.match(/is-wrong/g)).toHaveLength(1);
    expect((await submit([["set", "905"], ["intent", "submit"]])).status).toBe(400);
    expect((await submit([["set", "903"], ["intent", "nope"]])).status).toBe(400);
    const clear = await submit([["set", "903"], ["intent", "clear"]]);
    expect(clear.status).toBe(303);
    expect(clear.headers.get("Location")).toBe("/mq/1?set=903&page=1");
  });

  it("checks one question at a time: its key and explanation come back at its anchor, the others stay open", async () => {
    const check = (fields: [string, string][]) => call(mqAction, "/mq/1", { id: "1" }, form(fields));
    const before = html(McqRoute, await (await mq("1")).json());
    expect(before).toContain(
      '<button type="submit" name="check" value="3001" formaction="/mq/1?set=903&amp;page=1#q-3001" class="btn btn-ghost btn-small" data-swap="#q-3001"',
    );
    expect(before).not.toMatch(LEAKS);
    // Question 3002 answered wrong and checked; 3001 answered but not checked.
    const first = await check([["set", "903"], ["page", "1"], ["q3001", correctOf(3001)], ["q3002", wrongOf(3002)], ["check", "3002"]]);
    expect(first.status).toBe(200);
    const data = await first.json();
    expect(data.state).toMatchObject({ submitted: false, showResult: false, score: null });
    expect(Object.keys(data.state.results)).toEqual(["3002"]);
    expect(data.state.results["3002"]).toMatchObject({ correct: correctOf(3002), chosenWrong: true, explanationHtml: expect.stringContaining("ব্যাখ্যা 3002") });
    const page = html(McqRoute, data, data);
    const card = (id: number) => page.slice(page.indexOf(`id="q-${id}"`), page.indexOf("</li>", page.indexOf(`id="q-${id}"`)));
    expect(card(3002)).toContain("is-correct");
    expect(card(3002)).toContain("is-wrong");
    expect(card(3002)).toContain("ব্যাখ্যা 3002");
    expect(hiddenFields(card(3002))).toEqual(expect.arrayContaining([["checked", "3002"], ["q3002", wrongOf(3002)]]));
    expect(card(3002).match(/type="radio"[^>]*disabled/g)).toHaveLength(4);
    // The others: no key, still open, still checkable.
    expect(card(3001)).not.toMatch(LEAKS);
    expect(card(3001)).not.toContain("disabled");
    expect(card(3001)).toContain('name="check" value="3001"');
    expect(card(3001)).toMatch(/name="q3001" checked="" value=/);
    // Checking another keeps the first one's answer (from its hidden fields), then Submit scores all.
    const second = await (
      await check([["set", "903"], ["page", "1"], ["checked", "3002"], ["q3002", wrongOf(3002)], ["q3001", correctOf(3001)], ["check", "3001"]])
    ).json();
    expect(Object.keys(second.state.results).sort()).toEqual(["3001", "3002"]);
    expect(second.state.results["3001"].chosenWrong).toBe(false);
    // Junk in check/checked asks about nothing it does not know.
    const junk = await (await check([["set", "903"], ["check", "abc"], ["checked", "99999"], ["checked", "-1"]])).json();
    expect(junk.state.results).toBeNull();
  });
});

describe("example", () => {
  const ex = (qs = "") => call(exampleLoader, `/example${qs}`);

  it("without (valid) parameters explains and offers the sample, with status 200", async () => {
    for (const qs of ["", "?extid=1", "?extid=abc&exqnameid=1", "?extid=0&exqnameid=0"]) {
      const res = await ex(qs);
      expect(res.status).toBe(200);
      const data = await res.json();
      expect(data).toEqual({ params: null, examples: [] });
      const page = html(ExamplePage, data);
      expect(page).toContain('href="/example?extid=1&amp;exqnameid=1"');
      expect(page).toContain("Load Example Data");
    }
  });

  it("lists the examples with Bangla board-year, solution behind সমাধান and the video as a link until asked", async () => {
    const data = await (await ex("?extid=1&exqnameid=1")).json();
    expect(data.examples).toHaveLength(2);
    const [a, b] = data.examples;
    expect(a.boardYear).toBe("ঢা. বো. ২০১৯");
    expect(a.questionHtml).toContain('class="katex"');
    expect(a.answerHtml).toContain('class="katex"');
    expect(a.video).toEqual({
      watchUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      thumbnail: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      playHref: "/example?extid=1&exqnameid=1&play=1#ex-1",
      embed: null,
    });
    expect(b.video).toBeNull();
    const page = html(ExamplePage, data);
    // The solution opens without JavaScript: a disclosure whose button says সমাধান.
    expect(byRole(page, "button", { name: "সমাধান" }).map((b) => b.tag)).toEqual(["summary", "summary"]);
    expect(page).toContain("No video available for this example.");
    // No player is embedded before a click asks for it (markup is the point: an iframe loads YouTube).
    expect(page).not.toContain("<iframe");
    const playing = await (await ex("?extid=1&exqnameid=1&play=1")).json();
    expect(playing.examples[0].video.embed).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&modestbranding=1&autoplay=1");
    expect(html(ExamplePage, playing).match(/<iframe/g)).toHaveLength(1);
  });

  it("a valid pair with no examples is an empty list, not an error", async () => {
    const res = await ex("?extid=9&exqnameid=9");
    expect(res.status).toBe(200);
    expect((await res.json()).examples).toEqual([]);
  });
});
