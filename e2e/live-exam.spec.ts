// A live exam end to end, JavaScript on and off, on the server's real clock: the waiting page opens
// the exam by itself at the start (a countdown with JavaScript, a refresh without), a student starts
// with a name, continues on a second device with the resume code and finishes; a second attempt is
// practice; after the close the review shows the key and the merit list ranks by net, ties by time.
// Each project makes its own exam with its own questions (rows the app's account may write), so
// nothing else in the suite is sealed while it runs.
import mysql from "mysql2/promise";
import type { Page } from "@playwright/test";
import { expect, isJsOn, test } from "./fixtures";

const url = process.env.E2E_DATABASE_URL!;

async function sql(statement: string, values: unknown[] = []) {
  const conn = await mysql.createConnection({ uri: url, charset: "utf8mb4", timezone: "Z" });
  try {
    const [rows] = await conn.query(statement, values);
    return rows as Record<string, unknown>[];
  } finally {
    await conn.end();
  }
}

const BASE = `http://127.0.0.1:${Number(process.env.E2E_PORT) || 3101}`;

/**
 * What a staff save does: every process forgets its kept content (within a second elsewhere). Waited
 * for, not slept through: until `path` shows `ready` on four new connections in a row (the server's
 * two processes take new connections in turn, so both have seen the change).
 */
async function contentChanged(path: string, ready: (html: string) => boolean) {
  await sql("UPDATE site_settings SET value = CAST(value AS UNSIGNED) + 1 WHERE `key` = 'content_version'");
  let streak = 0;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${BASE}${path}`, { headers: { Connection: "close" } });
        streak = ready(await res.text()) ? streak + 1 : 0;
        return streak;
      },
      { timeout: 10_000, intervals: [50] },
    )
    .toBeGreaterThanOrEqual(4);
}

const KEYS = ["ক", "খ", "গ", "ঘ"];
const RIGHT = "খ";

async function makeExam(examId: number, startInMs: number) {
  const questionIds = [0, 1, 2].map((i) => examId * 10 + i);
  await sql("DELETE FROM exam_attempts WHERE exam_id = ?", [examId]);
  await sql("DELETE FROM exam_titles WHERE id = ?", [examId]);
  await sql("DELETE FROM set_questions WHERE set_id = ?", [examId]);
  await sql("DELETE FROM question_options WHERE question_id IN (?)", [questionIds]);
  await sql("DELETE FROM questions WHERE id IN (?)", [questionIds]);
  await sql("DELETE FROM question_sets WHERE id = ?", [examId]);
  await sql("INSERT INTO question_sets (id, name) VALUES (?, ?)", [examId, `লাইভ সেট ${examId}`]);
  for (const [i, id] of questionIds.entries()) {
    await sql("INSERT INTO questions (id, type, body, body_html, marks) VALUES (?, 'mcq', ?, ?, 1)", [id, `লাইভ প্রশ্ন ${i + 1}`, `<p>লাইভ প্রশ্ন ${i + 1}</p>`]);
    for (const [k, key] of KEYS.entries()) {
      await sql("INSERT INTO question_options (question_id, opt_key, body, body_html, sort, is_correct) VALUES (?, ?, ?, ?, ?, ?)", [
        id,
        key,
        `উত্তর ${key}`,
        `<p>উত্তর ${key}</p>`,
        k + 1,
        key === RIGHT,
      ]);
    }
    await sql("INSERT INTO set_questions (set_id, question_id, sort) VALUES (?, ?, ?)", [examId, id, i + 1]);
  }
  const start = new Date(Date.now() + startInMs);
  await sql(
    `INSERT INTO exam_titles (id, name, question_set_id, full_marks, duration_minutes, negative_mark, key_published, review_after_close, live_start_at, live_close_at)
     VALUES (?, ?, ?, 3, 1, 0, 0, 1, ?, ?)`,
    [examId, `লাইভ পরীক্ষা ${examId}`, examId, start, new Date(start.getTime() + 5 * 60_000)],
  );
  await contentChanged(`/exampage/${examId}`, (html) => html.includes(`লাইভ পরীক্ষা ${examId}`));
  return questionIds;
}

async function answer(page: Page, questionIds: number[], right: number) {
  for (const [i, id] of questionIds.entries()) {
    const key = i < right ? RIGHT : "গ";
    // The options may be shuffled: choose by the option's own key (the radio's value).
    await page.locator(`#q-${id} input[type="radio"][value="${key}"]`).check();
  }
}

