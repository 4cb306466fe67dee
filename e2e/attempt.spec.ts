// Timed exams, with JavaScript on and off: start the 130-question model test, answer across
// pages, mark for review, go back, reload, finish with confirmation, and read the whole-exam result,
// its breakdown, explanations and the mistake book; negative marks to the decimal; a deadline the
// server enforces; no correct key in any page or loader data before the attempt is finished.
import mysql from "mysql2/promise";
import { expect, isJsOn, test } from "./fixtures";
import type { Page } from "@playwright/test";

const bn = (n: number | string) => String(n).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]);
const url = process.env.E2E_DATABASE_URL!; // set by playwright.config.ts

async function query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const conn = await mysql.createConnection({ uri: url, charset: "utf8mb4" });
  try {
    const [rows] = await conn.query(sql, values);
    return rows as T[];
  } finally {
    await conn.end();
  }
}

type Key = { id: number; key: string; wrong: string; explained: number };

/** An exam's questions in order, each with its correct option, a wrong one, and whether it has an explanation. */
async function keysOf(examId: number): Promise<Key[]> {
  return query<Key>(
    `SELECT sq.question_id AS id,
            (SELECT o.opt_key FROM question_options o WHERE o.question_id = sq.question_id AND o.is_correct ORDER BY o.sort, o.id LIMIT 1) AS \`key\`,
            (SELECT o.opt_key FROM question_options o WHERE o.question_id = sq.question_id AND NOT o.is_correct ORDER BY o.sort, o.id LIMIT 1) AS wrong,
            q.explanation_html IS NOT NULL AS explained
     FROM exam_titles e JOIN set_questions sq ON sq.set_id = e.question_set_id JOIN questions q ON q.id = sq.question_id
     WHERE e.id = ? ORDER BY sq.sort, sq.question_id`,
    [examId],
  );
}

const attemptIdOf = (page: Page) => new URL(page.url()).pathname.split("/")[4];

async function choose(page: Page, q: { id: number }, key: string) {
  await page.locator(`#q-${q.id} input[type="radio"][value="${key}"]`).check();
}

/** JS on: wait for the background save; JS off: nothing to wait for (the next move saves). */
async function saved(page: Page) {
  if (isJsOn()) await expect(page.getByText("✓ সব উত্তর সংরক্ষিত")).toBeVisible();
}

