import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { liveSchedule } from "~/models/live.server";
import type { QuestionFixture } from "./db";
import { loader as boardQuestionIndexLoader } from "~/routes/board-question._index";
import { loader as boardQuestionLoader } from "~/routes/board-question.$sid";
import { loader as paperLoader } from "~/routes/board-question.$sid_.paper.$pid";
import { loader as qpLoader } from "~/routes/qp-by-subject-board.$sid.$bid";
import { loader as creativeLoader } from "~/routes/board-creative";
import { loader as multiqLoader } from "~/routes/board-multiq";
import { loader as questionPaperIndexLoader } from "~/routes/questionpaper._index";
import ExamQuestionPaper, { loader as questionPaperLoader } from "~/routes/questionpaper.$grtid";
import { loader as madePaperLoader } from "~/routes/make-question.$sname.$sid.$gid.paper";
import { loader as liveRoomLoader } from "~/routes/live.room";
import { loader as liveIndexLoader } from "~/routes/live._index";
import { loader as examPickerLoader } from "~/routes/exam-picker";
import { call, closeDb, db, insertQuestions, renderFixtures, resetTables, schema } from "./db";
import { renderData } from "../support/render";
import { getByRole, textOf } from "../support/dom";

// A route component reads its data with Remix's hook; here it gets the loader's output.

const CREATIVE_HTML = String.raw`<p>উদ্দীপক: $f(x) = \frac{2x+1}{x-1}$</p><ol><li>ক) ডোমেন নির্ণয় কর।</li><li>খ) \(f^{-1}(x)\) নির্ণয় কর।</li></ol>`;
const KEYS = ["ক", "খ", "গ", "ঘ"];

type Q = QuestionFixture;

// Questions: chapter sets 25 and 26, exam set 30, board MCQ paper sets 40 (dhaka 2023) and 41 (raj 2022).
const QUESTIONS: Q[] = [
  { id: 2501, setId: 25, sort: 1, chapterId: 10, body: "$A = \\{1, 2\\}$ হলে $P(A)$ এর উপাদান কয়টি?", boardYear: "dhaka: 19", correctKey: "গ" },
  { id: 2502, setId: 25, sort: 2, chapterId: 10, body: "সার্বিক সেট কোনটি?", boardYear: "raj: 20", correctKey: "ক", intro: "<p>$U = \\{1,2,3\\}$</p>" },
  { id: 2503, setId: 25, sort: 3, chapterId: 10, body: "$A'$ কোনটি?", boardYear: "all: 21", correctKey: null, flag: 1, intro: "<p>$U = \\{1,2,3\\}$</p>" },
  { id: 2601, setId: 26, sort: 1, chapterId: 11, body: "$\\sin 30^\\circ$ এর মান কত?", boardYear: "cum: 22", correctKey: "খ" },
  { id: 2602, setId: 26, sort: 2, chapterId: 11, body: "$\\tan 45^\\circ$ এর মান কত?", boardYear: null, correctKey: "ক" },
  ...[1, 2, 3, 4, 5].map((n) => ({ id: 3000 + n, setId: 30, sort: n, body: `মডেল টেস্ট প্রশ্ন ${n}`, correctKey: KEYS[n % 4] })),
  // Board paper questions not yet sorted into chapters: the whole syllabus still finds them by subject.
  { id: 4001, setId: 40, sort: 1, subjectId: 1, body: "বোর্ড প্রশ্ন ঢাকা ১", boardYear: "dhaka: 23", correctKey: "ঘ" },
  { id: 4002, setId: 40, sort: 2, subjectId: 1, body: "বোর্ড প্রশ্ন ঢাকা ২", boardYear: "dhaka: 23", correctKey: "ক" },
  { id: 4101, setId: 41, sort: 1, subjectId: 1, body: "বোর্ড প্রশ্ন রাজশাহী ১", boardYear: null, correctKey: "খ" },
];

