// The paper exam loop as a teacher runs it (plain forms, so the same run passes with JavaScript off):
// make a two-set paper, print its OMR sheet, have pupils fill it (synthetic sheets from the sheet's
// own layout, photographed by a "phone": tilted, turned, unevenly lit), upload the photos on the
// teacher's private page, confirm the one bubble the reader was unsure of on the review screen, and
// read scores, ranks and item analysis; the public link shows no key.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { fillSheet, photograph } from "../scripts/omr/synth";
import { paperSheetLayout } from "../app/lib/omr-paper";
import { qrPayload } from "../app/lib/omr/layout";
import { itemAnalysis, paperKeys, rankScores, scoreSheet, type SheetMarks } from "../app/lib/omr-results";
import { toBanglaDigits as bn } from "../app/lib/bangla-digits";
import { expect, queryOne, test } from "./fixtures";

type StoredPaper = {
  questions: { type: "mcq" | "creative"; introHtml: string | null; options: { key: string; html: string }[]; correct: string | null; marks: number }[];
  sets: { code: "ক" | "খ" | "গ" | "ঘ"; mcq: { q: number; options: number[] }[]; creative: { q: number; options: number[] }[] }[];
};

// Every post on the teacher's page lands on a fragment (#scan, #results) that the stylesheet scrolls to
// smoothly; a click while that scroll runs can land beside its button (a fresh-clone run clicked past
// "না, আগেরটিই থাকুক" and past the review link). The user-visible flow is what this spec checks, not the
// animation, so it runs with reduced motion, as a phone with animations off does.
test.use({ reducedMotion: "reduce" });

