// Search against a real MariaDB: the index made by the derive pipeline and by saves, the results page's
// loader with real Requests, and spellings that must find the same rows.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryCount } from "~/db/client.server";
import { parseQuery, queryClauses } from "~/lib/search-query";
import { findCandidates, getHits, indexStale, rebuildIndex, reindex, SEARCH_KINDS, type Candidate, type Facet } from "~/models/search.server";
import { resourceDef } from "~/lib/admin/resources";
import { getRow, updateRow } from "~/models/admin/content.server";
import { clearShellCache } from "~/models/site.server";
import { loader as suggestLoader } from "~/routes/api.search.suggest";
import { loader } from "~/routes/search/route";
import { call, closeDb, db, insertQuestions, renderFixtures, resetTables, schema, withMigrationDb } from "./db";

const ZWJ = "\u200D";
const ZWNJ = "\u200C";

type Hit = { id: number; kind: string; url: string | null; title: { text: string; mark: boolean }[]; snippet: { text: string; mark: boolean }[] | null; meta: string; where: string };
type Page = {
  status: "empty" | "none" | "results";
  total?: number;
  loose?: boolean;
  approximate?: boolean;
  query: string;
  state: { q: string; kind: string | null; boards: string[]; year: number | null; page: number };
  groups?: { kind: string; count: number; hits: Hit[]; more: string | null }[];
  pager?: { page: number; pageCount: number; prev: string | null; next: string | null } | null;
  filters?: { kinds: { label: string; count: number; href: string; current: boolean }[]; subjects: { label: string; href: string; count: number }[]; boards: { label: string; href: string }[]; years: { label: string; href: string }[] };
  active?: { label: string; removeHref: string }[];
  starters?: { id: number; name: string }[];
  subjects?: { label: string; href: string }[];
};

async function search(query: string | Record<string, string>): Promise<Page> {
  const params = typeof query === "string" ? new URLSearchParams({ q: query }) : new URLSearchParams(query);
  const res = await call(loader, `/search?${params}`);
  expect(res.status).toBe(200);
  return res.json();
}

/** Every result (all kinds, every page of each kind) as "kind:link" (a question in no set: "kind:title"), sorted. */
async function allRows(query: string): Promise<string[]> {
  const first = await search(query);
  const out: string[] = [];
  for (const g of first.groups ?? []) {
    for (let page = 1; ; page++) {
      const p = await search({ q: query, kind: g.kind, page: String(page) });
      out.push(...(p.groups ?? []).flatMap((x) => x.hits.map((h) => `${h.kind}:${h.url ?? text(h.title)}`)));
      if (!p.pager || page >= p.pager.pageCount) break;
    }
  }
  return out.sort();
}

const rowsOf = (result: unknown) => (result as [{ n: number }[]])[0];
const text = (segments: { text: string }[]) => segments.map((s) => s.text).join("");
const marked = (segments: { text: string; mark: boolean }[] | null) => (segments ?? []).filter((s) => s.mark).map((s) => s.text);

