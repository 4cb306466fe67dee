// What the content screens refuse though it would save, each with a field message that keeps what
// was typed, and where "view on site" leads. Driven through the real create and edit actions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/lib/password.server";
import { closeDb, db, resetTables, schema, callWith as run } from "./db";
import { ORIGIN, type RouteModule, STAFF_PASSWORD, staffBrowser } from "./staff";

process.env.SESSION_SECRET ??= "integration-test-secret";

type FormState = { raw: Record<string, string>; errors: Record<string, string> };

const createScreen = () => import("../../app/routes/gradmin.content.$resource.new") as unknown as Promise<RouteModule>;
const editScreen = () => import("../../app/routes/gradmin.content.$resource.$id._index") as unknown as Promise<RouteModule>;

const staff = staffBrowser();
const { get, post } = staff;

/** A create: the new row's id, or the refusal (400) with what the form shows again. */
async function tryCreate(resource: string, fields: Record<string, string>): Promise<{ id: number } | { status: number; state: FormState }> {
  const res = await run((await createScreen()).action, post(`/gradmin/content/${resource}/new`, fields), { resource });
  if (res.status === 302) return { id: Number(/\/(\d+)\?saved=created$/.exec(res.headers.get("Location")!)![1]) };
  return { status: res.status, state: (await res.json()) as FormState };
}

async function create(resource: string, fields: Record<string, string>) {
  const r = await tryCreate(resource, fields);
  if (!("id" in r)) throw new Error(`${resource} refused: ${JSON.stringify(r.state.errors)}`);
  return r.id;
}

async function refused(resource: string, fields: Record<string, string>, field: string, message: RegExp) {
  const r = await tryCreate(resource, fields);
  expect("status" in r && r.status, JSON.stringify(r)).toBe(400);
  const { state } = r as { state: FormState };
  expect(state.errors[field]).toMatch(message);
  // What was typed comes back.
  for (const [k, v] of Object.entries(fields)) expect(state.raw[k], k).toBe(v);
}

async function editData(resource: string, id: number) {
  const res = await run((await editScreen()).loader, get(`/gradmin/content/${resource}/${id}`), { resource, id: String(id) });
  expect(res.status).toBe(200);
  return (await res.json()) as { publicPath: string | null; noPublicPage: string | null; version: number };
}

let chapterId = 0;
let otherChapterId = 0;

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.staffSessions);
  await db.delete(schema.loginThrottle);
  await db.delete(schema.staffUsers);
  await db.insert(schema.staffUsers).values([{ id: 1, name: "সম্পাদক এক", username: "editor1", email: "e1@example.com", passwordHash: await hashPassword(STAFF_PASSWORD), role: 2, roleLabel: "Editor" }]);
  await staff.signIn("editor1");
  const subjectId = await create("subjects", { name: "পদার্থবিজ্ঞান", slug: "checks-physics" });
  chapterId = await create("chapters", { subjectId: String(subjectId), name: "গতি" });
  otherChapterId = await create("chapters", { subjectId: String(subjectId), name: "বল" });
});

afterAll(closeDb);

const mcq = (chapter: number, more: Record<string, string> = {}) => ({
  type: "mcq",
  chapterId: String(chapter),
  marks: "1",
  body: "<p>বেগের একক কোনটি?</p>",
  "options.0": "মিটার/সেকেন্ড",
  "options.1": "নিউটন",
  "options.2": "জুল",
  "options.correct": "0",
  ...more,
});