/** A 10-MCQ paper in sets ক and খ, made step by step; lands on the teacher's page. */
async function makePaper(page: Page) {
  const subject = await queryOne<{ slug: string; sid: number; gid: number }>(
    `SELECT s.slug, s.id AS sid, g.id AS gid FROM subjects s JOIN subject_grades sg ON sg.subject_id = s.id JOIN grades g ON g.id = sg.grade_id
      WHERE s.slug = 'higher-math' ORDER BY g.sort, g.id LIMIT 1`,
  );
  const chapter = await queryOne<{ id: number }>(`SELECT id FROM categories WHERE subject_id = ${subject.sid} ORDER BY sort, id LIMIT 1`);
  await page.goto(`/make-question/${subject.slug}/${subject.sid}/${subject.gid}/questions?ch=${chapter.id}&random=1&nm=10&nc=0&seed=3`);
  await page.getByRole("button", { name: "পরবর্তী ধাপ: সেটিংস →" }).click();
  await page.getByLabel("পরীক্ষার নাম").fill("ওএমআর পরীক্ষা");
  await page.getByRole("radio", { name: "২টি (ক, খ)" }).check();
  await page.getByRole("button", { name: "প্রশ্নপত্র তৈরি করুন →" }).click();
  await expect(page).toHaveURL(/\/questionpaper\/t\/[0-9a-z]{32}\?saved=1$/);
  await expect(page.getByText("এই পাতার লিংকটি রেখে দিন", { exact: false })).toBeVisible();
  const publicUrl = (await page.getByRole("link", { name: /^\/questionpaper\/p\// }).getAttribute("href"))!;
  const code = publicUrl.split("/").at(-1)!;
  const { content } = await queryOne<{ content: string }>(`SELECT content FROM saved_papers WHERE code = '${code}'`);
  return { teacherUrl: page.url().replace(/\?.*$/, ""), publicUrl, code, paper: JSON.parse(content) as StoredPaper };
}

test("a teacher prints a two-set paper, uploads photographed sheets, confirms an unsure bubble, and reads scores, ranks and item analysis", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  /** The page as a teacher sees it, on a phone and a computer, to look at; never wider than the screen. */
  const look = async (name: string) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    }
  };
  const { teacherUrl, publicUrl, code, paper } = await makePaper(page);
  expect(paper.sets.map((s) => s.code)).toEqual(["ক", "খ"]);
  const layout = paperSheetLayout(paper)!;
  expect(layout.questions).toBe(10);
  const keys = paperKeys(paper.questions, paper.sets);
  const right = (set: number) => keys[set].items.map((i) => i.correct!);
  const wrong = (set: number, q: number) => (right(set)[q] + 1) % 4;

  // Four pupils. 100003 left question 3 blank but for a faint smudge on its right option (the
  // reader cannot tell), and means it: the teacher confirms it on the review screen.
  const pupils: { roll: string; set: number; answers: (number | null)[] }[] = [
    { roll: "100001", set: 0, answers: right(0) },
    { roll: "100002", set: 1, answers: right(1).map((a, q) => (q === 0 || q === 5 ? wrong(1, q) : a)) },
    { roll: "100003", set: 1, answers: right(1).map((a, q) => (q === 2 ? null : a)) },
    { roll: "100004", set: 0, answers: right(0).map((a, q) => (q < 6 ? wrong(0, q) : q === 9 ? null : a)) },
  ];
  const pxPerMm = 6;
  const photos = await Promise.all(
    pupils.map(async (p, i) => {
      let png = await fillSheet({
        layout,
        header: { paperCode: code, title: "ওএমআর পরীক্ষা", set: null, qrText: qrPayload({ paperCode: code, set: null, page: 1 }) },
        roll: p.roll,
        set: p.set,
        answers: p.answers,
        seed: 11 + i,
        pxPerMm,
      });
      if (p.roll === "100003") {
        const b = layout.answers.bubbles.find((x) => x.q === 3 && x.option === right(1)[2])!;
        const { width, height } = await sharp(png).metadata();
        const smudge = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${b.cx * pxPerMm}" cy="${b.cy * pxPerMm}" r="${b.r * 0.85 * pxPerMm}" fill="rgb(60,60,60)" fill-opacity="0.32"/></svg>`;
        png = await sharp(png).composite([{ input: Buffer.from(smudge), top: 0, left: 0 }]).png().toBuffer();
      }
      const jpeg = await photograph(png, { perspectiveDeg: 5 + i, rotationDeg: i === 1 ? 181 : 2 - i, blur: 0.7, jpegQuality: 82, light: { gradient: 0.25, shadow: 0.15 }, widthPx: 1800, seed: 40 + i });
      return { name: `sheet-${p.roll}.jpg`, mimeType: "image/jpeg", buffer: jpeg };
    }),
  );

  // Upload all four at once.
  await page.getByLabel(/উত্তরপত্রের ছবি বা স্ক্যান/).setInputFiles(photos);
  await page.getByRole("button", { name: "জমা দিন ও পড়ুন" }).click();
  await expect(page.getByRole("status").filter({ hasText: "৪টি উত্তরপত্র পড়া ও গণনা হয়েছে" })).toBeVisible();

  // The same pupil's sheet again: the page asks before replacing; the teacher keeps the first.
  await page.getByLabel(/উত্তরপত্রের ছবি বা স্ক্যান/).setInputFiles([photos[1]]);
  await page.getByRole("button", { name: "জমা দিন ও পড়ুন" }).click();
  await expect(page.getByText("রোল ১০০০০২ (sheet-100002.jpg): নতুন উত্তরপত্রটি কি আগেরটির বদলে গণনা করবেন?")).toBeVisible();
  await page.getByRole("button", { name: "না, আগেরটিই থাকুক" }).click();
  await expect(page.getByText("আগের উত্তরপত্রটিই রাখা হয়েছে")).toBeVisible();

  // The review screen: the unsure row with its crop beside what was read; the teacher picks the option.
  await page.getByRole("link", { name: /অস্পষ্ট উত্তর যাচাই করুন/ }).click();
  await expect(page).toHaveURL(`${teacherUrl}/review`);
  const rows = page.getByRole("group", { name: /^রোল / });
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toHaveAccessibleName("রোল ১০০০০৩ · সেট খ · প্রশ্ন ৩");
  const crop = row.getByRole("img");
  await expect(crop).toBeVisible();
  expect(await crop.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100)).toBe(true);
  const cropRes = await page.request.get((await crop.getAttribute("src"))!);
  expect(cropRes.headers()["cache-control"]).toBe("private, no-store");
  await look("review");
  await row.getByRole("radio", { name: ["ক", "খ", "গ", "ঘ"][right(1)[2]], exact: true }).check();
  await page.getByRole("button", { name: "নিশ্চিত করুন" }).click();
  await expect(page.getByText("যাচাই করার মতো কোনো অস্পষ্ট উত্তর বাকি নেই।")).toBeVisible();

  // The results as the pure rules compute them from what the pupils meant.
  const meant: SheetMarks[] = pupils.map((p, i) => ({
    id: i + 1,
    roll: p.roll,
    setIndex: p.set,
    answers: p.answers.map((a, q) => (p.roll === "100003" && q === 2 ? [right(1)[2]] : a === null ? [] : [a])),
  }));
  const expected = rankScores(meant.map((m) => scoreSheet(m, keys, 0)));
  expect(expected.map((s) => s.rank)).toEqual([1, 1, 3, 4]);
  await page.goto(`${teacherUrl}#results`);
  const table = page.getByRole("table", { name: "রোল অনুযায়ী ফলাফল" });
  const body = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent!.trim())));
  expect(body).toEqual(
    expected.map((s) => [bn(s.rank!), bn(s.roll), ["ক", "খ"][s.setIndex!], bn(s.right), bn(s.wrong), bn(s.blank), bn(s.net)]),
  );
  // Item analysis: share right per question, as the rules compute it.
  const items = itemAnalysis(meant, keys, 0);
  const shares = await page
    .getByRole("table", { name: "প্রশ্নভিত্তিক বিশ্লেষণ" })
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll("td")[0].textContent!.trim()));
  expect(shares).toEqual(items.map((it) => `${bn(Math.round(it.correctShare! * 100))}%`));
  expect(items[0].topWrong).not.toBeNull();

  // A negative mark of 0.25 takes a quarter per wrong answer off.
  await page.getByLabel("প্রতিটি ভুল উত্তরে নম্বর কাটা").selectOption("0.25");
  await page.getByRole("button", { name: "রাখুন" }).click();
  const last = scoreSheet(meant[3], keys, 0.25);
  expect(last.net).toBe(last.marks - last.wrong * 0.25);
  await expect(table.locator("tr", { hasText: "১০০০০৪" }).locator("td").last()).toHaveText(bn(String(last.net)));

  // The CSV, private; the printable result sheet.
  const csv = await page.request.get(`${teacherUrl}/results.csv`);
  expect(csv.headers()["cache-control"]).toBe("private, no-store");
  expect((await csv.text()).split("\r\n")[1]).toMatch(/^1,10000[13],/);
  await look("teacher-page");
  await page.getByRole("link", { name: "ছাপার উপযোগী ফলাফল" }).click();
  await expect(page.getByRole("heading", { name: "ওএমআর পরীক্ষা — ফলাফল" })).toBeVisible();
  await look("result-sheet");
  // The result sheet as printed (PDF page images beside it, to look at): no site chrome, both tables.
  await page.emulateMedia({ media: "print" });
  const pdf = testInfo.outputPath("results.pdf");
  writeFileSync(pdf, await page.pdf({ format: "A4", printBackground: true }));
  await page.emulateMedia({ media: "screen" });
  execFileSync("pdftoppm", ["-r", "80", "-png", pdf, testInfo.outputPath("results-page")]);
  const printed = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
  expect(printed).toContain("মেধাক্রম");
  expect(printed).toContain("পার্থক্য সূচক");
  expect(printed).not.toContain("CSV");

  // The public link: the paper and the sheet, never a key.
  const res = await page.goto(publicUrl);
  expect(res!.status()).toBe(200);
  await expect(page.getByRole("region", { name: "সেট ক", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: /উত্তরমালা/ })).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(0);
  expect((await page.request.get(`${publicUrl}?only=keys`)).status()).toBe(404);
  // The private page is not cached by anyone.
  const priv = await page.request.get(teacherUrl);
  expect(priv.headers()["cache-control"]).toBe("private, no-store");
  expect(priv.headers()["x-robots-tag"]).toMatch(/noindex/);
});