beforeAll(async () => {
  await resetTables();
  await db.insert(schema.grades).values([
    { id: 1, name: "এসএসসি", sort: 1 },
    { id: 2, name: "এইচএসসি", sort: 2 },
  ]);
  await db.insert(schema.subjects).values([
    { id: 1, name: "উচ্চতর গণিত", slug: "higher-math", sort: 1 },
    { id: 2, name: "পদার্থবিজ্ঞান", slug: "physics", sort: 2 },
  ]);
  await db.insert(schema.subjectGrades).values([
    { subjectId: 1, gradeId: 1 },
    { subjectId: 2, gradeId: 1 },
    { subjectId: 2, gradeId: 2 },
  ]);
  await db.insert(schema.categories).values([
    { id: 1, subjectId: 1, gradeId: 1, name: "ত্রিকোণমিতিক অনুপাত", sort: 1 },
    { id: 2, subjectId: 2, gradeId: null, name: "বল", sort: 1 },
    { id: 3, subjectId: 1, gradeId: 1, name: "সেট ও ফাংশন", sort: 2 },
  ]);
  await db.insert(schema.titles).values([
    { id: 1, categoryId: 1, name: "ত্রিকোণমিতির মৌলিক সূত্র", content: String.raw`<p>সমকোণী ত্রিভুজে $\sin\theta = \frac{a}{c}$</p>`, sort: 1 },
    // The same word typed with a zero-width joiner (an old keyboard's র্য) ...
    { id: 2, categoryId: 3, name: `র${ZWJ}্যাংকিং ও ক্রম`, content: "<p>সেটের উপাদান সাজানো।</p>", sort: 1 },
    // ... and with the nukta letter decomposed (য + ়).
    { id: 3, categoryId: 2, name: "নিউটনের গতিসূত্র", content: "<p>বস্তুর উপর প্রযুক্ত বল ও ত্বরণ। পরিমা\u09AF\u09BC</p>", sort: 1 },
    // Markup whose tag names and attributes must never be found.
    {
      id: 4,
      categoryId: 3,
      name: "ভেন চিত্র",
      content: `<div class="zorbleclass" data-quixote="wobblevalue" style="color: chartreuse"><span title="flimflam">দুটি সেটের ছেদ</span><img src="/img/glimmerfile.png" alt="snorkelalt"><a href="https://example.com/bazinga">সূত্র</a></div>`,
      sort: 2,
    },
  ]);
  // 25 topics about one word, for paging.
  await db.insert(schema.titles).values(
    Array.from({ length: 25 }, (_, i) => ({ id: 100 + i, categoryId: 3, name: `সমীকরণ অনুশীলনী ${i + 1}`, content: `<p>দ্বিঘাত সমীকরণ নম্বর ${i + 1}</p>`, sort: 10 + i })),
  );
  await db.insert(schema.questionSets).values([
    { id: 1, name: "ত্রিকোণমিতি অনুশীলন" },
    { id: 2, name: "ঢাকা বোর্ড ২০১৯ বহুনির্বাচনি" },
  ]);
  await db.insert(schema.mcqCategories).values({ id: 1, name: "উচ্চতর গণিত MCQ" });
  await db.update(schema.questionSets).set({ mcqCategoryId: 1 }).where(eq(schema.questionSets.id, 1));
  await db.insert(schema.boards).values([
    { id: 1, code: "dhaka", name: "ঢাকা" },
    { id: 2, code: "raj", name: "রাজশাহী" },
  ]);
  await db.insert(schema.boardSubjects).values({ id: 1, name: "উচ্চতর গণিত", subjectId: 1 });
  await db.insert(schema.boardPapers).values([
    { id: 1, boardSubjectId: 1, boardId: 1, year: 2019, kind: "mcq", title: "ঢাকা বোর্ড ২০১৯ — উচ্চতর গণিত বহুনির্বাচনি", questionSetId: 2 },
    { id: 2, boardSubjectId: 1, boardId: 2, year: 2021, kind: "creative", title: "রাজশাহী বোর্ড ২০২১ — উচ্চতর গণিত সৃজনশীল", content: "<p>যেকোনো পাঁচটি প্রশ্নের উত্তর দাও।</p>" },
  ]);
  await db.insert(schema.examTitles).values({ id: 1, name: "ত্রিকোণমিতি মডেল টেস্ট", questionSetId: 1, description: "<p>ত্রিকোণমিতি অধ্যায়ের পরীক্ষা</p>" });
  await db.insert(schema.videos).values([
    { id: 1, url: "https://www.youtube.com/watch?v=AAAAAAAAAA1", title: "ত্রিকোণমিতিক অনুপাত ও অভেদ", kind: "theory" },
    { id: 2, url: "not a video link", title: "ত্রিকোণমিতি ভাঙা লিংক", kind: "example" },
  ]);
  await insertQuestions([
    { id: 1, setId: 1, sort: 1, body: String.raw`$\sin 30^\circ$ এর মান কত?`, boardYear: "dhaka: 19", subjectId: 1, gradeId: 1, chapterId: 1 },
    { id: 2, setId: 2, sort: 1, body: "ত্রিকোণমিতিতে কোণের একক কোনটি?", boardYear: "dhaka, raj: 2019", subjectId: 1, gradeId: 1, chapterId: 1 },
    { id: 3, setId: 2, sort: 2, body: "সমীকরণের মূল কয়টি?", boardYear: "all: 2019", subjectId: 1, gradeId: 1 },
    { id: 4, body: "বলের একক কী?", boardYear: "dhaka: 2018; raj: 2019", subjectId: 2, gradeId: 1 },
    { id: 5, body: "ত্বরণের একক কী?", boardYear: "cum: 2019", subjectId: 2, gradeId: 2 },
    { id: 6, body: "এই প্রশ্নে 2019 সালটি লেখা আছে", boardYear: null, subjectId: 2, gradeId: 2 },
  ]); // insertQuestions ends with the derive pipeline, which also builds the search index
});