const at = (iso: string) => new Date(iso);

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
    { id: 11, subjectId: 1, gradeId: 1, name: "ত্রিকোণমিতিক অনুপাত", sort: 2 },
    { id: 12, subjectId: 1, gradeId: null, name: "সম্ভাবনা", sort: 3 },
    { id: 13, subjectId: 1, gradeId: 2, name: "জটিল সংখ্যা", sort: 4 },
    { id: 20, subjectId: 2, gradeId: 2, name: "পরমাণুর গঠন", sort: 1 },
  ]);
  await db.insert(schema.mcqCategories).values([
    { id: 20, name: "SSC Higher Math MCQ" },
    { id: 25, parentId: 20, name: "সেট ও ফাংশন" },
    { id: 26, parentId: 20, name: "ত্রিকোণমিতিক অনুপাত" },
  ]);
  await db.insert(schema.questionSets).values([
    { id: 25, mcqCategoryId: 25, name: "সেট ও ফাংশন (অনুশীলন)" },
    { id: 26, mcqCategoryId: 26, name: "ত্রিকোণমিতিক অনুপাত (অনুশীলন)" },
    { id: 30, mcqCategoryId: null, name: "মডেল টেস্ট" },
    { id: 99, mcqCategoryId: null, name: "খালি সেট" },
    { id: 40, mcqCategoryId: null, name: "উচ্চতর গণিত ঢাকা ২০২৩" },
    { id: 41, mcqCategoryId: null, name: "উচ্চতর গণিত রাজশাহী ২০২২" },
  ]);
  await insertQuestions(QUESTIONS);
  await db.insert(schema.boards).values([
    { id: 1, code: "dhaka", name: "ঢাকা বোর্ড", sort: 1 },
    { id: 2, code: "raj", name: "রাজশাহী বোর্ড", sort: 2 },
    { id: 3, code: "cum", name: "কুমিল্লা বোর্ড", sort: 3 },
  ]);
  await db.insert(schema.boardSubjects).values([
    { id: 1, name: "উচ্চতর গণিত", subjectId: 1, sort: 1 },
    { id: 2, name: "রসায়ন", subjectId: 2, sort: 2 },
    { id: 3, name: "ঢাকা বিশ্ববিদ্যালয় ভর্তি", subjectId: null, sort: 3 },
    { id: 4, name: "পরিসংখ্যান", subjectId: null, sort: 4 },
  ]);
  await db.insert(schema.boardPapers).values([
    { id: 101, boardSubjectId: 1, boardId: 1, year: 2023, kind: "creative", title: "উচ্চতর গণিত সৃজনশীল ২০২৩", boardYear: "dhaka: 23", content: CREATIVE_HTML },
    { id: 102, boardSubjectId: 1, boardId: 2, year: 2022, kind: "creative", title: "উচ্চতর গণিত সৃজনশীল ২০২২", boardYear: null, content: "<p>প্রশ্ন</p>" },
    { id: 103, boardSubjectId: 1, boardId: 1, year: 2021, kind: "creative", title: "উচ্চতর গণিত সৃজনশীল ২০২১", boardYear: "dhaka: 21", content: "<p>প্রশ্ন</p>" },
    { id: 111, boardSubjectId: 1, boardId: 1, year: 2023, kind: "mcq", title: "উচ্চতর গণিত বহুনির্বাচনি ২০২৩", boardYear: "dhaka: 23", questionSetId: 40 },
    { id: 112, boardSubjectId: 1, boardId: 2, year: 2022, kind: "mcq", title: "উচ্চতর গণিত বহুনির্বাচনি ২০২২", boardYear: "raj: 22", questionSetId: 41 },
    { id: 121, boardSubjectId: 3, boardId: null, year: 2023, kind: "mcq", title: "ঢাবি ক ইউনিট", boardYear: "du: 2022-23", questionSetId: null },
    // 45 more creative papers of রসায়ন: 48 creative papers in all, three pages of 20.
    ...Array.from({ length: 45 }, (_, i) => ({
      id: 1000 + i,
      boardSubjectId: 2,
      boardId: (i % 3) + 1,
      year: 2000 + (i % 15),
      kind: "creative" as const,
      title: `রসায়ন সৃজনশীল ${i + 1}`,
      boardYear: null,
      content: "<p>রসায়ন</p>",
    })),
  ]);
  await db.insert(schema.examTitleGroups).values([{ id: 1, name: "মডেল টেস্ট" }]);
  await db.insert(schema.examGroups).values([{ id: 1, titleGroupId: 1, name: "বিজ্ঞান" }]);
  await db.insert(schema.examGroupSubjects).values([{ id: 1, groupId: 1, name: "গণিত" }]);
  await db.insert(schema.examTitles).values([
    { id: 7, groupSubjectId: 1, name: "এসএসসি গণিত মডেল টেস্ট", questionSetId: 30, fullMarks: 25, durationMinutes: 25, sort: 1, keyPublished: true },
    { id: 8, groupSubjectId: null, name: "খালি পরীক্ষা", questionSetId: 99, fullMarks: 0, durationMinutes: 0, sort: 2 },
  ]);
  const yt = (id: string) => `https://www.youtube.com/watch?v=${id}`;
  await db.insert(schema.liveClasses).values([
    { id: 1, title: "ত্রিকোণমিতি লাইভ", startsAt: at("2024-05-01T09:30:00Z"), durationMinutes: 60, streamUrl: yt("AAAAAAAAAA1"), recordingUrl: yt("RRRRRRRRRR1") },
    { id: 2, title: "ভেক্টর লাইভ", startsAt: at("2024-05-01T12:00:00Z"), durationMinutes: 90, streamUrl: yt("AAAAAAAAAA2") },
    { id: 3, title: "রসায়ন লাইভ", startsAt: at("2024-05-02T12:00:00Z"), durationMinutes: 60, streamUrl: "https://example.com/stream" },
    { id: 4, title: "সেট লাইভ", startsAt: at("2024-04-30T12:00:00Z"), durationMinutes: 60, streamUrl: yt("AAAAAAAAAA4"), recordingUrl: yt("RRRRRRRRRR4") },
    { id: 5, title: "রেকর্ডিং নেই", startsAt: at("2024-04-29T12:00:00Z"), durationMinutes: 60, streamUrl: yt("AAAAAAAAAA5"), recordingUrl: null },
    { id: 6, title: "পুরোনো ক্লাস", startsAt: at("2024-04-20T12:00:00Z"), durationMinutes: 60, streamUrl: yt("AAAAAAAAAA6"), recordingUrl: yt("RRRRRRRRRR6") },
  ]);
  await renderFixtures();
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(closeDb);

