import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as homeLoader } from "~/routes/home";
import { admissionOf, mcqCardsOf, moreSubjectsOf, subjectRowsOf, viewOf } from "./home-page";
import { loader as categoryLoader } from "~/routes/category.$cid";
import { loader as categoryQueryLoader } from "~/routes/category._index";
import { loader as titleLoader } from "~/routes/title.$id";
import { loader as subjectLoader } from "~/routes/subject.$sname._index";
import { loader as subjectGradeLoader } from "~/routes/subject.$sname.$sid.$gid";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { clearShellCache } from "~/models/site.server";
import { subjectGradeAt } from "~/models/study.server";
import { call, closeDb, db, resetTables, renderFixtures, schema } from "./db";
import { all } from "../support/dom";

/** These tests write rows directly: they then do what every staff save does to the kept content. */
const contentChanged = () => clearShellCache();

const MATH_HTML = String.raw`<p>বৃত্ত: $x^2 + y^2 = r^2$ এবং \(\frac{a}{b}\)</p>
<p>$$\int_0^1 x^2\,dx = \frac{1}{3}$$</p><p>\[\sum_{k=1}^{n} k = \frac{n(n+1)}{2}\]</p>
<p>ভাঙা সূত্র: $\frac{1}{$ শেষ।</p><img src="images/graph.svg" alt="লেখচিত্র"><code>$not math$</code>`;

beforeAll(async () => {
  await resetTables();
  await db.insert(schema.grades).values([
    { id: 1, name: "এসএসসি", sort: 1 },
    { id: 2, name: "এইচএসসি", sort: 2 },
  ]);
  await db.insert(schema.subjects).values([
    { id: 1, name: "উচ্চতর গণিত", slug: "higher-math", icon: "square-root", image: "/images/subjects/higher-math.svg", sort: 1 },
    { id: 2, name: "রসায়ন", slug: "chemistry", icon: "flask", sort: 2 },
  ]);
  await db.insert(schema.subjectGrades).values([
    { subjectId: 1, gradeId: 1 },
    { subjectId: 1, gradeId: 2 },
    { subjectId: 2, gradeId: 2 },
  ]);
  await db.insert(schema.categories).values([
    { id: 10, subjectId: 1, gradeId: 1, name: "সেট ও ফাংশন", sort: 1 },
    { id: 11, subjectId: 1, gradeId: 2, name: "জটিল সংখ্যা", sort: 2 },
    { id: 12, subjectId: 1, gradeId: null, name: "সম্ভাবনা", sort: 3 },
    { id: 20, subjectId: 2, gradeId: 2, name: "পরমাণুর গঠন", sort: 1 },
  ]);
  await db.insert(schema.titles).values([
    { id: 100, categoryId: 10, name: "সেটের ধারণা", content: MATH_HTML, sort: 1 },
    { id: 101, categoryId: 10, name: "ফাংশন", content: "<p>ফাংশন</p>", sort: 2 },
    { id: 102, categoryId: 11, name: "জটিল সংখ্যার বর্গমূল", content: "<p>i</p>", sort: 1 },
  ]);
  await db.insert(schema.mcqCategories).values([
    { id: 1, name: "Mathematics University Admission" },
    { id: 2, name: "Botany Medical Admission" },
    { id: 3, name: "NTRCA Resistration ICT" },
    { id: 4, name: "HSC Physics MCQ" },
    { id: 5, name: "General knowledge BCS Preparation" },
    { id: 6, name: "Sub category", parentId: 4 },
  ]);
  await renderFixtures();
});

afterAll(closeDb);