afterAll(closeDb);

describe("the index is made by the derive pipeline", () => {
  it("has a row for every searchable row (a video without a usable link has none)", async () => {
    const rows = await db.select({ source: schema.searchDocs.source, sourceId: schema.searchDocs.sourceId }).from(schema.searchDocs);
    const count = (s: string) => rows.filter((r) => r.source === s).length;
    expect([count("titles"), count("categories"), count("questions"), count("board_papers"), count("exam_titles"), count("videos")]).toEqual([
      29, 3, 6, 2, 1, 1,
    ]);
    expect(await indexStale(db)).toBe(0); // nothing stale the second time
  });
});

describe("spellings that find the same rows", () => {
  it("২০১৯ and 2019", async () => {
    const bangla = await allRows("২০১৯");
    expect(bangla.length).toBeGreaterThan(0);
    expect(await allRows("2019")).toEqual(bangla);
    // Questions set in 2019 and the text that says 2019; not the question of 2018 only.
    expect(bangla).toEqual(expect.arrayContaining(["paper:/board-question/1/paper/1"]));
  });

  it("the ZWJ, ZWNJ and plain spellings of a word", async () => {
    const withZwj = await allRows(`র${ZWJ}্যাংকিং`);
    expect(withZwj).toEqual(["topic:/title/2"]);
    expect(await allRows(`র${ZWNJ}্যাংকিং`)).toEqual(withZwj);
    expect(await allRows("র্যাংকিং")).toEqual(withZwj);
  });

  it("a nukta letter decomposed in the text and precomposed in the query", async () => {
    expect(await allRows("পরিমা\u09DF")).toEqual(["topic:/title/3"]);
    expect(await allRows("পরিমা\u09AF\u09BC")).toEqual(["topic:/title/3"]);
  });

  it("ঢা.বো. ১৯, dhaka 2019 and ঢাকা বোর্ড ২০১৯: questions and papers of Dhaka (or all boards) in 2019", async () => {
    const abbreviated = await allRows("ঢা.বো. ১৯");
    expect(await allRows("dhaka 2019")).toEqual(abbreviated);
    expect(await allRows("ঢাকা বোর্ড ২০১৯")).toEqual(abbreviated);
    const page = await search("ঢা.বো. ১৯");
    expect(page.state.boards).toEqual(["dhaka"]);
    expect(page.state.year).toBe(2019);
    expect(page.active?.map((a) => a.label)).toEqual(["ঢাকা বোর্ড", "২০১৯"]);
    // q1 dhaka 19, q2 dhaka+raj 2019, q3 all boards 2019, the Dhaka 2019 paper; not q4 (Dhaka 2018), q5 (Comilla), q6 (no source).
    expect(page.groups?.map((g) => [g.kind, g.count])).toEqual([
      ["mcq", 3],
      ["paper", 1],
    ]);
  });

  it("a board filter from the query plus words", async () => {
    const page = await search("ত্রিকোণমিতি dhaka 19");
    expect(page.groups?.flatMap((g) => g.hits.map((h) => text(h.title)))).toEqual(["ত্রিকোণমিতিতে কোণের একক কোনটি?"]);
  });
});

describe("what is searchable", () => {
  it("an HTML tag name, attribute name or attribute value never matches", async () => {
    for (const q of ["zorbleclass", "quixote", "wobblevalue", "chartreuse", "flimflam", "glimmerfile", "snorkelalt", "bazinga", "span", "div", "class", "style", "href", "img", "src", "alt", "title", "data"]) {
      const page = await search(q);
      expect([q, page.total ?? 0]).toEqual([q, 0]);
    }
    // The text between the tags is found.
    expect(await allRows("ছেদ")).toEqual(["topic:/title/4"]);
  });

  it("math sources are searchable as text, and shown readable", async () => {
    expect(await allRows("frac")).toEqual(["topic:/title/1"]);
    expect(await allRows("theta")).toEqual(["topic:/title/1"]);
    expect(await allRows("θ")).toEqual(["topic:/title/1"]);
    const page = await search("sin");
    const hits = page.groups!.flatMap((g) => g.hits);
    expect(hits.map((h) => h.url).sort()).toEqual(["/mq/1?set=1&page=1#q-1", "/title/1"]);
    expect(text(hits.find((h) => h.url === "/title/1")!.snippet!)).toContain("sinθ = a/c");
  });

  it("a word finds its forms with endings, the query's ending is cut", async () => {
    expect(await allRows("ত্রিকোণমিতির")).toEqual(await allRows("ত্রিকোণমিতি"));
    const rows = await allRows("ত্রিকোণমিতি");
    expect(rows).toEqual(
      expect.arrayContaining(["topic:/title/1", "chapter:/category/1", "exam:/exampage/1", "video:/home?v=AAAAAAAAAA1#grcontentvideo"]),
    );
  });
});

