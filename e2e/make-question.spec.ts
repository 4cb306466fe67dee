// The make-question tool as a teacher uses it (every step a plain form, so the same run passes with
// JavaScript off), the saved paper's sets and keys checked question by question against the database,
// and the printed PDF read back page by page (pdftotext, from poppler-utils).
import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
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
/**
 * A seeded subject for SSC; by default higher math, whose first chapters have Dhaka board MCQs and
 * creative questions (of three parts, ক–গ, as in SSC math; physics has four, ক–ঘ).
 */
const subjectOf = (slug: "higher-math" | "physics" = "higher-math") =>
  queryOne<Subject>(
    `SELECT s.slug, s.id AS sid, g.id AS gid, s.name AS sname, g.name AS gname
       FROM subjects s JOIN subject_grades sg ON sg.subject_id = s.id JOIN grades g ON g.id = sg.grade_id
      WHERE s.slug = '${slug}' ORDER BY g.sort, g.id LIMIT 1`,
  );
const chaptersOf = (s: Subject) =>
  queryAll<{ id: number; name: string }>(
    "SELECT id, name FROM categories WHERE subject_id = ? AND (grade_id = ? OR grade_id IS NULL) ORDER BY sort, id LIMIT 2",
    [s.sid, s.gid],
  );

type PrintedSet = { code: string; mcq: { id: number; options: { key: string; html: string }[] }[]; creative: number[] };

/**
 * What the saved paper shows: per set, the questions in order with their printed options; and the
 * keys, from the teacher's private page (`keysPage`; the public paper has none).
 */
async function readPaper(page: Page, keysPage: Page) {
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
    const key = keysPage.getByRole("region", { name: `উত্তরমালা — সেট ${s.code}` });
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
const bn = (n: number) => String(n).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]);

/**
 * The page as Chromium prints it to A4, once the fonts the print styles use are in: the paper's bold
 * headings and numbers use a weight the screen view may not have loaded yet, and a PDF made before it
 * arrives draws them in a system font (empty boxes on a machine without a Bengali one).
 */
async function printToPdf(page: Page) {
  await page.emulateMedia({ media: "print" });
  await page.evaluate(async () => {
    document.body.getBoundingClientRect();
    await document.fonts.ready;
  });
  return page.pdf({ format: "A4", printBackground: true });
}

/** From the teacher's private page, where a save lands, to the public paper it links. */
async function toPublicPaper(page: Page) {
  await expect(page).toHaveURL(/\/questionpaper\/t\/[0-9a-z]{32}\?saved=1$/);
  await page.getByRole("link", { name: /^\/questionpaper\/p\// }).click();
  await expect(page).toHaveURL(/\/questionpaper\/p\/[0-9a-z]{10}$/);
}

/** The 40-question, two-set paper of the print tests (38 MCQs, 2 creative questions), made step by step; its address. */
async function makePrintedPaper(page: Page) {
  const subject = await subjectOf();
  const chapters = await chaptersOf(subject);
  await page.goto(`/make-question/${subject.slug}/${subject.sid}/${subject.gid}/questions?${chapters.map((c) => `ch=${c.id}`).join("&")}&random=1&nm=19&nc=1&seed=4`);
  await expect(page.getByText("এলোমেলোভাবে ৪০টি প্রশ্ন বাছাই করা হয়েছে।")).toBeVisible();
  await page.getByRole("button", { name: "পরবর্তী ধাপ: সেটিংস →" }).click();
  await page.getByLabel("প্রতিষ্ঠানের নাম").fill("আদর্শ উচ্চ বিদ্যালয়, ঢাকা");
  await page.getByLabel("পরীক্ষার নাম").fill("অর্ধবার্ষিক পরীক্ষা ২০২৫");
  await page.getByRole("radio", { name: "২টি (ক, খ)" }).check();
  await page.getByRole("button", { name: "প্রশ্নপত্র তৈরি করুন →" }).click();
  await toPublicPaper(page);
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => true));
  return page.url();
}

