// Site texts and the staff lists, as staff use them with JavaScript on and off, at 1280 and 360 px:
// from the settings screen open "Site texts", change the footer's copyright owner and the university
// admission section's heading and categories, save, and see all three on the public home page; then
// restore the defaults (other specs read these pages). Open the teachers' papers and the exam
// attempts from the admin menu and filter each by its query. No screen is wider than the phone.
import type { Page } from "@playwright/test";
import mysql from "mysql2/promise";
import { exec, expect, queryOne, signIn, test } from "./fixtures";

const SHOTS = process.env.E2E_SHOTS_DIR;
const WIDTHS = [1280, 360] as const;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/texts-${name}-${test.info().project.name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

async function fitsTheScreen(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `page wider than the screen at ${page.url()}`).toBeLessThanOrEqual(width);
}

/** Back to the spec's texts and the name match, whatever a failed run left (the servers see the new content version within a second). */
async function restoreDefaults() {
  await exec("update site_settings set value = '', version = version + 1 where `key` like 'text:%' or `key` like 'admission:%'");
  await exec("update site_settings set value = cast(value as unsigned) + 1 where `key` = 'content_version'");
}

/** The JavaScript-on and -off projects run at once and share the seeded database: one edits the site texts at a time. */
async function withTextsLock<T>(work: () => Promise<T>): Promise<T> {
  const conn = await mysql.createConnection({ uri: process.env.E2E_DATABASE_URL!, charset: "utf8mb4" });
  try {
    await conn.query("select get_lock('grbd_e2e_site_texts', 120)");
    return await work();
  } finally {
    await conn.query("select release_lock('grbd_e2e_site_texts')").catch(() => {});
    await conn.end();
  }
}

/** The home page as a visitor sees it once the save reached the process that answers (two share the port). */
async function homeShows(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto("/home");
    await check();
  }).toPass({ timeout: 10_000 });
}