const json = async (res: Response) => {
  expect(res.status).toBe(200);
  return res.json();
};
const ids = (list: { id: number }[]) => list.map((x) => x.id);

describe("board-question", () => {
  it("lists the board subjects", async () => {
    const data = await json(await call(boardQuestionIndexLoader, "/board-question"));
    expect(ids(data.subjects)).toEqual([1, 2, 3, 4]);
  });

  it("lists a subject's papers grouped by year, newest first, with kind and a Bangla board-year label", async () => {
    const data = await json(await call(boardQuestionLoader, "/board-question/1", { sid: "1" }));
    expect(data.groups.map((g: { year: number }) => g.year)).toEqual([2023, 2022, 2021]);
    expect(ids(data.groups[0].papers)).toEqual([101, 111]); // creative before mcq within a year
    expect(data.groups[0].papers[0]).toMatchObject({ kind: "creative", boardYear: "ঢা. বো. ২০২৩", board: { id: 1, code: "dhaka" } });
    // No board-year text: the label is made from the board and the year.
    expect(data.groups[1].papers.find((p: { id: number }) => p.id === 102).boardYear).toBe("রা. বো. ২০২২");
    expect(data.years).toEqual([2023, 2022, 2021]);
    expect(data.total).toBe(5);
  });

  it("filters by board and year from the query", async () => {
    const byBoard = await json(await call(boardQuestionLoader, "/board-question/1?board=dhaka", { sid: "1" }));
    expect(byBoard.groups.flatMap((g: { papers: { id: number }[] }) => ids(g.papers))).toEqual([101, 111, 103]);
    expect(byBoard.board).toMatchObject({ id: 1, code: "dhaka" });
    const both = await json(await call(boardQuestionLoader, "/board-question/1?board=DHA&year=2023", { sid: "1" }));
    expect(both.total).toBe(2); // alias and case accepted
    const byYear = await json(await call(boardQuestionLoader, "/board-question/1?year=২০২২", { sid: "1" }));
    expect(byYear.groups.flatMap((g: { papers: { id: number }[] }) => ids(g.papers))).toEqual([102, 112]);
    const none = await json(await call(boardQuestionLoader, "/board-question/1?board=cum", { sid: "1" }));
    expect(none.groups).toEqual([]);
  });

  it.each(["board=nowhere&year=abc", "board=&year=20233", "year=1800", "board=%27%20OR%201=1&year=2023.5"])(
    "ignores invalid filter values (%s)",
    async (query) => {
      const data = await json(await call(boardQuestionLoader, `/board-question/1?${query}`, { sid: "1" }));
      expect(data.board).toBeNull();
      expect(data.year).toBeNull();
      expect(data.total).toBe(5);
    },
  );

  it("pages a big subject 40 papers at a time, grouped by year on each page, and clamps the page", async () => {
    const paperIds = (d: { groups: { papers: { id: number }[] }[] }) => d.groups.flatMap((g) => ids(g.papers));
    const p1 = await json(await call(boardQuestionLoader, "/board-question/2", { sid: "2" }));
    expect(p1).toMatchObject({ total: 45, page: 1, pageCount: 2 });
    expect(paperIds(p1)).toHaveLength(40);
    const years = p1.groups.map((g: { year: number }) => g.year);
    expect(years).toEqual([...years].sort((a, b) => b - a)); // newest first, one group per year
    expect(new Set(years).size).toBe(years.length);
    const p2 = await json(await call(boardQuestionLoader, "/board-question/2?page=2", { sid: "2" }));
    expect(p2).toMatchObject({ total: 45, page: 2, pageCount: 2, search: "?page=2" });
    expect(new Set([...paperIds(p1), ...paperIds(p2)]).size).toBe(45);
    expect((await json(await call(boardQuestionLoader, "/board-question/2?page=99", { sid: "2" }))).page).toBe(2);
    expect((await json(await call(boardQuestionLoader, "/board-question/2?page=abc", { sid: "2" }))).page).toBe(1);
    // A filter counts within itself: 15 of the 45 are Rajshahi's, one page.
    const raj = await json(await call(boardQuestionLoader, "/board-question/2?board=raj&page=2", { sid: "2" }));
    expect(raj).toMatchObject({ total: 15, page: 1, pageCount: 1 });
    expect(raj.years).toEqual(p1.years); // the year filter still offers every year of the subject
  });

  it("shows an empty subject and 404s unknown or malformed ids", async () => {
    const empty = await json(await call(boardQuestionLoader, "/board-question/4", { sid: "4" }));
    expect(empty.groups).toEqual([]);
    for (const sid of ["999", "0", "abc", "1.5", "-1", "99999999999999999999"]) {
      expect((await call(boardQuestionLoader, `/board-question/${sid}`, { sid })).status).toBe(404);
    }
  });
});

