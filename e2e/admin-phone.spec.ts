// The admin area on a 360 px phone, JavaScript on and off (the suite's two projects): every form
// fits the screen (nothing to scroll sideways, no field cut off) and the menu leaves the page room.
import type { Page } from "@playwright/test";
import { BASE, exec, expect, isJsOn, queryOne, signIn, stylesApplied, test } from "./fixtures";
import { png } from "./png";

const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });

/** How wide the document is once its stylesheets apply, and what sticks out past the screen (to say which). */
const widths = async (page: Page) => {
  await stylesApplied(page);
  return page.evaluate(() => {
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ").join(".")}` : ""}`)
      .slice(0, 5);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  });
};

const FORMS = [
  ["the topic form", "/gradmin/content/topics/new", "বিষয়বস্তু (Content)"],
  ["the question form", "/gradmin/content/questions/new", "প্রশ্ন (Question)"],
  ["the exam form", "/gradmin/content/exams/new", "পূর্ণমান (Full marks)"],
  ["the import form", "/gradmin/import", "অধ্যায় (Chapter) *"],
  ["the settings form", "/gradmin/settings", "সাইটের নাম (Site name)"],
] as const;

test("every admin form fits a 360 px screen, and the menu takes less than a third of its height", async ({ page }) => {
  await signIn(page);
  for (const [name, path, field] of FORMS) {
    await page.goto(path);
    await expect(page.getByLabel(field).first(), name).toBeVisible();
    const { scrollWidth, wide } = await widths(page);
    expect(scrollWidth, `${name}: ${wide.join(", ")}`).toBeLessThanOrEqual(PHONE.width);
    const menu = await page.locator(".admin-bar").boundingBox();
    expect(menu!.height, `${name}: the menu's height`).toBeLessThan(PHONE.height / 3);
    // Every section is still reachable from the menu.
    await expect(page.getByRole("navigation", { name: /Admin sections/ }).getByRole("link", { name: /Staff/ })).toBeAttached();
  }
});

test("a refused save with errors fits too, and so does the import preview's table", async ({ page }) => {
  await signIn(page);
  await page.goto("/gradmin/content/questions/new");
  await page.getByRole("button", { name: "তৈরি করুন (Create)" }).click();
  await expect(page.locator("#errors")).toBeVisible();
  expect((await widths(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);

  await page.goto("/gradmin/import");
  await page.getByLabel("ফাইলের ধরন (Format)").selectOption("aiken");
  await page.getByLabel("অথবা লেখা পেস্ট করুন (or paste the text)").fill("বাংলাদেশের জাতীয় ফুল কোনটি?\nA) গোলাপ\nB) শাপলা\nANSWER: B\n");
  await page.getByLabel("অধ্যায় (Chapter) *").selectOption({ index: 1 });
  await page.getByRole("button", { name: "প্রিভিউ দেখুন (Preview)" }).click();
  await expect(page.getByRole("heading", { name: /প্রিভিউ \(Preview\)/ })).toBeVisible();
  const { scrollWidth, wide } = await widths(page);
  expect(scrollWidth, wide.join(", ")).toBeLessThanOrEqual(PHONE.width);
});

test("the settings screen stays itself once it hydrates (it showed the error page with JavaScript on)", async ({ page }) => {
  await signIn(page);
  await page.goto("/gradmin/settings");
  if (isJsOn()) await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: /সাইট সেটিংস/ })).toBeVisible();
  await expect(page.getByText(/Something went wrong|কিছু একটা ভুল/)).toHaveCount(0);
  await expect(page.getByLabel("Facebook")).toBeVisible();
});