describe("home", () => {
  it("lists subjects with their categories, MCQ categories and the admission sections", async () => {
    const res = await call(homeLoader, "/home");
    expect(res.status).toBe(200);
    const { sections } = await res.json();
    const rows = subjectRowsOf(sections);
    expect(rows.map((s) => s.name)).toEqual(["উচ্চতর গণিত", "রসায়ন"]);
    expect(rows[0].categories).toEqual([10, 11, 12]);
    expect(mcqCardsOf(sections)).toEqual([1, 2, 3, 4, 5]); // no sub-category
    const section = (key: string) => admissionOf(sections).find((s) => s.key === key)!;
    expect(section("university").items.map((m) => m.id)).toEqual([1]);
    expect(section("medical").items.map((m) => m.id)).toEqual([2]);
    expect(section("ntrca").items.map((m) => m.id)).toEqual([3]);
    expect(section("bcs").items.map((m) => m.id)).toEqual([5]);
    expect(section("national").items).toEqual([]);
    expect(section("national").empty).toBe("No admission subjects found.");
  });

  it("shows a subject's first chapters in order and counts them all", async () => {
    const { homeSubjects } = await import("~/models/study.server");
    const subjects = await homeSubjects(2);
    expect(subjects.map((s) => [s.id, s.total, s.categories.map((c) => c.id)])).toEqual([
      [1, 3, [10, 11]],
      [2, 1, [20]],
    ]);
    expect(subjects[0].categories[0]).toEqual({ id: 10, name: "সেট ও ফাংশন", image: null });
  });

  it("shows the first 12 subjects, and all of them when the URL asks", async () => {
    const extra = Array.from({ length: 12 }, (_, i) => ({ id: 300 + i, name: `বিষয় ${i}`, slug: `extra-${i}`, icon: "book", sort: 50 + i }));
    await db.insert(schema.subjects).values(extra);
    contentChanged();
    try {
      const first = (await (await call(homeLoader, "/home?subjects=grid")).json()).sections;
      expect(subjectRowsOf(first)).toHaveLength(12);
      expect(subjectRowsOf(first).slice(0, 2).map((s) => s.name)).toEqual(["উচ্চতর গণিত", "রসায়ন"]);
      expect(moreSubjectsOf(first)).toBe("২");
      const all = (await (await call(homeLoader, "/home?subjects=grid&allsubjects=1")).json()).sections;
      expect(subjectRowsOf(all)).toHaveLength(14);
      expect(moreSubjectsOf(all)).toBeNull();
      expect(viewOf(all, "subjects")).toBe("grid");
    } finally {
      await db.delete(schema.subjects).where(inArray(schema.subjects.id, extra.map((s) => s.id)));
      contentChanged();
    }
  });

  it("reads each block's view from the URL and defaults to the carousel", async () => {
    const { sections } = await (await call(homeLoader, "/home?subjects=grid&mcq=nonsense")).json();
    expect(["subjects", "board-papers", "grcontentmcq"].map((id) => viewOf(sections, id))).toEqual(["grid", "carousel", "carousel"]);
  });

  it("keeps the sections' markup until the content changes, per query", async () => {
    const html = async (q = "") => (await (await call(homeLoader, `/home${q}`)).json()).sections.top as string;
    const before = await html();
    expect(await html("?mcq=grid")).not.toBe(before);
    await db.update(schema.subjects).set({ name: "উচ্চতর গণিত ২" }).where(eq(schema.subjects.id, 1));
    try {
      expect(await html()).toBe(before); // kept: no staff change was announced
      contentChanged();
      expect(subjectRowsOf({ top: await html(), admission: "" })[0].name).toBe("উচ্চতর গণিত ২");
    } finally {
      await db.update(schema.subjects).set({ name: "উচ্চতর গণিত" }).where(eq(schema.subjects.id, 1));
      contentChanged();
    }
  });
});

describe("category/{cid}", () => {
  it.each(["abc", "0", "-0", "1e999", "NaN", "", " "])("answers 400 'Invalid category id in route.' for %j", async (cid) => {
    const res = await call(categoryLoader, `/category/${cid}`, { cid });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("Invalid category id in route.");
  });

  it.each(["999", "-1", "1.5", "99999999999999999999"])("answers 404 for a valid number that is no category (%s)", async (cid) => {
    const res = await call(categoryLoader, `/category/${cid}`, { cid });
    expect(res.status).toBe(404);
  });

  it("gives the category, its subject, titles and sibling categories", async () => {
    const data = await (await call(categoryLoader, "/category/10", { cid: "10" })).json();
    expect(data.category).toMatchObject({ id: 10, name: "সেট ও ফাংশন", subject: { sname: "উচ্চতর গণিত", icon: "square-root" } });
    expect(data.titles.map((t: { tname: string }) => t.tname)).toEqual(["সেটের ধারণা", "ফাংশন"]);
    expect(data.siblingCategories.map((c: { id: number }) => c.id)).toEqual([11, 12]);
    expect(data.sidebar.multipleChoice.length).toBeGreaterThan(0);
  });

  it("sends another spelling of the id (leading zeros) to the one address, keeping the query", async () => {
    for (const [cid, query] of [["010", ""], ["0010", "?x=1"]]) {
      const res = await call(categoryLoader, `/category/${cid}${query}`, { cid });
      expect(res.status).toBe(301);
      expect(res.headers.get("Location")).toBe(`/category/10${query}`);
    }
  });

  it("has empty lists for a chapter with no titles and no siblings", async () => {
    const data = await (await call(categoryLoader, "/category/20", { cid: "20" })).json();
    expect(data.titles).toEqual([]);
    expect(data.siblingCategories).toEqual([]);
  });

  it("redirects the old ?catid= form and rejects a bad one", async () => {
    const ok = await call(categoryQueryLoader, "/category?catid=10");
    expect(ok.status).toBe(301);
    expect(ok.headers.get("Location")).toBe("/category/10");
    const bad = await call(categoryQueryLoader, "/category?catid=abc");
    expect(bad.status).toBe(400);
    expect((await call(categoryQueryLoader, "/category")).status).toBe(400);
  });
});

