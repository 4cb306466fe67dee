import { expect, isJsOn, queryOne, test } from "./fixtures";

const bn = (n: number) => String(n).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]);

test("from the exam sub-page a student picks a group and a title and starts the exam", async ({ page }) => {
  await page.goto("/exam-subpage/1");
  await expect(page.getByRole("heading", { name: "SELECT YOUR GROUP" })).toBeVisible();
  await expect(page.getByText("Select a group to load subjects.")).toBeVisible();
  await page.locator("#exam-content, main").getByRole("link", { name: "বিজ্ঞান" }).first().click();
  await expect(page).toHaveURL(/\?group=\d+/);
  const title = page.locator("main a[href*='title=']").first();
  await title.click();
  await expect(page).toHaveURL(/group=\d+&title=\d+/);
  await page.getByRole("link", { name: /পরীক্ষা শুরু করুন/ }).click();
  await expect(page).toHaveURL(/\/exampage\/\d+\?back=/);
  await page.getByRole("link", { name: "Back" }).first().click();
  await expect(page).toHaveURL(/\/exam-subpage\/1\?group=\d+&title=\d+/);
});

test("taking an exam: answer, submit, see the score, then view the result once", async ({ page }) => {
  const { setId } = await queryOne<{ setId: number }>("SELECT question_set_id AS setId FROM exam_titles WHERE id = 1");
  const rows = await queryOne<{ keys: string }>(
    `SELECT GROUP_CONCAT(CONCAT(q.question_id, ':', o.opt_key) ORDER BY q.sort, q.question_id SEPARATOR ',') AS \`keys\`
     FROM (SELECT * FROM set_questions WHERE set_id = ${setId} ORDER BY sort, question_id LIMIT 4) q
     JOIN question_options o ON o.question_id = q.question_id AND o.is_correct`,
  );
  const keys = rows.keys.split(",").map((p) => p.split(":")) as [string, string][];

  const res = await page.goto("/exampage/1");
  const before = await res!.text();
  expect(before).not.toMatch(/is-correct|data-correct|isCorrect/); // no answers in the page before submit
  await expect(page.getByText(`Page ১ of ${bn(6)} — total questions: ${bn(130)}`)).toBeVisible();

  // Three right, one wrong, the rest skipped.
  for (const [qid, key] of keys.slice(0, 3)) await page.locator(`input[name="q${qid}"][value="${key}"]`).check();
  const [wrongQid, wrongKey] = keys[3];
  const wrong = await page.locator(`input[name="q${wrongQid}"]:not([value="${wrongKey}"])`).first();
  await wrong.check();
  // Submit asks before it locks the page.
  await page.getByText("Submit", { exact: true }).click();
  await expect(page.getByText("জমা দিলে এই পৃষ্ঠার উত্তর আর বদলানো যাবে না।", { exact: false })).toBeVisible();
  if (isJsOn()) await expect(page.getByText(`উত্তর দেওয়া হয়নি: ${bn(21)}টি প্রশ্ন।`, { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "হ্যাঁ, জমা দিন" }).click();
  await expect(page.getByText(`আপনি পেয়েছেন ${bn(3)} / ${bn(25)}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toBeDisabled();
  const chosen = page.locator(`input[type="radio"][name="q${keys[0][0]}"][value="${keys[0][1]}"]`);
  await expect(chosen).toBeChecked();
  await expect(chosen).toBeDisabled(); // choices freeze after submit

  await page.getByRole("button", { name: "View Result" }).click();
  await expect(page.locator(".is-correct").first()).toBeVisible();
  await expect(page.locator(".is-wrong")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "View Result" })).toBeDisabled();
});

test("page size 100 pages the long exam and the URL reopens the same page", async ({ page }) => {
  await page.goto("/exampage/1");
  await page.getByLabel("প্রতি পৃষ্ঠায় প্রশ্ন").selectOption("100");
  // With JavaScript a change applies at once (the button is for JS off).
  if (isJsOn()) await expect(page.getByRole("button", { name: "প্রয়োগ করুন" })).toBeHidden();
  else await page.getByRole("button", { name: "প্রয়োগ করুন" }).click();
  await expect(page).toHaveURL(/pageSize=100/);
  // Each parameter once in the URL (the form sends includeCorrect twice: a hidden 0 and the box's 1).
  expect(new URL(page.url()).search).toBe("?page=1&pageSize=100&includeCorrect=1");
  await page.getByLabel("Show answers").uncheck();
  if (!isJsOn()) await page.getByRole("button", { name: "প্রয়োগ করুন" }).click();
  await expect(page).toHaveURL(/includeCorrect=0$/);
  expect(new URL(page.url()).search).toBe("?pageSize=100&includeCorrect=0");
  await expect(page.locator(".question-card")).toHaveCount(100);
  await page.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator(".question-card")).toHaveCount(30);
  const url = page.url();
  await page.goto(url);
  await expect(page.getByText(`Page ${bn(2)} of ${bn(2)} — total questions: ${bn(130)}`)).toBeVisible();
});

test("old exampage.php links and bad ids", async ({ page }) => {
  await page.goto("/exampage.php?grtid=1");
  await expect(page).toHaveURL(/\/exampage\/1$/);
  expect((await page.goto("/exampage/987654"))!.status()).toBe(404);
  const bad = await page.goto("/exampage/abc");
  expect(bad!.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "Missing grtid" })).toBeVisible();
});

test("bad and missing ids answer with the site's page, the spec's message and the right status", async ({ page }) => {
  const cases: [string, number, string][] = [
    ["/exampage", 400, "Missing grtid"],
    ["/exampage.php", 400, "Missing grtid"],
    ["/exampage.php?grtid=abc", 400, "Missing grtid"],
    ["/category?catid=abc", 400, "Invalid category id in route."],
    ["/exampage/987654", 404, "Failed to load exam."],
  ];
  for (const [path, status, message] of cases) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(status);
    expect(res!.headers()["content-type"], path).toContain("text/html");
    await expect(page.getByRole("heading", { level: 1, name: message })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "প্রধান মেনু" })).toBeVisible(); // the whole site page
  }
});

test("MCQ practice and board papers open from home", async ({ page }) => {
  await page.goto("/home");
  await page.locator("#grcontentmcq .card a").first().click();
  await expect(page).toHaveURL(/\/mq\/\d+/);
  await expect(page.locator(".question-card").first()).toBeVisible();
  await page.goto("/home");
  await page.locator("#board-papers .card a").first().click();
  await expect(page).toHaveURL(/\/board-question\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("MCQ practice: a question is checked on its own, its answer and explanation come back at the question", async ({ page }) => {
  await page.goto("/mq/1");
  const first = page.locator(".question-card").first();
  const id = (await first.getAttribute("id"))!;
  const qid = Number(id.slice(2));
  const { explained } = await queryOne<{ explained: number }>(`SELECT explanation_html IS NOT NULL AS explained FROM questions WHERE id = ${qid}`);
  if (isJsOn()) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await first.locator('input[type="radio"]').nth(1).check();
  await first.getByRole("button", { name: /উত্তর মিলিয়ে দেখুন/ }).click();
  const card = page.locator(`#${id}`);
  await expect(card.locator(".q-option.is-correct")).toHaveCount(1);
  await expect(card.locator('input[type="radio"]').nth(1)).toBeChecked(); // the choice is kept ...
  await expect(card.locator('input[type="radio"]').nth(1)).toBeDisabled(); // ... and locked
  if (explained) await expect(card.getByText("ব্যাখ্যা", { exact: true })).toBeVisible();
  if (isJsOn()) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true); // in place
  else expect(new URL(page.url()).hash).toBe(`#${id}`); // back at the question's anchor
  // The other questions stay open, without their keys.
  const second = page.locator(".question-card").nth(1);
  await expect(second.locator(".q-option.is-correct")).toHaveCount(0);
  await expect(second.locator('input[type="radio"]').first()).toBeEnabled();
  await second.locator('input[type="radio"]').first().check();
  await second.getByRole("button", { name: /উত্তর মিলিয়ে দেখুন/ }).click();
  await expect(page.locator(".question-card").nth(1).locator(".q-option.is-correct")).toHaveCount(1);
  await expect(page.locator(`#${id} .q-option.is-correct`)).toHaveCount(1); // the first stays checked
});
