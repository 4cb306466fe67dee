// Drafts as staff use them, JavaScript on and off, at 1280 and 360 px: a topic created as a draft is
// not on the public site (its URL is a 404, its chapter does not list it, ?preview=1 shows a visitor
// nothing), staff preview its whole public page under a banner, publish it, and it shows publicly.
// The topic is removed again (trash row included): other specs count the seeded chapter's topics.
import type { Page } from "@playwright/test";
import mysql from "mysql2/promise";
import { expect, queryOne, test } from "./fixtures";

const SHOTS = process.env.E2E_SHOTS_DIR;
const ADMIN = { username: "admin", password: "admin-demo-2026" };
const BANNER = "প্রিভিউ — প্রকাশিত নয় (Preview — not published)";

async function sql(statement: string, values: (string | number)[]) {
  const conn = await mysql.createConnection({ uri: process.env.E2E_DATABASE_URL!, charset: "utf8mb4" });
  try {
    await conn.execute(statement, values);
  } finally {
    await conn.end();
  }
}

async function signIn(page: Page) {
  await page.goto("/gradmin/login");
  await page.getByLabel("ইউজারনেম অথবা ইমেইল (Username or email)").fill(ADMIN.username);
  await page.getByLabel("পাসওয়ার্ড (Password)").fill(ADMIN.password);
  await page.getByRole("button", { name: "লগইন (Sign in)" }).click();
  await expect(page.getByRole("heading", { name: /স্বাগতম/ })).toBeVisible();
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/drafts-${name}-${test.info().project.name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

let made: number | null = null;

test.afterEach(async () => {
  if (made === null) return;
  // Whatever the test reached: the topic, its search row and its trash entry go.
  await sql("DELETE FROM search_postings WHERE doc_id IN (SELECT id FROM search_docs WHERE source = 'titles' AND source_id = ?)", [made]);
  await sql("DELETE FROM search_docs WHERE source = 'titles' AND source_id = ?", [made]);
  await sql("DELETE FROM titles WHERE id = ?", [made]);
  await sql("DELETE FROM trash_items WHERE entity = 'topics' AND entity_id = ?", [made]);
  made = null;
});

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test("a draft topic is not public, staff preview it, publish it, and it shows", async ({ page, browser }, info) => {
      // The demo's last chapter (the one admin.spec adds its own topics to, by name).
      const chapter = await queryOne<{ id: number; label: string }>(
        "SELECT c.id, CONCAT(s.name, ' (', g.name, ') › ', c.name) AS label FROM categories c " +
          "JOIN subjects s ON s.id = c.subject_id JOIN grades g ON g.id = c.grade_id ORDER BY c.id DESC LIMIT 1",
      );
      const topic = `খসড়া পাঠ ${info.project.name} ${width} ${Date.now().toString(36)}`;

      await signIn(page);
      await page.goto("/gradmin/content/topics/new");
      await page.getByLabel("অধ্যায় (Chapter)").selectOption({ label: chapter.label });
      await page.getByLabel("শিরোনাম (Title)").fill(topic);
      await page.getByRole("textbox", { name: /বিষয়বস্তু \(Content\)/ }).fill("<p>খসড়া অবস্থার একটি পাঠ।</p>");
      // A new row starts published.
      await expect(page.getByLabel("অবস্থা (Status)")).toHaveValue("published");
      await page.getByLabel("অবস্থা (Status)").selectOption("draft");
      await page.getByRole("button", { name: "তৈরি করুন (Create)" }).click();
      await expect(page.getByRole("status")).toHaveText("তৈরি হয়েছে। (Created.)");
      made = Number(/\/gradmin\/content\/topics\/(\d+)/.exec(page.url())![1]);
      await expect(page.getByLabel("অবস্থা (Status)")).toHaveValue("draft");

      // The list says so and filters by it.
      await page.goto(`/gradmin/content/topics?status=draft&q=${encodeURIComponent(topic)}`);
      const row = page.getByRole("row").filter({ hasText: topic });
      await expect(row).toContainText("খসড়া (Draft)");
      await shot(page, "list");

      // A visitor: a 404 by its URL (with ?preview=1 too), not in its chapter.
      const visitor = await browser.newContext({ javaScriptEnabled: info.project.name === "js-on" });
      const reader = await visitor.newPage();
      expect((await reader.goto(`/title/${made}`))!.status()).toBe(404);
      expect((await reader.goto(`/title/${made}?preview=1`))!.status()).toBe(404);
      await expect(reader.getByText(BANNER)).toHaveCount(0);
      await reader.goto(`/category/${chapter.id}`);
      await expect(reader.getByRole("link", { name: topic })).toHaveCount(0);

      // Staff preview: the whole public page, under the banner, never cached.
      await page.goto(`/gradmin/content/topics/${made}`);
      const previewed = page.waitForResponse((r) => r.url().includes(`/title/${made}?preview=1`));
      await page.getByRole("link", { name: "প্রিভিউ (Preview)" }).click();
      const response = await previewed;
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByText(BANNER)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: topic })).toBeVisible();
      await expect(page.getByText("খসড়া অবস্থার একটি পাঠ।")).toBeVisible();
      await shot(page, "preview");

      // Publish: the visitor sees it at its URL and in its chapter, without a banner.
      await page.goto(`/gradmin/content/topics/${made}`);
      await page.getByLabel("অবস্থা (Status)").selectOption("published");
      await page.getByRole("button", { name: "সংরক্ষণ করুন (Save)" }).click();
      await expect(page.getByRole("status")).toHaveText("সংরক্ষিত হয়েছে; পাবলিক সাইটে এখনই দেখা যাবে। (Saved; the public site shows it now.)");
      await shot(page, "edit");
      expect((await reader.goto(`/title/${made}`))!.status()).toBe(200);
      await expect(reader.getByRole("heading", { level: 1, name: topic })).toBeVisible();
      await expect(reader.getByText(BANNER)).toHaveCount(0);
      await reader.goto(`/category/${chapter.id}`);
      // The chapter's list and its sidebar both link it.
      await expect(reader.getByRole("link", { name: topic })).toHaveCount(2);
      await visitor.close();
    });
  });
}
