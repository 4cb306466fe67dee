// The trash, through the real admin routes: a delete takes the row off the public site at once and
// into the trash (with what is edited with it), a restore brings it back with its id, a chapter that
// still has questions is not trashed, rows past 30 days are purged, and every step is audited and
// moves the content version.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentVersion } from "~/models/content-version.server";
import { closeDb, db, insertQuestions, resetTables, schema, callWith as run } from "./db";
import { onlyEditor, ORIGIN, route, staffBrowser } from "./staff";

process.env.SESSION_SECRET ??= "integration-test-secret";


const staff = staffBrowser();
const { get, post } = staff;
/** A request as a reader who is not signed in. */
const anonymous = (path: string) => new Request(`${ORIGIN}${path}`);

const remove = async (resource: string, id: number) =>
  run((await route("gradmin.content.$resource.$id.delete.tsx")).action, post(`/gradmin/content/${resource}/${id}/delete`, {}), { resource, id: String(id) });
type TrashData = { items: { id: number; kind: string; entityId: number; name: string }[]; total: number };
const trash = async () => (await (await run((await route("gradmin.trash.tsx")).loader, get("/gradmin/trash"))).json()) as TrashData;
const restore = async (id: number) => run((await route("gradmin.trash.tsx")).action, post("/gradmin/trash", { intent: "restore", id: String(id) }));

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.trashItems);
  await onlyEditor();
  await db.insert(schema.subjects).values({ id: 1, name: "গণিত", slug: "math" });
  await db.insert(schema.categories).values([
    { id: 11, subjectId: 1, name: "বীজগণিত" },
    { id: 12, subjectId: 1, name: "খালি অধ্যায়" },
  ]);
  await db.insert(schema.titles).values({ id: 21, categoryId: 11, name: "সূচকের নিয়ম", content: "<p>$a^m a^n = a^{m+n}$</p>" });
  await insertQuestions([{ id: 31, body: "২ + ২ = ?", chapterId: 11, subjectId: 1, flag: 1, boardYear: "dhaka: 2019", options: ["৩", "৪", "৫", "৬"] }]);
  await staff.signIn("editor1");
});

afterAll(closeDb);

describe("the trash", () => {
  it("a deleted topic leaves the public site and the list at once, and comes back with its id and content", async () => {
    const topicPage = async () => (await run((await route("title.$id.tsx")).loader, anonymous("/title/21"), { id: "21" })).status;
    expect(await topicPage()).toBe(200);
    const before = await contentVersion();
    const res = await remove("topics", 21);
    expect(res.status).toBe(302);
    expect(await contentVersion()).not.toBe(before);
    expect(await topicPage()).toBe(404);
    const list = await (await run((await route("gradmin.content.$resource._index.tsx")).loader, get("/gradmin/content/topics"), { resource: "topics" })).json();
    expect((list as { total: number }).total).toBe(0);
    const t = await trash();
    expect(t.items).toEqual([expect.objectContaining({ entityId: 21, name: "সূচকের নিয়ম" })]);

    const back = await restore(t.items[0].id);
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/gradmin/trash?restored=topics:21");
    expect(await topicPage()).toBe(200);
    const [row] = await db.select().from(schema.titles).where(eq(schema.titles.id, 21));
    expect(row.content).toBe("<p>$a^m a^n = a^{m+n}$</p>");
    expect(row.createdAt).toBeInstanceOf(Date);
    expect((await trash()).total).toBe(0);
    const audits = await db.select({ action: schema.auditLog.action }).from(schema.auditLog).where(and(eq(schema.auditLog.entity, "topics"), eq(schema.auditLog.entityId, "21")));
    expect(audits.map((a) => a.action)).toEqual(["trash", "untrash"]);
  });

  it("a question comes back with its options, correct answer and board-year", async () => {
    expect((await remove("questions", 31)).status).toBe(302);
    expect(await db.select().from(schema.questionOptions).where(eq(schema.questionOptions.questionId, 31))).toEqual([]);
    await restore((await trash()).items[0].id);
    const options = await db.select().from(schema.questionOptions).where(eq(schema.questionOptions.questionId, 31)).orderBy(schema.questionOptions.sort);
    expect(options.map((o) => [o.body, o.isCorrect])).toEqual([
      ["৩", false],
      ["৪", true],
      ["৫", false],
      ["৬", false],
    ]);
    const sources = await db.select().from(schema.questionSources).where(eq(schema.questionSources.questionId, 31));
    expect(sources.map((r) => [r.board, r.year])).toEqual([["dhaka", 2019]]);
  });

  it("a chapter that still has topics or questions is not trashed: it says what to move first", async () => {
    const res = await remove("chapters", 11);
    expect(res.status).toBe(409);
    expect(await db.select().from(schema.categories).where(eq(schema.categories.id, 11))).toHaveLength(1);
    expect((await trash()).total).toBe(0);
    // An empty chapter goes, and a topic cannot be restored into a chapter that is gone.
    expect((await remove("chapters", 12)).status).toBe(302);
    expect((await remove("topics", 21)).status).toBe(302);
    await db.update(schema.trashItems).set({ snapshot: sql`json_set(${schema.trashItems.snapshot}, '$.row.categoryId', 12)` }).where(eq(schema.trashItems.entity, "topics"));
    const topicItem = (await trash()).items.find((i) => i.entityId === 21)!;
    const refused = await restore(topicItem.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain("restore that first");
    const chapterItem = (await trash()).items.find((i) => i.kind.includes("Chapter"))!;
    expect((await restore(chapterItem.id)).status).toBe(302);
    expect((await restore(topicItem.id)).status).toBe(302);
    const [topic] = await db.select().from(schema.titles).where(eq(schema.titles.id, 21));
    expect(topic.categoryId).toBe(12);
  });

  it("purges what was deleted more than 30 days ago", async () => {
    expect((await remove("topics", 21)).status).toBe(302);
    expect((await trash()).total).toBe(1);
    await db.update(schema.trashItems).set({ deletedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) });
    expect((await trash()).total).toBe(0);
    expect(await db.select().from(schema.trashItems)).toEqual([]);
  });
});

