// No N+1: the number of database round trips a page makes does not grow with the data. Every public
// page type is measured with a small and a large fill (more subjects, chapters, titles, sets, questions
// per set, papers, exams, examples, live classes ...): the counts must be equal, above 0 and at most 8.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryCount } from "~/db/client.server";
import { renderStaffHtml } from "~/lib/math.server";
import { RENDER_VERSION } from "~/models/rendering.server";
import { clearShownCount } from "~/models/presence.server";
import { clearShellCache } from "~/models/site.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/home";
import { loader as categoryLoader } from "~/routes/category.$cid";
import { loader as categoryQueryLoader } from "~/routes/category._index";
import { loader as titleLoader } from "~/routes/title.$id";
import { loader as subjectIndexLoader } from "~/routes/subject.$sname._index";
import { loader as subjectLoader } from "~/routes/subject.$sname.$sid.$gid";
import { loader as aboutLoader } from "~/routes/about.$page";
import { loader as contactLoader } from "~/routes/contact";
import { loader as exampleLoader } from "~/routes/example";
import { action as examAction, loader as examLoader } from "~/routes/exampage.$grtid";
import { loader as subLoader } from "~/routes/exam-subpage.($thtid)";
import { action as mqAction, loader as mqLoader } from "~/routes/mq.$id/route";
import { action as mqSubAction, loader as mqSubLoader } from "~/routes/mq.sub.$subcat";
import { loader as boardIndexLoader } from "~/routes/board-question._index";
import { loader as boardSubjectLoader } from "~/routes/board-question.$sid";
import { loader as paperLoader } from "~/routes/board-question.$sid_.paper.$pid";
import { loader as qpLoader } from "~/routes/qp-by-subject-board.$sid.$bid";
import { loader as creativeLoader } from "~/routes/board-creative";
import { loader as multiqLoader } from "~/routes/board-multiq";
import { loader as questionPaperIndexLoader } from "~/routes/questionpaper._index";
import { loader as questionPaperLoader } from "~/routes/questionpaper.$grtid";
import { loader as makeQuestionLoader } from "~/routes/make-question.$sname.$sid.$gid._index";
import { loader as bankLoader } from "~/routes/make-question.$sname.$sid.$gid.questions";
import { action as settingsAction, loader as settingsLoader } from "~/routes/make-question.$sname.$sid.$gid.settings";
import { loader as savedPaperLoader } from "~/routes/questionpaper.p.$code";
import { loader as madePaperLoader } from "~/routes/make-question.$sname.$sid.$gid.paper";
import { loader as liveRoomLoader } from "~/routes/live.room";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { loader as countLoader } from "~/routes/api.online.count";
import { action as startAction } from "~/routes/exampage.$grtid_.start";
import { action as attemptAction, loader as attemptLoader } from "~/routes/exampage.$grtid_.attempt.$attemptId/route";
import { loader as resultLoader } from "~/routes/exampage.$grtid_.attempt.$attemptId_.result";
import { action as saveAction } from "~/routes/exampage.$grtid_.attempt.$attemptId_.save";
import { loader as myExamsLoader } from "~/routes/my-exams._index";
import { action as mistakesAction, loader as mistakesLoader } from "~/routes/my-exams.mistakes";
import { browserHash } from "~/lib/exam-browser.server";
import { clearExamCache } from "~/models/attempts.server";
import { loader as searchLoader } from "~/routes/search/route";
import { call, closeDb, db, insertQuestions, newestPaperCode, resetTables, schema, type QuestionFixture } from "./db";

const KEYS = ["ক", "খ", "গ", "ঘ"];
const SUBJECT = { sname: "s1", sid: "1", gid: "1" };

/** What the pages below ask for, as the current fill made it. */
const fx = {
  examPage1: [] as number[], // the first exam page's questions (exam 1)
  exam1: [] as number[], // all of exam 1's questions
  mcqSet1: [] as number[], // MCQ category 1's first set
  subSet1: [] as number[], // sub-category's first set
  mcqIds: [] as number[], // every MCQ of the bank
  creativePaperIds: [] as number[],
  subId: 0, // a sub-category of MCQ category 1
  firstCreativePaper: 0,
  firstMcqPaper: 0,
  creativeIds: [] as number[], // every creative question of the bank
  paperCode: "", // the paper the make-question POST below saved
};

