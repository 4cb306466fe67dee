// Data kept per process until a staff save moves the content version: the keyed form and the general
// sidebar that uses it (the same lists on /about and every category page of a subject).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBoardSubject, listBoards, listBoardSubjects, subjectPapers } from "~/models/board-papers.server";
import { getExamSubPage, getExamTitle, getGroupSubjects } from "~/models/exams.server";
import { liveSchedule } from "~/models/live.server";
import { getMcqCategoryPage, topMcqCategories } from "~/models/mcq.server";
import { KEPT_SET_MAX, pageOfSet } from "~/models/questions.server";
import { generalSidebar } from "~/models/sidebar.server";
import { getInfoPage } from "~/models/pages.server";
import { findSubjectGrade, getCategoryPage, getTitle, homeSubjects, singleSidebar, subjectChapters, subjectGradesOf } from "~/models/study.server";
import { bumpContentVersion, keptPerKeyUntilContentChange } from "~/models/content-version.server";
import { clearShellCache } from "~/models/site.server";
import { prepared, queryCount } from "~/db/client.server";
import { closeDb, db, insertQuestions, resetTables, schema } from "./db";

describe("keptPerKeyUntilContentChange", () => {
  it("loads each key once, forgets the oldest past its bound and everything on a content change", async () => {
    const loads: number[] = [];
    const kept = keptPerKeyUntilContentChange(async (key: number) => {
      loads.push(key);
      return key * 10;
    }, 2);
    expect(await kept(1)).toBe(10);
    expect(await kept(1)).toBe(10);
    expect(await kept(2)).toBe(20);
    expect(loads).toEqual([1, 2]);
    await kept(3); // a third key: 1, the oldest, is forgotten
    await kept(2);
    await kept(1);
    expect(loads).toEqual([1, 2, 3, 1]);
    clearShellCache(); // what a staff save does on this process
    await kept(1);
    expect(loads).toEqual([1, 2, 3, 1, 1]);
  });

  it("forgets the least recently used key first, so a key asked often stays", async () => {
    const loads: string[] = [];
    const kept = keptPerKeyUntilContentChange(async (key: string) => {
      loads.push(key);
      return key;
    }, 2);
    await kept("often");
    await kept("once");
    await kept("often"); // used again: "once" is now the least recently used
    await kept("another"); // forgets "once"
    await kept("often");
    expect(loads).toEqual(["often", "once", "another"]);
    await kept("once");
    expect(loads).toEqual(["often", "once", "another", "once"]);
  });

  it("keeps nothing with a bound of 0", async () => {
    let loads = 0;
    const kept = keptPerKeyUntilContentChange(async (key: string) => (loads++, key), 0);
    expect(await kept("a")).toBe("a");
    expect(await kept("a")).toBe("a");
    expect(loads).toBe(2);
  });

  it("does not keep a failed load", async () => {
    let calls = 0;
    const kept = keptPerKeyUntilContentChange(async (key: string) => {
      calls++;
      if (calls === 1) throw new Error("database away");
      return key;
    });
    await expect(kept("a")).rejects.toThrow("database away");
    expect(await kept("a")).toBe("a");
    expect(calls).toBe(2);
  });

  it("runs a thenable that runs again on every await (a drizzle query) once", async () => {
    let runs = 0;
    const query = { then: (ok: (v: number) => unknown, fail?: (e: unknown) => unknown) => Promise.resolve(++runs).then(ok, fail) };
    const kept = keptPerKeyUntilContentChange((_key: string) => query as unknown as Promise<number>);
    expect(await kept("a")).toBe(1);
    expect(await kept("a")).toBe(1);
    expect(runs).toBe(1);
  });
});

describe("the general sidebar", () => {
  beforeAll(async () => {
    await resetTables();
    await db.insert(schema.grades).values({ id: 1, name: "এসএসসি" });
    await db.insert(schema.subjects).values([
      { id: 1, name: "পদার্থবিজ্ঞান", slug: "physics", icon: "physics" },
      { id: 2, name: "রসায়ন", slug: "chemistry", icon: "chem" },
    ]);
    await db.insert(schema.categories).values([
      { id: 1, subjectId: 1, gradeId: 1, name: "বল" },
      { id: 2, subjectId: 2, gradeId: 1, name: "পরমাণু" },
    ]);
    await db.insert(schema.titles).values({ id: 1, categoryId: 1, name: "নিউটনের সূত্র", content: "<p>x</p>" });
    clearShellCache();
  });
  afterAll(closeDb);

  it("is read once per subject, and a staff save shows a new topic at once", async () => {
    const all = await generalSidebar(null);
    expect(all.categories.map((c) => c.subject.sname)).toEqual(["পদার্থবিজ্ঞান", "রসায়ন"]);
    expect((await generalSidebar(2)).categories.map((c) => c.subject.sname)).toEqual(["রসায়ন"]);
    const before = queryCount();
    expect(await generalSidebar(null)).toBe(all);
    await generalSidebar(2);
    expect(queryCount() - before).toBe(0);

    await db.insert(schema.titles).values({ id: 2, categoryId: 2, name: "ইলেকট্রন বিন্যাস", content: "<p>y</p>" });
    await db.transaction((tx) => bumpContentVersion(tx)); // what every staff save does
    const after = await generalSidebar(null);
    expect(after.postList.flatMap((s) => s.categories.flatMap((c) => c.titles.map((t) => t.name)))).toContain("ইলেকট্রন বিন্যাস");
  });
});

