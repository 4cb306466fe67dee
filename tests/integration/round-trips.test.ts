// No N+1: the number of database round trips a page makes does not grow with the data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryCount } from "~/db/client.server";
import { clearShellCache } from "~/models/site.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/home";
import { loader as categoryLoader } from "~/routes/category.$cid";
import { loader as titleLoader } from "~/routes/title.$id";
import { loader as subjectLoader } from "~/routes/subject.$sname.$sid.$gid";
import { call, closeDb, db, resetTables, schema } from "./db";

type Page = [string, () => Promise<Response>];
const pages: Page[] = [
  ["shell", () => (clearShellCache(), call(rootLoader, "/home"))],
  ["home", () => call(homeLoader, "/home")],
  ["category", () => call(categoryLoader, "/category/1", { cid: "1" })],
  ["title", () => call(titleLoader, "/title/1", { id: "1" })],
  ["subject", () => call(subjectLoader, "/subject/s1/1/1", { sname: "s1", sid: "1", gid: "1" })],
];

async function roundTrips(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, load] of pages) {
    const before = queryCount();
    const res = await load();
    expect(res.status, name).toBe(200);
    out[name] = queryCount() - before;
  }
  return out;
}

/** `n` subjects, each with `n` chapters of `n` titles, plus `n` MCQ categories and board subjects. */
async function fill(n: number) {
  await resetTables();
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  await db.insert(schema.grades).values({ id: 1, name: "এসএসসি" });
  await db.insert(schema.subjects).values(ids.map((i) => ({ id: i, name: `বিষয় ${i}`, slug: `s${i}`, icon: "book" })));
  await db.insert(schema.subjectGrades).values(ids.map((i) => ({ subjectId: i, gradeId: 1 })));
  await db.insert(schema.categories).values(ids.flatMap((s) => ids.map((c) => ({ id: (s - 1) * n + c, subjectId: s, gradeId: 1, name: `অধ্যায় ${c}` }))));
  const titles = ids.flatMap((s) => ids.flatMap((c) => ids.map((t) => ({ categoryId: (s - 1) * n + c, name: `পাঠ ${t}`, content: "<p>$x^2$</p>" }))))
    .map((t, i) => ({ ...t, id: i + 1 }));
  for (let i = 0; i < titles.length; i += 500) await db.insert(schema.titles).values(titles.slice(i, i + 500));
  await db.insert(schema.mcqCategories).values(ids.map((i) => ({ name: `Mathematics University Admission ${i}` })));
  await db.insert(schema.boardSubjects).values(ids.map((i) => ({ name: `বোর্ড ${i}` })));
  await db.insert(schema.footerTweets).values(ids.map((i) => ({ handle: "@x", text: `t${i}` })));
}

beforeAll(() => fill(2));
afterAll(closeDb);

describe("round trips per page", () => {
  it("stay the same with 8× more subjects, chapters and titles (512× the titles)", async () => {
    const small = await roundTrips();
    await fill(16);
    const large = await roundTrips();
    expect(large).toEqual(small);
    for (const [name, n] of Object.entries(small)) {
      expect(n, name).toBeGreaterThan(0); // the counter sees the queries at all
      expect(n, name).toBeLessThanOrEqual(8);
    }
  });
});