const form = (fields: [string, string][]) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
/** Answers for a page of questions: every third right, every third wrong, the rest skipped. */
const answers = (ids: number[]): [string, string][] =>
  ids.flatMap((id, i): [string, string][] => (i % 3 === 2 ? [] : [[`q${id}`, KEYS[(id + i) % 4]]]));

/** Pages answer 200 unless they say otherwise (post/redirect/get answers 303). */
type Page = [string, () => Promise<Response>, number?];
/** What a teacher ticks: up to 100 MCQs and 20 creative questions of the bank. */
const selection = () => [...fx.mcqIds.slice(0, 100), ...fx.creativeIds.slice(0, 20)].map((id) => `q=${id}`).join("&");
const make = "/make-question/s1/1/1";

// Timed attempts: a browser with a running and a finished attempt of exam 1 (ids made by fill()).
const BROWSER = `grbd_exams=${"K".repeat(32)}`;
const RUNNING = "running0000000000000000A";
const FINISHED = "finished000000000000000A";
const attempt = { grtid: "1", attemptId: RUNNING };
const withCookie = (init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as Record<string, string>), Cookie: BROWSER } });
/** The exam's questions are shared by every attempt and cached per process: measured cold. */
const cold = (load: () => Promise<Response>) => () => (clearExamCache(), load());
const pages: Page[] = [
  ["shell", () => (clearShellCache(), clearShownCount(), call(rootLoader, "/home"))],
  ["home", () => call(homeLoader, "/home")],
  ["category", () => call(categoryLoader, "/category/1", { cid: "1" })],
  ["title", () => call(titleLoader, "/title/1", { id: "1" })],
  ["subject", () => call(subjectLoader, "/subject/s1/1/1", SUBJECT)],
  ["subject index", () => call(subjectIndexLoader, "/subject/s1", { sname: "s1" })],
  ["about", () => call(aboutLoader, "/about/aboutus", { page: "aboutus" })],
  ["contact", () => call(contactLoader, "/contact")],
  ["example", () => call(exampleLoader, "/example?extid=1&exqnameid=1")],
  ["exam-subpage", () => call(subLoader, "/exam-subpage/1", { thtid: "1" })],
  ["exam-subpage group", () => call(subLoader, "/exam-subpage/1?group=1", { thtid: "1" })],
  ["exam-subpage title", () => call(subLoader, "/exam-subpage/1?group=1&title=1", { thtid: "1" })],
  ["exampage", () => call(examLoader, "/exampage/1", { grtid: "1" })],
  [
    "exampage POST result",
    () =>
      call(examAction, "/exampage/1", { grtid: "1" }, form([
        ["page", "1"], ["pageSize", "25"], ["includeCorrect", "1"], ...answers(fx.examPage1), ["intent", "result"],
      ])),
  ],
  ["exampage POST submit", () => call(examAction, "/exampage/1", { grtid: "1" }, form([...answers(fx.examPage1), ["intent", "submit"]]))],
  ["mq", () => call(mqLoader, "/mq/1", { id: "1" })],
  ["mq POST result", () => call(mqAction, "/mq/1", { id: "1" }, form([["set", "2001"], ...answers(fx.mcqSet1), ["intent", "result"]]))],
  ["mq sub", () => call(mqSubLoader, `/mq/sub/${fx.subId}`, { subcat: String(fx.subId) })],
  [
    "mq sub POST result",
    () => call(mqSubAction, `/mq/sub/${fx.subId}`, { subcat: String(fx.subId) }, form([["set", "3001"], ...answers(fx.subSet1), ["intent", "result"]])),
  ],
  ["board-question", () => call(boardIndexLoader, "/board-question")],
  ["board-question/{sid}", () => call(boardSubjectLoader, "/board-question/1", { sid: "1" })],
  [
    "creative paper",
    () => call(paperLoader, `/board-question/1/paper/${fx.firstCreativePaper}`, { sid: "1", pid: String(fx.firstCreativePaper) }),
  ],
  ["mcq paper", () => call(paperLoader, `/board-question/1/paper/${fx.firstMcqPaper}`, { sid: "1", pid: String(fx.firstMcqPaper) })],
  ["qp-by-subject-board", () => call(qpLoader, "/qp-by-subject-board/1/1", { sid: "1", bid: "1" })],
  ["board-creative", () => call(creativeLoader, "/board-creative")],
  ["board-multiq", () => call(multiqLoader, "/board-multiq?board=dhaka")],
  ["questionpaper", () => call(questionPaperIndexLoader, "/questionpaper")],
  ["questionpaper/{grtid}", () => call(questionPaperLoader, "/questionpaper/1", { grtid: "1" })],
  ["make-question", () => call(makeQuestionLoader, make, SUBJECT)],
  ["make-question bank", () => call(bankLoader, `${make}/questions?ch=1`, SUBJECT)],
  ["make-question bank filtered", () => call(bankLoader, `${make}/questions?ch=1&board=dhaka&year=2023&difficulty=hard&type=mcq`, SUBJECT)],
  ["make-question bank random", () => call(bankLoader, `${make}/questions?random=1&nm=50&nc=50&seed=3`, SUBJECT)],
  ["make-question bank ticked", () => call(bankLoader, `${make}/questions?ch=1&${selection()}&page=2`, SUBJECT)],
  ["make-question settings", () => call(settingsLoader, `${make}/settings?${selection()}`, SUBJECT)],
  [
    "make-question settings POST",
    async () => {
      const res = await call(settingsAction, `${make}/settings`, SUBJECT, form([...new URLSearchParams(selection()), ["sets", "4"], ["exam", "টেস্ট"]]));
      // The save goes to the teacher's private page; the public link is the paper's code (read on the
      // test's own connection, not counted).
      fx.paperCode = await newestPaperCode();
      return res.status === 303 ? new Response("saved") : res;
    },
  ],
  ["questionpaper/p/{code}", () => call(savedPaperLoader, `/questionpaper/p/${fx.paperCode}`, { code: fx.paperCode })],
  ["make-question paper q", () => call(madePaperLoader, `${make}/paper?q=${fx.mcqIds.join(",")}&time=30`, SUBJECT)],
  ["make-question paper c", () => call(madePaperLoader, `${make}/paper?c=${fx.creativePaperIds.join(",")}`, SUBJECT)],
  [
    "make-question paper q+c",
    () => call(madePaperLoader, `${make}/paper?q=${fx.mcqIds.join(",")}&c=${fx.creativePaperIds.join(",")}`, SUBJECT),
  ],
  ["live/room", () => call(liveRoomLoader, "/live/room")],
  ["sitemap.xml", () => call(sitemapLoader, "/sitemap.xml")],
  ["api/online/count", () => call(countLoader, "/api/online/count")],
  ["exampage start", cold(() => call(startAction, "/exampage/1/start", { grtid: "1" }, withCookie({ method: "POST" }))), 303],
  ["attempt page", cold(() => call(attemptLoader, `/exampage/1/attempt/${RUNNING}?page=2`, attempt, withCookie()))],
  [
    "attempt POST next",
    cold(() => call(attemptAction, `/exampage/1/attempt/${RUNNING}`, attempt, withCookie(form([["shown", fx.exam1.join(",")], ...answers(fx.exam1), ["go", "11"]])))),
    303,
  ],
  [
    "attempt background save",
    cold(() => call(saveAction, `/exampage/1/attempt/${RUNNING}/save`, attempt, withCookie(form([["shown", fx.exam1.join(",")], ...answers(fx.exam1)])))),
  ],
  ["attempt result", cold(() => call(resultLoader, `/exampage/1/attempt/${FINISHED}/result`, { grtid: "1", attemptId: FINISHED }))],
  ["my-exams", () => call(myExamsLoader, "/my-exams", {}, withCookie())],
  ["my-exams mistakes", () => call(mistakesLoader, "/my-exams/mistakes", {}, withCookie())],
  ["my-exams mistakes POST result", () => call(mistakesAction, "/my-exams/mistakes", {}, withCookie(form([["page", "1"], ["intent", "result"]])))],
  ["search", () => call(searchLoader, `/search?q=${encodeURIComponent("পাঠ")}`)],
  ["search board and year (questions with their pages)", () => call(searchLoader, "/search?q=dhaka+23")],
  ["search one kind, page 2", () => call(searchLoader, "/search?q=x&kind=mcq&page=2")],
  ["search, some words only", () => call(searchLoader, `/search?q=${encodeURIComponent("পাঠ কোয়ান্টাম")}`)],
  ["search, nothing found", () => call(searchLoader, `/search?q=${encodeURIComponent("কোয়ান্টাম")}`)],
  ["search, empty", () => call(searchLoader, "/search")],
];

