// Data kept per process until a staff save moves the content version: the keyed form and the general
// sidebar that uses it (the same lists on /about and every category page of a subject).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBoardSubjects } from "~/models/board-papers.server";
import { topMcqCategories } from "~/models/mcq.server";
import { generalSidebar } from "~/models/sidebar.server";
import { getTitle, homeSubjects, singleSidebar } from "~/models/study.server";
import { bumpContentVersion, clearShellCache, keptPerKeyUntilContentChange } from "~/models/site.server";
import { queryCount } from "~/db/client.server";
import { closeDb, db, resetTables, schema } from "./db";

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
});
