// Drafts and scheduled publishing: the migration keeps every existing row published; a draft topic,
// question or video is on no public read (pages, sidebars, counts, sitemap, search, the bank) and its
// URL is a 404; a staff preview shows it (only to staff); the sweeper publishes a due row and raises
// the content version exactly once.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/mysql2";
import { migrate } from "drizzle-orm/mysql2/migrator";
import mysql, { type RowDataPacket } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateToDhakaInput } from "~/lib/admin/fields";
import { contentVersion } from "~/models/content-version.server";
import { getMcqCategoryPage } from "~/models/mcq.server";
import { sweepScheduled } from "~/models/publication.server";
import { listBankEntries, loadQuestions } from "~/models/questions.server";
import { getCategoryPage, singleSidebar } from "~/models/study.server";
import { listVideos } from "~/models/videos.server";
import { loader as searchLoader } from "~/routes/search/route";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { action as examAction, loader as examLoader } from "~/routes/exampage.$grtid";
import { loader as titleLoader } from "~/routes/title.$id";
import { loader as rootLoader } from "~/root";
import { call, callWith, closeDb, db, resetTables, schema } from "./db";
import { onlyEditor, route, staffBrowser } from "./staff";

process.env.SESSION_SECRET ??= "integration-test-secret";

const staff = staffBrowser();
const DRIZZLE = fileURLToPath(new URL("../../drizzle/", import.meta.url));

const edit = () => route("gradmin.content.$resource.$id._index.tsx");
const create = () => route("gradmin.content.$resource.new.tsx");

/** Creates a row through the admin form, as staff do; returns its id. */
async function createRow(resource: string, fields: Record<string, string>) {
  const res = await callWith((await create()).action, staff.post(`/gradmin/content/${resource}/new`, fields), { resource });
  expect(res.status, await res.clone().text()).toBe(302);
  return Number(/\/(\d+)\?saved=created$/.exec(res.headers.get("Location")!)![1]);
}

async function saveRow(resource: string, id: number, changes: Record<string, string>) {
  const loaded = (await (await callWith((await edit()).loader, staff.get(`/gradmin/content/${resource}/${id}`), { resource, id: String(id) })).json()) as {
    version: number;
    raw: Record<string, string | string[]>;
  };
  const fields: Record<string, string | string[]> = { ...loaded.raw, ...changes, version: String(loaded.version) };
  return callWith((await edit()).action, staff.post(`/gradmin/content/${resource}/${id}`, fields), { resource, id: String(id) });
}

