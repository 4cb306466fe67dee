// An exam whose set holds a draft question, and a draft video, as staff meet them, JavaScript on and
// off, at 1280 and 360 px: the exam's edit screen and picker warn how many questions are drafts, its
// publishing is refused until they are published (a link publishes them), its staff preview shows the
// draft question marked while visitors see none of it; a draft video is previewed as its card on an
// admin page. Every row made here is removed again.
import type { Locator, Page } from "@playwright/test";
import { exec, expect, isJsOn, signIn, test } from "./fixtures";

const SHOTS = process.env.E2E_SHOTS_DIR;
const BANNER = "প্রিভিউ — প্রকাশিত নয় (Preview — not published)";
const DRAFT_LABEL = "খসড়া (Draft)";

/** The whole page, or only `part` of it (the picker's page is long: its bank lists many questions). */
async function shot(page: Page, name: string, part?: Locator) {
  if (!SHOTS) return;
  const path = `${SHOTS}/exam-drafts-${name}-${test.info().project.name}-${page.viewportSize()?.width}.png`;
  await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
}

const made = { questions: [] as number[], set: 0, exam: 0, video: 0 };

async function question(text: string, status: string): Promise<number> {
  const { insertId } = await exec("INSERT INTO questions (type, body, body_html, marks, status) VALUES ('mcq', ?, ?, 1, ?)", [text, `<p>${text}</p>`, status]);
  for (const [i, key] of ["ক", "খ"].entries()) {
    await exec("INSERT INTO question_options (question_id, opt_key, body, body_html, is_correct, sort) VALUES (?, ?, ?, ?, ?, ?)", [insertId, key, `বিকল্প ${key}`, `<p>বিকল্প ${key}</p>`, i === 0 ? 1 : 0, i + 1]);
  }
  made.questions.push(insertId);
  return insertId;
}

