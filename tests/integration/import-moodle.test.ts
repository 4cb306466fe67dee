// Importing files nobody here wrote: Moodle's own GIFT and Aiken fixtures (tests/fixtures/moodle),
// through the import screen's real preview and commit. Each file imports exactly the questions it
// can; every other question is refused on its own with its line and a reason, and nothing of a
// question that is imported is lost without a warning.
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/lib/password.server";
import type { PreviewRow } from "~/models/admin/import.server";
import { closeDb, db, resetTables, schema, callWith as run } from "./db";

process.env.SESSION_SECRET ??= "integration-test-secret";

const ORIGIN = "http://test.local";
const PASSWORD = "সবুজ-পাতার-দেশ-2026";
const fixture = (path: string) => readFileSync(new URL(`../fixtures/moodle/${path}`, import.meta.url), "utf8");

type Args = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
type Fn = (a: Args) => Promise<Response>;
const screen = () => import("../../app/routes/gradmin.import") as unknown as Promise<{ action: Fn; default: unknown }>;

let cookie = "";
let csrf = "";
let chapterId = 0;

function postMultipart(fields: Record<string, string | File>) {
  const form = new FormData();
  form.set("csrf", csrf);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return new Request(`${ORIGIN}/gradmin/import`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body: form });
}

type Preview = { rows: PreviewRow[]; good: number; bad: number; warned: number; text: string };
type Refusal = { errors?: Record<string, string>; values?: Record<string, string> };

/** Uploads a file for preview; the preview's JSON. */
async function preview(format: string, path: string, chapter = chapterId) {
  const res = await run((await screen()).action, postMultipart({ format, chapterId: String(chapter), setId: "", intent: "preview", "upload.file": new File([fixture(path)], path.split("/").pop()!, { type: "text/plain" }) }));
  return { status: res.status, data: (await res.json()) as { preview?: Preview } & Refusal };
}

/** Confirms an import of the previewed text, as the preview's form does. */
async function commit(format: string, text: string, chapter = chapterId) {
  const res = await run((await screen()).action, postMultipart({ format, chapterId: String(chapter), setId: "", intent: "import", text }));
  return res;
}

