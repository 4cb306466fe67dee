// The media library's model on the real database: where an image is used (question text, an option,
// an image field, the trash), deleting refused while it is used and done once it is not, the upload
// checks (type, size) with one message per refused file, and a question saved with an image added
// beside its text (the form without JavaScript).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/lib/password.server";
import { deleteMediaIfUnused, getMedia, listMedia, mediaUsage, storeImage } from "~/models/media.server";
import { callWith, closeDb, db, insertQuestions, resetTables, schema } from "./db";

process.env.SESSION_SECRET ??= "integration-test-secret";

const ORIGIN = "http://test.local";
const PASSWORD = "সবুজ-পাতার-দেশ-2026";
// A 1×1 PNG; bytes after its end make a different file (a different hash) that is still a PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const png = (tag: string, name = `${tag}.png`) => new File([Buffer.concat([PNG, Buffer.from(tag)])], name, { type: "image/png" });

async function upload(tag: string): Promise<{ url: string; id: number; hash: string }> {
  const stored = await storeImage(png(tag), null);
  if (!("url" in stored)) throw new Error(stored.error);
  const hash = stored.url.slice(7, 39);
  const [row] = await db.select({ id: schema.media.id }).from(schema.media).where(eq(schema.media.hash, hash));
  return { url: stored.url, id: row.id, hash };
}

let cookie = "";
let csrf = "";

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.trashItems);
  await db.delete(schema.staffSessions);
  await db.delete(schema.loginThrottle);
  await db.delete(schema.staffUsers);
  await db.insert(schema.staffUsers).values({ id: 1, name: "Editor", username: "media-editor", email: "media@example.com", passwordHash: await hashPassword(PASSWORD), role: 2, roleLabel: "Editor" });
  const login = await import("../../app/routes/gradmin_.login");
  const res = await callWith(
    login.action as never,
    new Request(`${ORIGIN}/gradmin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ identifier: "media-editor", password: PASSWORD, redirectTo: "/gradmin" }).toString(),
    }),
  );
  expect(res.status).toBe(302);
  cookie = res.headers.get("Set-Cookie")!.split(";")[0];
  const layout = await import("../../app/routes/gradmin");
  csrf = ((await (await callWith(layout.loader as never, new Request(`${ORIGIN}/gradmin`, { headers: { Cookie: cookie } }))).json()) as { csrf: string }).csrf;
  expect(csrf).toBeTruthy();
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
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, "media"));
    expect(audit).toMatchObject({ action: "delete", entityId: String(used.id) });
    expect(await deleteMediaIfUnused(used.id, null)).toBe("not-found");
  });

  it("through its page: the confirmation form, then the redirect to the library", async () => {
    const spare = await upload("spare");
    const del = await import("../../app/routes/gradmin.media.$id.delete");
    const page = await callWith(del.loader as never, new Request(`${ORIGIN}/gradmin/media/${spare.id}/delete`, { headers: { Cookie: cookie } }), { id: String(spare.id) });
    expect(((await page.json()) as { uses: unknown[] }).uses).toEqual([]);
    const res = await callWith(
      del.action as never,
      new Request(`${ORIGIN}/gradmin/media/${spare.id}/delete`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie },
        body: new URLSearchParams({ csrf }).toString(),
      }),
      { id: String(spare.id) },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/gradmin/media?deleted=${spare.id}`);
  });
});

describe("uploading", () => {
  it("refuses a file that is not an image and one over 2 MB, each with its message", async () => {
    const text = await storeImage(new File(["<svg onload=alert(1)>"], "x.svg", { type: "image/svg+xml" }), null);
    expect(text).toEqual({ error: expect.stringContaining("PNG, JPEG, WebP") });
    const big = await storeImage(new File([Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])], "big.png", { type: "image/png" }), null);
    expect(big).toEqual({ error: expect.stringContaining("2 MB") });
  });

  it("takes several files at once and names each refused one; the good ones are stored", async () => {
    const lib = await import("../../app/routes/gradmin.media._index");
    const body = new FormData();
    body.set("csrf", csrf);
    body.append("images.file", png("first", "first.png"));
    body.append("images.file", new File(["not an image"], "notes.txt", { type: "text/plain" }));
    body.append("images.file", png("second", "second.png"));
    const res = await callWith(lib.action as never, new Request(`${ORIGIN}/gradmin/media`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body }));
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
    ok.set("csrf", csrf);
    ok.append("images.file", png("third", "third.png"));
    const done = await callWith(lib.action as never, new Request(`${ORIGIN}/gradmin/media`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body: ok }));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/gradmin/media?uploaded=1");
  });

  it("a question saved with an image beside its text (no JavaScript) gets the <img> at the end of the text", async () => {
    const edit = await import("../../app/routes/gradmin.content.$resource.new");
    const body = new FormData();
    body.set("csrf", csrf);
    body.set("version", "0");
    body.set("intent", "save");
    body.set("type", "mcq");
    body.set("marks", "1");
    body.set("body", "<p>ছবির প্রশ্ন</p>");
    for (const [i, o] of ["ক", "খ", "গ", "ঘ"].entries()) body.set(`options.${i}`, o);
    body.set("options.correct", "0");
    body.append("body.image.file", png("appended", "appended.png"));
    const res = await callWith(
      edit.action as never,
      new Request(`${ORIGIN}/gradmin/content/questions/new`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body }),
      { resource: "questions" },
    );
    expect(res.status).toBe(302);
    const saved = await db.select({ body: schema.questions.body, html: schema.questions.bodyHtml }).from(schema.questions).where(eq(schema.questions.id, Number(res.headers.get("Location")!.match(/\/(\d+)/)![1])));
    expect(saved[0].body).toMatch(/^<p>ছবির প্রশ্ন<\/p>\n<p><img src="\/media\/[0-9a-f]{32}\.png" alt="" width="1" height="1"><\/p>$/);
    // The public HTML keeps the image with its size.
    expect(saved[0].html).toMatch(/<img src="\/media\/[0-9a-f]{32}\.png" alt="" width="1" height="1" \/>/);
  });
});