describe("the home lists and a title page's chapter order and sidebar", () => {
  beforeAll(async () => {
    await resetTables();
    await db.insert(schema.grades).values({ id: 1, name: "এসএসসি" });
    await db.insert(schema.subjects).values({ id: 1, name: "পদার্থবিজ্ঞান", slug: "physics", icon: "physics" });
    await db.insert(schema.categories).values({ id: 1, subjectId: 1, gradeId: 1, name: "বল" });
    await db.insert(schema.titles).values([
      { id: 1, categoryId: 1, name: "নিউটনের সূত্র", content: "<p>x</p>", sort: 1 },
      { id: 2, categoryId: 1, name: "ভরবেগ", content: "<p>y</p>", sort: 2 },
    ]);
    await db.insert(schema.boardSubjects).values({ id: 1, name: "পদার্থবিজ্ঞান" });
    await db.insert(schema.mcqCategories).values({ id: 1, name: "বিসিএস" });
    clearShellCache();
  });
  afterAll(closeDb);

  it("are read once, and a staff save shows at once", async () => {
    const read = () => Promise.all([homeSubjects(), listBoardSubjects(), topMcqCategories(), getTitle(2), singleSidebar(1, 1)]);
    const [subjects, boards, mcq, title, sidebar] = await read();
    expect(subjects.map((s) => s.categories.length)).toEqual([1]);
    expect(boards.map((b) => b.name)).toEqual(["পদার্থবিজ্ঞান"]);
    expect(mcq.map((c) => c.name)).toEqual(["বিসিএস"]);
    expect(title?.prev?.name).toBe("নিউটনের সূত্র");
    expect(title?.next).toBeNull();
    expect(sidebar[0].categories[0].titles?.map((t) => t.tid)).toEqual([1, 2]);

    const before = queryCount();
    await read();
    expect(queryCount() - before).toBe(1); // the title's own row; everything else is kept

    await db.insert(schema.titles).values({ id: 3, categoryId: 1, name: "কাজ", content: "<p>z</p>", sort: 3 });
    await db.insert(schema.boardSubjects).values({ id: 2, name: "রসায়ন" });
    await db.insert(schema.mcqCategories).values({ id: 2, name: "মেডিকেল" });
    await db.transaction((tx) => bumpContentVersion(tx)); // what every staff save does
    const [, boards2, mcq2, title2, sidebar2] = await read();
    expect(boards2.map((b) => b.name)).toEqual(["পদার্থবিজ্ঞান", "রসায়ন"]);
    expect(mcq2.map((c) => c.name)).toEqual(["বিসিএস", "মেডিকেল"]);
    expect(title2?.next?.name).toBe("কাজ");
    expect(sidebar2[0].categories[0].titles?.map((t) => t.tid)).toEqual([1, 2, 3]);
  });

  it("a title's own row is a statement made once per pool: it reads the row as it is now, and again after the pool is replaced", async () => {
    let builds = 0;
    const nameOf = prepared((d) => {
      builds++;
      return d.select({ name: schema.titles.name }).from(schema.titles).where(eq(schema.titles.id, sql.placeholder("id"))).prepare();
    });
    expect(await nameOf().execute({ id: 1 })).toEqual([{ name: "নিউটনের সূত্র" }]);
    expect(await nameOf().execute({ id: 2 })).toEqual([{ name: "ভরবেগ" }]);
    expect(builds).toBe(1);

    await db.update(schema.titles).set({ name: "গতির সূত্র" }).where(eq(schema.titles.id, 1)); // not kept: no content change needed
    expect((await getTitle(1))?.name).toBe("গতির সূত্র");
    expect(await nameOf().execute({ id: 1 })).toEqual([{ name: "গতির সূত্র" }]);

    await closeDb(); // the next query opens a new pool; a statement bound to the closed one would fail
    expect(await nameOf().execute({ id: 2 })).toEqual([{ name: "ভরবেগ" }]);
    expect((await getTitle(2))?.name).toBe("ভরবেগ");
    expect(builds).toBe(2);
  });
});

