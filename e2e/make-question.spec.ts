// The make-question tool as a teacher uses it (every step a plain form, so the same run passes with
// JavaScript off), the saved paper's sets and keys checked question by question against the database,
// and the printed PDF read back page by page (pdftotext, from poppler-utils).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import mysql from "mysql2/promise";
import { BASE, expect, queryOne, test } from "./fixtures";

const dbUrl = process.env.E2E_DATABASE_URL!; // set by playwright.config.ts

async function queryAll<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const conn = await mysql.createConnection({ uri: dbUrl, charset: "utf8mb4" });
  try {
    const [rows] = await conn.query(sql, params);
    return rows as T[];
  } finally {
    await conn.end();
  }
}

type Subject = { slug: string; sid: number; gid: number; sname: string; gname: string };
/** Higher math for SSC: the seeded subject whose first chapters have Dhaka board MCQs and creative questions. */
const subjectOf = () =>
  queryOne<Subject>(
    `SELECT s.slug, s.id AS sid, g.id AS gid, s.name AS sname, g.name AS gname
       FROM subjects s JOIN subject_grades sg ON sg.subject_id = s.id JOIN grades g ON g.id = sg.grade_id
      WHERE s.slug = 'higher-math' ORDER BY g.sort, g.id LIMIT 1`,
  );
const chaptersOf = (s: Subject) =>
  queryAll<{ id: number; name: string }>(
    "SELECT id, name FROM categories WHERE subject_id = ? AND (grade_id = ? OR grade_id IS NULL) ORDER BY sort, id LIMIT 2",
    [s.sid, s.gid],
  );

type PrintedSet = { code: string; mcq: { id: number; options: { key: string; html: string }[] }[]; creative: number[] };

/** What the saved paper shows: per set, the questions in order with their printed options, and the keys. */
async function readPaper(page: Page) {
  const sets: PrintedSet[] = [];
  for (const code of ["ক", "খ", "গ", "ঘ"]) {
    const region = page.getByRole("region", { name: `সেট ${code}`, exact: true });
    if (!(await region.count())) break;
    sets.push({
      code,
      ...(await region.evaluate((el) => ({
        mcq: [...el.querySelectorAll<HTMLElement>(".mp-q")].map((q) => ({
          id: Number(q.dataset.qid),
          options: [...q.querySelectorAll(".mp-options > li")].map((li) => ({
            key: li.querySelector(".mp-opt-key")!.textContent!.replace(/[()]/g, ""),
            html: li.querySelector(".mp-opt-key + span")!.innerHTML,
          })),
        })),
        creative: [...el.querySelectorAll<HTMLElement>(".mp-cq")].map((q) => Number(q.dataset.qid)),
      }))),
    });
  }
  const keys: Record<string, string[]> = {};
  for (const s of sets) {
    const key = page.getByRole("region", { name: `উত্তরমালা — সেট ${s.code}` });
    keys[s.code] = (await key.getByRole("listitem").allTextContents()).map((t) => t.replace(/^[০-৯]+\.\s*/, "").trim());
  }
  return { sets, keys };
}

/** The correct option of each question as stored, serialised the way the browser serialises the printed option. */
async function correctOptions(page: Page, ids: number[]) {
  const rows = await queryAll<{ question_id: number; body_html: string }>(
    "SELECT question_id, body_html FROM question_options WHERE is_correct = 1 AND question_id IN (?)",
    [ids],
  );
  const out = new Map<number, string>();
  for (const r of rows) {
    out.set(r.question_id, await page.evaluate((html) => Object.assign(document.createElement("template"), { innerHTML: html }).innerHTML, r.body_html));
  }
  return out;
}

const articleOf = (html: string) => html.slice(html.indexOf('<article class="mp-document"'), html.indexOf("</article>") + "</article>".length);

