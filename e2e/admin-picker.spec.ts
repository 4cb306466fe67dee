// The question picker as staff use it, with JavaScript on and off: a 25-question exam built from the
// exam's screen in at most 8 page loads (chapter filter, 25 at random, full marks matched), then the
// set's order changed by number, by ↑/↓ and (with JavaScript) by dragging, and a question removed; at
// 1280 and 360 px.
import mysql from "mysql2/promise";
import type { Page } from "@playwright/test";
import { exec, expect, isJsOn, queryOne, signIn, stylesApplied, test } from "./fixtures";

const SHOTS = process.env.E2E_SHOTS_DIR;

/** Sets and exams this spec made: gone after each test, so their questions are never part of the seeded site's exams. */
const made: { setId: number; examId: number }[] = [];

/**
 * A new empty set and an exam on it (full marks 0), named for this run. Its key is published: an exam
 * with a sealed key hides the keys of its questions everywhere (the practice pages and the paper maker
 * that other specs check).
 */
async function freshExam(label: string) {
  const name = `পিকার ${label} ${test.info().project.name} ${Date.now()}`;
  const set = await exec("INSERT INTO question_sets (name) VALUES (?)", [name]);
  const exam = await exec("INSERT INTO exam_titles (name, question_set_id, full_marks, duration_minutes, key_published) VALUES (?, ?, 0, 30, 1)", [name, set.insertId]);
  made.push({ setId: set.insertId, examId: exam.insertId });
  return { setId: set.insertId, examId: exam.insertId, name };
}

test.afterEach(async () => {
  for (const { setId, examId } of made.splice(0)) {
    await exec("DELETE FROM exam_titles WHERE id = ?", [examId]);
    await exec("DELETE FROM set_questions WHERE set_id = ?", [setId]);
    await exec("DELETE FROM question_sets WHERE id = ?", [setId]);
  }
  await exec("UPDATE site_settings SET value = CAST(value AS UNSIGNED) + 1 WHERE `key` = 'content_version'");
});

const setOrder = async (setId: number) => {
  const conn = await mysql.createConnection({ uri: process.env.E2E_DATABASE_URL!, charset: "utf8mb4" });
  try {
    const [rows] = await conn.query("SELECT question_id AS id FROM set_questions WHERE set_id = ? ORDER BY sort, question_id", [setId]);
    return (rows as { id: number }[]).map((r) => r.id);
  } finally {
    await conn.end();
  }
};

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: true });
}

