// Pictures in printed papers: a question whose text holds a tall image and whose option holds a wide
// one, printed in the paper maker's quick paper (/make-question/.../paper, papers.css) and in a saved
// paper (/questionpaper/p/{code}, made-paper.css). In print each picture stays inside its column,
// keeps its proportions, is held well under a page's height (so a page break never cuts it), and has
// its size before it loads (no layout shift). The PDF is checked too: each picture is drawn on one page only.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { exec, expect, queryOne, signIn, test } from "./fixtures";
import { png } from "./png";

const SHOTS = process.env.E2E_SHOTS_DIR;
/** A picture taller than an A4 page at any column width, and one far wider than a column. */
const TALL = { w: 300, h: 1500 };
const WIDE = { w: 1200, h: 90 };
const MM = 96 / 25.4;

type Subject = { slug: string; sid: number; gid: number; chapter: number };
const subject = () =>
  queryOne<Subject>(
    `SELECT s.slug, s.id AS sid, g.id AS gid, c.id AS chapter
       FROM subjects s JOIN subject_grades sg ON sg.subject_id = s.id JOIN grades g ON g.id = sg.grade_id
       JOIN categories c ON c.subject_id = s.id AND (c.grade_id = g.id OR c.grade_id IS NULL)
      WHERE s.slug = 'higher-math' ORDER BY g.sort, g.id, c.sort, c.id LIMIT 1`,
  );

async function upload(page: Page, name: string, size: { w: number; h: number }) {
  await page.goto("/gradmin/media");
  await page.getByLabel(/ছবি আপলোড \(Upload images\)/).setInputFiles({ name, mimeType: "image/png", buffer: png(size.w, size.h, name, 0x30) });
  await page.getByRole("button", { name: "আপলোড (Upload)" }).click();
  await expect(page.getByText(/আপলোড হয়েছে: ১টি ছবি/)).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
  return { url: await card.getByLabel("ঠিকানা (URL)", { exact: true }).inputValue(), snippet: await card.getByLabel("HTML", { exact: true }).inputValue() };
}

/**
 * Every picture in `question` as printed: its box, the width of what holds it (the question in its
 * column, or the option in its grid cell), its natural size, and whether it had its size before loading.
 */
const printedImages = (page: Page, question: string) =>
  page.locator(`${question} img[src^="/media/"]`).evaluateAll((imgs) =>
    imgs.map((el) => {
      const img = el as HTMLImageElement;
      const box = img.getBoundingClientRect();
      const holder = img.closest(".options > li, .mp-options > li, li.question, .mp-q")!.getBoundingClientRect();
      return { w: box.width, h: box.height, left: box.left - holder.left, holder: holder.width, nw: img.naturalWidth, nh: img.naturalHeight, sized: img.hasAttribute("width") && img.hasAttribute("height") };
    }),
  );

async function checkPrinted(page: Page, question: string, label: string) {
  await page.setViewportSize({ width: 794, height: 1123 }); // A4 at 96 px to the inch
  await page.emulateMedia({ media: "print" });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((i) => (i.complete ? null : new Promise((r) => i.addEventListener("load", r, { once: true })))));
  });
  const images = await printedImages(page, question);
  expect(images.length, `${label}: the pictures`).toBeGreaterThanOrEqual(2);
  for (const i of images) {
    expect(i.sized, `${label}: width and height written on the picture`).toBe(true);
    expect(i.left + i.w, `${label}: a picture's right edge within its column or option (${i.holder} px)`).toBeLessThanOrEqual(i.holder + 0.5);
    expect(Math.abs(i.w / i.h - i.nw / i.nh) / (i.nw / i.nh), `${label}: a picture's proportions`).toBeLessThan(0.03);
    expect(i.h, `${label}: a picture's height, well under a page`).toBeLessThanOrEqual(100 * MM);
  }
}

/** The PDF's pictures: on which pages each image object is drawn (pdfimages from poppler-utils). */
function imagePages(pdf: Buffer, label: string): Map<string, number[]> {
  const dir = mkdtempSync(join(tmpdir(), "print-images-"));
  writeFileSync(join(dir, "paper.pdf"), pdf);
  if (SHOTS) execFileSync("pdftoppm", ["-r", "50", "-png", join(dir, "paper.pdf"), join(SHOTS, `print-${test.info().project.name}-${label.replace(/\W+/g, "-")}`)]);
  const lines = execFileSync("pdfimages", ["-list", join(dir, "paper.pdf")], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);
  const pages = new Map<string, number[]>();
  for (const line of lines) {
    const cols = line.trim().split(/\s+/);
    // page num type width height color comp bpc enc interp object ID ...
    const key = `${cols[3]}x${cols[4]}#${cols[10]}`;
    pages.set(key, [...(pages.get(key) ?? []), Number(cols[0])]);
  }
  return pages;
}

async function pdfOf(page: Page) {
  return page.pdf({ format: "A4", printBackground: true });
}