test.afterEach(async () => {
  if (made.exam) {
    await exec("DELETE FROM revisions WHERE entity = 'exam' AND entity_id = ?", [made.exam]);
    await exec("DELETE FROM exam_titles WHERE id = ?", [made.exam]);
  }
  if (made.set) await exec("DELETE FROM question_sets WHERE id = ?", [made.set]);
  for (const id of made.questions) await exec("DELETE FROM questions WHERE id = ?", [id]);
  if (made.video) await exec("DELETE FROM videos WHERE id = ?", [made.video]);
  for (const [source, ids] of [
    ["questions", made.questions],
    ["exam_titles", made.exam ? [made.exam] : []],
    ["videos", made.video ? [made.video] : []],
  ] as const) {
    for (const id of ids) {
      await exec("DELETE FROM search_postings WHERE doc_id IN (SELECT id FROM search_docs WHERE source = ? AND source_id = ?)", [source, id]);
      await exec("DELETE FROM search_docs WHERE source = ? AND source_id = ?", [source, id]);
    }
  }
  Object.assign(made, { questions: [], set: 0, exam: 0, video: 0 });
});

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test("an exam with a draft question: warned, refused, previewed with the draft marked, published with it", async ({ page, browser }, info) => {
      const tag = `${info.project.name} ${width} ${Date.now().toString(36)}`;
      await question(`প্রকাশিত প্রশ্ন এক ${tag}`, "published");
      await question(`প্রকাশিত প্রশ্ন দুই ${tag}`, "published");
      const draftText = `খসড়া প্রশ্ন ${tag}`;
      const draftId = await question(draftText, "draft");
      made.set = (await exec("INSERT INTO question_sets (name) VALUES (?)", [`সেট ${tag}`])).insertId;
      for (const [i, id] of made.questions.entries()) await exec("INSERT INTO set_questions (set_id, question_id, sort) VALUES (?, ?, ?)", [made.set, id, i + 1]);
      const name = `খসড়া প্রশ্নের পরীক্ষা ${tag}`;
      made.exam = (
        await exec("INSERT INTO exam_titles (name, question_set_id, full_marks, duration_minutes, status) VALUES (?, ?, 3, 10, 'draft')", [name, made.set])
      ).insertId;
      // Rows written here, not by a staff save: the kept choices (the exam form's list of sets) are told.
      await exec("UPDATE site_settings SET value = CAST(value AS UNSIGNED) + 1 WHERE `key` = 'content_version'");

      await signIn(page);
      await page.goto(`/gradmin/content/exams/${made.exam}`);
      const warning = page.getByRole("note").filter({ hasText: "1 of 3 questions are drafts or scheduled: students see 2 until they are published" });
      await expect(warning).toBeVisible();
      await expect(warning).toContainText("Until then the exam cannot be published.");
      await shot(page, "edit-warning");

      // Publishing it is refused, naming the count; what was chosen stays chosen.
      await page.getByLabel("অবস্থা (Status)").selectOption("published");
      await page.getByRole("button", { name: "সংরক্ষণ করুন (Save)" }).click();
      await expect(page.getByText(/The exam was not published: 1 of its 3 questions are still drafts or scheduled/).first()).toBeVisible();
      await expect(page.getByLabel("অবস্থা (Status)")).toHaveValue("published");
      await shot(page, "edit-refused");

      // The picker says the same and marks the row.
      await page.goto(`/gradmin/content/exams/${made.exam}/pick`);
      await expect(page.getByRole("note").filter({ hasText: "1 of 3 questions are drafts" })).toBeVisible();
      await expect(page.locator(`tr[data-question="${draftId}"]`)).toContainText(DRAFT_LABEL);
      await shot(page, "picker-marks", page.getByRole("region", { name: "পূর্ণমান (Full marks)" }));
      await shot(page, "picker-set", page.getByRole("region", { name: /সেটের প্রশ্ন \(In the set\)/ }));

      // The staff preview: all three questions, the draft one marked, never cached.
      await page.goto(`/gradmin/content/exams/${made.exam}`);
      const previewed = page.waitForResponse((r) => r.url().includes(`/exampage/${made.exam}?preview=1`));
      await page.getByRole("link", { name: "প্রিভিউ (Preview)" }).click();
      const response = await previewed;
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByText(BANNER)).toBeVisible();
      await expect(page.getByText("1 of 3 questions are drafts, marked \"Draft\": students see 2 until they are published.", { exact: false })).toBeVisible();
      await expect(page.locator(".question-card")).toHaveCount(3);
      const draftCard = page.locator(".question-card").filter({ hasText: draftText });
      await expect(draftCard.getByText(DRAFT_LABEL)).toBeVisible();
      await expect(page.getByText(DRAFT_LABEL, { exact: true })).toHaveCount(1);
      await shot(page, "preview");

      // A visitor: the draft exam is a 404, its preview too.
      const visitor = await browser.newContext({ javaScriptEnabled: isJsOn() });
      const reader = await visitor.newPage();
      expect((await reader.goto(`/exampage/${made.exam}?preview=1`))!.status()).toBe(404);

      // The warning's link publishes the question (the bulk page names it and asks first).
      await page.goto(`/gradmin/content/exams/${made.exam}`);
      await page.getByRole("link", { name: "এই ১টি প্রশ্ন প্রকাশ করুন (Publish this question)" }).click();
      await expect(page.getByText(draftText)).toBeVisible();
      await page.getByRole("button", { name: /হ্যাঁ, ১টির জন্য করুন/ }).click();
      await expect(page).toHaveURL(/\/gradmin\/content\/questions\?(.*&)?bulk=publish&n=1/);

      // Now the exam is published, and the visitor sees all three questions, none marked.
      await page.goto(`/gradmin/content/exams/${made.exam}`);
      await expect(page.getByRole("note").filter({ hasText: "questions are drafts" })).toHaveCount(0);
      await page.getByLabel("অবস্থা (Status)").selectOption("published");
      await page.getByRole("button", { name: "সংরক্ষণ করুন (Save)" }).click();
      await expect(page.getByRole("status")).toHaveText("সংরক্ষিত হয়েছে; পাবলিক সাইটে এখনই দেখা যাবে। (Saved; the public site shows it now.)");
      expect((await reader.goto(`/exampage/${made.exam}`))!.status()).toBe(200);
      await expect(reader.locator(".question-card")).toHaveCount(3);
      await expect(reader.getByText(DRAFT_LABEL, { exact: true })).toHaveCount(0);
      await expect(reader.getByText(BANNER)).toHaveCount(0);
      await visitor.close();
    });

    test("a draft video is previewed as its card on an admin page", async ({ page }, info) => {
      const title = `খসড়া ভিডিও ${info.project.name} ${width} ${Date.now().toString(36)}`;
      made.video = (await exec("INSERT INTO videos (url, title, kind, status) VALUES ('https://www.youtube.com/watch?v=ddddddddddd', ?, 'example', 'draft')", [title])).insertId;

      await signIn(page);
      await page.goto(`/gradmin/content/videos/${made.video}`);
      await page.getByRole("link", { name: "প্রিভিউ (Preview)" }).click();
      await expect(page).toHaveURL(new RegExp(`/gradmin/content/videos/${made.video}/preview$`));
      await expect(page.getByRole("heading", { level: 1, name: /ভিডিওর প্রিভিউ \(Video preview\)/ })).toBeVisible();
      await expect(page.getByText(BANNER)).toBeVisible();
      await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
      const play = page.getByRole("link", { name: `Play: ${title}` });
      await expect(play).toHaveAttribute("href", "https://www.youtube.com/watch?v=ddddddddddd");
      await expect(page.getByRole("list", { name: "Example video" }).getByRole("link")).toContainText(title);
      await shot(page, "video");
    });
  });
}