describe("title/{id}", () => {
  it("typesets all four kinds of math on the server and shows a broken formula as its source", async () => {
    const data = await (await call(titleLoader, "/title/100", { id: "100" })).json();
    const html: string = data.html;
    expect(html.match(/class="katex"/g)?.length).toBe(4);
    expect(html.match(/class="katex-display"/g)?.length).toBe(2);
    // A broken formula shows as its source, set as code; text that only looks like math stays text in code.
    const code = all(html, (el) => el.tag === "code");
    expect(code.filter((el) => el.attrs.class === "math-error").map((el) => el.text)).toContain("$\\frac{1}{$");
    expect(code.map((el) => el.text)).toContain("$not math$");
    expect(html).toContain('src="/images/graph.svg"');
    expect(data.title.next).toEqual({ id: 101, name: "ফাংশন" });
    expect(data.title.prev).toBeNull();
    const chapter = data.blocks[0].categories.find((c: { cid: number }) => c.cid === 12);
    expect(chapter.titles).toEqual([]); // 'Coming Soon !'
  });

  it.each(["0", "abc", "999", "1.5"])("answers 404 for %s", async (id) => {
    expect((await call(titleLoader, `/title/${id}`, { id })).status).toBe(404);
  });

  it("lists every chapter's titles in a small subject, and only the open chapter's in a large one", async () => {
    const { SIDEBAR_ALL_TITLES_MAX } = await import("~/models/study.server");
    const small = await (await call(titleLoader, "/title/100", { id: "100" })).json();
    expect(small.blocks[0].categories.map((c: { cid: number; count: number; titles: unknown[] | null }) => [c.cid, c.count, c.titles?.length ?? null])).toEqual([
      [10, 2, 2],
      [11, 1, 1],
      [12, 0, 0],
    ]);
    const extra = Array.from({ length: SIDEBAR_ALL_TITLES_MAX }, (_, i) => ({ id: 1000 + i, categoryId: 11, name: `টপিক ${i}`, content: "<p>x</p>", sort: 10 + i }));
    await db.insert(schema.titles).values(extra);
    contentChanged();
    try {
      const large = await (await call(titleLoader, "/title/100", { id: "100" })).json();
      const [open, other, empty] = large.blocks[0].categories;
      expect(open).toMatchObject({ cid: 10, count: 2, titles: [{ tid: 100 }, { tid: 101 }] });
      expect(other).toEqual({ cid: 11, name: "জটিল সংখ্যা", count: SIDEBAR_ALL_TITLES_MAX + 1, titles: null }); // a link to /category/11
      expect(empty).toMatchObject({ cid: 12, count: 0, titles: [] }); // still 'Coming Soon !'
      const inOther = await (await call(titleLoader, "/title/1000", { id: "1000" })).json();
      expect(inOther.blocks[0].categories[1].titles).toHaveLength(SIDEBAR_ALL_TITLES_MAX + 1);
      expect(inOther.blocks[0].categories[0]).toMatchObject({ cid: 10, titles: null });
    } finally {
      await db.delete(schema.titles).where(inArray(schema.titles.id, extra.map((t) => t.id)));
      contentChanged();
    }
  });
});