for (const width of WIDTHS) {
  test(`at ${width} px: the copyright owner and an admission section's heading and categories change on the public page, and the defaults come back`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    const owner = `গণিত ট্রাস্ট ${test.info().project.name} ${width}`;
    const heading = `বিশ্ববিদ্যালয় ভর্তি ${width}`;
    const year = new Date().getFullYear();
    await signIn(page);
    await withTextsLock(async () => {
      try {
        await page.goto("/gradmin/settings");
        await page.getByRole("link", { name: "সাইটের লেখা (Site texts)" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "সাইটের লেখা (Site texts)" })).toBeVisible();
        await fitsTheScreen(page);
        await shot(page, "screen");

        await page.getByLabel("কপিরাইট স্বত্বাধিকারী (Copyright owner)").fill(owner);
        await page.getByLabel("শিরোনাম (Heading) — University Admission Preparation").fill(heading);
        const boxes = page.getByRole("group", { name: "বিভাগসমূহ (MCQ categories) — University Admission Preparation" });
        // Today's default: the name match ticks the four "… University Admission" categories.
        await expect(boxes.getByRole("checkbox", { checked: true })).toHaveCount(4);
        for (const name of ["Mathematics University Admission", "Physics University Admission", "Chemistry University Admission", "English University Admission"]) {
          await boxes.getByRole("checkbox", { name: new RegExp(`^${name}`) }).uncheck();
        }
        await boxes.getByRole("checkbox", { name: /^SSC Higher Math MCQ/ }).check();
        await page.getByRole("button", { name: "সংরক্ষণ করুন (Save)" }).click();
        await expect(page.getByText("সংরক্ষিত হয়েছে। (Saved.)")).toBeVisible();
        await expect(page.getByLabel("কপিরাইট স্বত্বাধিকারী (Copyright owner)")).toHaveValue(owner);

        await homeShows(page, async () => {
          const section = page.locator("#university");
          await expect(section.getByRole("heading", { level: 2 })).toHaveText(heading, { timeout: 1000 });
          await expect(section.getByRole("link")).toHaveText(["SSC Higher Math MCQ"], { timeout: 1000 });
          await expect(page.locator("footer").getByText(`© ${year} ${owner}. All Rights Reserved.`)).toBeVisible({ timeout: 1000 });
        });
        // The other sections keep their name match.
        await expect(page.locator("#medical").getByRole("link", { name: "Botany Medical Admission" })).toBeVisible();
        await fitsTheScreen(page);
        await page.locator("#university").scrollIntoViewIfNeeded();
        await shot(page, "home");

        await page.goto("/gradmin/site-texts");
        await page.getByRole("button", { name: "ডিফল্টে ফেরান (Restore the defaults)" }).click();
        await expect(page.getByText("সব লেখা ও বিভাগ ডিফল্টে ফিরেছে। (Everything is back to the defaults.)")).toBeVisible();
        await expect(page.getByLabel("কপিরাইট স্বত্বাধিকারী (Copyright owner)")).toHaveValue("Your Company");
        await homeShows(page, async () => {
          await expect(page.locator("#university").getByRole("heading", { level: 2 })).toHaveText("University Admission Preparation", { timeout: 1000 });
          await expect(page.locator("#university").getByRole("link")).toHaveCount(4, { timeout: 1000 });
          await expect(page.locator("footer").getByText(`© ${year} Your Company. All Rights Reserved.`)).toBeVisible({ timeout: 1000 });
        });
      } finally {
        await restoreDefaults();
      }
    });
  });

  test(`at ${width} px: the teachers' papers and the exam attempts open from the menu and filter by their query`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    const code = `e2e${test.info().project.name === "js-on" ? "n" : "f"}${width}`.padEnd(10, "x").slice(0, 10);
    const subject = await queryOne<{ id: number; name: string }>("select id, name from subjects order by id limit 1");
    const { insertId } = await exec("insert into saved_papers (code, subject_id, title, question_count, content) values (?, ?, ?, 20, ?)", [
      code,
      subject.id,
      `ই২ই প্রশ্নপত্র ${code}`,
      JSON.stringify({ version: 1, sets: [{}, {}, {}] }),
    ]);
    // A finished practice attempt at an exam without a live window (practice never counts for a merit list or a share).
    const exam = await queryOne<{ id: number; name: string }>("select id, name from exam_titles where live_start_at is null order by id desc limit 1");
    const attemptId = `e2e-${code}-${Date.now()}`.slice(0, 24);
    await exec(
      "insert into exam_attempts (id, exam_id, browser_hash, started_at, deadline_at, finished_at, right_count, wrong_count, skipped_count, score, net, full_marks) values (?, ?, ?, now(3) - interval 20 minute, now(3) + interval 10 minute, now(3) - interval 1 minute, 18, 2, 0, 18, 18, 20)",
      [attemptId, exam.id, "e".repeat(64)],
    );
    try {
      await signIn(page);
      if (width === 360) await page.getByRole("link", { name: "শিক্ষকদের প্রশ্নপত্র (Teachers' papers)" }).scrollIntoViewIfNeeded();
      await page.getByRole("link", { name: "শিক্ষকদের প্রশ্নপত্র (Teachers' papers)" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /শিক্ষকদের প্রশ্নপত্র/ })).toBeVisible();
      await page.getByLabel("বিষয় (Subject)").selectOption(String(subject.id));
      await page.getByLabel("OMR উত্তরপত্র (OMR sheets)").selectOption("without");
      await page.getByRole("button", { name: "ছাঁকুন (Filter)" }).click();
      await expect(page).toHaveURL(new RegExp(`/gradmin/papers\\?subject=${subject.id}&sheets=without`));
      const row = page.getByRole("row").filter({ hasText: code });
      await expect(row).toContainText("৩ সেট · ২০ প্রশ্ন");
      await expect(row).toContainText("না (No)");
      await expect(row.getByRole("link")).toHaveAttribute("href", `/questionpaper/p/${code}`);
      await fitsTheScreen(page);
      await shot(page, "papers");

      await page.getByRole("link", { name: "পরীক্ষার চেষ্টা (Exam attempts)" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /পরীক্ষার চেষ্টা/ })).toBeVisible();
      await page.getByLabel("পরীক্ষা (Exam)").selectOption(String(exam.id));
      await page.getByLabel("ধরন (Kind)").selectOption("practice");
      await page.getByRole("button", { name: "ছাঁকুন (Filter)" }).click();
      await expect(page).toHaveURL(new RegExp(`/gradmin/attempts\\?exam=${exam.id}&kind=practice&state=$`));
      await expect(page.getByLabel("ধরন (Kind)")).toHaveValue("practice");
      const attempt = page.getByRole("row").filter({ hasText: "১৮ / ২০" }).first();
      await expect(attempt).toContainText(exam.name);
      await expect(attempt).toContainText("শেষ (Finished)");
      await expect(page.getByRole("cell", { name: /লাইভ \(Live\)/ })).toHaveCount(0);
      await expect(page.locator("main, body").first()).not.toContainText(attemptId);
      await fitsTheScreen(page);
      await shot(page, "attempts");
    } finally {
      await exec("delete from saved_papers where id = ?", [insertId]);
      await exec("delete from exam_attempts where id = ?", [attemptId]);
    }
  });
}