/**
 * Text as compared with pdftotext's: without white space (pdftotext puts spaces inside Bengali words
 * and between a formula's glyphs), zero-width spaces (KaTeX's) and joiners (Bengali's), or private-use
 * characters (the slash of KaTeX's ≠).
 */
const squash = (text: string) => text.replace(/[\s\u200b-\u200d\ue000-\uf8ff]/g, "");

type Readable = { texts: string[]; maths: string[] };
type PrintedCreative = { id: number; n: string; source: string; stem: Readable; parts: { label: string; marks: string; text: Readable }[] };

/**
 * A printed set's creative questions, and what of the set pdftotext can be expected to give back:
 * the runs of Bengali text between formulas, and the pieces of formulas that stay on one line (KaTeX
 * never breaks a `.base`; superscripts, fractions and roots sit above or below it, and pdftotext may
 * put them on lines of their own).
 */
function readSet(set: Locator): Promise<{ creatives: PrintedCreative[]; formulas: string[] }> {
  return set.evaluate((el) => {
    const runs = (root: Element, breaks: string) => {
      const out = [""];
      const walk = (node: Node) => {
        if (node instanceof Element && node.matches(breaks)) out.push("");
        else if (node.nodeType === Node.TEXT_NODE) out[out.length - 1] += node.textContent;
        else node.childNodes.forEach(walk);
      };
      walk(root);
      return out;
    };
    const formulas = (root: Element) => [...root.querySelectorAll(".katex-html > .base")].flatMap((b) => runs(b, ".msupsub, .mfrac, .sqrt"));
    const readable = (root: Element) => ({ texts: runs(root, ".katex, .mp-source").filter((t) => /[\u0985-\u09b9]/.test(t)), maths: formulas(root) });
    return {
      creatives: [...el.querySelectorAll<HTMLElement>(".mp-cq")].map((q) => ({
        id: Number(q.dataset.qid),
        n: q.querySelector(".mp-no")!.textContent!.replace(".", ""),
        source: q.querySelector(".mp-source")?.textContent ?? "",
        stem: readable(q.querySelector(".mp-stem")!),
        parts: [...q.querySelectorAll(".mp-parts > li")].map((li) => ({
          label: li.querySelector(".mp-part-label")!.textContent!.replace(".", ""),
          marks: li.querySelector(".mp-part-marks")!.textContent!,
          text: readable(li.querySelector(".mp-part-text")!),
        })),
      })),
      formulas: formulas(el),
    };
  });
}

