// No page typesets math at request time: every *_html column is rendered when content is saved or
// seeded (models/rendering.server.ts), and pages only read it. This test puts math everywhere it can
// be, renders it once, then calls every public loader (and the scoring actions) with KaTeX's
// renderToString spied on: the count must stay 0 while every page still shows typeset math.
import katex from "katex";
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { renderStaffHtml } from "~/lib/math.server";
import { clearShellCache } from "~/models/site.server";
import { loader as rootLoader } from "~/root";
import { loader as indexLoader } from "~/routes/_index";
import { loader as homeLoader } from "~/routes/home";
import { loader as categoryLoader } from "~/routes/category.$cid";
import { loader as categoryQueryLoader } from "~/routes/category._index";
import TitlePage, { loader as titleLoader } from "~/routes/title.$id";
import { loader as subjectLoader } from "~/routes/subject.$sname._index";
import { loader as subjectGradeLoader } from "~/routes/subject.$sname.$sid.$gid";
import AboutPage, { loader as aboutLoader } from "~/routes/about.$page";
import { loader as aboutIndexLoader } from "~/routes/about._index";
import { loader as contactLoader } from "~/routes/contact";
import ExamplePage, { loader as exampleLoader } from "~/routes/example";
import ExamPage, { action as examAction, loader as examLoader } from "~/routes/exampage.$grtid";
import { loader as examIndexLoader } from "~/routes/exampage._index";
import { loader as legacyExamLoader } from "~/routes/exampage[.]php";
import ExamSubPage, { loader as subLoader } from "~/routes/exam-subpage.($thtid)";
import { loader as examPickerLoader } from "~/routes/exam-picker";
import McqRoute, { action as mqAction, loader as mqLoader } from "~/routes/mq.$id/route";
import { action as mqSubAction, loader as mqSubLoader } from "~/routes/mq.sub.$subcat";
import { loader as boardIndexLoader } from "~/routes/board-question._index";
import { loader as boardSubjectLoader } from "~/routes/board-question.$sid";
import BoardPaperPage, { loader as paperLoader } from "~/routes/board-question.$sid_.paper.$pid";
import SubjectBoardPapers, { loader as qpLoader } from "~/routes/qp-by-subject-board.$sid.$bid";
import { loader as creativeLoader } from "~/routes/board-creative";
import { loader as multiqLoader } from "~/routes/board-multiq";
import { loader as questionPaperIndexLoader } from "~/routes/questionpaper._index";
import ExamQuestionPaper, { loader as questionPaperLoader } from "~/routes/questionpaper.$grtid";
import MakeQuestionTool, { loader as makeQuestionLoader } from "~/routes/make-question.$sname.$sid.$gid._index";
import MakeQuestionBank, { loader as bankLoader } from "~/routes/make-question.$sname.$sid.$gid.questions";
import MakeQuestionSettings, { action as settingsAction, loader as settingsLoader } from "~/routes/make-question.$sname.$sid.$gid.settings";
import SavedPaper, { loader as savedPaperLoader } from "~/routes/questionpaper.p.$code";
import MadePaper, { loader as madePaperLoader } from "~/routes/make-question.$sname.$sid.$gid.paper";
import { loader as liveIndexLoader } from "~/routes/live._index";
import { loader as liveRoomLoader } from "~/routes/live.room";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as countLoader } from "~/routes/api.online.count";
import { loader as legacyCountLoader } from "~/routes/api.online.count[.]php";
import { action as pingAction } from "~/routes/api.online.ping";
import { loader as healthLoader } from "~/routes/healthz";
import { loader as notFoundLoader } from "~/routes/$";
import { call, closeDb, db, insertQuestions, newestPaperCode, renderFixtures, resetTables, schema, type QuestionFixture } from "./db";
import { renderData } from "../support/render";
import { subjectRowsOf } from "./home-page";

// The route components read their data with Remix's hooks; here they get the loader/action output.

/** Watches katex.renderToString from the end of beforeAll (after the fixtures are rendered) on. */
let spy: MockInstance<typeof katex.renderToString>;
/** KaTeX calls per page (and per rendered component), to name the one that made any. */
const calls: Record<string, number> = {};