describe("the results page", () => {
  it("groups by kind with counts, marks the match, links every result", async () => {
    const page = await search("ত্রিকোণমিতি");
    expect(page.status).toBe("results");
    expect(page.groups?.map((g) => g.kind)).toEqual(["topic", "chapter", "mcq", "exam", "video"]);
    const topic = page.groups![0].hits[0];
    expect(text(topic.title)).toBe("ত্রিকোণমিতির মৌলিক সূত্র");
    expect(marked(topic.title)).toEqual(["ত্রিকোণমিতির"]);
    expect(topic.where).toBe("উচ্চতর গণিত · এসএসসি");
    expect(topic.meta).toBe("ত্রিকোণমিতিক অনুপাত");
    const kinds = page.filters!.kinds;
    expect(kinds[0]).toMatchObject({ label: "সব ধরন", count: page.total, current: true });
    expect(kinds.find((k) => k.label === "পাঠ")?.href).toBe(`/search?q=${encodeURIComponent("ত্রিকোণমিতি")}&kind=topic`);
  });

  it("a question links to the page it is on: its board paper, else its practice set", async () => {
    const page = await search("ত্রিকোণমিতিতে");
    expect(page.groups![0].hits[0].url).toBe("/board-question/1/paper/1#q-2");
    const sine = await search({ q: "sin", kind: "mcq" });
    expect(sine.groups![0].hits[0].url).toBe("/mq/1?set=1&page=1#q-1");
    expect(sine.groups![0].hits[0].meta).toBe("ঢা. বো. ২০১৯");
    const unset = await search({ q: "ত্বরণের", kind: "mcq" });
    expect(unset.groups![0].hits[0].url).toBeNull(); // in no set: no page shows it
  });

  it("pages within a kind: 10 a page, the last page for a page beyond the end", async () => {
    const first = await search({ q: "অনুশীলনী", kind: "topic" });
    expect(first.groups![0].count).toBe(25);
    expect(first.groups![0].hits).toHaveLength(10);
    expect(first.pager).toMatchObject({ page: 1, pageCount: 3, prev: null });
    expect(first.pager!.next).toBe(`/search?q=${encodeURIComponent("অনুশীলনী")}&kind=topic&page=2`);
    const beyond = await search({ q: "অনুশীলনী", kind: "topic", page: "99" });
    expect(beyond.pager).toMatchObject({ page: 3, pageCount: 3 });
    expect(beyond.groups![0].hits).toHaveLength(5);
    const ids = new Set<string>();
    for (const page of ["1", "2", "3"]) for (const h of (await search({ q: "অনুশীলনী", kind: "topic", page })).groups![0].hits) ids.add(h.url!);
    expect(ids.size).toBe(25);
    // On the page of all kinds: three, and a link to all of them.
    const grouped = await search("অনুশীলনী");
    expect(grouped.groups![0].hits).toHaveLength(3);
    expect(grouped.groups![0].more).toBe(`/search?q=${encodeURIComponent("অনুশীলনী")}&kind=topic`);
  });

  it("a search asked again is answered from what was kept: no round trip, the same page", async () => {
    const queries: Record<string, string>[] = [{ q: "অনুশীলনী", kind: "topic", page: "3" }, { q: "ত্রিকোণমিতি" }, { q: "কোয়ান্টাম" }];
    for (const query of queries) {
      const first = await search(query);
      const before = queryCount();
      expect(await search(query)).toEqual(first);
      expect([query, queryCount() - before]).toEqual([query, 0]);
    }
  });

  it("the results shown come with the match: one round trip once the words are counted, the same rows and links as read alone", async () => {
    const queries: Record<string, string>[] = [{ q: "অনুশীলনী" }, { q: "অনুশীলনী", kind: "topic", page: "2" }, { q: "sin" }, { q: "ত্রিকোণমিতিতে" }, { q: "sin", kind: "mcq" }, { q: "dhaka 19" }];
    // The same words asked as another page (another kind), so this one is not kept yet.
    const sameWords = (query: Record<string, string>): Record<string, string> => (query.kind ? { q: query.q } : { ...query, kind: "video" });
    clearShellCache(); // what earlier tests asked is forgotten, as after a staff save
    for (const query of queries) {
      await search(sameWords(query)); // counts the words
      const before = queryCount();
      const page = await search(query);
      expect([query, queryCount() - before]).toEqual([query, 1]);
      // The same hits, in the same order, as reading the shown results' rows on their own.
      const shown = page.groups!.flatMap((g) => g.hits);
      const alone = await getHits(shown.map((h) => h.id));
      expect(shown.map((h) => [h.id, h.url, h.meta])).toEqual(alone.map((h) => [h.id, h.url, h.meta]));
    }
    // A page beyond the end shows the last page: the match is read again for it.
    await search({ q: "অনুশীলনী", kind: "topic", page: "99" });
    const before = queryCount();
    expect((await search({ q: "অনুশীলনী", kind: "topic", page: "98" })).groups![0].hits).toHaveLength(5);
    expect(queryCount() - before).toBe(1 + 1);
  });

  it("the database's order and counts are those of ranking every match here", async () => {
    for (const q of ["অনুশীলনী", "sin", "ত্রিকোণমিতিতে", "dhaka 19"]) await expectRankedAsHere(q, null);
  });

  it("filters by subject+grade (a chapter of every grade counts for each grade), board and year, keeping the query", async () => {
    const all = await search("একক");
    expect(all.total).toBe(3);
    expect(all.filters!.subjects.map((s) => [s.label, s.count])).toEqual([
      ["উচ্চতর গণিত · এসএসসি", 1],
      ["পদার্থবিজ্ঞান · এসএসসি", 1],
      ["পদার্থবিজ্ঞান · এইচএসসি", 1],
    ]);
    const hsc = await search({ q: "একক", sg: "2-2" });
    expect(hsc.groups!.flatMap((g) => g.hits.map((h) => text(h.title)))).toEqual(["ত্বরণের একক কী?"]);
    expect(hsc.active!.map((a) => a.label)).toEqual(["পদার্থবিজ্ঞান · এইচএসসি"]);
    expect(hsc.active![0].removeHref).toBe(`/search?q=${encodeURIComponent("একক")}`);
    // The chapter "বল" belongs to every grade of physics: found in either grade.
    expect((await search({ q: "বল", sg: "2-1", kind: "chapter" })).groups![0].count).toBe(1);
    expect((await search({ q: "বল", sg: "2-2", kind: "chapter" })).groups![0].count).toBe(1);

    const raj = all.filters!.boards.find((b) => b.label === "রাজশাহী বোর্ড")!;
    expect(raj.href).toBe(`/search?q=${encodeURIComponent("একক")}&board=raj`);
    const byBoard = await search({ q: "একক", board: "raj" });
    expect(byBoard.groups!.flatMap((g) => g.hits.map((h) => text(h.title))).sort()).toEqual(["ত্রিকোণমিতিতে কোণের একক কোনটি?", "বলের একক কী?"]);
    const byBoardYear = await search({ q: "একক", board: "dhaka", year: "2018" });
    expect(byBoardYear.groups!.flatMap((g) => g.hits.map((h) => text(h.title)))).toEqual(["বলের একক কী?"]);
    // A year with a board from the query is one source: Dhaka 2018 and Rajshahi 2019 is not Dhaka 2019.
    expect((await search("বলের ঢাকা বোর্ড ২০১৯")).total).toBe(0);
  });

  it("when no result has every word: results with some of them, said so", async () => {
    const page = await search("ত্রিকোণমিতিক গোলাপফুল");
    expect(page.loose).toBe(true);
    expect(page.total).toBeGreaterThan(0);
    expect((await search("ত্রিকোণমিতিক")).loose).toBe(false);
  });

  it("nothing found: suggestions; nothing asked: the empty page with subjects and topics", async () => {
    const none = await search("কোয়ান্টাম");
    expect(none.status).toBe("none");
    expect(none.starters!.length).toBeGreaterThan(0);
    const empty = await search("");
    expect(empty.status).toBe("empty");
    expect(empty.subjects!.map((s) => s.label)).toEqual(["উচ্চতর গণিত · এসএসসি", "পদার্থবিজ্ঞান · এসএসসি", "পদার্থবিজ্ঞান · এইচএসসি"]);
    expect(empty.starters!.map((s) => s.name)).toEqual(["ত্রিকোণমিতির মৌলিক সূত্র", "নিউটনের গতিসূত্র"]);
  });

  it("is never indexed by search engines", async () => {
    const res = await call(loader, "/search?q=x");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
  });
});