type SearchPage = { groups?: { kind: string; hits: { title: { text: string }[]; url: string | null }[] }[] };
async function searchTitles(q: string): Promise<string[]> {
  const res = await call(searchLoader, `/search?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  const page = (await res.json()) as SearchPage;
  return (page.groups ?? []).flatMap((g) => g.hits.map((h) => h.title.map((t) => t.text).join("")));
}

const sitemap = async () => (await call(sitemapLoader, "/sitemap.xml")).text();

let subjectId = 0;
let chapterId = 0;
let mcqCategoryId = 0;

beforeAll(async () => {
  await resetTables();
  await onlyEditor();
  await staff.signIn("editor1");
  [{ insertId: subjectId }] = (await db.insert(schema.subjects).values({ name: "পদার্থবিজ্ঞান", slug: "physics" })) as unknown as [{ insertId: number }];
  [{ insertId: chapterId }] = (await db.insert(schema.categories).values({ subjectId, name: "গতি" })) as unknown as [{ insertId: number }];
  [{ insertId: mcqCategoryId }] = (await db.insert(schema.mcqCategories).values({ name: "পদার্থ MCQ" })) as unknown as [{ insertId: number }];
});

afterAll(closeDb);

describe("a draft topic", () => {
  let published = 0;
  let draft = 0;

  beforeAll(async () => {
    published = await createRow("topics", { categoryId: String(chapterId), name: "সরণ ও বেগ", content: "<p>বেগ হলো সরণের হার।</p>" });
    draft = await createRow("topics", { categoryId: String(chapterId), name: "ত্বরণ খসড়া", content: "<p>ত্বরণ খসড়া লেখা।</p>", status: "draft" });
  });

  it("is saved as a draft (a save without a status is published) and audited with its state", async () => {
    const rows = await db.select({ id: schema.titles.id, status: schema.titles.status }).from(schema.titles);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [published]: "published", [draft]: "draft" });
    const [audit] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "topics"), eq(schema.auditLog.entityId, String(draft))));
    expect(audit.summary).toContain("খসড়া (draft)");
  });

  it("is on no public list, sidebar, sitemap or search, and its URL is a 404", async () => {
    const chapter = await getCategoryPage(chapterId);
    expect(chapter!.titles.map((t) => t.id)).toEqual([published]);
    const [block] = await singleSidebar(subjectId);
    expect(block.categories[0]).toMatchObject({ count: 1, titles: [{ tid: published, name: "সরণ ও বেগ" }] });
    const xml = await sitemap();
    expect(xml).toContain(`/title/${published}<`);
    expect(xml).not.toContain(`/title/${draft}<`);
    expect(await searchTitles("ত্বরণ")).toEqual([]);
    expect(await searchTitles("সরণ")).toContain("সরণ ও বেগ");
    expect((await call(titleLoader, `/title/${draft}`, { id: String(draft) })).status).toBe(404);
    expect((await call(titleLoader, `/title/${published}`, { id: String(published) })).status).toBe(200);
  });

  it("is previewed by staff only: ?preview=1 without a staff session is still a 404 and shows no banner", async () => {
    expect((await call(titleLoader, `/title/${draft}?preview=1`, { id: String(draft) })).status).toBe(404);
    const anonymousRoot = (await (await call(rootLoader, `/title/${draft}?preview=1`)).json()) as { preview: boolean };
    expect(anonymousRoot.preview).toBe(false);

    const go = await callWith((await route("gradmin.content.$resource.$id.preview.tsx")).loader, staff.get(`/gradmin/content/topics/${draft}/preview`), { resource: "topics", id: String(draft) });
    expect(go.status).toBe(302);
    expect(go.headers.get("Location")).toBe(`/title/${draft}?preview=1`);
    // The preview route itself is staff-only: without a session it sends to the sign-in page.
    const anonymousGo = await call((await route("gradmin.content.$resource.$id.preview.tsx")).loader!, `/gradmin/content/topics/${draft}/preview`, { resource: "topics", id: String(draft) });
    expect(anonymousGo.headers.get("Location")).toMatch(/^\/gradmin\/login/);

    const page = await callWith(titleLoader, staff.get(`/title/${draft}?preview=1`), { id: String(draft) });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { title: { name: string } }).title.name).toBe("ত্বরণ খসড়া");
    const staffRoot = (await (await callWith(rootLoader, staff.get(`/title/${draft}?preview=1`))).json()) as { preview: boolean };
    expect(staffRoot.preview).toBe(true);
    // Without ?preview=1 staff see the public answer too.
    expect((await callWith(titleLoader, staff.get(`/title/${draft}`), { id: String(draft) })).status).toBe(404);
  });

  it("shows everywhere once published by a save", async () => {
    expect((await saveRow("topics", draft, { status: "published" })).status).toBe(302);
    expect((await call(titleLoader, `/title/${draft}`, { id: String(draft) })).status).toBe(200);
    expect((await getCategoryPage(chapterId))!.titles.map((t) => t.id).sort()).toEqual([published, draft].sort());
    expect(await searchTitles("ত্বরণ")).toContain("ত্বরণ খসড়া");
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "update"));
    expect(audit.summary).toContain("খসড়া (draft) → প্রকাশিত (published)");
  });
});

describe("bulk publish and draft", () => {
  const BULK = () => route("gradmin.content.$resource.bulk.tsx");
  const bulk = async (action: "publish" | "unpublish", ids: number[]) =>
    callWith((await BULK()).action, staff.post("/gradmin/content/topics/bulk", { action, ids: ids.map(String) }), { resource: "topics" });
  const status = async (ids: number[]) =>
    Object.fromEntries((await db.select({ id: schema.titles.id, status: schema.titles.status }).from(schema.titles)).filter((r) => ids.includes(r.id)).map((r) => [r.id, r.status]));

  it("publishes ticked drafts in one step (public, searchable, audited, the content version moved once) and takes them back to draft", async () => {
    const a = await createRow("topics", { categoryId: String(chapterId), name: "ঘর্ষণ খসড়া এক", content: "<p>ঘর্ষণ।</p>", status: "draft" });
    const b = await createRow("topics", { categoryId: String(chapterId), name: "ঘর্ষণ খসড়া দুই", content: "<p>ঘর্ষণ।</p>", status: "draft" });
    expect((await call(titleLoader, `/title/${a}`, { id: String(a) })).status).toBe(404);
    const before = Number(await contentVersion());
    const done = await bulk("publish", [a, b]);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/gradmin/content/topics?bulk=publish&n=2");
    expect(await status([a, b])).toEqual({ [a]: "published", [b]: "published" });
    expect(Number(await contentVersion())).toBe(before + 1);
    expect((await call(titleLoader, `/title/${a}`, { id: String(a) })).status).toBe(200);
    expect((await searchTitles("ঘর্ষণ")).sort()).toEqual(["ঘর্ষণ খসড়া এক", "ঘর্ষণ খসড়া দুই"]);
    const audited = await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.action, "publish"), eq(schema.auditLog.entity, "topics")));
    expect(audited.map((r) => [Number(r.entityId), r.summary]).sort()).toEqual([[a, "draft → published"], [b, "draft → published"]].sort());

    // Published already: nothing changes, nothing is audited again.
    expect((await bulk("publish", [a])).headers.get("Location")).toBe("/gradmin/content/topics?bulk=publish&n=0");

    expect((await bulk("unpublish", [b])).headers.get("Location")).toBe("/gradmin/content/topics?bulk=unpublish&n=1");
    expect(await status([a, b])).toEqual({ [a]: "published", [b]: "draft" });
    expect((await call(titleLoader, `/title/${b}`, { id: String(b) })).status).toBe(404);
    expect(await searchTitles("ঘর্ষণ")).toEqual(["ঘর্ষণ খসড়া এক"]);
    await db.delete(schema.titles).where(inArray(schema.titles.id, [a, b]));
  });

  it("is offered only where there is a publication state", async () => {
    const res = await callWith((await BULK()).action, staff.post("/gradmin/content/chapters/bulk", { action: "publish", ids: [String(chapterId)] }), { resource: "chapters" });
    expect(res.status).toBe(400);
  });
});

describe("a draft question and a draft video", () => {
  let setId = 0;
  const questionIds: number[] = [];

  beforeAll(async () => {
    for (const [i, status] of ["published", "draft"].entries()) {
      questionIds.push(
        await createRow("questions", {
          type: "mcq",
          subjectId: String(subjectId),
          chapterId: String(chapterId),
          body: `<p>${i ? "খসড়া প্রশ্ন মহাকর্ষ" : "প্রকাশিত প্রশ্ন ভরবেগ"}</p>`,
          "options.0": "এক",
          "options.1": "দুই",
          "options.correct": "0",
          marks: "1",
          status,
        }),
      );
    }
    setId = await createRow("question-sets", { mcqCategoryId: String(mcqCategoryId), name: "গতির সেট", questionIds: questionIds.join("\n") });
    await createRow("videos", { url: "https://www.youtube.com/watch?v=aaaaaaaaaaa", title: "প্রকাশিত ভিডিও", kind: "theory" });
    await createRow("videos", { url: "https://www.youtube.com/watch?v=bbbbbbbbbbb", title: "খসড়া ভিডিও", kind: "theory", status: "draft" });
  });

  it("is not in its set's page, count, the bank, loaded papers or search", async () => {
    const page = await getMcqCategoryPage(mcqCategoryId);
    expect(page!.sets).toEqual([expect.objectContaining({ id: setId, count: 1 })]);
    const bank = await listBankEntries({ chapterIds: [chapterId], unchapteredOf: null });
    expect(bank.map((e) => e.id)).toEqual([questionIds[0]]);
    const loaded = await loadQuestions({ ids: questionIds, setIds: [setId] });
    expect(loaded.questions.map((q) => q.id)).toEqual([questionIds[0]]);
    expect(loaded.bySet.get(setId)!.map((q) => q.id)).toEqual([questionIds[0]]);
    expect(await searchTitles("মহাকর্ষ")).toEqual([]);
    expect(await searchTitles("ভরবেগ")).toHaveLength(1);
    // A staff preview of the set's page counts it.
    const preview = await getMcqCategoryPage(mcqCategoryId, { preview: true });
    expect(preview!.sets).toEqual([expect.objectContaining({ id: setId, count: 2 })]);
  });

  it("a draft set is not on its category's page", async () => {
    expect((await saveRow("question-sets", setId, { status: "draft" })).status).toBe(302);
    expect((await getMcqCategoryPage(mcqCategoryId))!.sets).toEqual([]);
    expect((await saveRow("question-sets", setId, { status: "published" })).status).toBe(302);
  });

  it("a draft video is not in the videos list or search", async () => {
    expect((await listVideos()).map((v) => v.title)).toEqual(["প্রকাশিত ভিডিও"]);
    expect(await searchTitles("খসড়া ভিডিও")).not.toContain("খসড়া ভিডিও");
  });
});

describe("an exam with draft questions", () => {
  const questionIds: number[] = [];
  let setId = 0;
  let draftExam = 0;
  let liveExam = 0;
  const BULK = () => route("gradmin.content.$resource.bulk.tsx");
  const bulk = async (resource: string, ids: number[]) => callWith((await BULK()).action, staff.post(`/gradmin/content/${resource}/bulk`, { action: "publish", ids: ids.map(String) }), { resource });
  type ExamPage = { questions: { id: number; draft?: true }[]; meta: { totalRows: number }; drafts: number; nextHref: string | null; self: string };
  const examPage = async (request: Request, id: number) => {
    const res = await callWith(examLoader, request, { grtid: String(id) });
    return { status: res.status, cache: res.headers.get("Cache-Control"), page: res.status === 200 ? ((await res.json()) as ExamPage) : null };
  };

  beforeAll(async () => {
    for (const [i, status] of ["published", "published", "draft"].entries()) {
      questionIds.push(
        await createRow("questions", {
          type: "mcq",
          subjectId: String(subjectId),
          chapterId: String(chapterId),
          body: `<p>পরীক্ষার প্রশ্ন ${["আলো", "শব্দ", "তাপ খসড়া"][i]}</p>`,
          "options.0": "হ্যাঁ",
          "options.1": "না",
          "options.correct": "0",
          marks: "1",
          status,
        }),
      );
    }
    setId = await createRow("question-sets", { name: "পরীক্ষার সেট", questionIds: questionIds.join("\n") });
    const exam = { questionSetId: String(setId), fullMarks: "3", durationMinutes: "10", negativeMark: "0" };
    // Full marks count every question of the set, the draft too: that is the exam once it is published.
    draftExam = await createRow("exams", { ...exam, name: "খসড়া পরীক্ষা", status: "draft" });
    // A published exam whose set gained a draft question afterwards (as staff add questions to a running exam).
    [{ insertId: liveExam }] = (await db.insert(schema.examTitles).values({ name: "চলমান পরীক্ষা", questionSetId: setId, fullMarks: 3, durationMinutes: 10 })) as unknown as [{ insertId: number }];
  });

  it("shows the public its published questions only, and a staff preview every question with the drafts marked", async () => {
    const visitor = await examPage(new Request(`http://test.local/exampage/${liveExam}`), liveExam);
    expect(visitor.page!.meta.totalRows).toBe(2);
    expect(visitor.page!.questions.map((q) => [q.id, q.draft ?? false])).toEqual([
      [questionIds[0], false],
      [questionIds[1], false],
    ]);
    // ?preview=1 from a visitor, or staff without it: the public page.
    const asked = await examPage(new Request(`http://test.local/exampage/${liveExam}?preview=1`), liveExam);
    expect(asked.page!.questions.map((q) => q.id)).toEqual([questionIds[0], questionIds[1]]);
    expect(asked.page!.drafts).toBe(0);
    expect((await examPage(staff.get(`/exampage/${liveExam}`), liveExam)).page!.questions).toHaveLength(2);

    const preview = await examPage(staff.get(`/exampage/${liveExam}?preview=1`), liveExam);
    expect(preview.status).toBe(200);
    expect(preview.page!.meta.totalRows).toBe(3);
    expect(preview.page!.drafts).toBe(1);
    expect(preview.page!.questions.map((q) => [q.id, q.draft ?? false])).toEqual([
      [questionIds[0], false],
      [questionIds[1], false],
      [questionIds[2], true],
    ]);
    // The preview's own links stay in the preview.
    expect(preview.page!.self).toContain("preview=1");
    // The preview did not leave its drafts in what the public page keeps.
    expect((await examPage(new Request(`http://test.local/exampage/${liveExam}`), liveExam)).page!.questions).toHaveLength(2);

    // A draft exam: a 404 to visitors, its preview shows all three.
    expect((await examPage(new Request(`http://test.local/exampage/${draftExam}?preview=1`), draftExam)).status).toBe(404);
    expect((await examPage(staff.get(`/exampage/${draftExam}?preview=1`), draftExam)).page!.questions.filter((q) => q.draft)).toHaveLength(1);
  });

  it("scores a visitor's answers against the published questions only", async () => {
    const body = new URLSearchParams({ intent: "submit", page: "1", pageSize: "25", includeCorrect: "1", [`q${questionIds[0]}`]: "0", [`q${questionIds[2]}`]: "0" });
    const res = await callWith(
      examAction,
      new Request(`http://test.local/exampage/${liveExam}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body }),
      { grtid: String(liveExam) },
    );
    const page = (await res.json()) as ExamPage & { state: { score: { total: number } | null } };
    expect(page.questions.map((q) => q.id)).toEqual([questionIds[0], questionIds[1]]);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("warns on the exam's edit screen and its picker how many questions are drafts", async () => {
    const loaded = (await (await callWith((await edit()).loader, staff.get(`/gradmin/content/exams/${draftExam}`), { resource: "exams", id: String(draftExam) })).json()) as {
      examDrafts: { ids: number[]; total: number; text: string } | null;
    };
    expect(loaded.examDrafts).toMatchObject({ ids: [questionIds[2]], total: 3 });
    expect(loaded.examDrafts!.text).toContain("1 of 3 questions are drafts or scheduled: students see 2 until they are published");
    const pick = (await (await callWith((await route("gradmin.content.$resource.$id.pick.tsx")).loader, staff.get(`/gradmin/content/exams/${draftExam}/pick`), { resource: "exams", id: String(draftExam) })).json()) as {
      examDrafts: { ids: number[] } | null;
      inSet: { id: number; status: string }[];
    };
    expect(pick.examDrafts!.ids).toEqual([questionIds[2]]);
    expect(pick.inSet.map((q) => q.status)).toEqual(["published", "published", "draft"]);
  });

  it("refuses to publish the exam while a question is a draft, on its form and in bulk; a published exam stays editable", async () => {
    const refused = await saveRow("exams", draftExam, { status: "published" });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { errors: Record<string, string>; raw: Record<string, string> };
    expect(body.errors.status).toContain("The exam was not published: 1 of its 3 questions are still drafts or scheduled");
    expect(body.raw.status).toBe("published");
    // Scheduling it for a time already past is publishing it now: refused too.
    const past = new Date(Date.now() - 3600_000);
    expect((await saveRow("exams", draftExam, { status: "scheduled", publishAt: dateToDhakaInput(past) })).status).toBe(400);
    // So is scheduling it for a time by which the question is still a draft.
    const later = new Date(Date.now() + 2 * 3600_000);
    later.setUTCSeconds(0, 0);
    const scheduled = await saveRow("exams", draftExam, { status: "scheduled", publishAt: dateToDhakaInput(later) });
    expect(scheduled.status).toBe(400);
    expect(((await scheduled.json()) as { errors: Record<string, string> }).errors.status).toContain("The exam was not scheduled: 1 of its questions will not be published by then");

    const bulkRefused = await bulk("exams", [draftExam]);
    expect(bulkRefused.status).toBe(409);
    // Each exam that holds it up is named with a link to its edit screen (which links to publishing its questions).
    expect(((await bulkRefused.json()) as { blockers: { href: string; label: string }[] }).blockers).toEqual([
      { href: `/gradmin/content/exams/${draftExam}`, label: `#${draftExam} খসড়া পরীক্ষা: 1/3` },
    ]);
    const [stored] = await db.select({ status: schema.examTitles.status }).from(schema.examTitles).where(eq(schema.examTitles.id, draftExam));
    expect(stored.status).toBe("draft");

    // A save of the published exam that keeps it published is not held up by its draft question.
    expect((await saveRow("exams", liveExam, { name: "চলমান পরীক্ষা ২" })).status).toBe(302);

    // Once the question is published, so is the exam.
    expect((await bulk("questions", [questionIds[2]])).status).toBe(302);
    expect((await saveRow("exams", draftExam, { status: "published" })).status).toBe(302);
    expect((await examPage(new Request(`http://test.local/exampage/${draftExam}`), draftExam)).page!.questions).toHaveLength(3);
  });
});

