// Content management through the real admin loaders and actions: create, list, edit with a version,
// a stale version refused with what changed, revisions and restore (topics, info pages, questions),
// delete that refuses to orphan, hostile markup in every HTML field (options, creative parts and
// imported questions too, and the public page that shows them), images, the About Us screens,
// import and export.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "~/lib/admin/resources";
import { hashPassword } from "~/lib/password.server";
import { navbarHtml } from "~/components/shell-html.server";
import { getShell } from "~/models/site.server";
import { commitImport, exportQuestions, previewImport } from "~/models/admin/import.server";
import { MAX_MULTIPART_BYTES } from "~/utils/admin-form.server";
import { toCsv, toGift } from "~/lib/import/formats";
import { closeDb, db, resetTables, schema, callWith as run } from "./db";

process.env.SESSION_SECRET ??= "integration-test-secret";

const ORIGIN = "http://test.local";
const PASSWORD = "সবুজ-পাতার-দেশ-2026";

type Args = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
type Fn = (a: Args) => Promise<Response>;
type RouteModule = { loader?: Fn; action?: Fn };

const route = (file: string): Promise<RouteModule> => import(/* @vite-ignore */ `../../app/routes/${file}`);

let cookie = "";
let csrf = "";

const get = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
function post(path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  body.set("csrf", csrf);
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie },
    body: body.toString(),
  });
}
function postMultipart(path: string, form: FormData) {
  form.set("csrf", csrf);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body: form });
}

const content = {
  list: () => route("gradmin.content.$resource._index.tsx"),
  create: () => route("gradmin.content.$resource.new.tsx"),
  edit: () => route("gradmin.content.$resource.$id._index.tsx"),
  remove: () => route("gradmin.content.$resource.$id.delete.tsx"),
  history: () => route("gradmin.content.$resource.$id.history.tsx"),
  latest: () => route("gradmin.content.$resource.latest.tsx"),
};