describe("an exam's questions, the MCQ, board-paper, subject and exam lists", () => {
  const mcq = (id: number, setId: number, sort: number) => ({ id, setId, sort, body: `<p>প্রশ্ন ${id}</p>`, flag: 0 });
  beforeAll(async () => {
    await resetTables();
    await db.insert(schema.grades).values([
      { id: 1, name: "এসএসসি", sort: 1 },
      { id: 2, name: "এইচএসসি", sort: 2 },
    ]);
    await db.insert(schema.subjects).values({ id: 1, name: "পদার্থবিজ্ঞান", slug: "physics", icon: "physics" });
    await db.insert(schema.subjectGrades).values({ subjectId: 1, gradeId: 1 });
    await db.insert(schema.categories).values({ id: 1, subjectId: 1, gradeId: 1, name: "বল" });
    await db.insert(schema.mcqCategories).values({ id: 1, name: "বিসিএস" });
    await db.insert(schema.questionSets).values({ id: 1, mcqCategoryId: 1, name: "সেট ১" });
    await insertQuestions([mcq(1, 1, 1), mcq(2, 1, 2)]);
    await db.insert(schema.examTitleGroups).values({ id: 1, name: "মডেল টেস্ট" });
    await db.insert(schema.examGroups).values({ id: 1, titleGroupId: 1, name: "বিজ্ঞান" });
    await db.insert(schema.examGroupSubjects).values({ id: 1, groupId: 1, name: "পদার্থ" });
    await db.insert(schema.examTitles).values({ id: 1, groupSubjectId: 1, name: "পরীক্ষা ১", questionSetId: 1, fullMarks: 2, durationMinutes: 2 });
    await db.insert(schema.boards).values({ id: 1, code: "dhaka", name: "ঢাকা বোর্ড", sort: 1 });
    await db.insert(schema.boardSubjects).values({ id: 1, name: "পদার্থবিজ্ঞান" });
    await db.insert(schema.boardPapers).values({ id: 1, boardSubjectId: 1, boardId: 1, year: 2023, kind: "mcq", title: "পদার্থবিজ্ঞান ২০২৩" });
    await db.insert(schema.infoPages).values({ slug: "aboutus", title: "আমাদের কথা", content: "<p>ক</p>", contentHtml: "<p>ক</p>" });
    clearShellCache();
  });
  afterAll(closeDb);

  const read = async () => {
    const exam = await getExamTitle(1);
    return {
      exam,
      questions: await pageOfSet(1, exam!.total, 0, 25),
      mcq: await getMcqCategoryPage(1),
      subPage: await getExamSubPage(1),
      groupSubjects: await getGroupSubjects(1),
      boards: await listBoards(),
      boardSubject: await getBoardSubject(1),
      papers: await subjectPapers(1, { boardId: null, year: null }, 1, 10),
      subject: await findSubjectGrade(1, 1),
      grades: await subjectGradesOf(1),
      chapters: await subjectChapters(1, 1, 1),
      category: await getCategoryPage(1),
      about: await getInfoPage("aboutus"),
    };
  };

  it("are read once, and a staff save shows at once", async () => {
    const first = await read();
    expect(first.questions.map((q) => q.id)).toEqual([1, 2]);
    expect(first.mcq?.sets).toEqual([{ id: 1, name: "সেট ১", count: 2 }]);
    expect(first.papers).toMatchObject({ total: 1, years: [2023], pageCount: 1 });
    expect(first.grades.map((g) => g.gname)).toEqual(["এসএসসি"]);
    expect(first.chapters.chapters.map((c) => c.name)).toEqual(["বল"]);
    expect(first.category?.siblingCategories).toEqual([]);
    expect(first.about?.title).toBe("আমাদের কথা");

    const before = queryCount();
    const again = await read();
    expect(queryCount() - before).toBe(0);
    expect(again.questions[0]).toBe(first.questions[0]);

    await insertQuestions([mcq(3, 1, 3)]);
    await db.insert(schema.boardPapers).values({ id: 2, boardSubjectId: 1, boardId: 1, year: 2024, kind: "mcq", title: "পদার্থবিজ্ঞান ২০২৪" });
    await db.insert(schema.subjectGrades).values({ subjectId: 1, gradeId: 2 });
    await db.insert(schema.categories).values({ id: 2, subjectId: 1, gradeId: 1, name: "শক্তি", sort: 2 });
    await db.insert(schema.examGroups).values({ id: 2, titleGroupId: 1, name: "মানবিক" });
    await db.update(schema.infoPages).set({ title: "আমরা কারা" }).where(eq(schema.infoPages.slug, "aboutus"));
    await db.transaction((tx) => bumpContentVersion(tx)); // what every staff save does
    const after = await read();
    expect(after.exam?.total).toBe(3);
    expect(after.questions.map((q) => q.id)).toEqual([1, 2, 3]);
    expect(after.mcq?.sets[0].count).toBe(3);
    expect(after.papers).toMatchObject({ total: 2, years: [2024, 2023] });
    expect(after.grades.map((g) => g.gname)).toEqual(["এসএসসি", "এইচএসসি"]);
    expect(after.chapters.chapters.map((c) => c.name)).toEqual(["বল", "শক্তি"]);
    expect(after.subPage?.groups.map((g) => g.name)).toEqual(["বিজ্ঞান", "মানবিক"]);
    expect(after.category?.siblingCategories.map((c) => c.name)).toEqual(["শক্তি"]);
    expect(after.about?.title).toBe("আমরা কারা");
  });

  it("a page is a slice of the kept set; a set over KEPT_SET_MAX is read page by page", async () => {
    const all = await pageOfSet(1, 3, 0, 25);
    expect((await pageOfSet(1, 3, 1, 1)).map((q) => q.id)).toEqual([2]);
    expect((await pageOfSet(1, 3, 2, 25)).map((q) => q.id)).toEqual([3]);
    expect(await pageOfSet(1, 3, 5, 25)).toEqual([]);
    const before = queryCount();
    const paged = await pageOfSet(1, KEPT_SET_MAX + 1, 1, 1);
    expect(paged.map((q) => q.id)).toEqual([2]);
    expect(queryCount() - before).toBeGreaterThan(0);
    expect(paged[0]).not.toBe(all[1]);
  });

  it("a kept value is frozen outside production: a change to it fails instead of reaching the next visitor", async () => {
    const [q] = await pageOfSet(1, 3, 0, 1);
    expect(() => {
      (q as { html: string }).html = "changed";
    }).toThrow(TypeError);
    expect(() => (q.options as unknown[]).push("x")).toThrow(TypeError);
  });

  it("the papers' page past the end shows the last page", async () => {
    const paged = await subjectPapers(1, { boardId: null, year: null }, 9, 1);
    expect(paged).toMatchObject({ total: 2, page: 2, pageCount: 2 });
    expect(paged.papers.map((p) => p.id)).toEqual([1]);
    expect(await subjectPapers(1, { boardId: 1, year: 1999 }, 3, 1)).toMatchObject({ total: 0, page: 1, pageCount: 1, papers: [] });
  });
});