/** Creative question `n` in pdftotext's layout of a page's creative section: from its number to the next number. */
function creativeBlock(section: string, n: string): string | null {
  const lines = section.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^\\s*${n}\\.\\s`).test(l));
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && /^\s*[০-৯]+\.\s/.test(l));
  return lines.slice(start, end < 0 ? undefined : end).join("\n");
}

/** The printed creative questions' parts and marks are the stored ones. */
async function expectStoredParts(creatives: PrintedCreative[]) {
  const stored = await queryAll<{ question_id: number; label: string; marks: string }>(
    "SELECT question_id, label, marks FROM question_parts WHERE question_id IN (?) ORDER BY sort, id",
    [creatives.map((q) => q.id)],
  );
  for (const q of creatives) {
    const parts = stored.filter((r) => r.question_id === q.id).map((r) => ({ label: r.label, marks: bn(Number(r.marks)) }));
    expect(parts.length, `parts of creative question ${q.id}`).toBeGreaterThanOrEqual(3);
    expect(q.parts.map((p) => ({ label: p.label, marks: p.marks })), `parts of creative question ${q.id}`).toEqual(parts);
  }
}

/**
 * Each creative question whole on one page of the PDF (pdftotext's layout of a set's pages, from the
 * creative section's heading on): its number, its stem, then its parts in order, each with its marks.
 */
function expectCreativesWhole(pages: string[], creatives: PrintedCreative[], set: string) {
  const heading = pages.findIndex((t) => t.includes("সৃজনশীল প্রশ্ন"));
  const sections = pages.map((t, i) => (i < heading ? "" : i === heading ? t.slice(t.indexOf("সৃজনশীল প্রশ্ন")) : t));
  expect(creatives.length, `creative questions of ${set}`).toBeGreaterThan(0);
  for (const q of creatives) {
    const what = `${set}, creative question ${q.n}`;
    const blocks = sections.map((t) => creativeBlock(t, q.n)).filter((b): b is string => b !== null);
    expect(blocks, `${what}: on one page`).toHaveLength(1);
    // The board-year label floats at the right of the stem's first line, inside the stem's text in pdftotext's layout.
    const block = squash(blocks[0]).replace(squash(q.source), "");
    const labels = q.parts.map((p) => block.indexOf(`${p.label}.`));
    expect(labels.every((at) => at >= 0), `${what}: every part label`).toBe(true);
    expect(labels, `${what}: parts in order`).toEqual([...labels].sort((a, b) => a - b));
    const stem = [...q.stem.texts, ...q.stem.maths].map(squash).filter((piece) => piece.length > 1);
    expect(stem.length, `${what}: a stem to look for`).toBeGreaterThan(0);
    for (const piece of stem) {
      expect(block, `${what}: its stem`).toContain(piece);
      expect(block.indexOf(piece), `${what}: its stem above its parts`).toBeLessThan(labels[0]);
    }
    for (const p of q.parts) {
      for (const piece of [...p.text.texts, ...p.text.maths].map(squash).filter((x) => x.length > 1)) expect(block, `${what}, part ${p.label}`).toContain(piece);
    }
    // The marks end the parts' lines (a fraction may push its label and marks a line down in pdftotext's layout).
    const marks = [...blocks[0].matchAll(/(?:^|\s)([০-৯]+(?:\.[০-৯]+)?)[ \t]*$/gm)].map((m) => m[1]);
    expect(marks, `${what}: the parts' marks`).toEqual(q.parts.map((p) => p.marks));
  }
}

/** A page's text without its mark line ("প্রশ্নপত্র {code} · সেট ক · পৃষ্ঠা ১"). */
const withoutMark = (text: string) => text.replace(/^.*প্রশ্নপত্র\s+[0-9a-z]{10}\s+·\s+সেট.*$/m, "");

