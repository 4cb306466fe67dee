// The write path the admin screens use (updateRow), for a topic: a versioned save that keeps the
// replaced state, renders once, writes the audit log, and refuses a stale version instead of overwriting.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceDef } from "~/lib/admin/resources";
import { updateRow } from "~/models/admin/content.server";
import { listAudit, listRevisions } from "~/models/history.server";
import { loader as titleLoader } from "~/routes/title.$id";
import { call, closeDb, db, renderFixtures, resetTables, schema } from "./db";

const TOPIC = { name: "সেটের ধারণা", content: "<p>$A \\cup B$</p>", image: null, sort: 1 };
const topics = resourceDef("topics")!;
/** A staff save of topic `id` (chapter 1) at the version the editor loaded. */
const saveTopic = (id: number, version: number, values: Partial<typeof TOPIC> & { content?: string }, staffId: number) =>
  updateRow(topics, id, version, { categoryId: 1, ...TOPIC, ...values }, staffId);

beforeAll(async () => {
  await resetTables();
  // Staff rows outlive resetTables (the admin tests keep their own members, ids 1-10, between files).
  await db.delete(schema.staffUsers).where(inArray(schema.staffUsers.id, [7, 8]));
  await db.insert(schema.staffUsers).values([
    { id: 7, name: "সম্পাদক", username: "writer-one", email: "writer-one@example.com", passwordHash: "x" },
    { id: 8, name: "দ্বিতীয় সম্পাদক", username: "writer-two", email: "writer-two@example.com", passwordHash: "x" },
  ]);
  await db.insert(schema.grades).values({ id: 1, name: "এসএসসি" });
  await db.insert(schema.subjects).values({ id: 1, name: "উচ্চতর গণিত", slug: "higher-math" });
  await db.insert(schema.categories).values({ id: 1, subjectId: 1, gradeId: 1, name: "সেট ও ফাংশন" });
  await db.insert(schema.titles).values({ id: 1, categoryId: 1, ...TOPIC });
  await renderFixtures();
});

afterAll(closeDb);

const stored = async () => (await db.select().from(schema.titles).where(eq(schema.titles.id, 1)))[0];

describe("saving a topic", () => {
  it("saves at the loaded version: new version, rendered content, the old state kept, an audit entry", async () => {
    const res = await saveTopic(1, 1, { content: "<p>$$x^2 + y^2$$</p>" }, 7);
    expect(res).toEqual({ status: "saved", id: 1, version: 2 });
    const row = await stored();
    expect(row.version).toBe(2);
    expect(row.updatedBy).toBe(7);
    expect(row.contentHtml).toContain('class="katex-display"');

    const revs = await listRevisions({ entity: "title", entityId: 1 });
    expect(revs.map((r) => r.version)).toEqual([1]);
    const [kept] = await db.select().from(schema.revisions).where(eq(schema.revisions.id, revs[0].id));
    expect(kept.snapshot).toMatchObject({ name: TOPIC.name, content: TOPIC.content });

    const [entry] = await listAudit({ limit: 1 });
    expect(entry).toMatchObject({ staffId: 7, action: "update", entity: "topics", entityId: "1" });

    // The public page shows the new content at once, typeset.
    const page = await (await call(titleLoader, "/title/1", { id: "1" })).json();
    expect(page.html).toContain('class="katex-display"');
  });

  it("refuses a stale version, changes nothing and returns what is stored now", async () => {
    const before = await stored();
    const res = await saveTopic(1, 1, { name: "পুরোনো পাতা থেকে" }, 8);
    expect(res.status).toBe("conflict");
    if (res.status !== "conflict") return;
    expect(res.current).toMatchObject({ version: 2, updatedBy: 7, content: "<p>$$x^2 + y^2$$</p>" });
    expect(res.by).toBe("সম্পাদক");
    const after = await stored();
    expect(after).toEqual(before);
  });

  it("lets exactly one of two simultaneous saves of the same version win", async () => {
    const { version } = await stored();
    const results = await Promise.all([
      saveTopic(1, version, { name: "প্রথম" }, 7),
      saveTopic(1, version, { name: "দ্বিতীয়" }, 8),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["conflict", "saved"]);
    const winner = results.findIndex((r) => r.status === "saved");
    expect((await stored()).name).toBe(winner === 0 ? "প্রথম" : "দ্বিতীয়");
    expect((await listRevisions({ entity: "title", entityId: 1 })).map((r) => r.version)).toEqual([version, 1]);
  });

  it("stores hostile markup sanitised: no script, handler, meta refresh or page-covering style reaches the page", async () => {
    const { version } = await stored();
    const hostile =
      '<p>পাঠ $x$</p><script>alert(1)</script><img src=x onerror=alert(1)><meta http-equiv="refresh" content="0;url=https://evil.example">' +
      '<div style="position:fixed;inset:0;z-index:9999">ঢাকনা</div><a href="javascript:alert(1)">লিংক</a>';
    expect((await saveTopic(1, version, { content: hostile }, 7)).status).toBe("saved");
    const page = await (await call(titleLoader, "/title/1", { id: "1" })).json();
    expect(page.html).toContain('class="katex"');
    expect(page.html).toContain("ঢাকনা");
    expect(page.html).not.toMatch(/<script|onerror|<meta|position|z-index|javascript:/i);
  });

  it("answers not-found for a topic that does not exist", async () => {
    expect(await saveTopic(999, 1, {}, 7)).toEqual({ status: "not-found" });
  });
});