describe("suggestions (/api/search/suggest)", () => {
  const suggestions = async (q: string) => {
    const res = await call(suggestLoader, `/api/search/suggest?${new URLSearchParams({ q })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    return ((await res.json()) as { items: { title: string; kind: string; url: string }[] }).items;
  };

  it("a few results for the words typed so far, best first, each with its link", async () => {
    const items = await suggestions("ত্রিকোণমিতি");
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(6);
    expect(items).toContainEqual({ title: "ত্রিকোণমিতির মৌলিক সূত্র", kind: "পাঠ", url: "/title/1" });
    expect(items[0].title).toContain("ত্রিকোণমিতি");
    expect(items.every((i) => i.url.startsWith("/"))).toBe(true);
  });

  it("words asked again are answered from what was kept (no round trip) until the index changes", async () => {
    const first = await suggestions("অনুশীলনী");
    const before = queryCount();
    expect(await suggestions("  অনুশীলনী ")).toEqual(first);
    expect(queryCount() - before).toBe(0);
    await db.insert(schema.titles).values({ id: 600, categoryId: 3, name: "অনুশীলনী কম্পাঙ্কের খেলা", content: "<p>x</p>" });
    await reindex("titles", [600]);
    expect((await suggestions("অনুশীলনী কম্পাঙ্কের")).map((i) => i.url)).toEqual(["/title/600"]);
    await db.delete(schema.titles).where(eq(schema.titles.id, 600));
    await reindex("titles", [600]);
    expect(await suggestions("অনুশীলনী কম্পাঙ্কের")).toEqual([]);
  });

  it("nothing for nothing, for words found nowhere, and for hostile input", async () => {
    expect(await suggestions("")).toEqual([]);
    expect(await suggestions("কোয়ান্টাম")).toEqual([]);
    expect(await suggestions('+-*"()~<>@')).toEqual([]);
    await suggestions("ক".repeat(10_000));
  });
});

describe("hostile input returns a page, never a 500", () => {
  const queries = [
    "ক".repeat(10 * 1024),
    "x".repeat(10 * 1024),
    '+-*"()~<>@',
    '"ত্রিকোণমিতি" -সূত্র +বল* @3 (x) ~y <z >w',
    "' OR 1=1 -- ; DROP TABLE search_docs; #",
    "\\%_%\\",
    "\u0000\u0001\u001f\u007f",
    "\uD800 lone surrogate \uDFFF",
    `${ZWJ}${ZWNJ}${ZWJ}`,
    "MATCH(tokens) AGAINST('*' IN BOOLEAN MODE)",
    "a*".repeat(500),
    "+".repeat(3000),
  ];
  it.each(queries.map((q) => [q.slice(0, 40), q]))("q = %s", async (_, q) => {
    await search(q);
  });

  it("bad filter values are ignored", async () => {
    const page = await search({ q: "ত্রিকোণমিতি", kind: "evil", sg: "1-x", board: "<script>", year: "99999", page: "-1" });
    expect(page.state).toMatchObject({ kind: null, boards: [], year: null, page: 1 });
    const huge = await call(loader, `/search?q=x&page=${"9".repeat(400)}&sg=${"1".repeat(50)}-2&board=${"d".repeat(5000)}`);
    expect(huge.status).toBe(200);
  });

  it("the index is intact afterwards", async () => {
    expect((await db.select().from(schema.searchDocs)).length).toBe(42);
  });
});

describe("saving keeps the index current", () => {
  it("a staff save of a topic (updateRow): the new name is found at once, the old one no more", async () => {
    const topics = resourceDef("topics")!;
    const row = (await getRow(topics, 1))!;
    // Staff rows outlive resetTables: this file's editor is made here.
    await db.delete(schema.staffUsers).where(eq(schema.staffUsers.id, 32));
    await db.insert(schema.staffUsers).values({ id: 32, name: "সম্পাদক", username: "search-editor", email: "search-editor@example.com", passwordHash: "x" });
    const res = await updateRow(topics, 1, row.version, { ...row, name: "সাইন ও কোসাইনের লেখচিত্র" }, 32);
    expect(res.status).toBe("saved");
    expect(await allRows("লেখচিত্র")).toEqual(["topic:/title/1"]);
    expect((await search({ q: "মৌলিক", kind: "topic" })).total ?? 0).toBe(0);
  });

  it("a chapter moved to another subject takes its topics along (reindex of categories)", async () => {
    await db.update(schema.categories).set({ subjectId: 2 }).where(eq(schema.categories.id, 1));
    await reindex("categories", [1]);
    const page = await search({ q: "লেখচিত্র", kind: "topic" });
    expect(page.groups![0].hits[0].where).toBe("পদার্থবিজ্ঞান · এসএসসি");
    await db.update(schema.categories).set({ subjectId: 1 }).where(eq(schema.categories.id, 1));
    await reindex("categories", [1]);
  });

  it("a board subject or exam group renamed: reindex of it renews the papers and exams listed under it", async () => {
    await db.update(schema.boardSubjects).set({ name: "উচ্চতর গণিত (নতুন সিলেবাস)" }).where(eq(schema.boardSubjects.id, 1));
    await reindex("board_subjects", [1]);
    const papers = await search({ q: "সৃজনশীল", kind: "paper" });
    expect(papers.groups![0].hits[0].meta).toMatch(/^উচ্চতর গণিত \(নতুন সিলেবাস\) · /);
    await db.insert(schema.examTitleGroups).values({ id: 1, name: "মডেল টেস্ট" });
    await db.insert(schema.examGroups).values({ id: 1, titleGroupId: 1, name: "বিজ্ঞান" });
    await db.insert(schema.examGroupSubjects).values({ id: 1, groupId: 1, name: "গণিত প্রথম পত্র" });
    await db.update(schema.examTitles).set({ groupSubjectId: 1 }).where(eq(schema.examTitles.id, 1));
    await reindex("exam_group_subjects", [1]);
    expect((await search({ q: "মডেল", kind: "exam" })).groups![0].hits[0].meta).toBe("গণিত প্রথম পত্র");
  });

  it("a deleted row's search row goes with reindex, or with indexStale", async () => {
    await db.delete(schema.titles).where(eq(schema.titles.id, 124));
    await reindex("titles", [124]);
    expect((await search({ q: "অনুশীলনী", kind: "topic" })).groups![0].count).toBe(24);
    await db.delete(schema.titles).where(eq(schema.titles.id, 123));
    expect(await indexStale(db)).toBe(0); // removes the orphan, indexes nothing
    expect((await search({ q: "অনুশীলনী", kind: "topic" })).groups![0].count).toBe(23);
    // No word of a removed row stays behind.
    const [{ n }] = rowsOf(
      await db.execute(sql`select count(*) as n from search_postings p left join search_docs d on d.id = p.doc_id where d.id is null`),
    );
    expect(Number(n)).toBe(0);
  });

  it("a row changed behind the index's back is picked up by indexStale (its updated_at is newer)", async () => {
    await db.update(schema.videos).set({ title: "ডিগ্রি ও রেডিয়ান", updatedAt: new Date(Date.now() + 60_000) }).where(eq(schema.videos.id, 1));
    expect(await indexStale(db)).toBe(1);
    expect(await allRows("রেডিয়ান")).toEqual(["video:/home?v=AAAAAAAAAA1#grcontentvideo"]);
  });

  it("renderFixtures (the derive pipeline) after new rows indexes them", async () => {
    await db.insert(schema.titles).values({ id: 500, categoryId: 3, name: "নতুন পাঠ কম্পাঙ্ক", content: "<p>কম্পাঙ্ক</p>" });
    await renderFixtures();
    expect(await allRows("কম্পাঙ্ক")).toEqual(["topic:/title/500"]);
  });
});

describe("rebuilding the whole index (many stale rows: a first index of a large data set, a new SEARCH_VERSION)", () => {
  const indexes = async () =>
    rowsOf(await db.execute(sql`show index from search_postings`)).map((r) => {
      const x = r as unknown as { Key_name: string; Seq_in_index: number; Column_name: string };
      return `${x.Key_name}.${x.Seq_in_index}.${x.Column_name}`;
    });

  it("finds the same rows after, with the tables and indexes the migration made", async () => {
    const queries = ["ত্রিকোণমিতি", "২০১৯", "ঢা.বো. ১৯", "অনুশীলনী", "একক", "ছেদ"];
    const before = await Promise.all(queries.map(allRows));
    const migrated = await indexes();
    const [{ n: docs }] = rowsOf(await db.execute(sql`select count(*) as n from search_docs`));
    // It creates, renames and drops tables: migrations and db:render run it, as the privileged account.
    expect(await withMigrationDb((admin) => rebuildIndex(admin))).toBe(Number(docs));
    expect(await Promise.all(queries.map(allRows))).toEqual(before);
    expect(await indexes()).toEqual(migrated);
    const tables = rowsOf(await db.execute(sql`show tables like 'search%'`)).map((r) => Object.values(r)[0]);
    expect(tables.sort()).toEqual(["search_docs", "search_postings"]);
  });
});

describe("a word in most rows (more than are read whole)", () => {
  beforeAll(async () => {
    const many = Array.from({ length: 2100 }, (_, i) => ({
      id: 1000 + i,
      categoryId: i % 2 ? 3 : 1,
      name: `অনুপাতের প্রশ্ন ${i}`,
      content: i % 7 ? "<p>সাধারণ কথা</p>" : "<p>সাধারণ কথা ও বিরল শব্দ ঝিঙেফুল</p>",
    }));
    for (let i = 0; i < many.length; i += 500) await db.insert(schema.titles).values(many.slice(i, i + 500));
    await renderFixtures();
  });

  it("finds the best rows of each kind, says the counts are at least what it shows, and pages within a kind", async () => {
    const page = await search("অনুপাতের");
    expect(page.status).toBe("results");
    expect(page).toMatchObject({ approximate: true, loose: false });
    expect(page.groups![0].hits).toHaveLength(3);
    const topics = await search({ q: "অনুপাতের", kind: "topic" });
    expect(topics.groups![0].count).toBeGreaterThanOrEqual(1000); // the kind asked for is read deeper
    expect(topics.pager!.pageCount).toBeGreaterThanOrEqual(100);
    await expectRankedAsHere("অনুপাতের", null);
    await expectRankedAsHere("অনুপাতের", "topic");
  });

  it("a common word with a rare one: every row with both is found, counted exactly", async () => {
    const page = await search("অনুপাতের ঝিঙেফুল");
    expect(page).toMatchObject({ approximate: false, total: 300 });
    // 300 rows of the rarer word: the other matches are counted in the database (GROUP_FROM).
    await expectRankedAsHere("অনুপাতের ঝিঙেফুল", null);
    await expectRankedAsHere("অনুপাতের ঝিঙেফুল", "topic");
  });

  it("two common words: rows with both, from the best of each kind", async () => {
    const page = await search("সাধারণ অনুপাতের");
    expect(page.approximate).toBe(true);
    expect(page.total).toBeGreaterThan(0);
  });
});

/**
 * The match query's positions and counts (findCandidates with `shown`) against ranking and counting
 * every matching row here (without `shown`), for all of them named and for a window.
 */
async function expectRankedAsHere(q: string, kind: Candidate["kind"] | null) {
  const parsed = parseQuery(q);
  const clauses = queryClauses(parsed.terms, { boards: parsed.boards, year: parsed.year, sg: null });
  const all = await findCandidates(clauses, { kind });
  expect([q, all.candidates.length]).not.toEqual([q, 0]);
  const key = (f: Facet) => `${f.kind} ${f.subjectId} ${f.gradeId} ${f.count}`;
  const order = (list: Candidate[]) => list.map((c) => [c.kind, c.position, c.docId]);
  for (const byKind of [true, false]) {
    const ranked = byKind
      ? all.candidates
      : [...all.candidates]
          .sort((a, b) => b.rank - a.rank || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind) || a.docId - b.docId)
          .map((c, i) => ({ ...c, position: i + 1 }));
    // All of them named: the same rows, in the same order, counted the same.
    const named = await findCandidates(clauses, { kind, shown: { byKind, kind: null, from: 1, to: 5000 } });
    expect([q, byKind, order(named.candidates)]).toEqual([q, byKind, order(ranked)]);
    expect(named.facets.map(key).sort()).toEqual(all.facets.map(key).sort());
    // A window of them: its rows, numbered, with their search rows; every match still counted.
    const window = await findCandidates(clauses, { kind, shown: { byKind, kind: null, from: 2, to: 3 } });
    const inWindow = ranked.filter((c) => c.position >= 2 && c.position <= 3);
    expect(order(window.candidates)).toEqual(order(inWindow));
    expect([...window.shown.keys()].sort()).toEqual(inWindow.map((c) => c.docId).sort());
    expect(window.facets.map(key).sort()).toEqual(all.facets.map(key).sort());
    // Only the window (suggestions): those rows and no counts.
    const only = await findCandidates(clauses, { kind, shown: { byKind, kind: null, from: 2, to: 3, onlyNamed: true } });
    expect(order(only.candidates)).toEqual(order(ranked.filter((c) => c.position >= 2 && c.position <= 3)));
    expect(only.facets).toEqual([]);
  }
}