/** The words pdftotext finds on each page of a PDF, with their boxes in pt from the page's top. */
function wordsOnPages(file: string) {
  const xml = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
  return xml
    .split("<page ")
    .slice(1)
    .map((p) => ({
      height: Number(/height="([\d.]+)"/.exec(p)![1]),
      words: [...p.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        top: Number(m[1]),
        bottom: Number(m[2]),
        text: m[3],
      })),
    }));
}

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

    // A save lands on the teacher's private page, with the keys; the public paper has none.
    await expect(page).toHaveURL(/\/questionpaper\/t\/[0-9a-z]{32}\?saved=1$/);
    await expect(page.getByText("এই পাতার লিংকটি রেখে দিন", { exact: false })).toBeVisible();
    const keysPage = await page.context().newPage();
    await keysPage.goto(page.url());
    await toPublicPaper(page);
    const paperUrl = page.url();
    await expect(page.getByRole("region", { name: /^উত্তরমালা/ })).toHaveCount(0);
    expect((await page.request.get(`${paperUrl}?only=keys`)).status()).toBe(404);
    await expect(page.getByText("আদর্শ উচ্চ বিদ্যালয়, ঢাকা").first()).toBeVisible();
    await expect(page.getByText("তারিখ: ১৫/০৩/২০২৫").first()).toBeVisible();
    await expect(page.getByText("সময়: ১ ঘণ্টা").first()).toBeVisible();

    const { sets, keys } = await readPaper(page, keysPage);
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

    // Back (past the teacher's page) goes to the settings, the bank keeps the ticks in its URL.
    await page.goBack();
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
    // Ten thousand ids are past every form's 64 KB cap (a body is read with a cap while it streams): "too large", before anything is read.
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

  test("the printed 40-question, two-set paper: pages, every number once per set, no question split, stems with their parts and marks, math, no navbar or footer, each page marked with code, set, page and QR, the OMR sheet last", async ({ page }, testInfo) => {
    await makePrintedPaper(page);
    // What the site around the paper shows on screen (the navbar's site name and links, the footer's
    // headings and lines), none of which may print.
    const navbar = page.getByRole("navigation", { name: "প্রধান মেনু" });
    const footer = page.getByRole("contentinfo");
    const siteName = (await page.title()).split(" | ").at(-1)!;
    const chrome = [siteName, "Home", "Question Paper", "Examination", ...(await footer.getByRole("heading").allTextContents()), "All Rights Reserved", "উপরে যান"];
    expect(chrome.length).toBeGreaterThan(8);
    for (const text of chrome.slice(0, 4)) await expect(navbar).toContainText(text);
    for (const text of chrome.slice(4)) await expect(footer).toContainText(text);
    const sets = { ক: page.getByRole("region", { name: "সেট ক", exact: true }), খ: page.getByRole("region", { name: "সেট খ", exact: true }) };
    const read = { ক: await readSet(sets.ক), খ: await readSet(sets.খ) };
    const creatives = { ক: read.ক.creatives, খ: read.খ.creatives };
    const maths = { ক: read.ক.formulas.map(squash).filter((m) => m.length > 1), খ: read.খ.formulas.map(squash).filter((m) => m.length > 1) };

    const pdf = await printToPdf(page);
    const file = testInfo.outputPath("paper.pdf");
    writeFileSync(file, pdf);

    const pageCount = (pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
    const marked = Array.from({ length: pageCount }, (_, i) =>
      execFileSync("pdftotext", ["-layout", "-f", String(i + 1), "-l", String(i + 1), file, "-"], { encoding: "utf8" }),
    );
    // The page's mark line (code, set, page) is read on its own; the rest is the paper.
    const texts = marked.map(withoutMark);
    const numbersIn = (text: string) => [...text.matchAll(/(?:^|\s)([০-৯]+)\.(?=\s)/gm)].map((m) => m[1]);

    // Every page as an image beside the PDF (page-1.png ...), to look at.
    execFileSync("pdftoppm", ["-r", "100", "-png", file, testInfo.outputPath("page")]);
    expect(readdirSync(testInfo.outputDir).filter((f) => /^page-\d+\.png$/.test(f))).toHaveLength(pageCount);
    // Nothing printed at a page's top or bottom edge: a word there is a sliver of a line of the page
    // before or after (Bengali letters reach above their line box). The margins are 12 mm at the top
    // and 22 mm at the bottom, where only the page's mark line prints; 1 mm in. The OMR sheet (last)
    // prints edge to edge, its own margins drawn in.
    const words = wordsOnPages(file);
    expect(words).toHaveLength(pageCount);
    const pt = (mm: number) => (mm / 25.4) * 72;
    const code = page.url().split("/").at(-1)!;
    const atEdges = words.slice(0, -1).flatMap((p, i) =>
      p.words
        .filter((w) => w.bottom < pt(13) || (w.top > p.height - pt(23) && w.top < p.height - pt(4) && !/^(প্রশ্নপত্র|সেট|পৃষ্ঠা|[কখ]|[০-৯]+|·)$/.test(w.text) && w.text !== code))
        .map((w) => `page ${i + 1}: ${w.text}`),
    );
    expect(atEdges).toEqual([]);
    // Every page of a set carries the paper's code, the set and its page number in Bangla.
    marked.slice(0, -1).forEach((t, i) => expect(squash(t), `page ${i + 1}'s mark`).toMatch(new RegExp(`প্রশ্নপত্র${code}·সেট[কখ]·পৃষ্ঠা${bn(i + 1)}`)));

    // No navbar or footer on paper.
    const printed = squash(texts.join("\n"));
    for (const text of chrome) expect(printed, `"${text}" printed`).not.toContain(squash(text));

    // Pages in order: set ক's, set খ's, the OMR sheet; no key (the keys are on the teacher's page).
    const setOf = (t: string) => /সেট\s*([কখ])\s*·\s*পৃষ্ঠা/.exec(t)?.[1];
    const kinds = marked.map((t) => (t.includes("রোল") && !setOf(t) ? "omr" : `set ${setOf(t)}`));
    const firstKey = kinds.indexOf("set খ");
    const secondKey = kinds.indexOf("omr");
    expect(kinds.slice(0, firstKey).every((k) => k === "set ক")).toBe(true);
    expect(kinds.slice(firstKey, secondKey).every((k) => k === "set খ")).toBe(true);
    expect(kinds.slice(secondKey)).toEqual(["omr"]);
    expect(printed).not.toContain("উত্তরমালা");
    // Two sets of 38 MCQs (two columns) and 2 creative questions fill two or three pages each; one OMR page.
    for (const pages of [firstKey, secondKey - firstKey]) {
      expect(pages).toBeGreaterThanOrEqual(2);
      expect(pages).toBeLessThanOrEqual(4);
    }
    expect(pageCount).toBe(secondKey + 1);

    // The creative questions' parts and marks as stored.
    await expectStoredParts([...creatives.ক, ...creatives.খ]);

    const expectNumbers = (found: string[], count: number, what: string) =>
      expect([...found].sort(), what).toEqual(Array.from({ length: count }, (_, i) => bn(i + 1)).sort());
    for (const [from, to, code] of [[0, firstKey, "ক"], [firstKey, secondKey, "খ"]] as const) {
      const pages = texts.slice(from, to);
      const all = pages.join("\n");
      const [mcqPart, creativePart] = all.split(/সৃজনশীল প্রশ্ন\s+২০/);
      expect(creativePart, `set ${code} has a creative section`).toBeDefined();
      expectNumbers(numbersIn(mcqPart.slice(mcqPart.indexOf("বহুনির্বাচনি প্রশ্ন"))), 38, `MCQ numbers of set ${code}`);
      expectNumbers(numbersIn(creativePart), 2, `creative numbers of set ${code}`);
      // No question split across pages: on every page, as many MCQs begin as have their first and last option there.
      // The creative section may run on to a page of its own (a longer set): such a page has no MCQ.
      const creativeFrom = pages.findIndex((t) => t.includes("সৃজনশীল প্রশ্ন"));
      for (const [i, t] of pages.entries()) {
        const mcqText = i > creativeFrom ? "" : t.split(/সৃজনশীল প্রশ্ন/)[0];
        const begun = numbersIn(mcqText.slice(Math.max(0, mcqText.indexOf("বহুনির্বাচনি প্রশ্ন")))).length;
        expect((mcqText.match(/\(ক\)/g) ?? []).length, `set ${code}: (ক) options on a page`).toBe(begun);
        expect((mcqText.match(/\(ঘ\)/g) ?? []).length, `set ${code}: (ঘ) options on a page`).toBe(begun);
        const creativeText = i > creativeFrom ? t : t.includes("সৃজনশীল প্রশ্ন") ? t.slice(t.indexOf("সৃজনশীল প্রশ্ন")) : "";
        expect((creativeText.match(/(?:^|\s)ক\.\s/gm) ?? []).length).toBe((creativeText.match(/(?:^|\s)গ\.\s/gm) ?? []).length);
      }
      expectCreativesWhole(pages, creatives[code], `set ${code}`);
      // Math typeset on the server prints as math: every unbroken piece of every formula of the set.
      const setText = squash(pages.join("\n"));
      expect(maths[code].length, `formulas of set ${code}`).toBeGreaterThanOrEqual(38);
      for (const m of maths[code]) expect(setText, `set ${code}: the formula piece ${m}`).toContain(m);
    }
    // The OMR sheet: one numbered bubble row per MCQ, 4 options each, nothing more.
    const omrNumbers = [...texts.at(-1)!.matchAll(/(?:^|\s)([০-৯]{1,2})\s+ক\s+খ\s+গ\s+ঘ(?!\s+ঙ)/gm)].map((m) => m[1]);
    expectNumbers(omrNumbers, 38, "OMR rows");
  });

  test("a printed paper of creative questions in four parts: each stem on the page of its parts ক–ঘ, each part with its marks", async ({ page }, testInfo) => {
    const subject = await subjectOf("physics");
    await page.goto(`/make-question/${subject.slug}/${subject.sid}/${subject.gid}/questions?type=creative`);
    const boxes = page.getByRole("region", { name: /^সৃজনশীল প্রশ্ন/ }).getByRole("checkbox");
    const count = await boxes.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (const box of await boxes.all()) await box.check();
    await page.getByRole("button", { name: "পরবর্তী ধাপ: সেটিংস →" }).click();
    await page.getByRole("radio", { name: "১টি (ক)" }).check();
    await page.getByRole("button", { name: "প্রশ্নপত্র তৈরি করুন →" }).click();
    await toPublicPaper(page);
    await page.evaluate(() => document.fonts.ready.then(() => true));

    const { creatives } = await readSet(page.getByRole("region", { name: "প্রশ্নপত্র", exact: true }));
    expect(creatives).toHaveLength(count);
    await expectStoredParts(creatives);
    for (const q of creatives) expect(q.parts.map((p) => p.label), `parts of creative question ${q.n}`).toEqual(["ক", "খ", "গ", "ঘ"]);

    const pdf = await printToPdf(page);
    const file = testInfo.outputPath("creative.pdf");
    writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-r", "100", "-png", file, testInfo.outputPath("page")]);
    const pageCount = (pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
    const marked = Array.from({ length: pageCount }, (_, i) =>
      execFileSync("pdftotext", ["-layout", "-f", String(i + 1), "-l", String(i + 1), file, "-"], { encoding: "utf8" }),
    );
    // The page's mark line (code, set, page) is read on its own; the rest is the paper.
    const texts = marked.map(withoutMark);
    expectCreativesWhole(texts, creatives, "the paper");
  });

  test("in print at A4 width: MCQs in two columns, no navbar or footer, math typeset on the server, the OMR sheet true to size with bubbles a pen can fill", async ({ page }) => {
    const paperUrl = await makePrintedPaper(page);

    // Math typeset on the server: the page as served holds KaTeX's output and no TeX but KaTeX's own
    // annotations (MathML's copy of the source), and so does every question written with math.
    const served = articleOf(await (await page.request.get(paperUrl)).text());
    expect(served.match(/class="katex"/g)?.length ?? 0).toBeGreaterThanOrEqual(2 * 38);
    expect(served.replace(/<annotation encoding="application\/x-tex">[^<]*<\/annotation>/g, "")).not.toMatch(/\$|\\[([a-zA-Z]/);
    const setক = page.getByRole("region", { name: "সেট ক", exact: true });
    const printedIds = await setক.locator("[data-qid]").evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.qid)));
    const withMath = await queryAll<{ id: number }>(
      `SELECT q.id FROM questions q WHERE q.id IN (?) AND (q.body LIKE '%$%' OR q.intro LIKE '%$%'
          OR EXISTS (SELECT 1 FROM question_options o WHERE o.question_id = q.id AND o.body LIKE '%$%')
          OR EXISTS (SELECT 1 FROM question_parts p WHERE p.question_id = q.id AND p.body LIKE '%$%'))`,
      [printedIds],
    );
    expect(withMath.length, "questions written with math").toBeGreaterThanOrEqual(20);
    for (const { id } of withMath) expect(await setক.locator(`[data-qid="${id}"] .katex`).count(), `question ${id}'s math`).toBeGreaterThan(0);
    const shown = await setক.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll(".katex-mathml").forEach((m) => m.remove());
      return copy.textContent ?? "";
    });
    expect(shown).not.toMatch(/\$|\\[([a-zA-Z]/);

    // On screen the site's navbar and footer are there; in print they are not.
    const navbar = page.getByRole("navigation", { name: "প্রধান মেনু" });
    const footer = page.getByRole("contentinfo");
    await expect(navbar).toBeVisible();
    await expect(footer).toBeVisible();
    // A4 less the 12 mm print margins on each side, at 96 px to the inch: 186 mm.
    const mm = 96 / 25.4;
    await page.setViewportSize({ width: Math.floor(186 * mm), height: 1000 });
    await page.emulateMedia({ media: "print" });
    await expect(navbar).toBeHidden();
    await expect(footer).toBeHidden();
    // Every sheet, the keys too, as wide as the printable area.
    const printable = await page.evaluate(() => document.documentElement.clientWidth);
    for (const name of ["সেট ক", "সেট খ"]) {
      expect((await page.getByRole("region", { name, exact: true }).boundingBox())!.width, `${name}: as wide as the page`).toBeCloseTo(printable, 0);
    }

    // Each set's MCQs in two columns, filled down the first column, then the second.
    for (const code of ["ক", "খ"]) {
      const boxes = await page
        .getByRole("region", { name: `সেট ${code}`, exact: true })
        .locator(".mp-q")
        .evaluateAll((els) => els.map((e) => ({ n: Number((e as HTMLElement).dataset.question), ...e.getBoundingClientRect().toJSON() })));
      expect(boxes).toHaveLength(38);
      const lefts = [...new Set(boxes.map((b) => Math.round(b.left)))].sort((a, b) => a - b);
      expect(lefts, `set ${code}: the columns' left edges`).toHaveLength(2);
      const [first, second] = lefts.map((x) => boxes.filter((b) => Math.round(b.left) === x));
      expect(Math.max(...first.map((b) => b.right)), `set ${code}: the columns side by side`).toBeLessThan(Math.min(...second.map((b) => b.left)));
      expect(Math.max(...first.map((b) => b.width)), `set ${code}: half a page wide`).toBeLessThan(93 * mm);
      expect(first.map((b) => b.n)).toEqual(Array.from({ length: first.length }, (_, i) => i + 1));
      expect(second.map((b) => b.n)).toEqual(Array.from({ length: 38 - first.length }, (_, i) => first.length + i + 1));
      expect(Math.abs(first.length - second.length), `set ${code}: columns of about the same length`).toBeLessThanOrEqual(8);
    }

    // The OMR sheet: the machine-readable drawing (lib/omr), printed true to size on a page without
    // margins: 210 × 297 mm, four corner marks, a QR, and a row of 4 bubbles of at least 4.4 mm for
    // each of the 38 MCQs (with roll and set bubbles besides).
    const omr = page.getByRole("region", { name: "OMR উত্তরপত্র" });
    const svg = await omr.locator("svg").first().evaluate((el) => {
      const r = el.getBoundingClientRect();
      const circles = [...el.querySelectorAll("circle")].map((c) => Number(c.getAttribute("r")));
      return { w: r.width, h: r.height, circles, rects: el.querySelectorAll("rect").length, width: el.getAttribute("width"), height: el.getAttribute("height") };
    });
    expect([svg.width, svg.height]).toEqual(["210mm", "297mm"]);
    expect(svg.w).toBeCloseTo(210 * mm, 0);
    expect(svg.h).toBeCloseTo(297 * mm, 0);
    // Bubbles (the instructions' small samples aside): 38 rows of 4, 6 roll digits of 10, 2 sets.
    const bubbles = svg.circles.filter((r) => r >= 2);
    expect(bubbles.length).toBeGreaterThanOrEqual(38 * 4 + 6 * 10 + 2);
    for (const r of bubbles) expect(2 * r, "a bubble's size in mm").toBeGreaterThanOrEqual(4.4 - 0.01);
  });
});