// Pages made only of what is kept until a staff save, which a page before them in `pages` read first:
// lists, and an exam's or a practice set's questions (the POSTs score the page their GET showed).
const SERVED_FROM_KEPT_DATA = new Set([
  "search, empty",
  "board-question",
  "exampage POST result",
  "exampage POST submit",
  "mq POST result",
  "mq sub POST result",
]);

async function roundTrips(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, load, status = 200] of pages) {
    const before = queryCount();
    const res = await load();
    out[name] = queryCount() - before;
    expect(res.status, name).toBe(status);
    await res.text();
  }
  return out;
}

/** What the measured pages show grows with n too (so equal counts are not equal because nothing is there). */
async function sizes() {
  clearExamCache(); // the previous fill's exam
  const json = async (res: Promise<Response>) => (await res).json();
  const exam = await json(call(examLoader, "/exampage/1?pageSize=100", { grtid: "1" }));
  const mq = await json(call(mqLoader, "/mq/1", { id: "1" }));
  const qp = await json(call(qpLoader, "/qp-by-subject-board/1/1", { sid: "1", bid: "1" }));
  const made = await json(call(madePaperLoader, `${make}/paper?q=${fx.mcqIds.join(",")}&c=${fx.creativePaperIds.join(",")}`, SUBJECT));
  const group = await json(call(subLoader, "/exam-subpage/1?group=1", { thtid: "1" }));
  const bank = await json(call(bankLoader, `${make}/questions?ch=1`, SUBJECT));
  const posted = await call(settingsAction, `${make}/settings`, SUBJECT, form([...new URLSearchParams(selection()), ["sets", "2"]]));
  expect(posted.status).toBe(303);
  // The save goes to the teacher's private page; the public link is the paper's code.
  const code = await newestPaperCode();
  const saved = await json(call(savedPaperLoader, `/questionpaper/p/${code}`, { code }));
  const result = await json(call(resultLoader, `/exampage/1/attempt/${FINISHED}/result`, { grtid: "1", attemptId: FINISHED }));
  const attemptPage = await json(call(attemptLoader, `/exampage/1/attempt/${RUNNING}`, attempt, withCookie()));
  const mine = await json(call(myExamsLoader, "/my-exams", {}, withCookie()));
  return {
    examQuestions: exam.questions.length,
    mqSets: mq.sets.length,
    mqQuestions: mq.questions.length,
    qpPapers: qp.papers.length,
    qpQuestions: qp.papers.reduce((n: number, p: { questions: unknown[] }) => n + p.questions.length, 0),
    madeQuestions: made.questions.length,
    madeCreative: made.creative.length,
    examTitles: group.subjects[0].titles.length,
    bankTotal: bank.lists.reduce((n: number, l: { total: number }) => n + l.total, 0),
    savedQuestions: saved.paper.questions.length,
    resultQuestions: result.questions.length,
    resultOthers: result.others,
    palette: attemptPage.palette.length,
    myAttempts: mine.attempts.length,
    mistakes: mine.mistakes,
  };
}

