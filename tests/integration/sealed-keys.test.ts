// A sealed exam's key (correct options and explanations) on every public page that could show it:
// the practice part of its exam page, MCQ practice of a set sharing its questions, the make-question
// bank, settings, first-version paper and saved paper, the printed exam paper, board papers, a
// finished attempt's review and the mistake book. The data each loader or action returns is what
// both its HTML (rendered from it on the server, never hydrated) and its `?_data=` answer hold, so
// the walk reads that. The same walk once the key is published finds the keys: the test can fail.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion } from "~/models/content-version.server";
import { action as examAction, loader as examLoader } from "~/routes/exampage.$grtid";
import { browserHash } from "~/lib/exam-browser.server";
import { loader as resultLoader } from "~/routes/exampage.$grtid_.attempt.$attemptId_.result";
import { action as mqAction } from "~/routes/mq.$id/route";
import { loader as bankLoader } from "~/routes/make-question.$sname.$sid.$gid.questions";
import { action as settingsAction, loader as settingsLoader } from "~/routes/make-question.$sname.$sid.$gid.settings";
import { loader as firstPaperLoader } from "~/routes/make-question.$sname.$sid.$gid.paper";
import { loader as savedPaperLoader } from "~/routes/questionpaper.p.$code";
import { loader as teacherPaperLoader } from "~/routes/questionpaper.t.$token._index/route";
import { loader as examPaperLoader } from "~/routes/questionpaper.$grtid";
import { loader as boardLoader } from "~/routes/qp-by-subject-board.$sid.$bid";
import { action as mistakesAction, loader as mistakesLoader } from "~/routes/my-exams.mistakes";
import { call, closeDb, db, insertQuestions, resetTables, schema } from "./db";

const KEYS = ["ক", "খ", "গ", "ঘ"];
const QIDS = [9001, 9002, 9003, 9004];
const EXAM = 700;
const MARK = "ব্যাখ্যাচিহ্ন";
const correctOf = (id: number) => KEYS[id % 4];
const wrongOf = (id: number) => KEYS[(id + 1) % 4];
const BASE = "/make-question/math/1/1";
const P = { sname: "math", sid: "1", gid: "1" };
const COOKIE = `grbd_exams=${"S".repeat(32)}`;

const form = (fields: [string, string][], cookie?: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});