describe("subject pages", () => {
  it("lists a subject's chapters for a grade, with the chapters shared by every grade", async () => {
    const data = await (await call(subjectGradeLoader, "/subject/higher-math/1/1", { sname: "higher-math", sid: "1", gid: "1" })).json();
    expect(data.subject).toMatchObject({ sname: "উচ্চতর গণিত", gname: "এসএসসি" });
    expect(data.chapters.map((c: { id: number }) => c.id)).toEqual([10, 12]);
    expect(data.chapters[0].titles.map((t: { id: number }) => t.id)).toEqual([100, 101]);
  });

  it("shows each chapter's first titles in order with its count; its page has the rest", async () => {
    const { SUBJECT_TITLES_PER_CHAPTER: n } = await import("~/models/study.server");
    const extra = Array.from({ length: n + 2 }, (_, i) => ({ id: 2000 + i, categoryId: 12, name: `পাঠ ${i}`, content: "<p>x</p>", sort: n + 2 - i }));
    await db.insert(schema.titles).values(extra);
    contentChanged();
    try {
      const data = await (await call(subjectGradeLoader, "/subject/higher-math/1/1", { sname: "higher-math", sid: "1", gid: "1" })).json();
      const [ten, twelve] = data.chapters;
      expect(ten).toMatchObject({ id: 10, count: 2, titles: [{ id: 100 }, { id: 101 }] });
      expect(twelve.count).toBe(n + 2);
      // By sort: the last inserted comes first.
      expect(twelve.titles.map((t: { id: number }) => t.id)).toEqual(extra.map((t) => t.id).reverse().slice(0, n));
    } finally {
      await db.delete(schema.titles).where(inArray(schema.titles.id, extra.map((t) => t.id)));
      contentChanged();
    }
  });

  it("pages the chapters: numbers go on, a page beyond the end is the last one, page 1 alone has no pager", async () => {
    const { chaptersWithTitles } = await import("~/models/study.server");
    const second = await chaptersWithTitles(1, 1, 2, { perPage: 1 });
    expect(second).toMatchObject({ total: 2, page: 2, pageCount: 2, first: 2 });
    expect(second.chapters.map((c) => c.id)).toEqual([12]);
    const beyond = await chaptersWithTitles(1, 1, 99, { perPage: 1 });
    expect(beyond).toMatchObject({ page: 2, pageCount: 2, first: 2 });
    expect(beyond.chapters.map((c) => c.id)).toEqual([12]);
    expect(await chaptersWithTitles(999999, null, 3)).toMatchObject({ chapters: [], total: 0, page: 1, pageCount: 1 });

    const data = await (await call(subjectGradeLoader, "/subject/higher-math/1/1?page=5", { sname: "higher-math", sid: "1", gid: "1" })).json();
    expect(data).toMatchObject({ page: 1, pageCount: 1, first: 1, search: "?page=5" });
    expect(data.chapters.map((c: { id: number }) => c.id)).toEqual([10, 12]);
  });

  it("redirects a misspelt name to the canonical URL and 404s an unknown pair", async () => {
    const res = await call(subjectGradeLoader, "/subject/Math/1/2", { sname: "Math", sid: "1", gid: "2" });
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/subject/higher-math/1/2");
    expect((await call(subjectGradeLoader, "/subject/chemistry/2/1", { sname: "chemistry", sid: "2", gid: "1" })).status).toBe(404);
  });

  it("the lookup behind it answers with data, not HTTP: the pair, its canonical start and whether the name was spelt so", async () => {
    expect(await subjectGradeAt({ sname: "Math", sid: 1, gid: 2 }, "make-question")).toMatchObject({ sid: 1, gid: 2, base: "/make-question/higher-math/1/2", canonical: false });
    expect(await subjectGradeAt({ sname: "higher-math", sid: 1, gid: 2 }, "subject")).toMatchObject({ base: "/subject/higher-math/1/2", canonical: true });
    expect(await subjectGradeAt({ sid: 2, gid: 1 }, "subject")).toBeNull();
  });

  it("shows every chapter on /subject/{sname}", async () => {
    const data = await (await call(subjectLoader, "/subject/higher-math", { sname: "higher-math" })).json();
    expect(data.chapters.map((c: { id: number }) => c.id)).toEqual([10, 11, 12]);
    expect(data.grades.map((g: { gname: string }) => g.gname)).toEqual(["এসএসসি", "এইচএসসি"]);
    expect((await call(subjectLoader, "/subject/nope", { sname: "nope" })).status).toBe(404);
    expect((await call(subjectLoader, "/subject/..%2F", { sname: "../" })).status).toBe(404);
  });

  it("sends /subject/{sname} in another case to the one address, keeping the query", async () => {
    for (const [sname, query] of [["HIGHER-MATH", ""], ["Higher-Math", "?page=2"]]) {
      const res = await call(subjectLoader, `/subject/${sname}${query}`, { sname });
      expect(res.status).toBe(301);
      expect(res.headers.get("Location")).toBe(`/subject/higher-math${query}`);
    }
  });
});

describe("sitemap.xml", () => {
  it("lists titles, categories and subjects under the configured origin, whatever the request's host", async () => {
    vi.stubEnv("SITE_ORIGIN", "https://grbd.example");
    try {
      const xml = await (await call(sitemapLoader, "/sitemap.xml", {}, { headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" } })).text();
      expect(xml).toContain("https://grbd.example/title/100");
      expect(xml).toContain("https://grbd.example/category/20");
      expect(xml).toContain("https://grbd.example/subject/chemistry");
      expect(xml).not.toContain("test.local");
      expect(xml).not.toContain("evil");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