async function finish(page: Page) {
  await page.locator(".attempt-bar").getByRole("button", { name: "শেষ করুন" }).click();
  await page.getByRole("button", { name: "হ্যাঁ, পরীক্ষা শেষ করুন" }).click();
  await expect(page).toHaveURL(/\/attempt\/[A-Za-z0-9_-]{24}\/result$/);
}

test("a live exam: the waiting page opens it at the start, resume on another device, one counted attempt, the key and the merit list after the close", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const examId = isJsOn() ? 9801 : 9802;
  const questionIds = await makeExam(examId, 9_000);

  // Waiting: the rules and the start time; the page opens the exam by itself.
  await page.goto(`/exampage/${examId}`);
  await expect(page.getByRole("heading", { name: /লাইভ মডেল টেস্ট: শুরু হবে/ })).toBeVisible();
  await expect(page.getByText("লাইভ প্রশ্ন 1")).toHaveCount(0); // no question before the start
  await expect(page.getByLabel("আপনার নাম (Name)")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: /লাইভ মডেল টেস্ট চলছে/ })).toBeVisible();

  // Start with a name: one counted attempt, with a code to continue elsewhere.
  await page.getByLabel("আপনার নাম (Name)").fill("রাফি আহমেদ");
  await page.getByLabel(/শিক্ষাপ্রতিষ্ঠান/).fill("আদর্শ স্কুল");
  await page.getByRole("button", { name: "লাইভ পরীক্ষা শুরু করুন (Start exam)" }).click();
  await expect(page).toHaveURL(new RegExp(`/exampage/${examId}/attempt/[A-Za-z0-9_-]{24}`));
  const attemptPath = new URL(page.url()).pathname;
  const code = (await page.locator(".resume-code").first().textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.getByText("অনুশীলন: মেধাতালিকায় গণনা হবে না")).toHaveCount(0);

  // A second device continues with the code, answers and finishes.
  const other = await browser.newContext({ javaScriptEnabled: isJsOn() });
  const phone = await other.newPage();
  await phone.goto("/exampage/resume");
  await phone.getByLabel("রিজিউম কোড (Resume code)").fill(code.toLowerCase().replace("-", ""));
  await phone.getByRole("button", { name: "চালিয়ে যান (Continue)" }).click();
  await expect(phone).toHaveURL(new RegExp(`${attemptPath}(\\?.*)?$`));
  await answer(phone, questionIds, 2);
  await finish(phone);
  await expect(phone.locator(".result-net strong")).toHaveText("২ / ৩");
  // While the exam runs, the result shows the score only, and says when the key comes.
  await expect(phone.getByText(/পরীক্ষা শেষ হলে, .*প্রকাশ হবে/)).toBeVisible();

  // The first device's second attempt is practice.
  await page.goto(`/exampage/${examId}`);
  await page.getByLabel("আপনার নাম (Name)").fill("রাফি আহমেদ");
  await page.getByRole("button", { name: "লাইভ পরীক্ষা শুরু করুন (Start exam)" }).click();
  await expect(page.getByText("অনুশীলন: মেধাতালিকায় গণনা হবে না").first()).toBeVisible();

  // Others who took it: one with more marks, one with the same marks but faster, one slower.
  const attemptId = attemptPath.split("/")[4];
  const [mine] = await sql("SELECT TIMESTAMPDIFF(MICROSECOND, started_at, finished_at) / 1e6 AS seconds FROM exam_attempts WHERE id = ?", [attemptId]);
  expect(Number(mine.seconds)).toBeGreaterThan(1);
  const now = Date.now();
  const other3 = [
    { name: "সেরা শিক্ষার্থী", net: 3, seconds: 50 },
    { name: "দ্রুত শিক্ষার্থী", net: 2, seconds: 1 },
    { name: "ধীর শিক্ষার্থী", net: 2, seconds: 200 },
  ];
  for (const [i, o] of other3.entries()) {
    const hash = `${"e2e".padEnd(60, String(i))}${examId}`.slice(0, 64);
    const started = new Date(now - 260_000);
    await sql(
      `INSERT INTO exam_attempts (id, exam_id, browser_hash, started_at, deadline_at, negative_mark, finished_at, right_count, wrong_count, skipped_count,
         score, net, full_marks, display_name, institution, counted_for)
       VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, 0, ?, ?, 3, ?, 'অন্য স্কুল', ?)`,
      [`e2e${examId}other${i}`.padEnd(24, "x"), examId, hash, started, new Date(started.getTime() + 60_000), new Date(started.getTime() + o.seconds * 1000), o.net, 3 - o.net, o.net, o.net, o.name, hash],
    );
  }

  // The close (moved to the past with everything that happened before it, as time would): the key
  // opens and the merit list is made once.
  await sql(
    "UPDATE exam_attempts SET started_at = started_at - INTERVAL 60 SECOND, deadline_at = deadline_at - INTERVAL 60 SECOND, finished_at = finished_at - INTERVAL 60 SECOND WHERE exam_id = ? AND display_name = ?",
    [examId, "রাফি আহমেদ"],
  );
  await sql("UPDATE exam_titles SET live_start_at = ?, live_close_at = ? WHERE id = ?", [new Date(now - 280_000), new Date(now - 15_000), examId]);
  await contentChanged(`/exampage/${examId}`, (html) => html.includes(`/exampage/${examId}/merit`));
  // The browser keeps its connection to one process: its review opens the key once that process has
  // seen the change (within the second the product promises), asked again until then.
  await expect(async () => {
    await page.goto(`${attemptPath}/result`);
    await expect(page.locator(".is-correct").first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 3_000, intervals: [100] });
  await page.goto(`/exampage/${examId}/merit`);
  await expect(page.getByRole("heading", { name: `মেধাতালিকা — লাইভ পরীক্ষা ${examId}` })).toBeVisible();
  const names = await page.locator(".merit-table tbody th").allTextContents();
  expect(names.map((n) => n.replace(" (আপনি)", "").trim())).toEqual(["সেরা শিক্ষার্থী", "দ্রুত শিক্ষার্থী", "রাফি আহমেদ", "ধীর শিক্ষার্থী"]);
  await expect(page.locator(".merit-table tbody td:first-child")).toHaveText(["১", "২", "৩", "৪"]);
  // "আমার অবস্থান" marks the row of the attempt this browser holds (the phone took it over).
  await phone.goto(`/exampage/${examId}/merit`);
  await phone.getByRole("link", { name: "আমার অবস্থান" }).click();
  await expect(phone.locator("tr.is-mine th")).toContainText("রাফি আহমেদ");
  await other.close();
});