async function create(resource: string, fields: Record<string, string | string[]>) {
  const res = await run((await content.create()).action, post(`/gradmin/content/${resource}/new`, fields), { resource });
  expect(res.status, await res.clone().text()).toBe(302);
  const id = Number(/\/(\d+)\?saved=created$/.exec(res.headers.get("Location")!)![1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

async function edit(resource: string, id: number) {
  const res = await run((await content.edit()).loader, get(`/gradmin/content/${resource}/${id}`), { resource, id: String(id) });
  expect(res.status).toBe(200);
  return (await res.json()) as { version: number; raw: Record<string, string | string[]> };
}

const save = async (resource: string, id: number, fields: Record<string, string | string[]>) =>
  run((await content.edit()).action, post(`/gradmin/content/${resource}/${id}`, fields), { resource, id: String(id) });

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.media);
  await db.delete(schema.staffSessions);
  await db.delete(schema.loginThrottle);
  await db.delete(schema.staffUsers);
  await db.insert(schema.staffUsers).values([
    { id: 1, name: "সম্পাদক এক", username: "editor1", email: "e1@example.com", passwordHash: await hashPassword(PASSWORD), role: 2, roleLabel: "Editor" },
    { id: 2, name: "মডারেটর", username: "mod", email: "m@example.com", passwordHash: await hashPassword(PASSWORD), role: 3, roleLabel: "Moderator" },
  ]);
  const login = await route("gradmin_.login.tsx");
  const res = await run(
    login.action,
    new Request(`${ORIGIN}/gradmin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ identifier: "editor1", password: PASSWORD, redirectTo: "/gradmin" }).toString(),
    }),
  );
  expect(res.status).toBe(302);
  cookie = res.headers.get("Set-Cookie")!.split(";")[0];
  const layout = await route("gradmin.tsx");
  csrf = ((await (await run(layout.loader, get("/gradmin"))).json()) as { csrf: string }).csrf;
});

afterAll(closeDb);

describe("subjects, chapters and topics", () => {
  let subjectId = 0;
  let gradeId = 0;
  let chapterId = 0;
  let topicId = 0;

  it("creates a grade, a subject taught in it (navbar) and a chapter; the shell shows the new subject at once", async () => {
    const before = await getShell();
    type Choices = { choices: Record<string, { value: string; label: string }[]> };
    const topicForm = async () => ((await (await run((await content.create()).loader, get("/gradmin/content/topics/new"), { resource: "topics" })).json()) as Choices).choices;
    expect((await topicForm()).chapters.map((c) => c.label)).not.toContain("জ্যামিতি (নবম-দশম) › ত্রিভুজ");
    gradeId = await create("grades", { name: "নবম-দশম", sort: "1" });
    subjectId = await create("subjects", { name: "জ্যামিতি", slug: "geometry", icon: "square-root", sort: "2", gradeIds: [String(gradeId)] });
    chapterId = await create("chapters", { subjectId: String(subjectId), gradeId: String(gradeId), name: "ত্রিভুজ", sort: "1" });
    const after = await getShell();
    expect(before.nav.some((n) => n.slug === "geometry")).toBe(false);
    expect(after.nav).toContainEqual(expect.objectContaining({ sid: subjectId, gid: gradeId, slug: "geometry", sname: "জ্যামিতি" }));
    // The navbar's markup, made once per shell, shows it too.
    expect(navbarHtml(before, null)).not.toContain("/subject/geometry/");
    expect(navbarHtml(after, null)).toContain(`/subject/geometry/${subjectId}/${gradeId}`);
    // The chapter choices, kept between views, are read again after the save.
    expect((await topicForm()).chapters).toContainEqual({ value: String(chapterId), label: "জ্যামিতি (নবম-দশম) › ত্রিভুজ" });
  });

  it("refuses a form with errors, keeping everything typed", async () => {
    const res = await run((await content.create()).action, post("/gradmin/content/subjects/new", { name: "বীজগণিত", slug: "Not A Slug!", sort: "x১" }), { resource: "subjects" });
    expect(res.status).toBe(400);
    const data = (await res.json()) as { raw: Record<string, string>; errors: Record<string, string> };
    expect(data.raw).toMatchObject({ name: "বীজগণিত", slug: "Not A Slug!", sort: "x১" });
    expect(Object.keys(data.errors).sort()).toEqual(["slug", "sort"]);
    // A slug already in use is a field error, not a 500.
    const dup = await run((await content.create()).action, post("/gradmin/content/subjects/new", { name: "আবার", slug: "geometry" }), { resource: "subjects" });
    expect(dup.status).toBe(400);
    expect(((await dup.json()) as { errors: Record<string, string> }).errors.slug).toMatch(/already used/);
  });

  it("creates a topic with inline and display math, typeset once on save", async () => {
    topicId = await create("topics", {
      categoryId: String(chapterId),
      name: "পিথাগোরাসের উপপাদ্য",
      content: "<p>সমকোণী ত্রিভুজে $a^2 + b^2 = c^2$।</p>$$c = \\sqrt{a^2+b^2}$$",
      sort: "1",
    });
    const [row] = await db.select().from(schema.titles).where(eq(schema.titles.id, topicId));
    expect(row.contentHtml).toContain('class="katex"');
    expect(row.contentHtml).toContain("katex-display");
    expect(row.version).toBe(1);
    expect(row.updatedBy).toBe(1);
    // The search index has it at once (saved in the same transaction).
    const search = await route("search/route.tsx");
    const found = await run(search.loader, new Request(`${ORIGIN}/search?q=${encodeURIComponent("পিথাগোরাসের")}`));
    expect(found.status).toBe(200);
    expect(JSON.stringify(await found.json())).toContain(`/title/${topicId}`);
  });

  it("saves an edit at the loaded version; a second save at the old version is refused with the other change shown", async () => {
    const first = await edit("topics", topicId);
    const second = await edit("topics", topicId);
    const ok = await save("topics", topicId, { ...first.raw, name: "পিথাগোরাসের উপপাদ্য ও প্রমাণ", version: String(first.version) } as Record<string, string>);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/gradmin/content/topics/${topicId}?saved=1`);
    const stale = await save("topics", topicId, { ...second.raw, content: "<p>আমার নতুন লেখা</p>", version: String(second.version) } as Record<string, string>);
    expect(stale.status).toBe(409);
    const data = (await stale.json()) as { raw: Record<string, string>; version: number; conflict: { by: string; changes: { label: string; theirs: string; yours: string }[] } };
    expect(data.raw.content).toBe("<p>আমার নতুন লেখা</p>");
    expect(data.version).toBe(2);
    expect(data.conflict.by).toBe("সম্পাদক এক");
    const title = data.conflict.changes.find((c) => c.label.includes("Title"))!;
    expect(title).toMatchObject({ theirs: "পিথাগোরাসের উপপাদ্য ও প্রমাণ", yours: "পিথাগোরাসের উপপাদ্য" });
    const [row] = await db.select().from(schema.titles).where(eq(schema.titles.id, topicId));
    expect(row.name).toBe("পিথাগোরাসের উপপাদ্য ও প্রমাণ");
    expect(row.content).not.toContain("আমার নতুন লেখা");
  });

  it("keeps every replaced version and restores one as a new save", async () => {
    const now = await edit("topics", topicId);
    const h = await content.history();
    const list = (await (await run(h.loader, get(`/gradmin/content/topics/${topicId}/history`), { resource: "topics", id: String(topicId) })).json()) as {
      revisions: { id: number; version: number; by: string }[];
    };
    expect(list.revisions.map((r) => r.version)).toEqual([1]);
    expect(list.revisions[0].by).toBe("সম্পাদক এক");
    const res = await run(h.action, post(`/gradmin/content/topics/${topicId}/history`, { rev: String(list.revisions[0].id), version: String(now.version) }), {
      resource: "topics",
      id: String(topicId),
    });
    expect(res.status).toBe(302);
    const [row] = await db.select().from(schema.titles).where(eq(schema.titles.id, topicId));
    expect(row.name).toBe("পিথাগোরাসের উপপাদ্য");
    expect(row.version).toBe(3);
    const versions = await db.select({ v: schema.revisions.version }).from(schema.revisions).where(sql`${schema.revisions.entity} = 'title' and ${schema.revisions.entityId} = ${topicId}`);
    expect(versions.map((v) => v.v).sort()).toEqual([1, 2]);
    const [audit] = await db.select().from(schema.auditLog).where(sql`${schema.auditLog.action} = 'restore'`);
    expect(audit).toMatchObject({ entity: "topics", entityId: String(topicId), staffId: 1 });
  });

  it("refuses to delete a chapter that has topics, then deletes once it is empty", async () => {
    const del = await content.remove();
    const blocked = await run(del.action, post(`/gradmin/content/chapters/${chapterId}/delete`, {}), { resource: "chapters", id: String(chapterId) });
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as { blockers: { what: string; count: number }[] }).blockers).toEqual([expect.objectContaining({ what: expect.stringContaining("topics"), count: 1 })]);
    expect(await db.select().from(schema.categories).where(eq(schema.categories.id, chapterId))).toHaveLength(1);
    expect((await run(del.action, post(`/gradmin/content/topics/${topicId}/delete`, {}), { resource: "topics", id: String(topicId) })).status).toBe(302);
    expect((await run(del.action, post(`/gradmin/content/chapters/${chapterId}/delete`, {}), { resource: "chapters", id: String(chapterId) })).status).toBe(302);
    expect(await db.select().from(schema.categories).where(eq(schema.categories.id, chapterId))).toHaveLength(0);
    // The deleted topic's last state stays readable.
    const kept = await db.select().from(schema.revisions).where(sql`${schema.revisions.entity} = 'title' and ${schema.revisions.entityId} = ${topicId} and ${schema.revisions.version} = 3`);
    expect(kept).toHaveLength(1);
  });

  it("lists with search, sort, paging and a count; a wrong id is a 404", async () => {
    for (let i = 0; i < 30; i++) await create("footer-tweets", { handle: `@h${i}`, text: `টুইট ${i}`, sort: String(i) });
    const list = await content.list();
    const page2 = (await (await run(list.loader, get("/gradmin/content/footer-tweets?sort=sort&dir=desc&page=2"), { resource: "footer-tweets" })).json()) as {
      total: number;
      pages: number;
      rows: { cells: string[] }[];
    };
    expect(page2.total).toBe(30);
    expect(page2.pages).toBe(2);
    expect(page2.rows.map((r) => r.cells[0])).toEqual(["@h4", "@h3", "@h2", "@h1", "@h0"]);
    const found = (await (await run(list.loader, get("/gradmin/content/footer-tweets?q=%E0%A7%A7%E0%A7%AD"), { resource: "footer-tweets" })).json()) as { total: number };
    // "১৭" is typed in Bangla digits; the tweet says 17 in ASCII: the database's collation matches them.
    expect(found.total).toBe(1);
    const q = (await (await run(list.loader, get("/gradmin/content/footer-tweets?q=%40h2"), { resource: "footer-tweets" })).json()) as { total: number };
    expect(q.total).toBe(11);
    // The unfiltered count is kept between views, and every save moves it at once.
    const total = async () =>
      ((await (await run(list.loader, get("/gradmin/content/footer-tweets"), { resource: "footer-tweets" })).json()) as { total: number }).total;
    expect(await total()).toBe(30);
    await create("footer-tweets", { handle: "@new", text: "নতুন", sort: "99" });
    expect(await total()).toBe(31);
    const [newest] = await db.select({ id: schema.footerTweets.id }).from(schema.footerTweets).where(eq(schema.footerTweets.handle, "@new"));
    const del = await content.remove();
    expect((await run(del.action, post(`/gradmin/content/footer-tweets/${newest.id}/delete`, {}), { resource: "footer-tweets", id: String(newest.id) })).status).toBe(302);
    expect(await total()).toBe(30);
    expect((await run((await content.edit()).loader, get("/gradmin/content/topics/999999"), { resource: "topics", id: "999999" })).status).toBe(404);
    expect((await run((await content.edit()).loader, get("/gradmin/content/topics/abc"), { resource: "topics", id: "abc" })).status).toBe(404);
    expect((await run(list.loader, get("/gradmin/content/nope"), { resource: "nope" })).status).toBe(404);
  });
});

