// The media library's model on the real database: where an image is used (question text, an option,
// an image field, the trash), deleting refused while it is used and done once it is not, the upload
// checks (type, size) with one message per refused file, and a question saved with an image added
// beside its text (the form without JavaScript).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteMediaIfUnused, getMedia, listMedia, mediaUsage, storeImage } from "~/models/media.server";
import { callWith, closeDb, db, insertQuestions, resetTables, schema } from "./db";
import { onlyEditor, route, staffBrowser } from "./staff";

process.env.SESSION_SECRET ??= "integration-test-secret";

// A 1×1 PNG; bytes after its end make a different file (a different hash) that is still a PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const png = (tag: string, name = `${tag}.png`) => new File([Buffer.concat([PNG, Buffer.from(tag)])], name, { type: "image/png" });
/** Uploaded by nobody in particular (the model's own tests). */
const SOMEWHERE = { staffId: null, where: "test" };

async function upload(tag: string): Promise<{ url: string; id: number; hash: string }> {
  const stored = await storeImage(png(tag), SOMEWHERE);
  if (!("url" in stored)) throw new Error(stored.error);
  const hash = stored.url.slice(7, 39);
  const [row] = await db.select({ id: schema.media.id }).from(schema.media).where(eq(schema.media.hash, hash));
  return { url: stored.url, id: row.id, hash };
}

const staff = staffBrowser();

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.trashItems);
  await onlyEditor();
  await staff.signIn("editor1");
});

afterAll(closeDb);

describe("where an image is used", () => {
  it("finds it in a question's text, in an option, in an image field and in the trash; not elsewhere", async () => {
    const inBody = await upload("body");
    const inOption = await upload("option");
    const inField = await upload("field");
    const inTrash = await upload("trash");
    const unused = await upload("unused");
    await insertQuestions([
      { id: 9001, body: `<p>চিত্রটি দেখ:</p><img src="${inBody.url}" alt="" width="1" height="1">` },
      { id: 9002, body: "<p>কোনটি?</p>", options: [`<img src="${inOption.url}" alt="">`, "খ", "গ", "ঘ"] },
    ]);
    await db.insert(schema.subjects).values({ id: 77, name: "ছবির বিষয়", slug: "pictures", image: inField.url });
    await db.insert(schema.trashItems).values({ entity: "topics", entityId: 5, name: "old", snapshot: { content: `<img src="https://example.org${inTrash.url}">` }, deletedAt: new Date() });

    const usage = await mediaUsage([inBody.hash, inOption.hash, inField.hash, inTrash.hash, unused.hash]);
    expect(usage.get(inBody.hash)).toEqual([{ what: "প্রশ্ন (Question)", link: "questions", id: 9001 }]);
    // An option is edited on its question's form: the link goes there.
    expect(usage.get(inOption.hash)).toEqual([{ what: "প্রশ্নের অপশন (Question option)", link: "questions", id: 9002 }]);
    expect(usage.get(inField.hash)).toEqual([{ what: "বিষয় (Subject)", link: "subjects", id: 77 }]);
    expect(usage.get(inTrash.hash)?.map((u) => u.what)).toEqual(["ট্র্যাশে (In the trash)"]);
    expect(usage.get(unused.hash)).toEqual([]);

    // The library's page says the same, with who uploaded what and its size.
    const list = await listMedia(1);
    expect(list.total).toBe(5);
    const listed = list.items.find((m) => m.hash === inOption.hash)!;
    expect(listed.uses.map((u) => u.id)).toEqual([9002]);
    expect(listed).toMatchObject({ mime: "image/png", width: 1, height: 1, url: inOption.url });
  });
});