const count = async (chapter: number) => Number((await db.select({ n: sql<number>`count(*)` }).from(schema.questions).where(eq(schema.questions.chapterId, chapter)))[0].n);
const byLine = (rows: PreviewRow[]) => Object.fromEntries(rows.map((r) => [r.line, r]));

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.staffSessions);
  await db.delete(schema.loginThrottle);
  await db.delete(schema.staffUsers);
  await db.insert(schema.staffUsers).values([{ id: 1, name: "সম্পাদক এক", username: "editor1", email: "e1@example.com", passwordHash: await hashPassword(PASSWORD), role: 2, roleLabel: "Editor" }]);
  const login = (await import("../../app/routes/gradmin_.login")) as unknown as { action: Fn };
  const res = await run(
    login.action,
    new Request(`${ORIGIN}/gradmin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ identifier: "editor1", password: PASSWORD, redirectTo: "/gradmin" }).toString(),
    }),
  );
  cookie = res.headers.get("Set-Cookie")!.split(";")[0];
  const layout = (await import("../../app/routes/gradmin")) as unknown as { loader: Fn };
  csrf = ((await (await run(layout.loader, new Request(`${ORIGIN}/gradmin`, { headers: { Cookie: cookie } }))).json()) as { csrf: string }).csrf;
  const [subject] = await db.insert(schema.subjects).values({ name: "ইংরেজি", slug: "moodle-english" }).$returningId();
  const [chapter] = await db.insert(schema.categories).values({ subjectId: subject.id, name: "Moodle" }).$returningId();
  chapterId = chapter.id;
});

afterAll(closeDb);

describe("Moodle's GIFT examples (examples.txt)", () => {
  it("previews every question with its line; imports exactly the nine it can, refusing the rest one by one", async () => {
    const { status, data } = await preview("gift", "gift/examples.txt");
    expect(status).toBe(200);
    const rows = byLine(data.preview!.rows);
    const ready = data.preview!.rows.filter((r) => !r.errors.length).map((r) => r.line);
    expect(ready).toEqual([8, 10, 29, 35, 98, 115, 117, 143, 190]);
    expect(data.preview).toMatchObject({ good: 9, bad: data.preview!.rows.length - 9 });

    // Missing-word questions keep their blank where the answers stood.
    expect(rows[10].bodyHtml).toBe("Grant is _____ in Grant's tomb.");
    expect(rows[117].bodyHtml).toBe("Jesus Christ was from _____.");
    expect(rows[29].bodyHtml).toBe("The American holiday of Thanksgiving is celebrated on the _____ Thursday of November.");
    // The question with six options is refused on its own, with its line.
    expect(rows[148].errors).toEqual([expect.stringContaining("more than 5 options")]);
    // Types we do not have are refused with a reason, not imported as something else.
    expect(rows[12].errors[0]).toMatch(/unsupported question type: true\/false/);
    expect(rows[45].errors[0]).toMatch(/unsupported question type: short answer/);
    expect(rows[55].errors[0]).toMatch(/unsupported question type: matching/);
    expect(rows[16].errors[0]).toMatch(/unsupported question type: numerical/);
    // Several answers sharing the credit is a multiple-answer question: refused.
    expect(rows[130].errors).toEqual([expect.stringContaining("multiple-answer questions are not supported")]);
    // Copies of an earlier question of the file are refused, naming the original's line.
    expect(rows[25].errors).toEqual([expect.stringContaining("duplicate of the question on line 8")]);
    expect(rows[93].errors).toEqual([expect.stringContaining("duplicate of the question on line 29")]);
    // What an imported question loses is said, per question.
    expect(rows[98].warnings).toEqual([expect.stringContaining("per-answer feedback is not kept")]);
    expect(rows[115].warnings).toEqual([expect.stringContaining("“half credit answer” 50%")]);
    expect(rows[117].warnings).toEqual([expect.stringContaining("“Bethlehem” 25%, “Galilee” 50%"), expect.stringContaining("per-answer feedback")]);
    expect(data.preview!.warned).toBe(4);
    // Escaped control characters are the characters.
    expect(rows[143].options.map((o) => o.html)).toEqual(["= 2 + 2", "= 2 + 3", "= 2 + 4"]);

    const before = await count(chapterId);
    const done = await commit("gift", data.preview!.text);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/gradmin/import?imported=9&skipped=${data.preview!.rows.length - 9}`);
    expect((await count(chapterId)) - before).toBe(9);
    const stored = await db.select().from(schema.questions).where(eq(schema.questions.chapterId, chapterId));
    expect(stored.map((q) => q.body)).toContain("Grant is _____ in Grant's tomb.");
    const options = await db.select().from(schema.questionOptions).innerJoin(schema.questions, eq(schema.questions.id, schema.questionOptions.questionId)).where(eq(schema.questions.chapterId, chapterId));
    expect(options.filter((o) => o.question_options.body.includes("Nazareth")).map((o) => o.question_options.isCorrect)).toEqual([true]);
  });
});

describe("Moodle's GIFT test fixtures", () => {
  it("questions.gift.txt: format markers are removed, not kept in the text", async () => {
    const { data } = await preview("gift", "gift/questions.gift.txt");
    const rows = byLine(data.preview!.rows);
    expect(rows[14].errors).toEqual([]);
    expect(rows[14].options.map((o) => [o.html, o.isCorrect])).toEqual([
      ["yellow", true],
      ["red", false],
      ["blue", false],
    ]);
    expect(JSON.stringify(data.preview!.rows)).not.toMatch(/\[(plain|html|moodle|markdown)\]/);
    expect(rows[22].errors).toEqual([expect.stringContaining("multiple-answer")]);
    expect(data.preview!.good).toBe(1);
  });

  it("questions_in_category.gift.txt: the category line is skipped; HTML in the text shows as it will be stored", async () => {
    const { data } = await preview("gift", "gift/questions_in_category.gift.txt");
    const rows = byLine(data.preview!.rows);
    expect(data.preview!.good).toBe(1);
    expect(rows[14].bodyHtml).toBe('<a href="http://demo.moodle.net/file.php/5/media/bonjour.mp3">Listen to this greeting:</a><br /><br />What language is being spoken?');
    expect(rows[14].options.find((o) => o.isCorrect)?.html).toBe("French");
  });
});