describe("a video's preview", () => {
  const PREVIEW = () => route("gradmin.content.$resource.$id.preview.tsx");
  let draft = 0;

  beforeAll(async () => {
    draft = await createRow("videos", { url: "https://www.youtube.com/watch?v=ccccccccccc", title: "খসড়া ভিডিও প্রিভিউ", kind: "example", status: "draft" });
  });

  it("shows staff the draft video's card on an admin page, never on the public list", async () => {
    const res = await callWith((await PREVIEW()).loader, staff.get(`/gradmin/content/videos/${draft}/preview`), { resource: "videos", id: String(draft) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.json()).toMatchObject({ video: { id: "ccccccccccc", title: "খসড়া ভিডিও প্রিভিউ" }, kindLabel: "Example video", status: "draft" });
    const anonymous = await call((await PREVIEW()).loader!, `/gradmin/content/videos/${draft}/preview`, { resource: "videos", id: String(draft) });
    expect(anonymous.headers.get("Location")).toMatch(/^\/gradmin\/login/);
    expect((await listVideos()).map((v) => v.title)).not.toContain("খসড়া ভিডিও প্রিভিউ");
    // The edit screen offers it.
    const loaded = (await (await callWith((await edit()).loader, staff.get(`/gradmin/content/videos/${draft}`), { resource: "videos", id: String(draft) })).json()) as { canPreview: boolean };
    expect(loaded.canPreview).toBe(true);
  });
});

describe("scheduled publishing", () => {
  it("refuses Scheduled without a time, and keeps what was typed", async () => {
    const res = await callWith(
      (await create()).action,
      staff.post("/gradmin/content/topics/new", { categoryId: String(chapterId), name: "সময় ছাড়া", content: "<p>x</p>", status: "scheduled" }),
      { resource: "topics" },
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string>; raw: Record<string, string> };
    expect(body.errors.publishAt).toContain("Give the time it goes live.");
    expect(body.raw.name).toBe("সময় ছাড়া");
  });

  it("publishes a due row when swept, raising the content version exactly once", async () => {
    const at = new Date(Date.now() + 3600_000);
    at.setUTCSeconds(0, 0);
    const id = await createRow("topics", { categoryId: String(chapterId), name: "নিউটনের সূত্র", content: "<p>জড়তা</p>", status: "scheduled", publishAt: dateToDhakaInput(at) });
    const [row] = await db.select({ status: schema.titles.status, publishAt: schema.titles.publishAt }).from(schema.titles).where(eq(schema.titles.id, id));
    // Entered in Bangladesh time, stored in UTC.
    expect(row).toEqual({ status: "scheduled", publishAt: at });
    expect((await call(titleLoader, `/title/${id}`, { id: String(id) })).status).toBe(404);

    const v0 = Number(await contentVersion());
    expect(await sweepScheduled(new Date(at.getTime() - 1000))).toBe(0);
    expect(Number(await contentVersion())).toBe(v0);
    expect((await getCategoryPage(chapterId))!.titles.map((t) => t.id)).not.toContain(id);

    expect(await sweepScheduled(at)).toBe(1);
    expect(Number(await contentVersion())).toBe(v0 + 1);
    // Kept content was forgotten: the page, the list and search show it without a staff save.
    expect((await call(titleLoader, `/title/${id}`, { id: String(id) })).status).toBe(200);
    expect((await getCategoryPage(chapterId))!.titles.map((t) => t.id)).toContain(id);
    expect(await searchTitles("নিউটনের")).toContain("নিউটনের সূত্র");
    // The schedule's publish is audited without a staff member (a bulk publish above names its staff).
    const audit = await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.action, "publish"), isNull(schema.auditLog.staffId)));
    expect(audit).toEqual([expect.objectContaining({ entity: "topics", entityId: String(id), staffId: null })]);

    // Nothing more is due: the next sweep changes nothing.
    expect(await sweepScheduled(new Date(at.getTime() + 60_000))).toBe(0);
    expect(Number(await contentVersion())).toBe(v0 + 1);
  });

  it("makes a due exam a draft instead, saying why, while its set still holds a question that is not published", async () => {
    const at = new Date(Date.now() + 5 * 3600_000);
    at.setUTCSeconds(0, 0);
    const question = (status: string, word: string) =>
      createRow("questions", { type: "mcq", subjectId: String(subjectId), chapterId: String(chapterId), body: `<p>নির্ধারিত ${word}</p>`, "options.0": "হ্যাঁ", "options.1": "না", "options.correct": "0", marks: "1", status });
    const ids = [await question("published", "চাপ"), await question("draft", "ঘনত্ব")];
    const set = await createRow("question-sets", { name: "নির্ধারিত সেট", questionIds: ids.join("\n") });
    // Scheduled while both questions were published; one was made a draft again afterwards, which no save of the exam sees.
    const [{ insertId: exam }] = (await db
      .insert(schema.examTitles)
      .values({ name: "নির্ধারিত পরীক্ষা", questionSetId: set, fullMarks: 2, durationMinutes: 10, status: "scheduled", publishAt: at })) as unknown as [{ insertId: number }];
    const stateOf = async () => (await db.select({ status: schema.examTitles.status }).from(schema.examTitles).where(eq(schema.examTitles.id, exam)))[0].status;
    const held = () => db.select().from(schema.auditLog).where(and(eq(schema.auditLog.entity, "exams"), eq(schema.auditLog.entityId, String(exam)), isNull(schema.auditLog.staffId)));

    await sweepScheduled(at);
    expect(await stateOf()).toBe("draft");
    expect((await call(examLoader, `/exampage/${exam}`, { grtid: String(exam) })).status).toBe(404);
    expect(await held()).toEqual([expect.objectContaining({ action: "update", summary: expect.stringContaining("now a draft: 1 of its 2 questions are not published") })]);
    // Said once: the next sweep finds nothing due.
    await sweepScheduled(new Date(at.getTime() + 60_000));
    expect(await held()).toHaveLength(1);
  });
});