test("registering before the start: the registration's page shows no question and opens its set's first page by itself at the start", async ({ page }) => {
  test.setTimeout(60_000);
  const examId = isJsOn() ? 9803 : 9804;
  const questionIds = await makeExam(examId, 12_000);
  await page.goto(`/exampage/${examId}`);
  await page.getByRole("link", { name: "এখনই নিবন্ধন করুন (Register now)" }).click();
  await page.getByLabel("আপনার নাম (Name)").fill("নাদিয়া");
  await page.getByRole("button", { name: "নিবন্ধন করুন (Register)" }).click();
  await expect(page).toHaveURL(new RegExp(`/exampage/${examId}/attempt/[A-Za-z0-9_-]{24}$`));
  await expect(page.getByText(/নাদিয়া, আপনার নিবন্ধন হয়েছে/)).toBeVisible();
  await expect(page.locator(".resume-code").first()).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.getByText("লাইভ প্রশ্ন 1")).toHaveCount(0);
  // The page refreshes itself at the start (plus at most 3 s of spread): the questions appear.
  await expect(page.getByText("লাইভ প্রশ্ন 1").first()).toBeVisible({ timeout: 25_000 });
  // The set's first page, the same for every student of the set; the answers go to this student's attempt.
  await expect(page).toHaveURL(new RegExp(`/exampage/${examId}/live/[1-4]$`));
  await answer(page, questionIds, 3);
  await finish(page);
  await expect(page.locator(".result-net strong")).toHaveText("৩ / ৩");
});