const TITLE_SOURCE = "<p>$x^2$</p>";

/**
 * `n` subjects, each with `n` chapters of `n` titles; `n` MCQ categories (the first with `n` sets and
 * `n` sub-categories), board subjects, boards, creative and MCQ papers, exams, exam groups, examples,
 * live classes, videos and readers online. The first set of each kind holds `n` questions (the first
 * exam 2n, over two pages of 25 at n = 16), the others one.
 */
async function fill(n: number) {
  await resetTables();
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  await db.insert(schema.grades).values({ id: 1, name: "এসএসসি" });
  await db.insert(schema.subjects).values(ids.map((i) => ({ id: i, name: `বিষয় ${i}`, slug: `s${i}`, icon: "book" })));
  await db.insert(schema.subjectGrades).values(ids.map((i) => ({ subjectId: i, gradeId: 1 })));
  await db.insert(schema.categories).values(ids.flatMap((s) => ids.map((c) => ({ id: (s - 1) * n + c, subjectId: s, gradeId: 1, name: `অধ্যায় ${c}` }))));
  // Titles are stored rendered, as saving does (rendering 4096 of them one by one would only cost time).
  const titleHtml = renderStaffHtml(TITLE_SOURCE);
  const titles = ids.flatMap((s) => ids.flatMap((c) => ids.map((t) => ({ categoryId: (s - 1) * n + c, name: `পাঠ ${t}` }))))
    .map((t, i) => ({ ...t, id: i + 1, content: TITLE_SOURCE, contentHtml: titleHtml, renderVersion: RENDER_VERSION }));
  for (let i = 0; i < titles.length; i += 500) await db.insert(schema.titles).values(titles.slice(i, i + 500));
  await db.insert(schema.footerTweets).values(ids.map((i) => ({ handle: "@x", text: `t${i}` })));
  await db.insert(schema.infoPages).values([
    { slug: "aboutus", title: "আমাদের কথা", content: "<p>$e^{i\\pi}$</p>" },
    { slug: "contact", title: "যোগাযোগ", content: "<p>$\\pi r^2$</p>" },
  ]);

  // MCQ categories: 1..n top level, n+1..2n under category 1.
  await db.insert(schema.mcqCategories).values(ids.map((i) => ({ id: i, name: `Mathematics University Admission ${i}`, sort: i })));
  await db.insert(schema.mcqCategories).values(ids.map((i) => ({ id: n + i, parentId: 1, name: `উপবিভাগ ${i}`, sort: i })));
  fx.subId = n + 1;

  // Boards, board subjects (the first is subject 1's) and papers of board subject 1, all of board 1.
  await db.insert(schema.boards).values(ids.map((i) => ({ id: i, code: i === 1 ? "dhaka" : `b${i}`, name: `বোর্ড ${i}`, sort: i })));
  await db.insert(schema.boardSubjects).values(ids.map((i) => ({ id: i, name: `বোর্ড বিষয় ${i}`, subjectId: i === 1 ? 1 : null, sort: i })));

  // Question sets: exams 1000+i, MCQ category 1's sets 2000+i, sub-categories' 3000+i, MCQ papers 4000+i, creative papers 5000+i.
  const sets = ids.flatMap((i) => [
    { id: 1000 + i, name: `পরীক্ষা ${i}` },
    { id: 2000 + i, mcqCategoryId: 1, name: `সেট ${i}`, sort: i },
    { id: 3000 + i, mcqCategoryId: n + i, name: `উপসেট ${i}`, sort: i },
    { id: 4000 + i, name: `বহুনির্বাচনি ${i}` },
    { id: 5000 + i, name: `সৃজনশীল ${i}` },
  ]);
  await db.insert(schema.questionSets).values(sets);

  let next = 1;
  const mcqs: QuestionFixture[] = [];
  const addMcqs = (setId: number, count: number) => {
    const list = Array.from({ length: count }, (_, k): QuestionFixture => {
      const id = next++;
      return {
        id,
        setId,
        sort: k + 1,
        chapterId: 1,
        subjectId: 1,
        gradeId: 1,
        intro: k % 3 === 0 ? `<p>উদ্দীপক $y = ${id}x$</p>` : null,
        body: `<p>$x^{${id}}$ = ?</p>`,
        options: KEYS.map((key) => `$${key === "ক" ? id : id + 1}$`),
        explanation: `<p>$\\sqrt{${id}}$</p>`,
        correctKey: id % 5 === 0 ? null : KEYS[id % 4],
        flag: id % 5 === 0 ? id % 4 : undefined,
        boardYear: id % 2 ? "dhaka: 23" : id % 3 ? "raj, cum: 21" : null,
      };
    });
    mcqs.push(...list);
    return list.map((q) => q.id);
  };
  for (const i of ids) {
    const exam = addMcqs(1000 + i, i === 1 ? 2 * n : 1);
    if (i === 1) fx.examPage1 = exam.slice(0, 25);
    if (i === 1) fx.exam1 = exam;
    const set = addMcqs(2000 + i, i === 1 ? n : 1);
    if (i === 1) fx.mcqSet1 = set;
    const sub = addMcqs(3000 + i, i === 1 ? n : 1);
    if (i === 1) fx.subSet1 = sub;
    addMcqs(4000 + i, i === 1 ? n : 1);
  }
  fx.mcqIds = mcqs.map((q) => q.id).slice(0, 200);

  // Creative questions (stem and four parts) in the creative papers' sets.
  const creative = ids.flatMap((i) => Array.from({ length: i === 1 ? n : 1 }, (_, k) => ({ setId: 5000 + i, sort: k + 1, id: next++ })));
  await db.insert(schema.questions).values(
    creative.map((q) => ({ id: q.id, type: "creative" as const, subjectId: 1, gradeId: 1, chapterId: 1, intro: `<p>$f(x) = ${q.id}x$</p>`, body: "", marks: "10" })),
  );
  await db.insert(schema.questionParts).values(
    creative.flatMap((q) => KEYS.map((label, k) => ({ questionId: q.id, label, body: `<p>$f^{${k + 1}}$</p>`, marks: String(k + 1), sort: k + 1 }))),
  );
  await db.insert(schema.setQuestions).values(creative.map((q) => ({ setId: q.setId, questionId: q.id, sort: q.sort })));
  await db.insert(schema.questionSources).values(creative.map((q) => ({ questionId: q.id, board: "dhaka", year: 2023, sort: 1 })));

  const papers = ids.flatMap((i) => [
    { id: i, boardSubjectId: 1, boardId: 1, year: 2000 + i, kind: "creative" as const, title: `সৃজনশীল ${i}`, content: `<p>নির্দেশনা $${i}$</p>`, questionSetId: 5000 + i },
    { id: 1000 + i, boardSubjectId: 1, boardId: 1, year: 2000 + i, kind: "mcq" as const, title: `বহুনির্বাচনি ${i}`, boardYear: `dhaka: ${i}`, questionSetId: 4000 + i },
  ]);
  await db.insert(schema.boardPapers).values(papers);
  fx.creativePaperIds = ids;
  fx.creativeIds = creative.map((q) => q.id);
  fx.firstCreativePaper = 1;
  fx.firstMcqPaper = 1001;

  // Exams: title group 1 with n groups; group 1 has n subjects; subject 1 has n exams (exam i uses set 1000+i).
  await db.insert(schema.examTitleGroups).values({ id: 1, name: "মডেল টেস্ট", announce: "<p>$a^2$</p>" });
  await db.insert(schema.examGroups).values(ids.map((i) => ({ id: i, titleGroupId: 1, name: `গ্রুপ ${i}`, sort: i })));
  await db.insert(schema.examGroupSubjects).values(ids.map((i) => ({ id: i, groupId: 1, name: `বিষয় ${i}`, sort: i })));
  await db.insert(schema.examTitles).values(
    ids.map((i) => ({
      id: i,
      groupSubjectId: 1,
      name: `পরীক্ষা ${i}`,
      description: `<p>$(a+b)^${i}$</p>`,
      questionSetId: 1000 + i,
      fullMarks: 25,
      durationMinutes: 25,
      negativeMark: "0.25",
      sort: i,
      keyPublished: true,
    })),
  );
  await db.insert(schema.examples).values(
    ids.map((i) => ({ extid: 1, exqnameid: 1, question: `<p>$\\int x^${i}$</p>`, answer: `<p>$\\frac{1}{${i + 1}}$</p>`, boardYear: "dhaka: 19", videoUrl: "https://youtu.be/dQw4w9WgXcQ", sort: i })),
  );
  const now = Date.now();
  await db.insert(schema.liveClasses).values(
    ids.map((i) => ({
      title: `লাইভ ${i}`,
      startsAt: new Date(now + (i % 2 ? 1 : -1) * i * 3_600_000),
      durationMinutes: 30,
      streamUrl: "https://www.youtube.com/watch?v=AAAAAAAAAA1",
      recordingUrl: "https://www.youtube.com/watch?v=RRRRRRRRRR1",
    })),
  );
  await db.insert(schema.videos).values(ids.map((i) => ({ url: `https://www.youtube.com/watch?v=VVVVVVVVV${String(i).padStart(2, "0")}`, kind: "theory" as const, sort: i })));
  await db.insert(schema.onlinePresence).values(ids.map((i) => ({ sessionKey: `reader-${n}-${i}`, page: "/home", lastSeen: new Date(now) })));

  await insertQuestions(mcqs); // then renders every row above that is not rendered yet

  // Timed attempts of exam 1: this browser's running one and finished one (every question answered,
  // every other one wrong), and n finished attempts of other browsers to compare with.
  const mine = browserHash("K".repeat(32));
  const later = new Date(now + 3_600_000);
  const done = { finishedAt: new Date(now), rightCount: 1, wrongCount: 1, skippedCount: 0, score: "1.00", fullMarks: 25 };
  await db.insert(schema.examAttempts).values([
    { id: RUNNING, examId: 1, browserHash: mine, startedAt: new Date(now), deadlineAt: later, negativeMark: "0.25" },
    { id: FINISHED, examId: 1, browserHash: mine, startedAt: new Date(now - 60_000), deadlineAt: later, negativeMark: "0.25", ...done, net: "0.75" },
    // Each from a browser of its own: only a browser's counted (first) attempt is compared.
    ...ids.map((i) => {
      const other = String(i).padStart(64, "b");
      return { id: `other${String(i).padStart(19, "0")}`, examId: 1, browserHash: other, countedFor: other, startedAt: new Date(now), deadlineAt: later, ...done, net: `${i - 1}.00` };
    }),
  ]);
  await db.insert(schema.examAttemptAnswers).values(
    fx.exam1.map((id, i) => ({ attemptId: FINISHED, questionId: id, choice: KEYS[(id + (i % 2)) % 4], savedAt: new Date(now) })),
  );
  clearShellCache();
}