/** JS off: press the save button and wait until the redirect back to the page has loaded. */
async function saveWithoutJs(page: Page) {
  await page.getByRole("button", { name: "সংরক্ষণ", exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=\d+/);
  await page.waitForLoadState();
}

/** Neither the page nor its loader data (?_data=) holds a correct key or an explanation. */
async function expectNoKeys(page: Page, explanations: string[]) {
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  const raw = await (await page.request.get(path)).text();
  const data = await (await page.request.get(`${path}${path.includes("?") ? "&" : "?"}_data=routes/exampage.$grtid_.attempt.$attemptId`)).text();
  expect(JSON.parse(data).questions.length).toBeGreaterThan(0);
  for (const text of [raw, data]) expect(text).not.toMatch(/is-correct|is-wrong|"correct"|isCorrect|explanationHtml/);
  for (const e of explanations) {
    expect(raw).not.toContain(e);
    expect(data).not.toContain(JSON.stringify(e).slice(1, -1));
  }
}

test("the 130-question exam: start, answer across pages, review marks, back, reload, finish, result and mistake book", async ({ page, context }) => {
  test.setTimeout(90_000); // 130 questions, every page of the flow rendered twice (JS off)
  const keys = await keysOf(1);
  expect(keys).toHaveLength(130);
  // The stored explanations of the first questions, as a page or its data would carry them.
  const explanations = (
    await query<{ html: string }>(`SELECT explanation_html AS html FROM questions WHERE id IN (?) AND explanation_html IS NOT NULL`, [keys.slice(0, 20).map((k) => k.id)])
  ).map((r) => r.html);
  expect(explanations.length).toBeGreaterThan(3);

  await page.goto("/exampage/1");
  const start = page.locator("#start");
  await expect(start.getByText(`প্রশ্ন: ${bn(130)}টি`)).toBeVisible();
  await expect(start.getByText(`পূর্ণমান: ${bn(130)}`)).toBeVisible();
  await expect(start.getByText(`সময়: ${bn(120)} মিনিট`)).toBeVisible();
  await expect(start.getByText("নেগেটিভ মার্কিং নেই")).toBeVisible();
  await start.getByRole("button", { name: "পরীক্ষা শুরু করুন (Start exam)" }).click();
  await expect(page).toHaveURL(/\/exampage\/1\/attempt\/[A-Za-z0-9_-]{24}$/);
  await expect(page.getByText(/শেষ সময়: .+ \(বাংলাদেশ সময়\)/)).toBeVisible();
  await expect(page.getByText(`পৃষ্ঠা ১ / ${bn(13)}`)).toBeVisible();
  if (isJsOn()) await expect(page.locator("[data-countdown]")).toHaveText(/^বাকি [১২]:[০-৯]{2}:[০-৯]{2}$/);
  await expectNoKeys(page, explanations);

  // Page 1: four right, one wrong, question 3 marked for review.
  for (const q of keys.slice(0, 4)) await choose(page, q, q.key);
  await choose(page, keys[4], keys[4].wrong);
  await page.locator(`#q-${keys[2].id}`).getByRole("checkbox", { name: "পরে আবার দেখব (রিভিউ)" }).check();
  await saved(page);
  await page.getByRole("button", { name: "পরের পৃষ্ঠা →" }).click();
  await expect(page).toHaveURL(/\?page=2/);
  await expect(page.getByText(`পৃষ্ঠা ২ / ${bn(13)}`)).toBeVisible();

  // Page 2: one right, one wrong; then the palette jumps to question 125.
  await choose(page, keys[10], keys[10].key);
  await choose(page, keys[11], keys[11].wrong);
  await saved(page);
  await page.getByRole("button", { name: `প্রশ্ন ${bn(125)}: উত্তর দেওয়া হয়নি` }).click();
  await expect(page).toHaveURL(/\?page=13/);
  await choose(page, keys[124], keys[124].key);
  await saved(page);

  // Back to question 1 from the palette: what was answered and marked is there.
  await page.getByRole("button", { name: "প্রশ্ন ১: উত্তর দেওয়া" }).click();
  await expect(page).toHaveURL(/\?page=1/);
  await expect(page.locator(`#q-${keys[0].id} input[value="${keys[0].key}"]`)).toBeChecked();
  await expect(page.locator(`#q-${keys[4].id} input[value="${keys[4].wrong}"]`)).toBeChecked();
  await expect(page.locator(`#q-${keys[2].id}`).getByRole("checkbox", { name: "পরে আবার দেখব (রিভিউ)" })).toBeChecked();
  await expect(page.getByRole("button", { name: `প্রশ্ন ${bn(3)}: উত্তর দেওয়া, রিভিউয়ের জন্য চিহ্নিত` })).toBeVisible();

  if (isJsOn()) {
    // A choice made while the server cannot be reached (the proxy answers 503) is kept in the browser:
    // it survives a reload and is saved once the server answers again.
    await page.route(/\/save$/, (route) => route.fulfill({ status: 503, body: "Service Unavailable" }));
    await choose(page, keys[5], keys[5].key);
    await expect(page.getByText("✗ সংরক্ষণ হয়নি, আবার চেষ্টা চলছে")).toBeVisible();
    const onServer = () =>
      query("SELECT 1 FROM exam_attempt_answers WHERE attempt_id = ? AND question_id = ? AND choice IS NOT NULL", [attemptIdOf(page), keys[5].id]);
    expect(await onServer()).toHaveLength(0); // only the browser has it
    await page.unroute(/\/save$/);
    await page.reload();
    await expect(page.locator(`#q-${keys[5].id} input[value="${keys[5].key}"]`)).toBeChecked();
    await saved(page);
    expect(await onServer()).toHaveLength(1);
  } else {
    // Without JavaScript a choice is saved by the next move: Save, then reload.
    await choose(page, keys[5], keys[5].key);
    await saveWithoutJs(page);
  }
  await page.reload();
  await expect(page.locator(`#q-${keys[5].id} input[value="${keys[5].key}"]`)).toBeChecked();
  await expect(page.locator(`#q-${keys[3].id} input[value="${keys[3].key}"]`)).toBeChecked();

  // Finish: asked first, with the number of unanswered questions.
  await page.locator(".attempt-bar").getByRole("button", { name: "শেষ করুন" }).click();
  await expect(page.getByRole("heading", { name: "পরীক্ষা শেষ করবেন?" })).toBeVisible();
  await expect(page.getByText(`${bn(121)}টি প্রশ্নের উত্তর দেওয়া হয়নি; রিভিউয়ের জন্য চিহ্নিত ১টি`)).toBeVisible();
  await page.getByRole("button", { name: "হ্যাঁ, পরীক্ষা শেষ করুন" }).click();

  // 7 right (1-4, 6, 11, 125), 2 wrong, 121 skipped; no negative marking.
  await expect(page).toHaveURL(/\/attempt\/[A-Za-z0-9_-]{24}\/result$/);
  await expect(page.getByRole("heading", { name: /^ফলাফল — / })).toBeVisible();
  await expect(page.locator(".result-net strong")).toHaveText(`৭ / ${bn(130)}`);
  const facts = page.locator(".result-facts");
  await expect(facts.getByText("সঠিক", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText("৭");
  await expect(facts.getByText("ভুল", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText("২");
  await expect(facts.getByText("উত্তর দেওয়া হয়নি", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(bn(121));
  await expect(page.getByRole("heading", { name: "অধ্যায়ভিত্তিক ফলাফল" })).toBeVisible();
  expect(await page.locator("table.breakdown tbody tr").count()).toBeGreaterThan(1);
  // Every question with the answer, the correct one and the explanation.
  await expect(page.locator(".question-card")).toHaveCount(130);
  await expect(page.locator(`#q-${keys[4].id} .q-option.is-wrong`)).toHaveCount(1);
  await expect(page.locator(`#q-${keys[4].id} .q-option.is-correct`)).toHaveCount(1);
  const explained = keys.find((k) => k.explained)!;
  await page.locator(`#q-${explained.id}`).getByText("ব্যাখ্যা", { exact: true }).click();
  await expect(page.locator(`#q-${explained.id} .q-explanation .prose`)).toBeVisible();
  await page.getByRole("link", { name: /^ভুলগুলো/ }).click();
  await expect(page.locator(".question-card")).toHaveCount(2);
  const resultUrl = page.url().split("?")[0];

  // This browser's exams and its mistake book.
  await page.goto("/my-exams");
  await expect(page.getByText("শুধু এই ব্রাউজারে থাকে", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "এসএসসি সাধারণ গণিত পূর্ণাঙ্গ মডেল টেস্ট" })).toHaveAttribute("href", new URL(resultUrl).pathname);
  await expect(page.getByText(`নেট নম্বর ৭ / ${bn(130)}`)).toBeVisible();
  await page.getByRole("link", { name: "ভুলের খাতা খুলুন" }).click();
  await expect(page).toHaveURL(/\/my-exams\/mistakes$/);
  await expect(page.locator(".question-card")).toHaveCount(2);
  await expect(page.locator(`#q-${keys[4].id}`)).toBeVisible();
  await expect(page.locator(`#q-${keys[11].id}`)).toBeVisible();

  // The attempt's URL is the key to its result, in any browser.
  const other = await context.browser()!.newContext({ javaScriptEnabled: isJsOn() });
  const stranger = await other.newPage();
  await stranger.goto(resultUrl);
  await expect(stranger.locator(".result-net strong")).toHaveText(`৭ / ${bn(130)}`);
  // ... but only the browser that started an attempt may answer it.
  const res = await stranger.goto(resultUrl.replace(/\/result$/, ""));
  expect(res!.url()).toBe(resultUrl); // finished: the attempt page leads to the result
  await other.close();
});

test("negative marks to the decimal, and another browser cannot answer a running attempt", async ({ page, context }) => {
  // BCS preliminary model test: 40 questions, 0.50 off per wrong answer.
  const keys = await keysOf(8);
  await page.goto("/exampage/8");
  await expect(page.locator("#start").getByText(`নেগেটিভ মার্কিং: প্রতি ভুল উত্তরে ০.৫ নম্বর কাটা যাবে`)).toBeVisible();
  await page.getByRole("button", { name: "পরীক্ষা শুরু করুন (Start exam)" }).click();
  await expect(page).toHaveURL(/\/attempt\//);
  const attemptUrl = page.url();

  const other = await context.browser()!.newContext({ javaScriptEnabled: isJsOn() });
  const res = await (await other.newPage()).goto(attemptUrl);
  expect(res!.status()).toBe(403);
  await other.close();

  // 7 right, 3 wrong on page 1; 1 right, 2 wrong on page 4: 8 − 5 × 0.5 = 5.5.
  for (const q of keys.slice(0, 7)) await choose(page, q, q.key);
  for (const q of keys.slice(7, 10)) await choose(page, q, q.wrong);
  await saved(page);
  await page.getByRole("button", { name: `প্রশ্ন ${bn(31)}: উত্তর দেওয়া হয়নি` }).click();
  await expect(page).toHaveURL(/\?page=4/);
  await choose(page, keys[30], keys[30].key);
  await choose(page, keys[31], keys[31].wrong);
  await choose(page, keys[39], keys[39].wrong);
  await saved(page);
  await page.getByRole("button", { name: "পরীক্ষা শেষ করুন" }).click();
  await expect(page.getByText(`${bn(27)}টি প্রশ্নের উত্তর দেওয়া হয়নি`)).toBeVisible();
  await page.getByRole("button", { name: "হ্যাঁ, পরীক্ষা শেষ করুন" }).click();
  await expect(page.locator(".result-net strong")).toHaveText(`৫.৫ / ${bn(40)}`);
  await expect(page.getByText("−২.৫ (৫ × ০.৫)")).toBeVisible();
  await expect(page.getByText(/better than \d+% of attempts|এটিই প্রথম সমাপ্ত চেষ্টা/)).toBeVisible();
});

test("the server owns the deadline: late answers do not count and the attempt finishes itself", async ({ page }) => {
  test.setTimeout(60_000);
  const keys = await keysOf(9); // 25 questions, 0.50 off per wrong answer
  await page.goto("/exampage/9");
  await page.getByRole("button", { name: "পরীক্ষা শুরু করুন (Start exam)" }).click();
  await expect(page).toHaveURL(/\/attempt\//);
  const id = attemptIdOf(page);
  await choose(page, keys[0], keys[0].key);
  await saved(page);
  if (!isJsOn()) await saveWithoutJs(page);

  // The clock runs out (15 s ago: past the grace) while the student is still answering.
  await query("UPDATE exam_attempts SET deadline_at = UTC_TIMESTAMP(3) - INTERVAL 15 SECOND WHERE id = ?", [id]);
  await choose(page, keys[1], keys[1].key);
  if (!isJsOn()) await page.getByRole("button", { name: "পরের পৃষ্ঠা →" }).click();
  await expect(page).toHaveURL(/\/result(\?late=1)?$/);
  await expect(page.getByText("সময় শেষ হওয়ার পরে পাঠানো উত্তর গণনা করা হয়নি", { exact: false })).toBeVisible();
  await expect(page.locator(".result-net strong")).toHaveText(`১ / ${bn(25)}`);

  // A second attempt whose time runs out with the page open: with JavaScript the countdown sends it
  // at zero; without, the next request after the deadline finishes it.
  await page.goto("/exampage/9");
  await page.getByRole("button", { name: "পরীক্ষা শুরু করুন (Start exam)" }).click();
  await expect(page).toHaveURL(/\/attempt\//);
  const second = attemptIdOf(page);
  await choose(page, keys[2], keys[2].key);
  if (isJsOn()) await saved(page);
  else await saveWithoutJs(page);
  await query("UPDATE exam_attempts SET deadline_at = UTC_TIMESTAMP(3) + INTERVAL 3 SECOND WHERE id = ?", [second]);
  await page.reload();
  if (isJsOn()) {
    await expect(page.locator("[data-countdown]")).toHaveText(/^বাকি ০:০[০-৩]$/);
    await expect(page).toHaveURL(/\/result$/, { timeout: 15_000 });
  } else {
    await expect(page.locator("[data-countdown]")).toHaveText(/^শেষ /);
    // The deadline and the grace pass, moved into the past rather than waited out.
    await query("UPDATE exam_attempts SET deadline_at = UTC_TIMESTAMP(3) - INTERVAL 60 SECOND WHERE id = ?", [second]);
    await page.reload();
    await expect(page).toHaveURL(/\/result$/);
  }
  await expect(page.getByText("সময় শেষ হওয়ায় পরীক্ষাটি নিজে থেকেই জমা হয়েছে।")).toBeVisible();
  await expect(page.locator(".result-net strong")).toHaveText(`১ / ${bn(25)}`);
});

test("answer keys: published for past board papers, not for the sealed model test", async ({ page }) => {
  // The demo keeps one model test's key unpublished (drizzle/seed/content-exams.ts SEALED_MODEL_TEST).
  const [sealed] = await query<{ id: number }>("SELECT id FROM exam_titles WHERE NOT key_published AND live_start_at IS NULL ORDER BY id LIMIT 1");
  await page.goto(`/questionpaper/${sealed.id}`);
  await expect(page.getByText("উত্তরমালা এখনো প্রকাশ করা হয়নি।")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^উত্তরমালা/ })).toHaveCount(0);
  const data = await (await page.request.get(`/questionpaper/${sealed.id}?_data=routes/questionpaper.$grtid`)).json();
  expect(data.questions.every((q: { correct?: unknown }) => q.correct === undefined)).toBe(true);
  const [past] = await query<{ id: number }>("SELECT id FROM exam_titles WHERE key_published ORDER BY id LIMIT 1");
  await page.goto(`/questionpaper/${past.id}`);
  await expect(page.getByRole("heading", { name: /^উত্তরমালা — / })).toBeVisible();
});

test("on a 360×800 phone what stays on screen while scrolling covers under 15% of it", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  /** The part of the screen's height that fixed or stuck bars (wider than half the screen) cover. */
  const covered = () =>
    page.evaluate(() => {
      const rows = new Set<number>();
      for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
        const pos = getComputedStyle(el).position;
        if (pos !== "fixed" && pos !== "sticky") continue;
        const r = el.getBoundingClientRect();
        if (r.width < 180 || r.bottom <= 0 || r.top >= innerHeight) continue;
        for (let y = Math.max(0, Math.floor(r.top)); y < Math.min(innerHeight, Math.ceil(r.bottom)); y++) rows.add(y);
      }
      return rows.size / innerHeight;
    });
  await page.goto("/exampage/1");
  await page.getByRole("button", { name: "পরীক্ষা শুরু করুন (Start exam)" }).click();
  await expect(page).toHaveURL(/\/attempt\//);
  for (const path of [new URL(page.url()).pathname, "/exampage/1", "/mq/1"]) {
    await page.goto(path);
    await page.mouse.wheel(0, 1500);
    // Scrolling settles asynchronously: wait for the bar to be there, then for what covers the screen.
    await expect.poll(covered, { message: `${path}: the bar is there` }).toBeGreaterThan(0.04);
    await expect.poll(covered, { message: path }).toBeLessThan(0.15);
  }
});