describe("revisions of info pages and questions", () => {
  type History = { version: number; revisions: { id: number; version: number; by: string }[]; shown: { fields: { label: string; value: string }[] } | null };
  async function historyOf(resource: string, id: number, query = ""): Promise<History> {
    const res = await run((await content.history()).loader, get(`/gradmin/content/${resource}/${id}/history${query}`), { resource, id: String(id) });
    expect(res.status).toBe(200);
    return (await res.json()) as History;
  }
  const restore = async (resource: string, id: number, rev: number, version: number) =>
    run((await content.history()).action, post(`/gradmin/content/${resource}/${id}/history`, { rev: String(rev), version: String(version) }), { resource, id: String(id) });
  async function saveOver(resource: string, id: number, fields: Record<string, string>) {
    const { version, raw } = await edit(resource, id);
    const res = await save(resource, id, { ...(raw as Record<string, string>), ...fields, version: String(version) });
    expect(res.status, await res.clone().text()).toBe(302);
  }

  it("an info page: every save keeps the state it replaces, the history lists them, a restore is a new save the public page shows", async () => {
    const id = await create("info-pages", { slug: "products", title: "পণ্য", content: "<p>প্রথম সংস্করণ</p>" });
    await saveOver("info-pages", id, { content: "<p>দ্বিতীয় সংস্করণ</p>" });
    await saveOver("info-pages", id, { content: "<p>তৃতীয় সংস্করণ</p>" });
    const before = await historyOf("info-pages", id);
    expect(before.version).toBe(3);
    expect(before.revisions.map((r) => [r.version, r.by])).toEqual([
      [2, "সম্পাদক এক"],
      [1, "সম্পাদক এক"],
    ]);
    const first = before.revisions.find((r) => r.version === 1)!;
    const shown = await historyOf("info-pages", id, `?rev=${first.id}`);
    expect(shown.shown!.fields.find((f) => f.label.includes("Content"))!.value).toBe("<p>প্রথম সংস্করণ</p>");

    const res = await restore("info-pages", id, first.id, 3);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/gradmin/content/info-pages/${id}?saved=restored`);
    const [row] = await db.select().from(schema.infoPages).where(eq(schema.infoPages.id, id));
    expect(row).toMatchObject({ version: 4, content: "<p>প্রথম সংস্করণ</p>", updatedBy: 1 });
    expect(row.contentHtml).toContain("প্রথম সংস্করণ");
    // The restore is a save like any other: the state it replaced (version 3) is kept too.
    expect((await historyOf("info-pages", id)).revisions.map((r) => r.version)).toEqual([3, 2, 1]);
    const page = await run((await route("about.$page.tsx")).loader, new Request(`${ORIGIN}/about/products`), { page: "products" });
    const text = JSON.stringify(await page.json());
    expect(text).toContain("প্রথম সংস্করণ");
    expect(text).not.toContain("তৃতীয় সংস্করণ");
    // A restore from a page loaded before that is a stale version: refused, nothing changes.
    const stale = await restore("info-pages", id, first.id, 3);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { errors: { form?: string } }).errors.form).toMatch(/Someone changed it meanwhile/);
    // A restore button whose hidden fields were lost says so, in the forms' one error shape.
    const broken = await run((await content.history()).action, post(`/gradmin/content/info-pages/${id}/history`, { rev: "x", version: "" }), { resource: "info-pages", id: String(id) });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { errors: { form?: string } }).errors.form).toMatch(/Incomplete form/);
    expect((await db.select().from(schema.infoPages).where(eq(schema.infoPages.id, id)))[0].version).toBe(4);
  });

  it("a question: its options, key and sources are kept with each save, and a restore brings them back as a new save", async () => {
    const sid = await create("subjects", { name: "রসায়ন", slug: "revisions-chem" });
    const cid = await create("chapters", { subjectId: String(sid), name: "অম্ল ও ক্ষার" });
    const id = await create("questions", {
      type: "mcq",
      chapterId: String(cid),
      marks: "1",
      body: "<p>কোনটি অম্ল?</p>",
      "options.0": "HCl",
      "options.1": "NaOH",
      "options.correct": "0",
      sources: "dhaka: 2019",
    });
    await saveOver("questions", id, { body: "<p>কোনটি ক্ষার?</p>", "options.correct": "1", sources: "raj: 2021" });
    await saveOver("questions", id, { "options.2": "NaCl", marks: "2" });
    const before = await historyOf("questions", id);
    expect(before.version).toBe(3);
    expect(before.revisions.map((r) => [r.version, r.by])).toEqual([
      [2, "সম্পাদক এক"],
      [1, "সম্পাদক এক"],
    ]);
    const first = before.revisions.find((r) => r.version === 1)!;
    const shown = await historyOf("questions", id, `?rev=${first.id}`);
    expect(shown.shown!.fields.find((f) => f.label.includes("Options"))!.value).toBe("ক) HCl ✓  খ) NaOH");

    expect((await restore("questions", id, first.id, 3)).status).toBe(302);
    const now = await edit("questions", id);
    expect(now.version).toBe(4);
    expect(now.raw).toMatchObject({ body: "<p>কোনটি অম্ল?</p>", "options.0": "HCl", "options.1": "NaOH", "options.2": "", "options.correct": "0", marks: "1.00", sources: "dhaka: 2019" });
    const options = await db.select().from(schema.questionOptions).where(eq(schema.questionOptions.questionId, id)).orderBy(schema.questionOptions.sort);
    expect(options.map((o) => [o.key, o.body, o.isCorrect])).toEqual([
      ["ক", "HCl", true],
      ["খ", "NaOH", false],
    ]);
    const [q] = await db.select().from(schema.questions).where(eq(schema.questions.id, id));
    expect(q.bodyHtml).toContain("কোনটি অম্ল?");
    expect((await historyOf("questions", id)).revisions.map((r) => r.version)).toEqual([3, 2, 1]);
    const [audit] = await db.select().from(schema.auditLog).where(sql`${schema.auditLog.action} = 'restore' and ${schema.auditLog.entity} = 'questions'`);
    expect(audit).toMatchObject({ entityId: String(id), staffId: 1 });
  });
});

describe("hostile markup", () => {
  const HOSTILE = [
    "<script>alert(1)</script>",
    '<img src="x" onerror="alert(1)">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999">ঢেকে দাও</div>',
    '<a href="javascript:alert(1)">লিংক</a>',
  ].join("");

  const htmlResources = RESOURCES.filter((r) => r.fields.some((f) => f.kind === "html"));

  /** What a page may show of HOSTILE: the text, none of the script, refresh, covering style or script link. */
  function expectHarmless(stored: string | null, where: string) {
    const html = stored ?? "";
    expect(html, where).toContain("ঢেকে দাও");
    expect(html, where).not.toMatch(/<script|onerror|<meta|http-equiv|position\s*:\s*fixed|z-index|javascript:/i);
  }

  /** Aiken is plain text: the same markup arrives as text to read, with no tag of its own. */
  function expectShownAsText(stored: string | null, where: string) {
    const html = stored ?? "";
    expect(html, where).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html, where).not.toMatch(/<(script|img|meta|div|a)\b/i);
  }

  it("never reaches what pages show, in any HTML field of any content type", async () => {
    expect(htmlResources.map((r) => r.key).sort()).toEqual(["board-papers", "exam-title-groups", "examples", "exams", "info-pages", "questions", "topics"]);
    // Parents for the rows that need them.
    const sid = await create("subjects", { name: "হ", slug: "hostile", gradeIds: [] });
    const cid = await create("chapters", { subjectId: String(sid), name: "হ" });
    const setId = await create("question-sets", { name: "হ", questionIds: "" });
    const bsid = await create("board-subjects", { name: "হ" });
    const fill: Record<string, Record<string, string>> = {
      "board-papers": { boardSubjectId: String(bsid), year: "2020", kind: "mcq", title: "হ" },
      "exam-title-groups": { name: "হ" },
      exams: { name: "হ", questionSetId: String(setId), fullMarks: "10", durationMinutes: "10", negativeMark: "0" },
      examples: { extid: "1", exqnameid: "1" },
      "info-pages": { slug: "contact" }, // info pages are a fixed set
      questions: { type: "mcq", chapterId: String(cid), marks: "1", "options.0": "ক", "options.1": "খ", "options.correct": "0" },
      topics: { categoryId: String(cid), name: "হ" },
    };
    for (const def of htmlResources) {
      const fields: Record<string, string> = { ...fill[def.key] };
      for (const f of def.fields) if (f.kind === "html") fields[f.name] = HOSTILE;
      const id = await create(def.key, fields);
      const table = (
        {
          "board-papers": schema.boardPapers,
          "exam-title-groups": schema.examTitleGroups,
          exams: schema.examTitles,
          examples: schema.examples,
          "info-pages": schema.infoPages,
          questions: schema.questions,
          topics: schema.titles,
        } as unknown as Record<string, typeof schema.titles>
      )[def.key];
      const [row] = (await db.select().from(table).where(eq(table.id, id))) as Record<string, unknown>[];
      for (const f of def.fields.filter((x) => x.kind === "html")) expectHarmless(String(row[`${f.name}Html`]), `${def.key}.${f.name}`);
    }
  });

  describe("in the question bank and the public page that shows it", () => {
    let sid = 0;
    let gid = 0;

    beforeAll(async () => {
      gid = await create("grades", { name: "ক্ষতিকর শ্রেণি", sort: "9" });
      sid = await create("subjects", { name: "ক্ষতিকর", slug: "hostile-bank", gradeIds: [String(gid)] });
    });

    /** The make-question tool's bank of one chapter: a public page with every question's options and parts. */
    async function publicBank(chapterId: number) {
      const bank = await route("make-question.$sname.$sid.$gid.questions.tsx");
      const res = await run(bank.loader, new Request(`${ORIGIN}/make-question/hostile-bank/${sid}/${gid}/questions?ch=${chapterId}`), {
        sname: "hostile-bank",
        sid: String(sid),
        gid: String(gid),
      });
      expect(res.status).toBe(200);
      return JSON.stringify(await res.json());
    }
    const count = (text: string) => text.split("ঢেকে দাও").length - 1;

    it("never reaches them from an MCQ's options or a creative question's parts", async () => {
      const cid = await create("chapters", { subjectId: String(sid), gradeId: String(gid), name: "বিকল্প ও অংশ" });
      const mcq = await create("questions", { type: "mcq", chapterId: String(cid), marks: "1", body: "<p>প্রশ্ন</p>", "options.0": HOSTILE, "options.1": `${HOSTILE}<p>অন্যটি</p>`, "options.correct": "0" });
      const creative = await create("questions", {
        type: "creative",
        chapterId: String(cid),
        marks: "3",
        intro: "<p>উদ্দীপক</p>",
        "parts.0": HOSTILE,
        "parts.0.marks": "1",
        "parts.1": HOSTILE,
        "parts.1.marks": "2",
      });
      const options = await db.select().from(schema.questionOptions).where(eq(schema.questionOptions.questionId, mcq));
      const parts = await db.select().from(schema.questionParts).where(eq(schema.questionParts.questionId, creative));
      expect(options).toHaveLength(2);
      expect(parts).toHaveLength(2);
      for (const o of options) expectHarmless(o.bodyHtml, `option ${o.key}`);
      for (const p of parts) expectHarmless(p.bodyHtml, `part ${p.label}`);
      const page = await publicBank(cid);
      expectHarmless(page, "the bank page");
      expect(count(page)).toBe(4);
    });

    it("never reaches them from imported questions, in CSV or Aiken", async () => {
      const cid = await create("chapters", { subjectId: String(sid), gradeId: String(gid), name: "আমদানি" });
      const csv = toCsv([
        {
          intro: HOSTILE,
          body: `<p>প্রথম প্রশ্ন</p>${HOSTILE}`,
          explanation: HOSTILE,
          marks: "1",
          difficulty: null,
          options: [
            { body: HOSTILE, isCorrect: true },
            { body: "নিরীহ", isCorrect: false },
          ],
          sources: [],
        },
      ]);
      const aiken = `দ্বিতীয় প্রশ্ন ${HOSTILE}\nA. ${HOSTILE}\nB. নিরীহ\nANSWER: A\n`;
      expect(await commitImport("csv", csv, { chapterId: cid, setId: null }, 1)).toEqual({ imported: 1, skipped: 0 });
      expect(await commitImport("aiken", aiken, { chapterId: cid, setId: null }, 1)).toEqual({ imported: 1, skipped: 0 });
      const rows = await db.select().from(schema.questions).where(eq(schema.questions.chapterId, cid)).orderBy(schema.questions.id);
      expect(rows).toHaveLength(2);
      expectHarmless(rows[0].introHtml, "csv intro");
      expectHarmless(rows[0].bodyHtml, "csv body");
      expectHarmless(rows[0].explanationHtml, "csv explanation");
      expectShownAsText(rows[1].bodyHtml, "aiken body");
      const options = await db.select().from(schema.questionOptions).where(inArray(schema.questionOptions.questionId, rows.map((r) => r.id)));
      expect(options).toHaveLength(4);
      for (const o of options.filter((x) => x.isCorrect)) {
        if (o.questionId === rows[1].id) expectShownAsText(o.bodyHtml, "aiken option");
        else expectHarmless(o.bodyHtml, `imported option of #${o.questionId}`);
      }
      const page = await publicBank(cid);
      // The page has the Aiken question's markup as text ("onerror" among it), and no such tag.
      expect(page).toContain("ঢেকে দাও");
      expect(page).not.toMatch(/<script|<[^>]*\s(onerror|http-equiv)=|<[^>]*style="[^"]*(position\s*:\s*fixed|z-index)|<[^>]*href="javascript:/i);
      // The bank shows the stem, the question and the options; the explanation is the answer side.
      expect(count(page)).toBeGreaterThanOrEqual(5);
    });
  });
});