/** A route component's markup for the given loader (and action) data; its KaTeX calls are counted too. */
function html(Component: FunctionComponent, loaderData: unknown, actionData?: unknown) {
  renderData.loader = loaderData;
  renderData.action = actionData;
  const before = spy.mock.calls.length;
  const markup = renderToStaticMarkup(createElement(Component));
  const name = `render ${Component.name}${actionData ? " (posted)" : ""}`;
  calls[name] = (calls[name] ?? 0) + spy.mock.calls.length - before;
  expect(calls[name], `KaTeX calls rendering ${name}`).toBe(0);
  return markup;
}

/** `class="katex"`, also inside JSON text (where the quotes are escaped). */
const KATEX = /class=\\?"katex\\?"/g;
const katexCount = (s: string) => s.match(KATEX)?.length ?? 0;
const KEYS = ["ক", "খ", "গ", "ঘ"];

/* ------------------------------------------------------------------ fixtures: math everywhere -- */

const SUBJECT = { sname: "higher-math", sid: "1", gid: "1" };
const EXAM_SET = 900;
const MCQ_SET = 903;
const SUB_SET = 905;
const CREATIVE_SET = 950;
const BOARD_MCQ_SET = 960;
const CREATIVE_Q = 9501;

/** An MCQ with math in its intro, body, every option and the explanation. */
const mcq = (id: number, setId: number, sort: number): QuestionFixture => ({
  id,
  setId,
  sort,
  chapterId: 10,
  subjectId: 1,
  gradeId: 1,
  intro: `<p>উদ্দীপক ${id}: $y = ${id}x + c$</p>`,
  body: `<p>$x^{2} = ${id}$ হলে $x$ এর মান কত?</p>`,
  options: KEYS.map((k, i) => `$\\sqrt{${id + i}}$ (${k})`),
  explanation: `<p>ব্যাখ্যা ${id}: $\\frac{${id}}{2}$</p>`,
  correctKey: KEYS[id % 4],
  boardYear: "dhaka: 23",
});

const MCQS: QuestionFixture[] = [
  ...[1, 2, 3].map((n) => mcq(9000 + n, EXAM_SET, n)),
  ...[1, 2].map((n) => mcq(9030 + n, MCQ_SET, n)),
  ...[1, 2].map((n) => mcq(9050 + n, SUB_SET, n)),
  ...[1, 2].map((n) => mcq(9600 + n, BOARD_MCQ_SET, n)),
];