describe("restoring a kept version", () => {
  it("shows which fields differ from the current version before it is restored", async () => {
    await db.insert(schema.titles).values({ id: 22, categoryId: 11, name: "নতুন নাম", content: "<p>একই লেখা</p>", version: 2 });
    const [rev] = await db
      .insert(schema.revisions)
      .values({ entity: "title", entityId: 22, version: 1, snapshot: { categoryId: 11, name: "পুরোনো নাম", content: "<p>একই লেখা</p>", image: null, sort: 0 } });
    const revId = Number((rev as { insertId: number }).insertId);
    const history = await route("gradmin.content.$resource.$id.history.tsx");
    const res = await run(history.loader, get(`/gradmin/content/topics/22/history?rev=${revId}`), { resource: "topics", id: "22" });
    type Shown = { shown: { fields: { label: string; changed: boolean; value: string; now: string }[] } };
    const fields = ((await res.json()) as Shown).shown.fields;
    expect(fields.filter((f) => f.changed).map((f) => [f.value, f.now])).toEqual([["পুরোনো নাম", "নতুন নাম"]]);
    expect(fields.find((f) => f.label.includes("Content"))?.changed).toBe(false);
  });
});

describe("history for every content type", () => {
  it("a chapter keeps the version a save replaces, and restores it after the comparison", async () => {
    const edit = await route("gradmin.content.$resource.$id._index.tsx");
    const [before] = await db.select({ version: schema.categories.version }).from(schema.categories).where(eq(schema.categories.id, 12));
    const saved = await run(edit.action, post("/gradmin/content/chapters/12", { subjectId: "1", name: "নতুন অধ্যায়ের নাম", sort: "0", version: String(before.version) }), {
      resource: "chapters",
      id: "12",
    });
    expect(saved.status).toBe(302);
    const history = await route("gradmin.content.$resource.$id.history.tsx");
    type H = { version: number; revisions: { id: number; version: number }[]; shown: { fields: { label: string; changed: boolean }[] } | null };
    const list = (await (await run(history.loader, get("/gradmin/content/chapters/12/history"), { resource: "chapters", id: "12" })).json()) as H;
    // The newest kept version is the one this save replaced (older ones: the trash's delete kept one).
    expect(list.revisions[0].version).toBe(before.version);
    const shown = (await (await run(history.loader, get(`/gradmin/content/chapters/12/history?rev=${list.revisions[0].id}`), { resource: "chapters", id: "12" })).json()) as H;
    expect(shown.shown!.fields.filter((f) => f.changed).map((f) => f.label)).toEqual(["নাম (Name)"]);
    const restored = await run(history.action, post("/gradmin/content/chapters/12/history", { rev: String(list.revisions[0].id), version: String(list.version) }), { resource: "chapters", id: "12" });
    expect(restored.status).toBe(302);
    const [row] = await db.select({ name: schema.categories.name }).from(schema.categories).where(eq(schema.categories.id, 12));
    expect(row.name).toBe("খালি অধ্যায়");
  });
});