/** Both pictures are in the PDF, each drawn on exactly one page: a picture cut by a page break is drawn on two. */
async function onePageEach(pdf: Buffer, label: string) {
  const pages = imagePages(pdf, label);
  for (const size of [TALL, WIDE]) {
    const drawn = [...pages].filter(([key]) => key.startsWith(`${size.w}x${size.h}#`));
    expect(drawn.length, `${label}: the ${size.w}×${size.h} picture in the PDF`).toBe(1);
    expect(drawn[0][1], `${label}: the pages the ${size.w}×${size.h} picture is drawn on`).toHaveLength(1);
  }
}

const made = { questions: [] as number[], papers: [] as string[], media: [] as string[] };
test.afterAll(async () => {
  for (const id of made.questions.splice(0)) {
    await exec("DELETE FROM question_options WHERE question_id = ?", [id]);
    await exec("DELETE FROM questions WHERE id = ?", [id]);
  }
  for (const code of made.papers.splice(0)) await exec("DELETE FROM saved_papers WHERE code = ?", [code]);
  for (const url of made.media.splice(0)) await exec("DELETE FROM media WHERE hash = ?", [url.slice(7, 39)]);
  await exec("UPDATE site_settings SET value = CAST(value AS UNSIGNED) + 1 WHERE `key` = 'content_version'");
});

/** A question of the subject's first chapter with the tall picture in its text and the wide one in option ক. */
async function questionWithPictures(page: Page, s: Subject) {
  const run = `${test.info().project.name}-${Date.now()}`;
  await signIn(page);
  const tall = await upload(page, `tall-${run}.png`, TALL);
  const wide = await upload(page, `wide-${run}.png`, WIDE);
  made.media.push(tall.url, wide.url);
  const body = `<p>চিত্রের লম্বা রেখাটি কত সেমি? ${run}</p><p>${tall.snippet}</p>`;
  const id = (
    await exec("INSERT INTO questions (type, subject_id, grade_id, chapter_id, body, body_html, marks) VALUES ('mcq', ?, ?, ?, ?, ?, 1)", [s.sid, s.gid, s.chapter, body, body])
  ).insertId;
  made.questions.push(id);
  for (const [i, opt] of [wide.snippet, "৩ সেমি", "৪ সেমি", "৫ সেমি"].entries()) {
    await exec("INSERT INTO question_options (question_id, opt_key, body, body_html, is_correct, sort) VALUES (?, ?, ?, ?, ?, ?)", [id, "কখগঘ"[i], opt, opt, i === 1 ? 1 : 0, i]);
  }
  await exec("UPDATE site_settings SET value = CAST(value AS UNSIGNED) + 1 WHERE `key` = 'content_version'");
  // Questions of the subject before it, so it prints after a page's worth of others.
  const others = await queryOne<{ ids: string }>(
    `SELECT GROUP_CONCAT(id ORDER BY id) AS ids FROM (SELECT id FROM questions WHERE type = 'mcq' AND chapter_id = ${s.chapter} AND id <> ${id} ORDER BY id LIMIT 12) q`,
  );
  return { id, others: others.ids.split(",").map(Number) };
}

test("a question's pictures print inside their column, in proportion, never cut by a page break", async ({ page }) => {
  test.setTimeout(90_000);
  const s = await subject();
  const { id, others } = await questionWithPictures(page, s);

  // The paper maker's quick paper: two columns of questions.
  await page.goto(`/make-question/${s.slug}/${s.sid}/${s.gid}/paper?q=${[...others, id].join(",")}`);
  await expect(page.getByText(/চিত্রের লম্বা রেখাটি কত সেমি/)).toBeVisible();
  await checkPrinted(page, `li.question#q-${id}`, "the quick paper");
  await onePageEach(await pdfOf(page), "the quick paper");

  // The saved paper, made from the settings step with one set.
  await page.emulateMedia({ media: "screen" });
  await page.goto(`/make-question/${s.slug}/${s.sid}/${s.gid}/settings?${[...others, id].map((q) => `q=${q}`).join("&")}`);
  await page.getByRole("radio", { name: "১টি (ক)" }).check();
  await page.getByRole("button", { name: "প্রশ্নপত্র তৈরি করুন →" }).click();
  await expect(page).toHaveURL(/\/questionpaper\/t\/[0-9a-z]{32}\?saved=1$/);
  await page.getByRole("link", { name: /^\/questionpaper\/p\// }).click();
  await expect(page).toHaveURL(/\/questionpaper\/p\/[0-9a-z]{10}$/);
  made.papers.push(new URL(page.url()).pathname.split("/").pop()!);
  await checkPrinted(page, `.mp-q[data-qid="${id}"]`, "the saved paper");
  // One set: each picture once, on the set's pages (the key and the OMR sheet draw none of them).
  await onePageEach(await pdfOf(page), "the saved paper");
});