describe("the live schedule", () => {
  const T = Date.parse("2026-03-01T10:00:00Z");
  const at = (minutes: number) => new Date(T + minutes * 60_000);
  beforeAll(async () => {
    await resetTables();
    await db.insert(schema.liveClasses).values([
      { id: 1, title: "গতকালের ক্লাস", startsAt: at(-24 * 60), durationMinutes: 60, streamUrl: "https://youtu.be/AAAAAAAAAA1", recordingUrl: "https://youtu.be/RRRRRRRRRR1" },
      { id: 2, title: "বীজগণিত", startsAt: at(30), durationMinutes: 20, streamUrl: "https://youtu.be/AAAAAAAAAA2", recordingUrl: "https://youtu.be/RRRRRRRRRR2" },
    ]);
    clearShellCache();
  });
  afterAll(closeDb);

  it("is read once and kept until the next class starts or ends, or a staff save", async () => {
    const before = queryCount();
    const first = await liveSchedule(at(0));
    expect(first.featured).toMatchObject({ status: "next", item: { id: 2 } });
    expect(first.past.map((c) => c.id)).toEqual([1]);
    expect(queryCount() - before).toBe(1);
    expect(await liveSchedule(at(0.5))).toBe(first); // nothing starts or ends before 10:30
    expect(queryCount() - before).toBe(1);

    const onAir = await liveSchedule(at(30)); // class 2 starts
    expect(onAir.featured).toMatchObject({ status: "live", item: { id: 2 } });
    expect(queryCount() - before).toBe(2);
    const ended = await liveSchedule(at(50)); // and ends: its recording is listed
    expect(ended.featured).toBeNull();
    expect(ended.past.map((c) => c.id)).toEqual([2, 1]);
    expect(await liveSchedule(at(10))).not.toBe(ended); // an earlier moment is read again, not taken from later

    const kept = await liveSchedule(at(50.5));
    await db.insert(schema.liveClasses).values({ id: 3, title: "জ্যামিতি", startsAt: at(120), durationMinutes: 30, streamUrl: "https://youtu.be/AAAAAAAAAA3" });
    expect(await liveSchedule(at(50.5))).toBe(kept);
    await db.transaction((tx) => bumpContentVersion(tx)); // what every staff save does
    expect((await liveSchedule(at(50.5))).featured).toMatchObject({ status: "next", item: { id: 3 } });
  });
});