beforeAll(() => fill(2));
afterAll(closeDb);

describe("round trips per page", () => {
  it("stay the same with 8× more of everything (512× the titles, 8× the questions per set, sets, papers, exams)", async () => {
    const smallSizes = await sizes();
    const small = await roundTrips();
    await fill(16);
    const largeSizes = await sizes();
    const large = await roundTrips();
    // The fill grew what the pages show.
    expect(smallSizes).toMatchObject({ examQuestions: 4, mqSets: 2, mqQuestions: 2, qpPapers: 4, qpQuestions: 2 + 1 + 2 + 1, madeQuestions: 5 * 2 + 4 * 1, madeCreative: 2, examTitles: 2, bankTotal: 14 + 3, savedQuestions: 14 + 3 });
    expect(largeSizes).toMatchObject({ examQuestions: 32, mqSets: 16, mqQuestions: 16, qpPapers: 32, qpQuestions: 16 + 15 + 16 + 15, madeQuestions: 5 * 16 + 4 * 15, madeCreative: 16, examTitles: 16, bankTotal: 140 + 31, savedQuestions: 100 + 20 });
    expect(smallSizes).toMatchObject({ resultQuestions: 4, resultOthers: 2, palette: 4, myAttempts: 2 });
    expect(largeSizes).toMatchObject({ resultQuestions: 32, resultOthers: 16, palette: 32, myAttempts: 2 });
    expect(largeSizes.mistakes).toBeGreaterThan(smallSizes.mistakes);
    expect(Object.keys(small)).toHaveLength(pages.length);
    expect(large).toEqual(small);
    const counts = Object.entries(small);
    // The empty search page shows only lists kept until a staff save ("search" read them first); so
    // does the board subjects' list ("home" read it).
    expect(counts.filter(([name, n]) => n <= 0 && !SERVED_FROM_KEPT_DATA.has(name)), "pages the counter saw no query of").toEqual([]);
    expect(counts.filter(([name, n]) => SERVED_FROM_KEPT_DATA.has(name) && n !== 0), "pages that should ask nothing when warm").toEqual([]);
    // A results page: count the clauses, then match with the shown results' rows and their questions'
    // links in the same query; when no row has every word, match some words, then read the rows and
    // links. "search" is the first after the fill's save, so it also reads the two filter lists that
    // the others find kept.
    expect(small).toMatchObject({ search: 2 + 2, "search board and year (questions with their pages)": 2, "search, some words only": 4 });
    // Saving a paper is not a page: besides its own insert it makes the teacher's private copy (one
    // insert ... select), so it may take one more.
    const budget = (name: string) => (name === "make-question settings POST" ? 9 : 8);
    expect(counts.filter(([name, n]) => n > budget(name)), "pages with more than 8 round trips").toEqual([]);
  });

  it("category?catid= redirects without a query", async () => {
    const before = queryCount();
    const res = await call(categoryQueryLoader, "/category?catid=1");
    expect(queryCount() - before).toBe(0);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/category/1");
  });
});