describe("refused with a field message, what was typed kept", () => {
  it("a video address that is not YouTube (pages show videos only by their YouTube id)", async () => {
    await refused("videos", { url: "https://vimeo.com/76979871", title: "গতি", kind: "theory" }, "url", /YouTube/);
    await create("videos", { url: "https://youtu.be/dQw4w9WgXcQ", title: "গতি", kind: "theory" });
  });

  it("an info page with a slug no page shows", async () => {
    await refused("info-pages", { slug: "privacy", title: "গোপনীয়তা", content: "<p>লেখা</p>" }, "slug", /fixed set: aboutus, author, products, contact/);
    await create("info-pages", { slug: "author", title: "লেখক", content: "<p>লেখা</p>" });
  });

  it("two options of one question that read the same", async () => {
    await refused("questions", mcq(chapterId, { "options.2": " <b>নিউটন</b> " }), "options", /Options খ and গ are the same/);
  });

  it("an exact copy of a question of the same chapter; the same question in another chapter, and saving the first again, are fine", async () => {
    const first = await create("questions", mcq(chapterId));
    await refused("questions", mcq(chapterId), "body", new RegExp(`already has this exact question: #${first}`));
    await create("questions", mcq(otherChapterId));
    // Another key makes another question.
    await create("questions", mcq(chapterId, { "options.correct": "1" }));
    const { version } = await editData("questions", first);
    const res = await run((await editScreen()).action, post(`/gradmin/content/questions/${first}`, { ...mcq(chapterId), version: String(version) }), { resource: "questions", id: String(first) });
    expect(res.status).toBe(302);
  });

  it("a creative question whose parts' marks do not add up to its marks", async () => {
    const creative = { type: "creative", chapterId: String(chapterId), marks: "10", intro: "<p>একটি গাড়ি ১০ সেকেন্ডে ১০০ মিটার যায়।</p>", "parts.0": "বেগ কী?", "parts.0.marks": "1", "parts.1": "বেগ নির্ণয় কর।", "parts.1.marks": "2" };
    await refused("questions", creative, "parts", /add up to 3, the question's marks are 10/);
    await create("questions", { ...creative, marks: "3" });
  });

  it("page meta for a path no page of the site has", async () => {
    for (const path of ["/nope", "home", "/title/abc", "https://example.com/home"]) await refused("page-meta", { path, title: "শিরোনাম" }, "path", /No page of the site has this path/);
    await create("page-meta", { path: "/title/12", title: "শিরোনাম" });
  });

  it("full marks that are not what the exam's questions add up to", async () => {
    const a = await create("questions", mcq(chapterId, { body: "<p>ত্বরণের একক?</p>", marks: "1" }));
    const b = await create("questions", mcq(chapterId, { body: "<p>বলের একক?</p>", marks: "2" }));
    const setId = await create("question-sets", { name: "গতির পরীক্ষা", questionIds: `${a}\n${b}` });
    const exam = { name: "গতি: মডেল টেস্ট", questionSetId: String(setId), fullMarks: "25", durationMinutes: "10", negativeMark: "0" };
    await refused("exams", exam, "fullMarks", /The set's 2 questions add up to 3 marks/);
    await create("exams", { ...exam, fullMarks: "3" });
  });
});

describe("view on site", () => {
  it("a practice set links to its category's page with ?set=, which shows that set; a set without a category says it has no page", async () => {
    const category = await create("mcq-categories", { name: "পদার্থ অনুশীলন" });
    const q = await create("questions", mcq(chapterId, { body: "<p>সরণের একক?</p>" }));
    const setId = await create("question-sets", { mcqCategoryId: String(category), name: "অনুশীলন ১", questionIds: String(q) });
    const data = await editData("question-sets", setId);
    expect(data.publicPath).toBe(`/mq/${category}?set=${setId}`);
    expect(data.noPublicPage).toBeNull();
    const page = (await import("../../app/routes/mq.$id/route")) as unknown as RouteModule;
    const res = await run(page.loader, new Request(`${ORIGIN}${data.publicPath}`), { id: String(category) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { set: { id: number } }).set.id).toBe(setId);

    const loose = await create("question-sets", { name: "শুধু পরীক্ষার জন্য", questionIds: "" });
    const looseData = await editData("question-sets", loose);
    expect(looseData.publicPath).toBeNull();
    expect(looseData.noPublicPage).toMatch(/no MCQ category, so it has no page of its own/);
  });
});