describe("a staff form's size", () => {
  it("a chunked 36 MB multipart body of small parts is refused with 413 after reading little more than the cap", async () => {
    const boundary = "----cap-test";
    const part = (i: number) => `--${boundary}\r\nContent-Disposition: form-data; name="body${i}"\r\n\r\n${"x".repeat(64 * 1024)}\r\n`;
    const total = 36 * 1024 * 1024;
    let sent = 0;
    let i = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (sent === 0) {
          const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n`);
          sent += head.byteLength;
          return ctrl.enqueue(head);
        }
        if (sent >= total) {
          ctrl.enqueue(new TextEncoder().encode(`--${boundary}--\r\n`));
          return ctrl.close();
        }
        const chunk = new TextEncoder().encode(part(i++));
        sent += chunk.byteLength;
        ctrl.enqueue(chunk);
      },
    });
    const request = new Request(`${ORIGIN}/gradmin/content/topics/new`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const res = await run((await content.create()).action, request, { resource: "topics" });
    expect(sent).toBeLessThan(MAX_MULTIPART_BYTES + 1024 * 1024);
    expect(res.status).toBe(413);
  });
});

describe("images", () => {
  // The smallest valid PNG: 1×1, one transparent pixel.
  const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

  it("stores an uploaded image in the database, serves it at a content-hash URL cached for a year, and refuses other files", async () => {
    const form = new FormData();
    form.set("name", "চিত্র");
    form.set("slug", "with-image");
    form.set("image.file", new File([PNG], "dot.png", { type: "image/png" }));
    const res = await run((await content.create()).action, postMultipart("/gradmin/content/subjects/new", form), { resource: "subjects" });
    expect(res.status, await res.clone().text()).toBe(302);
    const [subject] = await db.select().from(schema.subjects).where(eq(schema.subjects.slug, "with-image"));
    expect(subject.image).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const media = await route("media.$file.ts");
    const served = await run(media.loader, new Request(`${ORIGIN}${subject.image}`), { file: subject.image!.slice(7) });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toContain("immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const bad = new FormData();
    bad.set("name", "খারাপ");
    bad.set("slug", "bad-image");
    bad.set("image.file", new File(['<svg onload="alert(1)"/>'], "x.png", { type: "image/png" }));
    const refused = await run((await content.create()).action, postMultipart("/gradmin/content/subjects/new", bad), { resource: "subjects" });
    expect(refused.status).toBe(400);
    const data = (await refused.json()) as { raw: Record<string, string>; errors: Record<string, string> };
    expect(data.errors["image.file"]).toMatch(/PNG, JPEG, WebP or GIF/);
    expect(data.raw.name).toBe("খারাপ");
    expect((await run(media.loader, new Request(`${ORIGIN}/media/nothing.png`), { file: "nothing.png" })).status).toBe(404);
  });
});

describe("the About Us record: latest, by id, by slug, list, create, update, delete", () => {
  it("works through the admin screens", async () => {
    const aboutId = await create("info-pages", { slug: "aboutus", title: "আমাদের কথা", content: "<p>প্রথম</p>" });
    const authorId = await create("info-pages", { slug: "author", title: "লেখক", content: "<p>লেখক</p>" });
    // latest: the most recently changed record
    const latest = await content.latest();
    expect((await run(latest.loader, get("/gradmin/content/info-pages/latest"), { resource: "info-pages" })).headers.get("Location")).toBe(`/gradmin/content/info-pages/${authorId}`);
    // by id
    expect((await edit("info-pages", aboutId)).raw).toMatchObject({ slug: "aboutus", title: "আমাদের কথা" });
    // by slug
    const list = await content.list();
    expect((await run(list.loader, get("/gradmin/content/info-pages?slug=aboutus"), { resource: "info-pages" })).headers.get("Location")).toBe(`/gradmin/content/info-pages/${aboutId}`);
    expect((await run(list.loader, get("/gradmin/content/info-pages?slug=nothing"), { resource: "info-pages" })).status).toBe(404);
    // list (filtered by text)
    const listed = (await (await run(list.loader, get("/gradmin/content/info-pages?q=about"), { resource: "info-pages" })).json()) as { rows: { id: number }[] };
    expect(listed.rows.map((r) => r.id)).toEqual([aboutId]);
    // update, then the public page shows it
    const { version, raw } = await edit("info-pages", aboutId);
    expect((await save("info-pages", aboutId, { ...(raw as Record<string, string>), content: "<p>হালনাগাদ</p>", version: String(version) })).status).toBe(302);
    const about = await route("about.$page.tsx");
    const page = await run(about.loader, new Request(`${ORIGIN}/about/aboutus`), { page: "aboutus" });
    expect(JSON.stringify(await page.json())).toContain("হালনাগাদ");
    // delete
    const del = await content.remove();
    expect((await run(del.action, post(`/gradmin/content/info-pages/${authorId}/delete`, {}), { resource: "info-pages", id: String(authorId) })).status).toBe(302);
    expect(await db.select().from(schema.infoPages).where(eq(schema.infoPages.id, authorId))).toHaveLength(0);
  });
});

describe("import and export", () => {
  let chapterId = 0;
  let setId = 0;

  beforeAll(async () => {
    const sid = await create("subjects", { name: "গণিত", slug: "import-math" });
    chapterId = await create("chapters", { subjectId: String(sid), name: "বীজগণিত" });
    setId = await create("question-sets", { name: "মডেল টেস্ট", questionIds: "" });
  });

  const header = "question,a,b,c,d,answer,explanation,board_year,marks\r\n";
  const row = (i: number) => `"${i} এর বর্গ কত? $x^{${i}}$",${i * i},${i + 1},${i + 2},${i + 3},a,"$${i}\\times${i}$",dhaka: 2019,1\r\n`;

  function fiveHundredWithThreeBad() {
    let csv = `\uFEFF${header}`;
    for (let i = 1; i <= 500; i++) {
      if (i === 100) csv += `"${i} এর বর্গ?",${i * i},${i + 1},,,,,,1\r\n`; // no answer key
      else if (i === 200) csv += `"${i} এর বর্গ?",${i * i},,,,a,,,1\r\n`; // one option
      else if (i === 300) csv += `"${1} এর বর্গ কত? $x^{${1}}$",1,2,3,4,a,"$1\\times1$",dhaka: 2019,1\r\n`; // duplicate of row 1
      else csv += row(i);
    }
    return csv;
  }

  it("previews 500 Bangla MCQs with exactly the 3 bad rows, then imports 497 in one transaction (also onto the set)", async () => {
    const csv = fiveHundredWithThreeBad();
    const preview = await previewImport("csv", csv, { chapterId, setId });
    expect(preview.questions).toHaveLength(500);
    const bad = preview.questions.filter((q) => q.errors.length);
    expect(bad.map((q) => q.line)).toEqual([101, 201, 301]);
    expect(bad[0].errors[0]).toMatch(/missing or unknown answer key/);
    expect(bad[1].errors[0]).toMatch(/fewer than two options/);
    expect(bad[2].errors[0]).toMatch(/duplicate of the question on line 2/);
    const result = await commitImport("csv", csv, { chapterId, setId }, 1);
    expect(result).toEqual({ imported: 497, skipped: 3 });
    const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(schema.questions).where(eq(schema.questions.chapterId, chapterId));
    expect(Number(n)).toBe(497);
    const [{ m }] = await db.select({ m: sql<number>`count(*)` }).from(schema.setQuestions).where(eq(schema.setQuestions.setId, setId));
    expect(Number(m)).toBe(497);
    const [q] = await db.select().from(schema.questions).where(sql`${schema.questions.chapterId} = ${chapterId} and ${schema.questions.body} like '7 এর বর্গ%'`);
    expect(q.bodyHtml).toContain("katex");
    const sources = await db.select().from(schema.questionSources).where(eq(schema.questionSources.questionId, q.id));
    expect(sources.map((x) => [x.board, x.year])).toEqual([["dhaka", 2019]]);
    // Importing the same file again: every question is now a duplicate of the chapter's own.
    const again = await previewImport("csv", csv, { chapterId, setId });
    expect(again.questions.filter((x) => !x.errors.length)).toHaveLength(0);
  });

  it("a failure in the middle of an import leaves no new row", async () => {
    const otherChapter = await create("chapters", { subjectId: String((await db.select().from(schema.subjects).where(eq(schema.subjects.slug, "import-math")))[0].id), name: "জ্যামিতি" });
    const count = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(schema.questions))[0].n);
    const before = await count();
    await expect(commitImport("csv", fiveHundredWithThreeBad(), { chapterId: otherChapter, setId }, 1, { failAfter: 250 })).rejects.toThrow(/on purpose/);
    expect(await count()).toBe(before);
    const [{ m }] = await db.select({ m: sql<number>`count(*)` }).from(schema.setQuestions).where(eq(schema.setQuestions.setId, setId));
    expect(Number(m)).toBe(497);
  });

  it("export then import gives the same questions, in CSV and in GIFT", async () => {
    const exported = await exportQuestions({ chapterId });
    expect(exported).toHaveLength(497);
    for (const [format, text] of [
      ["csv", toCsv(exported)],
      ["gift", toGift(exported)],
    ] as const) {
      const target = await create("chapters", { subjectId: String((await db.select().from(schema.subjects).where(eq(schema.subjects.slug, "import-math")))[0].id), name: `ফিরে ${format}` });
      expect(await commitImport(format, text, { chapterId: target, setId: null }, 1)).toEqual({ imported: 497, skipped: 0 });
      expect(await exportQuestions({ chapterId: target })).toEqual(exported);
    }
    // The set's export keeps the set's order.
    expect((await exportQuestions({ setId })).map((q) => q.body)).toEqual(exported.map((q) => q.body));
  });

  it("the import screen previews an uploaded file and imports only on confirmation", async () => {
    const screen = await route("gradmin.import.tsx");
    const form = new FormData();
    form.set("format", "aiken");
    form.set("chapterId", String(chapterId));
    form.set("intent", "preview");
    form.set("upload.file", new File(["নতুন প্রশ্ন: ২ + ২ = ?\nA. ৩\nB. ৪\nANSWER: B\n"], "q.txt", { type: "text/plain" }));
    const before = Number((await db.select({ n: sql<number>`count(*)` }).from(schema.questions))[0].n);
    const preview = await run(screen.action, postMultipart("/gradmin/import", form));
    expect(preview.status).toBe(200);
    const data = (await preview.json()) as { preview: { good: number; bad: number; text: string } };
    expect(data.preview).toMatchObject({ good: 1, bad: 0 });
    expect(Number((await db.select({ n: sql<number>`count(*)` }).from(schema.questions))[0].n)).toBe(before);
    const confirm = new FormData();
    for (const [k, v] of Object.entries({ format: "aiken", chapterId: String(chapterId), setId: "", text: data.preview.text, intent: "import" })) confirm.set(k, v);
    const done = await run(screen.action, postMultipart("/gradmin/import", confirm));
    expect(done.headers.get("Location")).toBe("/gradmin/import?imported=1&skipped=0");
    expect(Number((await db.select({ n: sql<number>`count(*)` }).from(schema.questions))[0].n)).toBe(before + 1);
  });
});

describe("roles", () => {
  it("a moderator manages videos but not topics", async () => {
    const login = await route("gradmin_.login.tsx");
    const res = await run(
      login.action,
      new Request(`${ORIGIN}/gradmin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
        body: new URLSearchParams({ identifier: "mod", password: PASSWORD, redirectTo: "/gradmin" }).toString(),
      }),
    );
    const modCookie = res.headers.get("Set-Cookie")!.split(";")[0];
    const list = await content.list();
    const as = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: modCookie } });
    expect((await run(list.loader, as("/gradmin/content/videos"), { resource: "videos" })).status).toBe(200);
    expect((await run(list.loader, as("/gradmin/content/topics"), { resource: "topics" })).status).toBe(403);
  });
});