describe("the migration", () => {
  const TEST_URL = process.env.DATABASE_URL!;
  const name = `${new URL(TEST_URL).pathname.replace(/^\//, "")}_pub`;
  const adminUrl = new URL(process.env.MIGRATION_DATABASE_URL ?? TEST_URL);
  const serverUrl = Object.assign(new URL(adminUrl), { pathname: "/" }).toString();
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  let tmp = "";

  afterAll(async () => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    const admin = await mysql.createConnection({ uri: serverUrl });
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.end();
  });

  it("keeps every existing row of the six tables, each published", async () => {
    const admin = await mysql.createConnection({ uri: serverUrl });
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    const conn = await mysql.createConnection({ uri: dbUrl, charset: "utf8mb4", multipleStatements: true });
    try {
      // The schema before this migration: every migration but the last, from a folder whose journal lists them.
      const journal = JSON.parse(readFileSync(join(DRIZZLE, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
      const last = journal.entries.at(-1)!;
      expect(last.tag).toMatch(/publication/);
      tmp = mkdtempSync(join(tmpdir(), "grbd-pub-"));
      mkdirSync(join(tmp, "meta"));
      const earlier = journal.entries.slice(0, -1);
      writeFileSync(join(tmp, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: earlier }));
      for (const e of earlier) copyFileSync(join(DRIZZLE, `${e.tag}.sql`), join(tmp, `${e.tag}.sql`));
      await migrate(drizzle(conn), { migrationsFolder: tmp });

      await conn.query(`SET FOREIGN_KEY_CHECKS = 0;
        INSERT INTO titles (id, category_id, name, content) VALUES (1, 1, 'a', 'x'), (2, 1, 'b', 'y');
        INSERT INTO questions (id, body) VALUES (1, 'q');
        INSERT INTO question_sets (id, name) VALUES (1, 's');
        INSERT INTO exam_titles (id, name, question_set_id) VALUES (1, 'e', 1);
        INSERT INTO videos (id, url) VALUES (1, 'https://youtu.be/aaaaaaaaaaa');
        INSERT INTO info_pages (id, slug, content) VALUES (1, 'aboutus', 'c');`);

      await migrate(drizzle(conn), { migrationsFolder: DRIZZLE });
      for (const [table, n] of [["titles", 2], ["questions", 1], ["question_sets", 1], ["exam_titles", 1], ["videos", 1], ["info_pages", 1]] as const) {
        const [rows] = await conn.query<RowDataPacket[]>(`SELECT status, publish_at FROM \`${table}\``);
        expect(rows, table).toHaveLength(n);
        expect(rows.every((r) => r.status === "published" && r.publish_at === null), table).toBe(true);
      }
    } finally {
      await conn.end();
    }
  }, 120_000);
});