describe("Moodle's Aiken fixtures", () => {
  it("aiken_errors.txt: an unfinished question is refused with its line, never merged into the next; A)Text is an option", async () => {
    const { data } = await preview("aiken", "aiken/aiken_errors.txt");
    const rows = data.preview!.rows;
    expect(rows.map((r) => r.line)).toEqual([1, 5, 9, 14, 18]);
    expect(rows[0].errors).toEqual([expect.stringContaining("fewer than two options")]);
    // Options with no question before them: refused as that, not taken for a short-answer question.
    expect(rows[1].kind).toBe("mcq");
    expect(rows[1].errors).toContainEqual(expect.stringContaining("no question text"));
    expect(rows[2]).toMatchObject({ bodyHtml: "A good question", errors: [] });
    expect(rows[3]).toMatchObject({ bodyHtml: "A question started but not finished", errors: [expect.stringContaining("no ANSWER: line")] });
    expect(rows[3].options.map((o) => o.html)).toEqual(["Correct-ish", "Incorrect-ish"]);
    expect(rows[4]).toMatchObject({ bodyHtml: "A second good question", errors: [] });
    expect(rows[4].options).toEqual([
      { html: "Incorrect (No space)", isCorrect: false },
      { html: "Correct (No space)", isCorrect: true },
    ]);
    const other = (await db.insert(schema.categories).values({ subjectId: (await db.select().from(schema.subjects))[0].id, name: "Aiken" }).$returningId())[0].id;
    expect((await commit("aiken", data.preview!.text, other)).headers.get("Location")).toBe("/gradmin/import?imported=2&skipped=3");
    const stored = await db.select().from(schema.questions).where(eq(schema.questions.chapterId, other));
    expect(stored.map((q) => q.body).sort()).toEqual(["A good question", "A second good question"]);
    const key = await db.select().from(schema.questionOptions).where(eq(schema.questionOptions.questionId, stored.find((q) => q.body === "A second good question")!.id));
    expect(key.find((o) => o.isCorrect)?.body).toBe("Correct (No space)");
  });

  it("questions.aiken.txt: markup in plain Aiken text is shown, and stored, as typed", async () => {
    const { data } = await preview("aiken", "aiken/questions.aiken.txt");
    const rows = data.preview!.rows;
    expect(data.preview!.good).toBe(2);
    expect(rows[1].bodyHtml).toBe("Moodle's abilities include handling user input that includes &lt;html class=\"cool\"&gt; &amp; images:");
    const other = (await db.insert(schema.categories).values({ subjectId: (await db.select().from(schema.subjects))[0].id, name: "Aiken 2" }).$returningId())[0].id;
    expect((await commit("aiken", data.preview!.text, other)).status).toBe(302);
    const [q] = await db.select().from(schema.questions).where(sql`${schema.questions.chapterId} = ${other} and ${schema.questions.body} like 'Moodle''s abilities%'`);
    // The page shows exactly what the preview showed.
    expect(q.bodyHtml).toBe(rows[1].bodyHtml);
  });

  it("a GIFT file chosen as Aiken says it does not look like Aiken, keeping the chapter", async () => {
    const { status, data } = await preview("aiken", "gift/examples.txt");
    expect(status).toBe(400);
    expect(data.preview).toBeUndefined();
    expect(data.errors?.file).toMatch(/does not look like Aiken.*choose GIFT/);
    expect(data.values).toMatchObject({ format: "aiken", chapterId: String(chapterId) });
  });

  it("an Aiken file chosen as GIFT says it does not look like GIFT", async () => {
    const { status, data } = await preview("gift", "aiken/questions.aiken.txt");
    expect(status).toBe(400);
    expect(data.errors?.file).toMatch(/does not look like GIFT.*choose Aiken/);
  });
});

describe("file size", () => {
  it("a 5 MB file gets a field error naming the 4 MB limit, keeping the chosen chapter and format", async () => {
    const big = new File(["x".repeat(5 * 1024 * 1024)], "big.txt", { type: "text/plain" });
    const res = await run((await screen()).action, postMultipart({ format: "gift", chapterId: String(chapterId), setId: "", intent: "preview", "upload.file": big }));
    expect(res.status).toBe(400);
    const data = (await res.json()) as Refusal;
    expect(data.errors?.file).toMatch(/larger than 4 MB/);
    expect(data.values).toMatchObject({ format: "gift", chapterId: String(chapterId) });
  });
});