test.describe("make-question tool", () => {
  test("two chapters, one board, 10 MCQs and 2 creative questions, two sets: each set's key matches its own option order", async ({ page, browser }) => {
    const subject = await subjectOf();
    const [first, second] = await chaptersOf(subject);

    await page.goto("/questionpaper");
    await page.getByRole("link", { name: `${subject.sname} (${subject.gname})` }).click();
    await expect(page.getByRole("heading", { name: "ধাপ ১: অধ্যায় বাছাই করুন" })).toBeVisible();
    await page.getByRole("checkbox", { name: new RegExp(first.name) }).check();
    await page.getByRole("checkbox", { name: new RegExp(second.name) }).check();
    await page.getByRole("button", { name: "পরবর্তী ধাপ: প্রশ্ন বাছাই →" }).click();

    await expect(page.getByRole("heading", { name: /ধাপ ২: প্রশ্ন বাছাই/ })).toBeVisible();
    await expect(page.getByText(`অধ্যায়: ${first.name}, ${second.name}`)).toBeVisible();
    await page.getByRole("combobox", { name: "বোর্ড" }).selectOption("dhaka");
    await page.getByRole("button", { name: "ছাঁকুন", exact: true }).click();
    await expect(page).toHaveURL(/[?&]board=dhaka(&|$)/);

    const mcqs = page.getByRole("region", { name: /^বহুনির্বাচনি প্রশ্ন/ }).getByRole("checkbox");
    const creatives = page.getByRole("region", { name: /^সৃজনশীল প্রশ্ন/ }).getByRole("checkbox");
    expect(await mcqs.count()).toBeGreaterThanOrEqual(10);
    expect(await creatives.count()).toBeGreaterThanOrEqual(2);
    // Every listed question is of the Dhaka board (or of all boards).
    const listed = await page.locator(".mq-item-meta").allTextContents();
    expect(listed.every((t) => /ঢা\. বো\.|সকল বোর্ড/.test(t))).toBe(true);
    for (let i = 0; i < 10; i++) await mcqs.nth(i).check();
    for (let i = 0; i < 2; i++) await creatives.nth(i).check();
    await page.getByRole("button", { name: "পরবর্তী ধাপ: সেটিংস →" }).click();

    await expect(page.getByRole("heading", { name: "ধাপ ৩: প্রশ্নপত্রের সেটিংস" })).toBeVisible();
    await expect(page.getByText(/^১০টি বহুনির্বাচনি ও ২টি সৃজনশীল প্রশ্ন/)).toBeVisible();
    const settingsUrl = page.url();
    await page.getByLabel("প্রতিষ্ঠানের নাম").fill("আদর্শ উচ্চ বিদ্যালয়, ঢাকা");
    await page.getByLabel("পরীক্ষার নাম").fill("প্রথম সাময়িক পরীক্ষা ২০২৫");
    await page.getByLabel("তারিখ").fill("2025-03-15");
    await page.getByLabel("সময় (মিনিট)").fill("60");
    await page.getByRole("radio", { name: "২টি (ক, খ)" }).check();
    await page.getByRole("button", { name: "প্রশ্নপত্র তৈরি করুন →" }).click();

    await expect(page).toHaveURL(/\/questionpaper\/p\/[0-9a-z]{10}$/);
    const paperUrl = page.url();
    await expect(page.getByText("আদর্শ উচ্চ বিদ্যালয়, ঢাকা").first()).toBeVisible();
    await expect(page.getByText("তারিখ: ১৫/০৩/২০২৫").first()).toBeVisible();
    await expect(page.getByText("সময়: ১ ঘণ্টা").first()).toBeVisible();

    const { sets, keys } = await readPaper(page);
    expect(sets.map((s) => s.code)).toEqual(["ক", "খ"]);
    const order = (s: PrintedSet) => [...s.mcq.map((q) => q.id), ...s.creative];
    // The same questions in both sets, in different orders.
    expect(sets.map((s) => [s.mcq.length, s.creative.length])).toEqual([[10, 2], [10, 2]]);
    expect([...order(sets[1])].sort()).toEqual([...order(sets[0])].sort());
    expect(order(sets[1])).not.toEqual(order(sets[0]));
    // Question by question: the option printed under the key's letter is the question's correct option.
    const correct = await correctOptions(page, sets[0].mcq.map((q) => q.id));
    expect(correct.size).toBe(10);
    for (const s of sets) {
      expect(keys[s.code], `key of set ${s.code}`).toHaveLength(10);
      s.mcq.forEach((q, n) => {
        expect(q.options.map((o) => o.key)).toEqual(["ক", "খ", "গ", "ঘ"]);
        const printed = q.options.find((o) => o.key === keys[s.code][n]);
        expect(printed?.html, `set ${s.code}, question ${n + 1}: key ${keys[s.code][n]}`).toBe(correct.get(q.id));
      });
    }
    // Set খ shuffled the options too, and its key is not set ক's key in another order.
    const optionsOf = (s: PrintedSet) => new Map(s.mcq.map((q) => [q.id, q.options.map((o) => o.html).join("|")]));
    expect([...optionsOf(sets[1])].some(([id, o]) => optionsOf(sets[0]).get(id) !== o)).toBe(true);

    // The same paper at the same address, byte for byte, in another browser.
    const raw = articleOf(await (await page.request.get(paperUrl)).text());
    const other = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE });
    try {
      const again = await other.newPage();
      const res = await again.goto(paperUrl);
      expect(articleOf(await res!.text())).toBe(raw);
      // The settings step's URL still lists the same questions.
      await again.goto(settingsUrl);
      const chosen = await again.getByRole("region", { name: "বাছাই করা প্রশ্ন" }).locator("li.mq-item").evaluateAll((els) => els.map((e) => Number(e.id.replace("q-", ""))));
      expect([...chosen].sort()).toEqual([...order(sets[0])].sort());
    } finally {
      await other.close();
    }

    // Back goes to the settings, the bank keeps the ticks in its URL.
    await page.goBack();
    await expect(page.getByRole("heading", { name: "ধাপ ৩: প্রশ্নপত্রের সেটিংস" })).toBeVisible();
    await page.getByRole("link", { name: "বাছাই বদলান" }).click();
    await expect(page.getByRole("heading", { name: /ধাপ ২: প্রশ্ন বাছাই/ })).toBeVisible();
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(12);
  });

  test("a random pick per chapter is the same for the same URL, and another for another number", async ({ page }) => {
    const subject = await subjectOf();
    const chapters = await chaptersOf(subject);
    const url = `/make-question/${subject.slug}/${subject.sid}/${subject.gid}/questions?${chapters.map((c) => `ch=${c.id}`).join("&")}&random=1&nm=4&nc=1&seed=11`;
    const ticked = async (u: string) => {
      await page.goto(u);
      // Ticked boxes on this page of the list, and the picks on other pages (kept as hidden fields).
      return page.locator('input[name="q"]:is(:checked, [type="hidden"])').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).sort());
    };
    const first = await ticked(url);
    expect(first).toHaveLength(2 * 4 + 2);
    expect(await ticked(url)).toEqual(first);
    await expect(page.getByText("এলোমেলোভাবে ১০টি প্রশ্ন বাছাই করা হয়েছে।")).toBeVisible();
    const others = [await ticked(url.replace("seed=11", "seed=12")), await ticked(url.replace("seed=11", "seed=13"))];
    expect(others.some((o) => o.join() !== first.join())).toBe(true);
  });

  test("bad input gets a clear answer, never a server error", async ({ page }) => {
    const subject = await subjectOf();
    const base = `/make-question/${subject.slug}/${subject.sid}/${subject.gid}`;
    const other = await queryOne<{ id: number }>(`SELECT MIN(q.id) AS id FROM questions q JOIN subjects s ON s.id = q.subject_id WHERE s.slug <> '${subject.slug}'`);

    // Unknown chapters and filters are ignored; negative counts fall back.
    let res = await page.goto(`${base}/questions?ch=999999&ch=-3&board=mars&year=abcd&difficulty=x&random=1&nm=-5&nc=-1&page=-2`);
    expect(res!.status()).toBe(200);
    await expect(page.getByText("অধ্যায়: পুরো সিলেবাস")).toBeVisible();
    // Ids of another subject and unknown ids are left out, and the page says so.
    res = await page.goto(`${base}/settings?q=${other.id}&q=99999999&q=abc`);
    expect(res!.status()).toBe(200);
    await expect(page.getByText("২টি প্রশ্ন এই বিষয় ও শ্রেণির নয় বা আর নেই, তাই বাদ দেওয়া হয়েছে।")).toBeVisible();
    await expect(page.getByText("কোনো প্রশ্ন বাছাই করা হয়নি।")).toBeVisible();
    // A thousand ids in a link: read, checked, answered.
    const many = Array.from({ length: 1000 }, (_, i) => `q=${i + 1}`).join("&");
    res = await page.goto(`${base}/settings?${many}`);
    expect(res!.status()).toBe(200);
    // Ids posted to the settings form (one of them a question of the subject) with a bad set count.
    const { id } = await queryOne<{ id: number }>(
      `SELECT MIN(q.id) AS id FROM questions q JOIN categories c ON c.id = q.chapter_id WHERE c.subject_id = ${subject.sid} AND c.grade_id = ${subject.gid} AND q.type = 'mcq'`,
    );
    const postIds = (n: number) =>
      page.request.post(`${base}/settings`, {
        data: new URLSearchParams([["sets", "9"], ["q", String(id)], ...Array.from({ length: n }, (_, i): [string, string] => ["q", String(i + 100_000)])]).toString(),
        headers: { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
        maxRedirects: 0,
      });
    // Ten thousand ids are past every form's 64 KB cap (issue 18): "too large", before anything is read.
    expect((await postIds(10_000)).status()).toBe(413);
    // A thousand ids with a bad set count: a 400 with the reason.
    const posted = await postIds(1_000);
    expect(posted.status()).toBe(400);
    expect((await posted.text()).includes("সেট ১ থেকে ৪টি হতে পারে"), "the set count's message").toBe(true);
    // Settings that do not parse: the form comes back with a message per field.
    await page.goto(`${base}/settings?q=${id}`);
    await page.getByLabel("পূর্ণমান").fill("0");
    await page.getByLabel("সময় (মিনিট)").fill("5000");
    await page.getByRole("button", { name: "প্রশ্নপত্র তৈরি করুন →" }).click();
    await expect(page.getByRole("alert")).toContainText("প্রশ্নপত্র তৈরি হয়নি");
    await expect(page.getByRole("alert")).toContainText("পূর্ণমান ১ থেকে ১০০০ এর মধ্যে একটি পূর্ণসংখ্যা হতে হবে।");
    // Each message also sits by its field, which names it as its description.
    await expect(page.getByLabel("পূর্ণমান")).toHaveAccessibleDescription(/পূর্ণমান ১ থেকে ১০০০ এর মধ্যে একটি পূর্ণসংখ্যা হতে হবে।/);
    await expect(page.getByLabel("সময় (মিনিট)")).toHaveAccessibleDescription("সময় ১ থেকে ৬০০ মিনিটের মধ্যে একটি পূর্ণসংখ্যা হতে হবে।");
    await expect(page.getByLabel("পূর্ণমান")).toHaveValue("0");
    // Papers that do not exist, and subjects that do not.
    for (const code of ["zzzzzzzzzz", "nope", "%27%20or%201%3D1"]) {
      res = await page.goto(`/questionpaper/p/${code}`);
      expect(res!.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
    }
    res = await page.goto("/make-question/nothing/99999/1/questions?ch=1");
    expect(res!.status()).toBe(404);
  });

  test("the printed 40-question, two-set paper: pages, every number once per set, no question split, each key on a new page", async ({ page }, testInfo) => {
    const subject = await subjectOf();
    const chapters = await chaptersOf(subject);
    await page.goto(`/make-question/${subject.slug}/${subject.sid}/${subject.gid}/questions?${chapters.map((c) => `ch=${c.id}`).join("&")}&random=1&nm=19&nc=1&seed=4`);
    await expect(page.getByText("এলোমেলোভাবে ৪০টি প্রশ্ন বাছাই করা হয়েছে।")).toBeVisible();
    await page.getByRole("button", { name: "পরবর্তী ধাপ: সেটিংস →" }).click();
    await page.getByLabel("প্রতিষ্ঠানের নাম").fill("আদর্শ উচ্চ বিদ্যালয়, ঢাকা");
    await page.getByLabel("পরীক্ষার নাম").fill("অর্ধবার্ষিক পরীক্ষা ২০২৫");
    await page.getByRole("radio", { name: "২টি (ক, খ)" }).check();
    await page.getByRole("button", { name: "প্রশ্নপত্র তৈরি করুন →" }).click();
    await expect(page).toHaveURL(/\/questionpaper\/p\//);
    await page.waitForLoadState("load");
    await page.evaluate(() => document.fonts.ready.then(() => true));
    const pdf = await page.pdf({ format: "A4", printBackground: true });
    const file = testInfo.outputPath("paper.pdf");
    writeFileSync(file, pdf);

    const pageCount = (pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
    const texts = Array.from({ length: pageCount }, (_, i) =>
      execFileSync("pdftotext", ["-layout", "-f", String(i + 1), "-l", String(i + 1), file, "-"], { encoding: "utf8" }),
    );
    const bn = (n: number) => String(n).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]);
    const numbersIn = (text: string) => [...text.matchAll(/(?:^|\s)([০-৯]+)\.(?=\s)/gm)].map((m) => m[1]);

    // Pages in order: set ক's, its key, set খ's, its key, the OMR sheet.
    const kinds = texts.map((t) => (/^\s*উত্তরমালা — সেট (.)/.exec(t)?.[1] ? `key ${/উত্তরমালা — সেট (.)/.exec(t)![1]}` : t.includes("রোল নম্বর") && t.includes("সেট কোড") ? "omr" : "paper"));
    const firstKey = kinds.indexOf("key ক");
    const secondKey = kinds.indexOf("key খ");
    expect(firstKey).toBeGreaterThan(0);
    expect(secondKey).toBeGreaterThan(firstKey + 1);
    expect(kinds.slice(0, firstKey).every((k) => k === "paper")).toBe(true);
    expect(kinds.slice(firstKey + 1, secondKey).every((k) => k === "paper")).toBe(true);
    expect(kinds.slice(secondKey + 1)).toEqual(["omr"]);
    expect(texts[0]).toMatch(/সেট ক/);
    expect(texts[firstKey + 1]).toMatch(/সেট খ/);
    // Two sets of 38 MCQs (two columns) and 2 creative questions fill two or three pages each; one key page each; one OMR page.
    expect(pageCount).toBe(kinds.length);
    expect(firstKey).toBeGreaterThanOrEqual(2);
    expect(firstKey).toBeLessThanOrEqual(4);
    expect(pageCount).toBe(2 * (firstKey + 1) + 1);

    const expectNumbers = (found: string[], count: number, what: string) =>
      expect([...found].sort(), what).toEqual(Array.from({ length: count }, (_, i) => bn(i + 1)).sort());
    for (const [from, to, code] of [[0, firstKey, "ক"], [firstKey + 1, secondKey, "খ"]] as const) {
      const pages = texts.slice(from, to);
      const all = pages.join("\n");
      const [mcqPart, creativePart] = all.split(/সৃজনশীল প্রশ্ন\s+২০/);
      expect(creativePart, `set ${code} has a creative section`).toBeDefined();
      expectNumbers(numbersIn(mcqPart.slice(mcqPart.indexOf("বহুনির্বাচনি প্রশ্ন"))), 38, `MCQ numbers of set ${code}`);
      expectNumbers(numbersIn(creativePart), 2, `creative numbers of set ${code}`);
      // No question split across pages: on every page, as many MCQs begin as have their first and last option there.
      for (const t of pages) {
        const mcqText = t.split(/সৃজনশীল প্রশ্ন/)[0];
        const begun = numbersIn(mcqText.slice(Math.max(0, mcqText.indexOf("বহুনির্বাচনি প্রশ্ন")))).length;
        expect((mcqText.match(/\(ক\)/g) ?? []).length, `set ${code}: (ক) options on a page`).toBe(begun);
        expect((mcqText.match(/\(ঘ\)/g) ?? []).length, `set ${code}: (ঘ) options on a page`).toBe(begun);
        const creativeText = t.includes("সৃজনশীল প্রশ্ন") ? t.slice(t.indexOf("সৃজনশীল প্রশ্ন")) : "";
        expect((creativeText.match(/(?:^|\s)ক\.\s/gm) ?? []).length).toBe((creativeText.match(/(?:^|\s)গ\.\s/gm) ?? []).length);
      }
      // The key page: every number once, a letter beside each.
      const key = texts[to];
      expectNumbers(numbersIn(key), 38, `key numbers of set ${code}`);
      expect(key.match(/[০-৯]+\.\s+[কখগঘ](?=\s|$)/gm)).toHaveLength(38);
    }
    // The OMR sheet: one bubble row per MCQ.
    expectNumbers([...texts.at(-1)!.matchAll(/([০-৯]+)\s+ক\s+খ\s+গ\s+ঘ/g)].map((m) => m[1]), 38, "OMR rows");
  });
});