/** Where in a page's data a key of our questions shows: a non-null `correct` of one of them, or an explanation. */
function leaks(data: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`));
    if (!v || typeof v !== "object") {
      if (typeof v === "string" && v.includes(MARK)) found.push(`${path}: explanation`);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.id === "number" && QIDS.includes(o.id) && typeof o.correct === "string") found.push(`${path}.correct`);
    for (const [k, x] of Object.entries(o)) {
      // A per-question result keyed by question id.
      if (/^\d+$/.test(k) && QIDS.includes(Number(k)) && x && typeof x === "object" && typeof (x as { correct?: unknown }).correct === "string") {
        found.push(`${path}.${k}.correct`);
      }
      walk(x, `${path}.${k}`);
    }
  };
  walk(data, "");
  return found;
}

async function dataOf(res: Response): Promise<unknown> {
  expect(res.status, await res.clone().text().then((t) => t.slice(0, 300))).toBeLessThan(400);
  // A redirect (a live exam's practice POST goes back to its page) carries no data.
  if (res.status >= 300) return null;
  return res.json();
}

let savedPaperCode = "";
let teacherToken = "";
let attemptId = "";

/** Every page that could show the exam's key, and what it holds of it. */
async function walk(): Promise<Record<string, string[]>> {
  const answers: [string, string][] = QIDS.map((id) => [`q${id}`, wrongOf(id)]);
  const pages: Record<string, () => Promise<Response>> = {
    "exam page (GET)": () => call(examLoader, `/exampage/${EXAM}?pageSize=100&includeCorrect=1`, { grtid: String(EXAM) }),
    "exam page practice, View Result": () =>
      call(examAction, `/exampage/${EXAM}?pageSize=100&includeCorrect=1`, { grtid: String(EXAM) }, form([...answers, ["intent", "result"], ["includeCorrect", "1"], ["pageSize", "100"]])),
    "MCQ practice, View Result": () => call(mqAction, "/mq/5?set=50", { id: "5" }, form([...answers, ["set", "50"], ["intent", "result"]])),
    "MCQ practice, check one question": () => call(mqAction, "/mq/5?set=50", { id: "5" }, form([...answers, ["set", "50"], ["check", "9001"]])),
    "make-question bank": () => call(bankLoader, `${BASE}/questions?ch=10&q=9001&q=9002`, P),
    "make-question settings": () => call(settingsLoader, `${BASE}/settings?q=9001&q=9002&q=9003&q=9004`, P),
    "make-question first-version paper": () => call(firstPaperLoader, `${BASE}/paper?q=9001,9002,9003,9004`, P),
    "saved paper (teacher's keys)": () => call(teacherPaperLoader, `/questionpaper/t/${teacherToken}`, { token: teacherToken }),
    "saved paper (public link)": () => call(savedPaperLoader, `/questionpaper/p/${savedPaperCode}`, { code: savedPaperCode }),
    "printed exam paper": () => call(examPaperLoader, `/questionpaper/${EXAM}`, { grtid: String(EXAM) }),
    "board papers": () => call(boardLoader, "/qp-by-subject-board/1/1", { sid: "1", bid: "1" }),
    "finished attempt's review": () => call(resultLoader, `/exampage/${EXAM}/attempt/${attemptId}/result`, { grtid: String(EXAM), attemptId }, { headers: { Cookie: COOKIE } }),
    "mistake book": () => call(mistakesLoader, "/my-exams/mistakes", {}, { headers: { Cookie: COOKIE } }),
    "mistake book, View Result": () => call(mistakesAction, "/my-exams/mistakes", {}, form([...answers, ["intent", "result"]], COOKIE)),
  };
  const out: Record<string, string[]> = {};
  for (const [name, load] of Object.entries(pages)) out[name] = leaks(await dataOf(await load()));
  return out;
}

async function setExam(values: Partial<typeof schema.examTitles.$inferInsert>) {
  await db.update(schema.examTitles).set(values).where(eq(schema.examTitles.id, EXAM));
  await db.transaction((tx) => bumpContentVersion(tx)); // what a staff save does
}

beforeAll(async () => {
  await resetTables();
  await db.insert(schema.grades).values({ id: 1, name: "এসএসসি", sort: 1 });
  await db.insert(schema.subjects).values({ id: 1, name: "গণিত", slug: "math", icon: "square-root", sort: 1 });
  await db.insert(schema.subjectGrades).values({ subjectId: 1, gradeId: 1 });
  await db.insert(schema.categories).values({ id: 10, subjectId: 1, gradeId: 1, name: "বীজগণিত", sort: 1 });
  await db.insert(schema.mcqCategories).values({ id: 5, name: "গণিত অনুশীলন", sort: 1 });
  await db.insert(schema.questionSets).values([
    { id: 50, mcqCategoryId: 5, name: "অনুশীলন সেট" },
    { id: 60, name: "মডেল টেস্ট সেট" },
  ]);
  await insertQuestions(
    QIDS.map((id, i) => ({
      id,
      setId: 60,
      sort: i + 1,
      chapterId: 10,
      subjectId: 1,
      gradeId: 1,
      body: `<p>প্রশ্ন ${id}</p>`,
      correctKey: correctOf(id),
      explanation: `<p>${MARK} ${id}</p>`,
      boardYear: "dhaka: 23",
    })),
  );
  // The practice set shares the exam's questions: a key shown there would be the exam's key.
  await db.insert(schema.setQuestions).values(QIDS.map((questionId, i) => ({ setId: 50, questionId, sort: i + 1 })));
  await db.insert(schema.examTitles).values({ id: EXAM, name: "মডেল টেস্ট", questionSetId: 60, fullMarks: 4, durationMinutes: 10, keyPublished: false });
  await db.insert(schema.boards).values({ id: 1, code: "dhaka", name: "ঢাকা বোর্ড", sort: 1 });
  await db.insert(schema.boardSubjects).values({ id: 1, name: "গণিত" });
  await db.insert(schema.boardPapers).values({ id: 1, boardSubjectId: 1, boardId: 1, year: 2023, kind: "mcq", title: "গণিত ২০২৩", questionSetId: 60 });
  await db.transaction((tx) => bumpContentVersion(tx));

  // A teacher's saved paper with these questions, and a finished attempt with every answer wrong.
  const saved = await call(settingsAction, `${BASE}/settings`, P, form([...QIDS.map((id): [string, string] => ["q", String(id)]), ["sets", "1"]]));
  expect(saved.status).toBe(303);
  teacherToken = /\/questionpaper\/t\/(\w+)\?/.exec(saved.headers.get("Location")!)![1];
  savedPaperCode = ((await (await call(teacherPaperLoader, `/questionpaper/t/${teacherToken}`, { token: teacherToken })).json()) as { code: string }).code;
  // The attempt as the start and the finish leave it (written directly: this walk is about reading).
  attemptId = "sealedwalkattempt0000001";
  const now = Date.now();
  await db.insert(schema.examAttempts).values({
    id: attemptId,
    examId: EXAM,
    browserHash: browserHash("S".repeat(32)),
    startedAt: new Date(now - 5 * 60_000),
    deadlineAt: new Date(now + 5 * 60_000),
    finishedAt: new Date(now - 60_000),
    negativeMark: "0",
    rightCount: 0,
    wrongCount: QIDS.length,
    skippedCount: 0,
    score: "0",
    net: "0",
    fullMarks: 4,
  });
  await db.insert(schema.examAttemptAnswers).values(QIDS.map((questionId) => ({ attemptId, questionId, choice: wrongOf(questionId), savedAt: new Date(now - 120_000) })));
});

afterAll(closeDb);

describe("a sealed exam's key", () => {
  it("is on no public page while the key is unpublished", async () => {
    const found = await walk();
    expect(Object.entries(found).filter(([, l]) => l.length)).toEqual([]);
  });

  it("is never scored against on the practice part (a score per page would tell the key), which says why", async () => {
    const res = await call(examAction, `/exampage/${EXAM}`, { grtid: String(EXAM) }, form([["q9001", correctOf(9001)], ["intent", "submit"]]));
    const data = (await res.json()) as { state: { score: unknown; answers: Record<string, string> }; keyNote: string | null };
    expect(data.state.score).toBeNull();
    expect(data.state.answers["9001"]).toBe(correctOf(9001)); // what was ticked stays ticked
    expect(data.keyNote).toMatch(/প্রকাশ হয়নি/);
  });

  it("is sealed while a live window is open even when published, says when it opens, and opens at the close", async () => {
    const hour = 3600_000;
    await setExam({ keyPublished: true, reviewAfterClose: true, liveStartAt: new Date(Date.now() - hour), liveCloseAt: new Date(Date.now() + hour) });
    const running = await walk();
    expect(Object.entries(running).filter(([, l]) => l.length)).toEqual([]);
    const page = (await (await call(examLoader, `/exampage/${EXAM}`, { grtid: String(EXAM) })).json()) as { keyNote: string | null };
    expect(page.keyNote).toMatch(/পরীক্ষা শেষ হলে/);
    // Closed: no staff save needed, the key opens with the time.
    await db.update(schema.examTitles).set({ liveStartAt: new Date(Date.now() - 2 * hour), liveCloseAt: new Date(Date.now() - 1000) }).where(eq(schema.examTitles.id, EXAM));
    // (The kept policy still has the old window until a save: the time check alone must not open it early.)
    await db.transaction((tx) => bumpContentVersion(tx));
    const closed = await walk();
    expect(closed["printed exam paper"].length).toBeGreaterThan(0);
    expect(closed["finished attempt's review"].length).toBeGreaterThan(0);
  });

  it("shows on the pages that show keys once it is published (the walk finds keys when they are there)", async () => {
    await setExam({ keyPublished: true, liveStartAt: null, liveCloseAt: null });
    const found = await walk();
    for (const name of [
      "exam page practice, View Result",
      "MCQ practice, View Result",
      "MCQ practice, check one question",
      "make-question bank",
      "make-question settings",
      "make-question first-version paper",
      "saved paper (teacher's keys)",
      "printed exam paper",
      "board papers",
      "finished attempt's review",
      "mistake book, View Result",
    ]) {
      expect(found[name].length, name).toBeGreaterThan(0);
    }
    expect(found["exam page (GET)"]).toEqual([]); // a page nobody has answered holds no key, ever
    expect(found["saved paper (public link)"]).toEqual([]); // the link a teacher shares with students never holds one
  });

  it("a question's solution video shows in the review only when its key may show", async () => {
    const video = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
    await db.update(schema.questions).set({ solutionVideoUrl: video }).where(eq(schema.questions.id, 9001));
    const review = async () =>
      (await dataOf(await call(resultLoader, `/exampage/${EXAM}/attempt/${attemptId}/result`, { grtid: String(EXAM), attemptId }, { headers: { Cookie: COOKIE } }))) as {
        questions: { id: number; solutionVideo: string | null }[];
      };
    await setExam({ keyPublished: false });
    expect((await review()).questions).toEqual([]);
    await setExam({ keyPublished: true });
    const shown = (await review()).questions;
    expect(shown.find((q) => q.id === 9001)?.solutionVideo).toBe(video);
    expect(shown.find((q) => q.id === 9002)?.solutionVideo).toBeNull();
  });

  it("a question of a sealed exam stays sealed in a published exam that shares it", async () => {
    await setExam({ keyPublished: false });
    await db.insert(schema.examTitles).values({ id: EXAM + 1, name: "প্রকাশিত পরীক্ষা", questionSetId: 50, fullMarks: 4, durationMinutes: 10, keyPublished: true });
    await db.transaction((tx) => bumpContentVersion(tx));
    const paper = await dataOf(await call(examPaperLoader, `/questionpaper/${EXAM + 1}`, { grtid: String(EXAM + 1) }));
    expect(leaks(paper)).toEqual([]);
    await db.delete(schema.examTitles).where(inArray(schema.examTitles.id, [EXAM + 1]));
  });
});