describe("one paper: board-question/{sid}/paper/{pid}", () => {
  it("typesets a creative paper on the server", async () => {
    const data = await json(await call(paperLoader, "/board-question/1/paper/101", { sid: "1", pid: "101" }));
    expect(data.paper.contentHtml.match(/class="katex"/g)?.length).toBe(2);
    expect(data.paper.questions).toEqual([]);
  });

  it("gives an MCQ paper's questions with options and the correct answer", async () => {
    const data = await json(await call(paperLoader, "/board-question/1/paper/111", { sid: "1", pid: "111" }));
    expect(data.paper.contentHtml).toBeNull();
    expect(ids(data.paper.questions)).toEqual([4001, 4002]);
    expect(data.paper.questions[0].options.map((o: { key: string }) => o.key)).toEqual(KEYS);
    expect(data.paper.questions[0].correct).toBe("ঘ");
  });

  it("works for a paper with no board, redirects a wrong subject and 404s the rest", async () => {
    const du = await json(await call(paperLoader, "/board-question/3/paper/121", { sid: "3", pid: "121" }));
    expect(du.paper).toMatchObject({ board: null, boardYear: "ঢাবি ২০২২, ২০২৩", questions: [] });
    const moved = await call(paperLoader, "/board-question/2/paper/101", { sid: "2", pid: "101" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/board-question/1/paper/101");
    for (const [sid, pid] of [["1", "9999"], ["1", "0"], ["x", "101"], ["1", "1e2"]]) {
      expect((await call(paperLoader, `/board-question/${sid}/paper/${pid}`, { sid, pid })).status).toBe(404);
    }
  });
});

describe("qp-by-subject-board/{sid}/{bid}", () => {
  it("shows every paper of the subject and board in full, the MCQ answers per question", async () => {
    const data = await json(await call(qpLoader, "/qp-by-subject-board/1/1", { sid: "1", bid: "1" }));
    expect(data.board).toMatchObject({ id: 1, name: "ঢাকা বোর্ড" });
    expect(ids(data.papers)).toEqual([101, 111, 103]);
    expect(data.papers[0].contentHtml).toContain('class="katex"');
    expect(data.papers[1].questions.map((q: { correct: string }) => q.correct)).toEqual(["ঘ", "ক"]);
  });

  it("is empty for a board with no papers of the subject and 404s unknown ids", async () => {
    const data = await json(await call(qpLoader, "/qp-by-subject-board/1/3", { sid: "1", bid: "3" }));
    expect(data.papers).toEqual([]);
    for (const [sid, bid] of [["1", "99"], ["99", "1"], ["0", "1"], ["1", "abc"]]) {
      expect((await call(qpLoader, `/qp-by-subject-board/${sid}/${bid}`, { sid, bid })).status).toBe(404);
    }
  });
});

describe("board-creative and board-multiq", () => {
  it("pages all creative papers 20 at a time, newest first", async () => {
    const p1 = await json(await call(creativeLoader, "/board-creative"));
    expect(p1).toMatchObject({ total: 48, page: 1, pageCount: 3, perPage: 20 });
    expect(p1.papers).toHaveLength(20);
    expect(p1.papers[0].id).toBe(101); // 2023
    expect(p1.papers.every((p: { kind: string }) => p.kind === "creative")).toBe(true);
    const p3 = await json(await call(creativeLoader, "/board-creative?page=3"));
    expect(p3.papers).toHaveLength(8);
    const all = [...ids(p1.papers), ...ids((await json(await call(creativeLoader, "/board-creative?page=2"))).papers), ...ids(p3.papers)];
    expect(new Set(all).size).toBe(48);
  });

  it.each([
    ["abc", 1],
    ["0", 1],
    ["-2", 1],
    ["1.5", 1],
    ["", 1],
    ["99", 3],
    ["99999999999999999999", 1],
  ])("turns page=%j into page %i", async (page, expected) => {
    const data = await json(await call(creativeLoader, `/board-creative?page=${page}`));
    expect(data.page).toBe(expected);
    expect(data.papers.length).toBeGreaterThan(0);
  });

  it("filters by board and year, and clamps the page within the filtered result", async () => {
    const raj = await json(await call(creativeLoader, "/board-creative?board=raj&page=5"));
    expect(raj.total).toBe(16); // 102 and 15 of the 45
    expect(raj).toMatchObject({ page: 1, pageCount: 1 });
    expect(raj.papers.every((p: { board: { code: string } }) => p.board.code === "raj")).toBe(true);
    const y = await json(await call(creativeLoader, "/board-creative?year=2023&board=dhaka"));
    expect(ids(y.papers)).toEqual([101]);
    const nothing = await json(await call(creativeLoader, "/board-creative?year=1999&page=4"));
    expect(nothing).toMatchObject({ total: 0, page: 1, pageCount: 1, papers: [] });
  });

  it("lists MCQ papers on board-multiq", async () => {
    const data = await json(await call(multiqLoader, "/board-multiq?board=x"));
    expect(ids(data.papers)).toEqual([111, 121, 112]);
    expect(data.board).toBeNull();
    expect(data.years).toEqual([2023, 2022]);
  });
});

describe("questionpaper", () => {
  it("lists the exam titles with their question counts", async () => {
    const data = await json(await call(questionPaperIndexLoader, "/questionpaper"));
    expect(data.exams).toEqual([
      { id: 7, name: "এসএসসি গণিত মডেল টেস্ট", subject: "গণিত", fullMarks: 25, durationMinutes: 25, questionCount: 5 },
      { id: 8, name: "খালি পরীক্ষা", subject: null, fullMarks: 0, durationMinutes: 0, questionCount: 0 },
    ]);
  });

  it("gives an exam's questions in order with the answer key", async () => {
    const data = await json(await call(questionPaperLoader, "/questionpaper/7", { grtid: "7" }));
    expect(data.exam).toMatchObject({ name: "এসএসসি গণিত মডেল টেস্ট", fullMarks: 25, durationMinutes: 25, subject: "গণিত" });
    expect(ids(data.questions)).toEqual([3001, 3002, 3003, 3004, 3005]);
    expect(data.questions.map((q: { correct: string }) => q.correct)).toEqual(["খ", "গ", "ঘ", "ক", "খ"]);
  });

  it("offers a print button (shown by the enhancement script) and the phone's way to print", async () => {
    renderData.loader = await json(await call(questionPaperLoader, "/questionpaper/7", { grtid: "7" }));
    const page = renderToStaticMarkup(createElement(ExamQuestionPaper));
    // Hidden until the enhancement script shows it (it prints with JavaScript only).
    expect(getByRole(page, "button", { name: "প্রিন্ট করুন" }).attrs).toMatchObject({ type: "button", "data-print": "", hidden: "" });
    expect(textOf(page)).toContain("ফোনে ব্রাউজারের মেনু (⋮) থেকে 'Share' বা 'Print' বেছে নিন");
  });

  it.each(["0", "abc", "999", "7.0"])("404s questionpaper/%s", async (grtid) => {
    expect((await call(questionPaperLoader, `/questionpaper/${grtid}`, { grtid })).status).toBe(404);
  });
});

describe("make-question paper", () => {
  const p = { sname: "higher-math", sid: "1", gid: "1" };
  const url = (query: string) => `/make-question/higher-math/1/1/paper${query}`;

  it("prints the chosen questions in the given order with the answer key", async () => {
    const data = await json(await call(madePaperLoader, url("?q=2601,2503,4001&title=%20অর্ধবার্ষিক%20পরীক্ষা%20&time=30"), p));
    expect(ids(data.questions)).toEqual([2601, 2503, 4001]);
    expect(data.questions.map((q: { correct: string }) => q.correct)).toEqual(["খ", "খ", "ঘ"]);
    expect(data).toMatchObject({ title: "অর্ধবার্ষিক পরীক্ষা", minutes: 30, fullMarks: 3, creative: [] });
  });

  it("accepts repeated q (what checkboxes send), skips non-numbers, duplicates and unknown ids", async () => {
    const data = await json(await call(madePaperLoader, url("?q=2501&q=abc&q=2501,-3,0,1.5,2602&q=999999&q="), p));
    expect(ids(data.questions)).toEqual([2501, 2602]);
    expect(data.title).toBe("উচ্চতর গণিত (এসএসসি) — প্রশ্নপত্র");
    expect(data.minutes).toBeNull();
  });

  it("caps the id list at 200 (after dropping duplicates)", async () => {
    const filler = Array.from({ length: 199 }, (_, i) => 10 + i).join(",");
    const data = await json(await call(madePaperLoader, url(`?q=10,${filler},2501,2502`), p));
    expect(ids(data.questions)).toEqual([2501]); // 2502 is the 201st distinct id
  });

  it("adds chosen creative papers, ignores MCQ papers given as creative, and cleans the title", async () => {
    const data = await json(await call(madePaperLoader, url("?c=103,111,101&title=<b>টেস্ট</b>%0A২"), p));
    expect(ids(data.creative)).toEqual([103, 101]);
    expect(data.creative[1].contentHtml).toContain('class="katex"');
    expect(data.title).toBe("b টেস্ট /b ২");
    expect(data.fullMarks).toBeNull();
  });

  it("is an empty paper with no ids, redirects a wrong name and 404s a wrong pair", async () => {
    const empty = await json(await call(madePaperLoader, url(""), p));
    expect(empty.questions).toEqual([]);
    expect(empty.creative).toEqual([]);
    const moved = await call(madePaperLoader, "/make-question/x/1/1/paper?q=1,2", { sname: "x", sid: "1", gid: "1" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/make-question/higher-math/1/1/paper?q=1,2");
    expect((await call(madePaperLoader, "/make-question/chemistry/2/1/paper", { sname: "chemistry", sid: "2", gid: "1" })).status).toBe(404);
  });
});

describe("live classes", () => {
  it("features the class on air, then lists upcoming ones soonest first and past recordings latest first", async () => {
    const s = await liveSchedule(at("2024-05-01T10:00:00Z"));
    expect(s.featured).toMatchObject({ status: "live", item: { id: 1 } });
    expect(ids(s.upcoming)).toEqual([2, 3]);
    expect(ids(s.past)).toEqual([4, 6]); // 5 has no recording
  });

  it("features the next class when none is on air (the end is exclusive)", async () => {
    const s = await liveSchedule(at("2024-05-01T10:30:00Z"));
    expect(s.featured).toMatchObject({ status: "next", item: { id: 2 } });
    expect(ids(s.upcoming)).toEqual([3]);
    expect(ids(s.past)).toEqual([1, 4, 6]);
    const starting = await liveSchedule(at("2024-05-01T12:00:00Z"));
    expect(starting.featured).toMatchObject({ status: "live", item: { id: 2 } });
  });

  it("has nothing to feature after the last class", async () => {
    const s = await liveSchedule(at("2024-06-01T00:00:00Z"));
    expect(s.featured).toBeNull();
    expect(s.upcoming).toEqual([]);
    expect(ids(s.past)).toEqual([1, 4, 6]); // 2, 3 and 5 have no recording
  });

  it("shows times in Bangladesh time with Bangla digits, and the stream as a thumbnail link", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at("2024-05-01T10:00:00Z"));
    const data = await json(await call(liveRoomLoader, "/live/room"));
    expect(data.featured).toMatchObject({
      status: "live",
      title: "ত্রিকোণমিতি লাইভ",
      startsAt: "বুধবার, ১ মে, ২০২৪, দুপুর ৩:৩০", // ICU calls 15:30 দুপুর
      endsAt: "বিকাল ৪:৩০",
      watchUrl: "https://www.youtube.com/watch?v=AAAAAAAAAA1",
      // The spec's fallback order after hq, then the local image (app/enhance/thumbs.ts uses it).
      thumbnail: {
        src: "https://i.ytimg.com/vi/AAAAAAAAAA1/hqdefault.jpg",
        "data-fallbacks":
          "https://i.ytimg.com/vi/AAAAAAAAAA1/mqdefault.jpg https://i.ytimg.com/vi/AAAAAAAAAA1/default.jpg /images/video-fallback.svg",
      },
    });
    expect(data.upcoming[1]).toMatchObject({ id: 3, watchUrl: "https://example.com/stream", thumbnail: null });
    expect(data.past[0].watchUrl).toBe("https://www.youtube.com/watch?v=RRRRRRRRRR4");
    expect(formatDhakaDateTime(at("2024-04-30T18:05:00Z"))).toBe("বুধবার, ১ মে, ২০২৪, রাত্রি ১২:০৫");
  });

  it("redirects /live to /live/room and exam-picker to the examination page", async () => {
    const live = await call(liveIndexLoader, "/live");
    expect(live.status).toBe(302);
    expect(live.headers.get("Location")).toBe("/live/room");
    const picker = await call(examPickerLoader, "/exam-picker");
    expect(picker.status).toBe(302);
    expect(picker.headers.get("Location")).toBe("/exam-subpage/1");
  });
});