// A slow first visit: our web fonts have not arrived (the "optional" faces are then never used on that
// page; here they never arrive) and the images are still loading when the page is measured (once its
// stylesheets apply). Text in a fallback font is wider than in ours, and a picture not yet loaded has
// only its width and height attributes: neither may widen a page.
test("the picker, the media library, an image's delete page and the import form fit while the fonts and the images have not arrived", async ({ page, browser }) => {
  test.setTimeout(60_000);
  await page.route(/\.woff2(\?|$)/, (r) => r.fulfill({ status: 404, body: "" }));
  await signIn(page);
  const name = `slow-${test.info().project.name}-${Date.now()}-a-long-file-name-without-any-break.png`;
  await page.goto("/gradmin/media");
  await page.getByLabel(/ছবি আপলোড \(Upload images\)/).setInputFiles({ name, mimeType: "image/png", buffer: png(1200, 90, name) });
  await page.getByRole("button", { name: "আপলোড (Upload)" }).click();
  await expect(page.getByText(/আপলোড হয়েছে: ১টি ছবি/)).toBeVisible();
  const image = await queryOne<{ id: number }>(`SELECT id FROM media WHERE original_name = '${name}'`);
  const set = await queryOne<{ id: number }>("SELECT set_id AS id FROM set_questions GROUP BY set_id ORDER BY COUNT(*) DESC LIMIT 1");
  // A set with a long name: every select of sets (the import form's) is as wide as its longest choice.
  const longSet = (await exec("INSERT INTO question_sets (name) VALUES (?)", [`অনেক লম্বা নামের প্রশ্নসেট ${"বিজ্ঞান ও প্রযুক্তি ".repeat(8)}${test.info().project.name}`])).insertId;
  // A browser of its own, signed in the same, so no image is in its memory cache; images are held back
  // until the page has been measured.
  const context = await browser.newContext({ baseURL: BASE, storageState: await page.context().storageState(), viewport: PHONE, javaScriptEnabled: isJsOn() });
  const fresh = await context.newPage();
  await fresh.route(/\.woff2(\?|$)/, (r) => r.fulfill({ status: 404, body: "" }));
  const held: (() => void)[] = [];
  await fresh.route(/\/media\/[0-9a-f]{32}\./, (r) => new Promise<void>((done) => held.push(done)).then(() => r.continue().catch(() => undefined)));
  try {
    for (const path of [`/gradmin/content/question-sets/${set.id}/pick`, "/gradmin/media", `/gradmin/media/${image.id}/delete`, "/gradmin/import"]) {
      await fresh.goto(path, { waitUntil: "domcontentloaded" });
      await expect(fresh.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await fresh.evaluate(() => [...document.fonts].filter((f) => f.status === "loaded").length), "our fonts, loaded").toBe(0);
      const { scrollWidth, wide } = await widths(fresh);
      expect(scrollWidth, `${path} without our fonts and images: ${wide.join(", ")}`).toBeLessThanOrEqual(PHONE.width);
      for (const done of held.splice(0)) done();
    }
  } finally {
    for (const done of held.splice(0)) done();
    await context.close();
    await exec("DELETE FROM media WHERE id = ?", [image.id]);
    await exec("DELETE FROM question_sets WHERE id = ?", [longSet]);
  }
});

// Why every width check here waits for stylesheets: without JavaScript a page is "loaded" for a script
// (DOMContentLoaded, or a form post's navigation) before its stylesheets have arrived, and measured then
// it is the unstyled page, far wider than a phone. No one sees that page (nothing is painted before the
// stylesheets), but width checks that measured it failed now and then.
test("a page measured before its stylesheets arrive is the unstyled page; once they apply it fits", async ({ page }) => {
  test.skip(isJsOn(), "with JavaScript the page's module scripts wait for its stylesheets");
  await signIn(page);
  // Stylesheets are held back until the unstyled page has been measured; any asked for later pass.
  const held: (() => void)[] = [];
  let open = false;
  await page.route(/\.css(\?|$)/, (r) => (open ? r.continue() : new Promise<void>((done) => held.push(done)).then(() => r.continue().catch(() => undefined))));
  await page.goto("/gradmin/import", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "unstyled").toBeGreaterThan(PHONE.width);
  open = true;
  for (const done of held.splice(0)) done();
  const { scrollWidth, wide } = await widths(page);
  expect(scrollWidth, wide.join(", ")).toBeLessThanOrEqual(PHONE.width);
});