describe("deleting an image", () => {
  it("is refused while a question uses it, naming the question, and the image stays served", async () => {
    const used = await upload("used-by-question");
    await insertQuestions([{ id: 9101, body: `<p>প্রশ্ন</p><img src="${used.url}" alt="">` }]);
    const result = await deleteMediaIfUnused(used.id, null);
    expect(result).toEqual([{ what: "প্রশ্ন (Question)", link: "questions", id: 9101 }]);
    expect(await getMedia(used.id)).not.toBeNull();

    // Once the question no longer names it, it goes, and the delete is in the audit log.
    await db.update(schema.questions).set({ body: "<p>প্রশ্ন</p>" }).where(eq(schema.questions.id, 9101));
    expect(await deleteMediaIfUnused(used.id, null)).toBe("deleted");
    expect(await getMedia(used.id)).toBeNull();
    const [audit] = await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.entity, "media"), eq(schema.auditLog.action, "delete")));
    expect(audit).toMatchObject({ action: "delete", entityId: String(used.id) });
    expect(await deleteMediaIfUnused(used.id, null)).toBe("not-found");
  });

  it("through its page: the confirmation form, then the redirect to the library", async () => {
    const spare = await upload("spare");
    const del = await route("gradmin.media.$id.delete.tsx");
    const page = await callWith(del.loader, staff.get(`/gradmin/media/${spare.id}/delete`), { id: String(spare.id) });
    expect(((await page.json()) as { uses: unknown[] }).uses).toEqual([]);
    const res = await callWith(del.action, staff.post(`/gradmin/media/${spare.id}/delete`, {}), { id: String(spare.id) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/gradmin/media?deleted=${spare.id}`);
  });
});

describe("uploading", () => {
  it("refuses a file that is not an image and one over 2 MB, each with its message", async () => {
    const text = await storeImage(new File(["<svg onload=alert(1)>"], "x.svg", { type: "image/svg+xml" }), SOMEWHERE);
    expect(text).toEqual({ error: expect.stringContaining("PNG, JPEG, WebP") });
    const big = await storeImage(new File([Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])], "big.png", { type: "image/png" }), SOMEWHERE);
    expect(big).toEqual({ error: expect.stringContaining("2 MB") });
  });

  it("takes several files at once and names each refused one; the good ones are stored", async () => {
    const lib = await route("gradmin.media._index.tsx");
    const body = new FormData();
    body.append("images.file", png("first", "first.png"));
    body.append("images.file", new File(["not an image"], "notes.txt", { type: "text/plain" }));
    body.append("images.file", png("second", "second.png"));
    const res = await callWith(lib.action, staff.postMultipart("/gradmin/media", body));
    expect(res.status).toBe(400);
    const { results } = (await res.json()) as { results: { name: string; url?: string; error?: string }[] };
    expect(results.map((r) => [r.name, "url" in r])).toEqual([
      ["first.png", true],
      ["notes.txt", false],
      ["second.png", true],
    ]);
    expect(results[1].error).toMatch(/PNG, JPEG, WebP or GIF/);

    // All good: post/redirect/get to the library with the count.
    const ok = new FormData();
    ok.append("images.file", png("third", "third.png"));
    const done = await callWith(lib.action, staff.postMultipart("/gradmin/media", ok));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/gradmin/media?uploaded=1");
  });

  it("a question saved with an image beside its text (no JavaScript) gets the <img> at the end of the text", async () => {
    const edit = await route("gradmin.content.$resource.new.tsx");
    const body = new FormData();
    body.set("version", "0");
    body.set("intent", "save");
    body.set("type", "mcq");
    body.set("marks", "1");
    body.set("body", "<p>ছবির প্রশ্ন</p>");
    for (const [i, o] of ["ক", "খ", "গ", "ঘ"].entries()) body.set(`options.${i}`, o);
    body.set("options.correct", "0");
    body.append("body.image.file", png("appended", "appended.png"));
    const res = await callWith(edit.action, staff.postMultipart("/gradmin/content/questions/new", body), { resource: "questions" });
    expect(res.status).toBe(302);
    const saved = await db.select({ body: schema.questions.body, html: schema.questions.bodyHtml }).from(schema.questions).where(eq(schema.questions.id, Number(res.headers.get("Location")!.match(/\/(\d+)/)![1])));
    expect(saved[0].body).toMatch(/^<p>ছবির প্রশ্ন<\/p>\n<p><img src="\/media\/[0-9a-f]{32}\.png" alt="" width="1" height="1"><\/p>$/);
    // The public HTML keeps the image with its size.
    expect(saved[0].html).toMatch(/<img src="\/media\/[0-9a-f]{32}\.png" alt="" width="1" height="1" \/>/);
  });
});

describe("every upload is in the audit log", () => {
  type Entry = { action: string; entity: string; entityId: string | null; staff: string | null; summary: string };
  const audit = async (query: string) =>
    ((await (await callWith((await route("gradmin.audit.tsx")).loader, staff.get(`/gradmin/audit?${query}`))).json()) as { rows: Entry[]; choices: { actions: string[]; entities: string[] } });
  const mediaId = async (url: string) => String((await db.select({ id: schema.media.id }).from(schema.media).where(eq(schema.media.hash, url.slice(7, 39))))[0].id);

  it("a library upload: who, the file, its size, its URL and where; shown on the audit page with its filters, a refused file not at all", async () => {
    const body = new FormData();
    body.append("images.file", png("audited-library", "বইয়ের-ছবি.png"));
    body.append("images.file", new File(["not an image"], "refused.txt", { type: "text/plain" }));
    const res = await callWith((await route("gradmin.media._index.tsx")).action, staff.postMultipart("/gradmin/media", body));
    const { results } = (await res.json()) as { results: { name: string; url?: string }[] };
    const url = results[0].url!;

    // The editor's own audit page, filtered to uploads of images (both filters offer them).
    const page = await audit("entity=media&action=upload");
    expect(page.choices.actions).toContain("upload");
    expect(page.choices.entities).toContain("media");
    const entry = page.rows.find((r) => r.summary.includes(url));
    expect(entry).toMatchObject({ action: "upload", entity: "media", entityId: await mediaId(url), staff: "সম্পাদক" });
    expect(entry!.summary).toMatch(/^বইয়ের-ছবি\.png \(1 KB, 1×1\) \/media\/[0-9a-f]{32}\.png · media library$/);
    expect(page.rows.some((r) => r.summary.includes("refused.txt"))).toBe(false);
    // Another filter leaves it out.
    expect((await audit("entity=media&action=delete")).rows.some((r) => r.summary.includes(url))).toBe(false);
  });

  it("an editor reads the uploads of others who use the library too (a moderator's)", async () => {
    await db.insert(schema.staffUsers).values({ id: 2, name: "মডারেটর", username: "mod1", email: "m1@example.com", passwordHash: "x", role: 3, roleLabel: "Moderator" });
    const stored = await storeImage(png("by-moderator", "মডারেটরের-ছবি.png"), { staffId: 2, where: "media library" });
    expect("url" in stored).toBe(true);
    const entry = (await audit("entity=media")).rows.find((r) => r.summary.startsWith("মডারেটরের-ছবি.png"));
    expect(entry).toMatchObject({ action: "upload", staff: "মডারেটর" });
  });

  it("an image added beside a question's text and an image field's upload say which form and field", async () => {
    const question = new FormData();
    for (const [k, v] of Object.entries({ version: "0", intent: "save", type: "mcq", marks: "1", body: "<p>অডিটের প্রশ্ন</p>", "options.correct": "0" })) question.set(k, v);
    for (const [i, o] of ["ক", "খ", "গ", "ঘ"].entries()) question.set(`options.${i}`, o);
    question.append("body.image.file", png("audited-question", "প্রশ্নের-ছবি.png"));
    const edit = await route("gradmin.content.$resource.new.tsx");
    expect((await callWith(edit.action, staff.postMultipart("/gradmin/content/questions/new", question), { resource: "questions" })).status).toBe(302);

    const subject = new FormData();
    for (const [k, v] of Object.entries({ version: "0", intent: "save", name: "ছবির বিষয় দুই", slug: "pictures-two" })) subject.set(k, v);
    subject.append("image.file", png("audited-subject", "বিষয়ের-ছবি.png"));
    expect((await callWith(edit.action, staff.postMultipart("/gradmin/content/subjects/new", subject), { resource: "subjects" })).status).toBe(302);

    const rows = (await audit("action=upload")).rows;
    const inQuestion = rows.find((r) => r.summary.startsWith("প্রশ্নের-ছবি.png"));
    const inSubject = rows.find((r) => r.summary.startsWith("বিষয়ের-ছবি.png"));
    expect(inQuestion?.summary).toMatch(/^প্রশ্নের-ছবি\.png \(1 KB, 1×1\) \/media\/[0-9a-f]{32}\.png · questions \(new\), body$/);
    expect(inSubject?.summary).toMatch(/ · subjects \(new\), image$/);
    for (const r of [inQuestion, inSubject]) expect(r).toMatchObject({ staff: "সম্পাদক", entity: "media" });
  });
});