test("a 25-question exam is built with the picker in at most 8 page loads", async ({ page }) => {
  const chapter = await queryOne<{ id: number; n: number }>(
    "SELECT chapter_id AS id, COUNT(*) AS n FROM questions WHERE type = 'mcq' AND chapter_id IS NOT NULL GROUP BY chapter_id ORDER BY n DESC LIMIT 1",
  );
  expect(Number(chapter.n)).toBeGreaterThanOrEqual(25);
  const { setId, examId } = await freshExam("exam");
  await signIn(page);

  // Every page staff see: a document load, or (with JavaScript) a client-side navigation to a new
  // address. React Router's replaceState of the same address on hydration is not another page.
  const seen: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && frame.url() !== seen.at(-1)) seen.push(frame.url());
  });
  await page.goto(`/gradmin/content/exams/${examId}`);
  await page.getByRole("link", { name: "প্রশ্ন বাছাই (Pick questions)" }).click();
  await expect(page.getByRole("heading", { name: /প্রশ্ন বাছাই/ })).toBeVisible();
  await expect(page.getByText(/No questions yet/)).toBeVisible();

  await page.getByLabel("অধ্যায়, এক বা একাধিক (Chapter, one or more)").selectOption(String(chapter.id));
  await page.getByRole("button", { name: "ছাঁকুন (Filter)" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]chapter=${chapter.id}(&|$)`));
  await expect(page.getByText(`মিলেছে (Matching):`)).toBeVisible();

  await page.getByLabel(/How many at random/).fill("25");
  await page.getByRole("button", { name: "এলোমেলো যোগ করুন (Add at random)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "25 added at random." })).toBeVisible();
  // The exam's full marks (0) no longer match its 25 questions: it says so, and one button fixes it.
  await expect(page.getByRole("alert").filter({ hasText: "they do not match" })).toBeVisible();
  await shot(page, "picker-after-random");
  await page.getByRole("button", { name: /Set full marks to 25/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Full marks now match the questions." })).toBeVisible();
  await expect(page.getByRole("heading", { name: /25 questions, 25 marks/ })).toBeVisible();

  expect(seen.length, `page loads: ${seen.join(" , ")}`).toBeLessThanOrEqual(8);
  const ids = await setOrder(setId);
  expect(ids.length).toBe(25);
  expect(new Set(ids).size).toBe(25);
  const exam = await queryOne<{ fullMarks: number }>(`SELECT full_marks AS fullMarks FROM exam_titles WHERE id = ${examId}`);
  expect(Number(exam.fullMarks)).toBe(25);
  // The filter is the URL: the same address opens the same bank.
  await expect(page).toHaveURL(new RegExp(`chapter=${chapter.id}`));
});

test("the set's order changes by number, by ↑ ↓ and by dragging; a ticked question is removed", async ({ page }) => {
  const { setId } = await freshExam("order");
  const some = await queryOne<{ ids: string }>("SELECT GROUP_CONCAT(id ORDER BY id) AS ids FROM (SELECT id FROM questions WHERE type = 'mcq' ORDER BY id LIMIT 4) q");
  const [a, b, c, d] = some.ids.split(",").map(Number);
  await exec("INSERT INTO set_questions (set_id, question_id, sort) VALUES (?, ?, 1), (?, ?, 2), (?, ?, 3), (?, ?, 4)", [setId, a, setId, b, setId, c, setId, d]);
  await signIn(page);
  await page.goto(`/gradmin/content/question-sets/${setId}/pick`);

  // Typing 1 on the third row makes it the first.
  await page.getByLabel(`প্রশ্ন #${c}-এর ক্রম (Order of #${c})`).fill("1");
  await page.getByRole("button", { name: "ক্রম সংরক্ষণ (Save order)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order saved." })).toBeVisible();
  await expect.poll(() => setOrder(setId)).toEqual([c, a, b, d]);

  await page.getByRole("button", { name: `#${d} উপরে (Move #${d} up)` }).click();
  await expect.poll(() => setOrder(setId)).toEqual([c, a, d, b]);
  await expect(page.getByRole("button", { name: `#${c} উপরে (Move #${c} up)` })).toBeDisabled();
  // The page shows the new order before the next change starts from it.
  await expect.poll(() => page.locator("tr[data-question]").evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.question)))).toEqual([c, a, d, b]);

  if (isJsOn()) {
    // Dragging the last row onto the first puts it first. Both rows on the screen, as a person drags
    // them: an automated drag that has to scroll the page on its way drops nowhere (the admin menu grew,
    // and at 720 px the first row sat above the screen once the last was scrolled into view).
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.locator(`tr[data-question="${c}"]`).scrollIntoViewIfNeeded();
    await expect(page.locator(`tr[data-question="${b}"]`)).toHaveAttribute("draggable", "true");
    await page.locator(`tr[data-question="${b}"]`).dragTo(page.locator(`tr[data-question="${c}"]`));
    await expect.poll(() => setOrder(setId)).toEqual([b, c, a, d]);
    await expect.poll(() => page.locator("tr[data-question]").evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.question)))).toEqual([b, c, a, d]);
  }
  const before = await setOrder(setId);
  await page.getByLabel(`#${a} বাদ দিন (Remove #${a})`).check();
  await page.getByRole("button", { name: "টিক দেওয়াগুলো বাদ দিন (Remove ticked)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Removed." })).toBeVisible();
  await expect.poll(() => setOrder(setId)).toEqual(before.filter((id) => id !== a));
});

for (const width of [1280, 360]) {
  test(`the picker fits a ${width} px screen and ticks questions from a filtered bank`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const { setId } = await freshExam(`w${width}`);
    await signIn(page);
    const q = await queryOne<{ id: number }>("SELECT id FROM questions WHERE type = 'mcq' ORDER BY id LIMIT 1");
    await page.goto(`/gradmin/content/question-sets/${setId}/pick?q=%23${q.id}`);
    await expect(page.getByText(`মিলেছে (Matching):`)).toContainText("১");
    await page.getByLabel(`#${q.id} বাছাই (Pick #${q.id})`).check();
    await page.getByRole("button", { name: "টিক দেওয়াগুলো যোগ করুন (Add selected)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 added." })).toBeVisible();
    await expect(page.getByText("সেটে আছে (In the set)")).toBeVisible();
    expect(await setOrder(setId)).toEqual([q.id]);
    await stylesApplied(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
    await shot(page, `picker-${width}`);
  });
}