beforeAll(async () => {
  await resetTables();
  await db.insert(schema.grades).values({ id: 1, name: "এসএসসি", sort: 1 });
  await db.insert(schema.subjects).values({ id: 1, name: "উচ্চতর গণিত", slug: "higher-math", icon: "square-root", sort: 1 });
  await db.insert(schema.subjectGrades).values({ subjectId: 1, gradeId: 1 });
  await db.insert(schema.categories).values({ id: 10, subjectId: 1, gradeId: 1, name: "সেট ও ফাংশন", sort: 1 });
  await db.insert(schema.titles).values([
    { id: 100, categoryId: 10, name: "সেটের ধারণা", content: String.raw`<p>$A \cup B$ এবং \(\frac{a}{b}\)</p><p>$$\int_0^1 x\,dx$$</p>`, sort: 1 },
    { id: 101, categoryId: 10, name: "ফাংশন", content: "<p>$f(x) = x^2$</p>", sort: 2 },
  ]);
  await db.insert(schema.infoPages).values([
    { slug: "aboutus", title: "আমাদের কথা", content: "<p>আমরা $e^{i\\pi} + 1 = 0$ ভালোবাসি</p>" },
    { slug: "author", title: "লেখক", content: "<p>লেখক $a^2 + b^2 = c^2$</p>" },
    { slug: "products", title: "পণ্য", content: "<p>বই $\\sum_{k=1}^n k$</p>" },
    { slug: "contact", title: "যোগাযোগ", content: "<p>যোগাযোগ $\\pi r^2$</p>" },
  ]);
  await db.insert(schema.mcqCategories).values([
    { id: 1, name: "HSC Physics MCQ", sort: 1 },
    { id: 2, parentId: 1, name: "ভেক্টর", sort: 1 },
  ]);
  await db.insert(schema.questionSets).values([
    { id: EXAM_SET, name: "মডেল টেস্ট" },
    { id: MCQ_SET, mcqCategoryId: 1, name: "অনুশীলন ১" },
    { id: SUB_SET, mcqCategoryId: 2, name: "ভেক্টর অনুশীলন" },
    { id: CREATIVE_SET, name: "সৃজনশীল ২০২৩" },
    { id: BOARD_MCQ_SET, name: "বহুনির্বাচনি ২০২৩" },
  ]);
  // A creative question: stem and parts ক–ঘ with math, in the creative board paper's set.
  await db.insert(schema.questions).values({
    id: CREATIVE_Q,
    type: "creative",
    subjectId: 1,
    gradeId: 1,
    chapterId: 10,
    intro: String.raw`<p>$f(x) = \frac{2x+1}{x-1}$ একটি ফাংশন।</p>`,
    body: "",
    marks: "10",
  });
  await db.insert(schema.questionParts).values(
    KEYS.map((label, i) => ({ questionId: CREATIVE_Q, label, body: `<p>$f^{${i + 1}}(x)$ নির্ণয় কর।</p>`, marks: String(i + 1), sort: i + 1 })),
  );
  await db.insert(schema.setQuestions).values({ setId: CREATIVE_SET, questionId: CREATIVE_Q, sort: 1 });
  await db.insert(schema.questionSources).values({ questionId: CREATIVE_Q, board: "dhaka", year: 2023, sort: 1 });
  await db.insert(schema.examTitleGroups).values({ id: 1, name: "এসএসসি মডেল টেস্ট", announce: "<p>নতুন পরীক্ষা: $a^2 - b^2$</p>" });
  await db.insert(schema.examGroups).values({ id: 10, titleGroupId: 1, name: "বিজ্ঞান", subjectName: "Science", sort: 1 });
  await db.insert(schema.examGroupSubjects).values({ id: 100, groupId: 10, name: "গণিত", sort: 1 });
  await db.insert(schema.examTitles).values({
    id: 500,
    groupSubjectId: 100,
    name: "গণিত মডেল টেস্ট",
    description: "<p>বীজগণিত: $(a+b)^2$</p>",
    questionSetId: EXAM_SET,
    fullMarks: 3,
    durationMinutes: 5,
    negativeMark: "0.25",
    keyPublished: true,
  });
  await db.insert(schema.examples).values({
    id: 1,
    extid: 1,
    exqnameid: 1,
    question: "<p>$\\int_0^1 x\\,dx$ এর মান নির্ণয় কর।</p>",
    answer: "<p>$\\frac{1}{2}$</p>",
    boardYear: "dhaka: 19",
    sort: 1,
  });
  await db.insert(schema.boards).values({ id: 1, code: "dhaka", name: "ঢাকা বোর্ড", sort: 1 });
  await db.insert(schema.boardSubjects).values({ id: 1, name: "উচ্চতর গণিত", subjectId: 1, sort: 1 });
  await db.insert(schema.boardPapers).values([
    {
      id: 101,
      boardSubjectId: 1,
      boardId: 1,
      year: 2023,
      kind: "creative",
      title: "উচ্চতর গণিত সৃজনশীল ২০২৩",
      boardYear: "dhaka: 23",
      content: "<p>নির্দেশনা: $n$ টি প্রশ্নের উত্তর দাও, $\\binom{8}{5}$ উপায়ে।</p>",
      questionSetId: CREATIVE_SET,
    },
    { id: 111, boardSubjectId: 1, boardId: 1, year: 2023, kind: "mcq", title: "উচ্চতর গণিত বহুনির্বাচনি ২০২৩", boardYear: "dhaka: 23", questionSetId: BOARD_MCQ_SET },
  ]);
  await db.insert(schema.liveClasses).values({
    id: 1,
    title: "ত্রিকোণমিতি লাইভ",
    startsAt: new Date(Date.now() + 86_400_000),
    durationMinutes: 60,
    streamUrl: "https://www.youtube.com/watch?v=AAAAAAAAAA1",
  });
  await insertQuestions(MCQS); // renders everything inserted above as well
  await renderFixtures();
  clearShellCache();
  // From here on nothing may typeset: pages read what was rendered above.
  spy = vi.spyOn(katex, "renderToString");
});

