// Content lists as staff use them, with JavaScript on and off: find a row by "#id", filter, move 30
// questions to another chapter in one bulk action (all matching the filter, confirmed by count), and
// put a chapter in the trash and restore it; the list with its filter and bulk bar at 1280 and 360 px.
import type { Page } from "@playwright/test";
import { exec, expect, queryOne, signIn, test } from "./fixtures";

const SHOTS = process.env.E2E_SHOTS_DIR;

/** Rows written here are content too: the version moves, so every app process reads its lists again. */
const bumpVersion = () => exec("UPDATE site_settings SET value = CAST(value AS UNSIGNED) + 1 WHERE `key` = 'content_version'");

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: true });
}

const tag = () => `${test.info().project.name}-${Date.now()}`;

/** Chapters (and their questions) this spec made: gone again after each test, so the other specs see the seeded site. */
const made: number[] = [];

async function newChapter(name: string) {
  const subject = await queryOne<{ id: number }>("SELECT id FROM subjects ORDER BY id LIMIT 1");
  const id = (await exec("INSERT INTO categories (subject_id, name) VALUES (?, ?)", [subject.id, name])).insertId;
  made.push(id);
  return id;
}

test.afterEach(async () => {
  if (!made.length) return;
  const ids = made.splice(0).join(",");
  await exec(`DELETE FROM question_options WHERE question_id IN (SELECT id FROM questions WHERE chapter_id IN (${ids}))`);
  await exec(`DELETE FROM questions WHERE chapter_id IN (${ids})`);
  await exec(`DELETE FROM trash_items WHERE entity = 'chapters' AND entity_id IN (${ids})`);
  await exec(`DELETE FROM categories WHERE id IN (${ids})`);
  await bumpVersion();
});

test("30 questions move to another chapter in one bulk action, confirmed by count", async ({ page }) => {
  const t = tag();
  const from = await newChapter(`বাল্ক থেকে ${t}`);
  const to = await newChapter(`বাল্ক গন্তব্য ${t}`);
  for (let i = 1; i <= 30; i++) {
    const q = await exec("INSERT INTO questions (type, chapter_id, body, body_html, marks) VALUES ('mcq', ?, ?, ?, 1)", [from, `বাল্ক প্রশ্ন ${t} ${i}`, `<p>বাল্ক প্রশ্ন ${t} ${i}</p>`]);
    await exec("INSERT INTO question_options (question_id, opt_key, body, body_html, is_correct, sort) VALUES (?, 'ক', 'হ্যাঁ', 'হ্যাঁ', 1, 1), (?, 'খ', 'না', 'না', 0, 2)", [q.insertId, q.insertId]);
  }
  await bumpVersion();
  await signIn(page);

  // The list, filtered by the chapter, offers the new chapter as the target (every process has read it).
  await expect(async () => {
    await page.goto(`/gradmin/content/questions?chapterId=${from}`);
    await expect(page.getByLabel("যে অধ্যায়ে সরাবেন (Chapter to move to)").locator(`option[value="${to}"]`)).toHaveCount(1);
  }).toPass();
  await expect(page.getByRole("heading", { name: /প্রশ্নব্যাংক/ })).toContainText("৩০");
  await page.getByLabel(/All 30 matching this filter/).check();
  await page.getByLabel("কী করবেন (Action)").selectOption("move");
  await page.getByLabel("যে অধ্যায়ে সরাবেন (Chapter to move to)").selectOption(String(to));
  await page.getByRole("button", { name: "এগিয়ে যান (Continue)" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toContainText("Move 30 to the chapter");
  await shot(page, "bulk-confirm");
  await page.getByRole("button", { name: /Yes, do it for 30/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "30 moved to the chapter." })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`chapterId=${from}.*bulk=move&n=30`));
  await expect(page.getByText("কিছু মেলেনি। (Nothing matches.)")).toBeVisible();
  const moved = await queryOne<{ n: number }>(`SELECT COUNT(*) AS n FROM questions WHERE chapter_id = ${to}`);
  expect(Number(moved.n)).toBe(30);
  const audited = await queryOne<{ n: number }>(`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'move' AND summary LIKE '%${t}%'`);
  expect(Number(audited.n)).toBe(30);
});

test("a chapter goes to the trash, leaves the public site, and is restored from the Trash screen", async ({ page }) => {
  const name = `ট্র্যাশ অধ্যায় ${tag()}`;
  const id = await newChapter(name);
  await bumpVersion();
  await signIn(page);
  await expect(async () => {
    expect((await page.request.get(`/category/${id}`)).status()).toBe(200);
  }).toPass();

  await page.goto(`/gradmin/content/chapters/${id}`);
  await page.getByRole("link", { name: "মুছে ফেলুন (Delete)" }).click();
  await expect(page.getByText(/restored from the/)).toBeVisible();
  await page.getByRole("button", { name: /হ্যাঁ, মুছে ফেলুন/ }).click();
  await expect(page.getByRole("status")).toHaveText("মুছে ফেলা হয়েছে। (Deleted.)");
  expect((await page.request.get(`/category/${id}`)).status()).toBe(404);

  await page.getByRole("link", { name: "ট্র্যাশ (Trash)" }).click();
  await expect(page.getByRole("heading", { name: /ট্র্যাশ \(Trash\)/ })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  await shot(page, "trash");
  await page.getByRole("button", { name: new RegExp(`Restore\\) অধ্যায় \\(Chapter\\) #${id}$`) }).click();
  await expect(page.getByRole("status")).toContainText(`#${id}`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  const row = await queryOne<{ name: string }>(`SELECT name FROM categories WHERE id = ${id}`);
  expect(row.name).toBe(name);
  expect((await page.request.get(`/category/${id}`)).status()).toBe(200);
});

for (const width of [1280, 360]) {
  test(`a list finds "#id", filters, and shows its bulk bar at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    const q = await queryOne<{ id: number; chapterId: number }>("SELECT id, chapter_id AS chapterId FROM questions WHERE chapter_id IS NOT NULL ORDER BY id LIMIT 1");
    await page.goto("/gradmin/content/questions");
    await page.getByLabel(/Search: text or id/).fill(`#${q.id}`);
    await page.getByRole("button", { name: "ছাঁকুন (Filter)" }).click();
    await expect(page.getByRole("heading", { name: /প্রশ্নব্যাংক/ })).toContainText("(১)");
    await expect(page.getByRole("link", { name: `#${q.id}`, exact: true })).toBeVisible();
    await page.goto(`/gradmin/content/questions?chapterId=${q.chapterId}&difficulty=none`);
    await expect(page.getByLabel("কাঠিন্য (Difficulty)")).toHaveValue("none");
    await expect(page.getByLabel(/All .* matching this filter/)).toBeVisible();
    await shot(page, `list-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
  });
}

test("the audit log filters by action, the filter in the address", async ({ page }) => {
  await signIn(page);
  await page.goto("/gradmin");
  await page.getByRole("link", { name: /The whole audit log/ }).click();
  await expect(page.getByRole("heading", { name: /অডিট লগ \(Audit log\)/ })).toBeVisible();
  await page.getByLabel("কাজ (Action)").selectOption("sign-in");
  await page.getByRole("button", { name: "ছাঁকুন (Filter)" }).click();
  await expect(page).toHaveURL(/action=sign-in/);
  const rows = page.getByRole("row").filter({ hasText: "session" });
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "· questions" })).toHaveCount(0);
  await shot(page, "audit");
});