afterAll(async () => {
  vi.restoreAllMocks();
  await closeDb();
});

/* ------------------------------------------------------------------ calling the pages -- */

/** Calls a page with the spy watching; the response must have the expected status. */
async function visit(name: string, load: () => Promise<Response>, status = 200) {
  const before = spy.mock.calls.length;
  const res = await load();
  calls[name] = spy.mock.calls.length - before;
  expect(res.status, name).toBe(status);
  expect(calls[name], `KaTeX calls on ${name}`).toBe(0);
  return res;
}
const text = async (name: string, load: () => Promise<Response>, status = 200) => (await visit(name, load, status)).text();
const data = async (name: string, load: () => Promise<Response>, status = 200) => JSON.parse(await text(name, load, status));

const form = (fields: [string, string][]) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

describe("the KaTeX spy", () => {
  it("sees the calls the renderer makes (so 0 below means none were made)", () => {
    expect(spy).toHaveBeenCalledTimes(0);
    expect(katexCount(renderStaffHtml("<p>$x$</p>"))).toBe(1);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0][0]).toBe("x");
    spy.mockClear();
    expect(spy).toHaveBeenCalledTimes(0);
  });
});

describe("every public page answers from stored HTML, with 0 KaTeX calls", () => {
  it("shell, home, subject, category (also ?catid=)", async () => {
    renderData.root = await data("root", () => call(rootLoader, "/home"));
    // One subject+grade, in both of the navbar's dropdowns (Subjects, Make Question).
    expect((renderData.root as { frame: { navbar: string } }).frame.navbar.match(/<a href="\/(subject|make-question)\/[^"]+\/\d+\/\d+"/g)).toHaveLength(2);
    const home = await data("home", () => call(homeLoader, "/home"));
    expect(subjectRowsOf(home.sections)[0].categories).toEqual([10]);
    await data("subject", () => call(subjectLoader, "/subject/higher-math", { sname: "higher-math" }));
    await data("subject+grade", () => call(subjectGradeLoader, "/subject/higher-math/1/1", SUBJECT));
    await data("category", () => call(categoryLoader, "/category/10", { cid: "10" }));
    const old = await visit("category?catid=", () => call(categoryQueryLoader, "/category?catid=10"), 301);
    expect(old.headers.get("Location")).toBe("/category/10");
  });

  it("title: the topic's typeset content", async () => {
    const title = await data("title", () => call(titleLoader, "/title/100", { id: "100" }));
    expect(katexCount(title.html)).toBe(3);
    expect(title.html).toContain('class="katex-display"');
    expect(katexCount(html(TitlePage, title))).toBe(3);
    expect(katexCount((await data("title 2", () => call(titleLoader, "/title/101", { id: "101" }))).html)).toBe(1);
  });

  it("about pages and contact: the info page's content", async () => {
    for (const page of ["aboutus", "author", "products"]) {
      const about = await data(`about/${page}`, () => call(aboutLoader, `/about/${page}`, { page }));
      expect(katexCount(about.content), page).toBe(1);
      expect(katexCount(html(AboutPage, about)), page).toBe(1);
    }
    const contact = await data("contact", () => call(contactLoader, "/contact"));
    expect(katexCount(contact.content)).toBe(1);
  });

  it("example: question and answer", async () => {
    const ex = await data("example", () => call(exampleLoader, "/example?extid=1&exqnameid=1"));
    expect(katexCount(ex.examples[0].questionHtml)).toBe(1);
    expect(katexCount(ex.examples[0].answerHtml)).toBe(1);
    expect(katexCount(html(ExamplePage, ex))).toBe(2);
  });

  it("exam sub-page: the title group's announcement, a group, an exam title's description", async () => {
    const page = await data("exam-subpage", () => call(subLoader, "/exam-subpage"));
    expect(katexCount(page.announceHtml)).toBe(1);
    const one = await data("exam-subpage/1", () => call(subLoader, "/exam-subpage/1", { thtid: "1" }));
    expect(katexCount(one.announceHtml)).toBe(1);
    const group = await data("exam-subpage group", () => call(subLoader, "/exam-subpage/1?group=10", { thtid: "1" }));
    expect(group.subjects[0].titles.map((t: { id: number }) => t.id)).toEqual([500]);
    const title = await data("exam-subpage title", () => call(subLoader, "/exam-subpage/1?group=10&title=500", { thtid: "1" }));
    expect(katexCount(title.title.descriptionHtml)).toBe(1);
    expect(katexCount(html(ExamSubPage, title))).toBe(2); // the announcement and the description
  });

  it("exam page: intro, body and options; View Result adds the explanations", async () => {
    const exam = await data("exampage", () => call(examLoader, "/exampage/500", { grtid: "500" }));
    expect(exam.questions).toHaveLength(3);
    for (const q of exam.questions) {
      expect(katexCount(q.introHtml), `intro ${q.id}`).toBe(1);
      expect(katexCount(q.html), `body ${q.id}`).toBe(2);
      expect(q.options.map((o: { html: string }) => katexCount(o.html))).toEqual([1, 1, 1, 1]);
    }
    const fields: [string, string][] = [
      ["page", "1"],
      ["pageSize", "25"],
      ["includeCorrect", "1"],
      ["q9001", KEYS[9001 % 4]],
      ["q9002", KEYS[(9002 + 1) % 4]],
      ["intent", "result"],
    ];
    const scored = await data("exampage POST result", () => call(examAction, "/exampage/500", { grtid: "500" }, form(fields)));
    expect(scored.state.score).toMatchObject({ right: 1, wrong: 1, skipped: 1 });
    for (const id of ["9001", "9002", "9003"]) {
      expect(scored.state.results[id].correct, id).toBe(KEYS[Number(id) % 4]);
      expect(katexCount(scored.state.results[id].explanationHtml), id).toBe(1);
    }
    const page = html(ExamPage, exam, scored);
    expect(page).toContain("ব্যাখ্যা");
    expect(katexCount(page)).toBe(3 * (1 + 2 + 4 + 1));
  });

  it("MCQ practice (mq/{id}, mq/sub/{subcat}): the questions, and View Result's explanations", async () => {
    const top = await data("mq", () => call(mqLoader, "/mq/1", { id: "1" }));
    expect(top.questions.map((q: { id: number }) => q.id)).toEqual([9031, 9032]);
    expect(katexCount(JSON.stringify(top.questions))).toBe(2 * (1 + 2 + 4));
    const fields: [string, string][] = [["set", String(MCQ_SET)], ["q9031", KEYS[9031 % 4]], ["intent", "result"]];
    const scored = await data("mq POST result", () => call(mqAction, "/mq/1", { id: "1" }, form(fields)));
    expect(scored.state.score).toMatchObject({ right: 1, skipped: 1 });
    expect(katexCount(scored.state.results["9032"].explanationHtml)).toBe(1);
    const page = html(McqRoute, scored, scored);
    expect(katexCount(page)).toBe(2 * (1 + 2 + 4 + 1));

    const sub = await data("mq/sub", () => call(mqSubLoader, "/mq/sub/2", { subcat: "2" }));
    expect(sub.questions.map((q: { id: number }) => q.id)).toEqual([9051, 9052]);
    expect(katexCount(JSON.stringify(sub.questions))).toBe(2 * (1 + 2 + 4));
    const subScored = await data("mq/sub POST result", () =>
      call(mqSubAction, "/mq/sub/2", { subcat: "2" }, form([["set", String(SUB_SET)], ["intent", "result"]])),
    );
    expect(katexCount(subScored.state.results["9051"].explanationHtml)).toBe(1);
  });

  it("board papers: lists, a creative paper (content, stem and parts), an MCQ paper, a subject+board", async () => {
    await data("board-question", () => call(boardIndexLoader, "/board-question"));
    const list = await data("board-question/{sid}", () => call(boardSubjectLoader, "/board-question/1", { sid: "1" }));
    expect(list.total).toBe(2);
    expect((await data("board-creative", () => call(creativeLoader, "/board-creative"))).total).toBe(1);
    expect((await data("board-multiq", () => call(multiqLoader, "/board-multiq"))).total).toBe(1);

    const creative = await data("creative paper", () => call(paperLoader, "/board-question/1/paper/101", { sid: "1", pid: "101" }));
    expect(katexCount(creative.paper.contentHtml)).toBe(2);
    const [q] = creative.paper.questions;
    expect(q).toMatchObject({ id: CREATIVE_Q, type: "creative", options: [] });
    expect(katexCount(q.introHtml)).toBe(1);
    expect(q.parts.map((p: { html: string }) => katexCount(p.html))).toEqual([1, 1, 1, 1]);
    const creativePage = html(BoardPaperPage, creative);
    expect(katexCount(creativePage)).toBe(2 + 1 + 4);
    expect(creativePage).toContain("উদ্দীপক:");

    const mcqPaper = await data("mcq paper", () => call(paperLoader, "/board-question/1/paper/111", { sid: "1", pid: "111" }));
    expect(mcqPaper.paper.questions.map((x: { id: number }) => x.id)).toEqual([9601, 9602]);
    expect(katexCount(JSON.stringify(mcqPaper.paper.questions))).toBe(2 * (1 + 2 + 4 + 1));
    // The answer behind <details>: the correct option's math again, and the explanation.
    expect(katexCount(html(BoardPaperPage, mcqPaper))).toBe(2 * (1 + 2 + 4 + 1 + 1));

    const qp = await data("qp-by-subject-board", () => call(qpLoader, "/qp-by-subject-board/1/1", { sid: "1", bid: "1" }));
    expect(qp.papers.map((p: { id: number }) => p.id)).toEqual([101, 111]);
    expect(katexCount(html(SubjectBoardPapers, qp))).toBe(2 + 1 + 4 + 2 * (1 + 2 + 4 + 1 + 1));
  });

  it("question papers of the exams", async () => {
    const list = await data("questionpaper", () => call(questionPaperIndexLoader, "/questionpaper"));
    expect(list.exams).toMatchObject([{ id: 500, questionCount: 3 }]);
    const paper = await data("questionpaper/{grtid}", () => call(questionPaperLoader, "/questionpaper/500", { grtid: "500" }));
    expect(katexCount(paper.exam.descriptionHtml)).toBe(1);
    expect(katexCount(JSON.stringify(paper.questions))).toBe(3 * (1 + 2 + 4 + 1));
    // Printed with a separate answer key: the description, then intro, body and options.
    expect(katexCount(html(ExamQuestionPaper, paper))).toBe(1 + 3 * (1 + 2 + 4));
  });

  it("the make-question tool: chapters, the bank, the settings, the saved paper with its sets, keys and OMR sheet", async () => {
    const base = "/make-question/higher-math/1/1";
    const chapters = await data("make-question", () => call(makeQuestionLoader, base, SUBJECT));
    expect(chapters.chapters).toEqual([{ id: 10, name: "সেট ও ফাংশন", mcq: MCQS.length, creative: 1 }]);
    html(MakeQuestionTool, chapters);
    const bank = await data("make-question/questions", () => call(bankLoader, `${base}/questions?ch=10`, SUBJECT));
    expect(bank.lists[0].questions.map((q: { id: number }) => q.id)).toEqual(MCQS.map((q) => q.id));
    expect(bank.lists[1].questions.map((q: { id: number }) => q.id)).toEqual([CREATIVE_Q]);
    expect(katexCount(JSON.stringify(bank.lists))).toBe(MCQS.length * (1 + 2 + 4) + (1 + 4));
    expect(katexCount(html(MakeQuestionBank, bank))).toBe(MCQS.length * (1 + 2 + 4) + (1 + 4));
    const ids = [9001, 9031, 9601, CREATIVE_Q];
    const query = ids.map((id) => `q=${id}`).join("&");
    const settings = await data("make-question/settings", () => call(settingsLoader, `${base}/settings?${query}`, SUBJECT));
    expect(katexCount(html(MakeQuestionSettings, settings))).toBe(3 * (1 + 2 + 4) + (1 + 4));
    const saved = await call(settingsAction, `${base}/settings`, SUBJECT, {
      method: "POST",
      body: new URLSearchParams([...ids.map((id) => ["q", String(id)]), ["exam", "টেস্ট"], ["sets", "2"], ["time", "30"]]).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(saved.status).toBe(303);
    // The save goes to the teacher's private page; the public link is the paper's code.
    const code = await newestPaperCode();
    const paper = await data("questionpaper/p/{code}", () => call(savedPaperLoader, `/questionpaper/p/${code}`, { code }));
    // Two sets of the three MCQs (intro, body with two formulas, four options) and the creative question (stem, parts); keys and OMR have none.
    expect(katexCount(html(SavedPaper, paper))).toBe(2 * (3 * (1 + 2 + 4) + (1 + 4)));
  });

  it("the printed paper shows a chosen creative paper's bank questions (stem and parts), typeset", async () => {
    const paper = await data("make-question paper ?c=", () =>
      call(madePaperLoader, "/make-question/higher-math/1/1/paper?c=101", SUBJECT),
    );
    const [creative] = paper.creative;
    expect(creative.questions).toHaveLength(1); // the loader has them ...
    const printed = html(MadePaper, paper);
    // ... and the page must print them, as board-question/{sid}/paper/{pid} does: content 2, stem 1, parts 4.
    expect(printed).toContain("একটি ফাংশন");
    expect(katexCount(printed)).toBe(2 + 1 + 4);
  });

  it("live room, sitemap, online count and the small routes", async () => {
    const live = await data("live/room", () => call(liveRoomLoader, "/live/room"));
    expect(live.featured).toMatchObject({ status: "next", title: "ত্রিকোণমিতি লাইভ" });
    const sitemap = await text("sitemap.xml", () => call(sitemapLoader, "/sitemap.xml"));
    expect(sitemap).toContain("/title/100</loc>");
    expect(await data("api/online/count", () => call(countLoader, "/api/online/count"))).toMatchObject({ ok: true });
    expect(await data("api/online/count.php", () => call(legacyCountLoader, "/api/online/count.php"))).toMatchObject({ ok: true });
    const ping = { method: "POST", body: JSON.stringify({ sessionKey: "katex-test-1", page: "/title/100" }), headers: { "Content-Type": "application/json" } };
    await visit("api/online/ping", () => call(pingAction, "/api/online/ping", {}, ping));
    await visit("healthz", () => call(healthLoader, "/healthz"));
    await visit("robots.txt", () => call(robotsLoader, "/robots.txt"));
    await visit("/", () => call(indexLoader, "/"), 301);
    await visit("about", () => call(aboutIndexLoader, "/about"), 301);
    await visit("exampage?grtid=", () => call(examIndexLoader, "/exampage?grtid=500"), 301);
    await visit("exampage.php", () => call(legacyExamLoader, "/exampage.php?grtid=500"), 301);
    await visit("exam-picker", () => call(examPickerLoader, "/exam-picker"), 302);
    await visit("live", () => call(liveIndexLoader, "/live"), 302);
    await visit("404", () => call(notFoundLoader, "/nope", { "*": "nope" }), 404);
  });

  it("made no KaTeX call on any page", () => {
    expect(Object.keys(calls).length).toBeGreaterThanOrEqual(50);
    expect(Object.keys(calls).filter((k) => k.startsWith("render ")).length).toBeGreaterThanOrEqual(10);
    expect(Object.entries(calls).filter(([, n]) => n > 0)).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(0);
  });
});
