// Every admin screen opens and, with JavaScript on, hydrates without an error in the browser's console
// (the suite's fixture fails a test on one). A value a screen draws with that does not reach the
// browser (from app/db/schema, from a *.server module, or a package that needs Node) shows up here
// as a hydration mismatch or the "Something went wrong" page, though the server's HTML looked right.
import { expect, isJsOn, signIn, test } from "./fixtures";
import { RESOURCES } from "../app/lib/admin/resources";


const SCREENS = [
  "/gradmin",
  "/gradmin/content",
  "/gradmin/trash",
  "/gradmin/audit",
  "/gradmin/content/exams/1/pick",
  "/gradmin/content/question-sets/1/pick",
  "/gradmin/import",
  "/gradmin/settings",
  "/gradmin/live",
  "/gradmin/inbox",
  "/gradmin/staff",
  "/gradmin/account",
  ...RESOURCES.flatMap((r) => (r.singleton ? [`/gradmin/content/${r.key}/1`] : [`/gradmin/content/${r.key}`, `/gradmin/content/${r.key}/new`])),
];

test("every admin screen opens whole, and hydrates without a console error", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  for (const path of SCREENS) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    await expect(page.getByRole("heading", { name: /Something went wrong|Request refused/ }), path).toHaveCount(0);
  }
});

test("a refused save takes the browser to the error summary at the top, each error a link to its field", async ({ page }) => {
  await signIn(page);
  await page.goto("/gradmin/content/topics/new");
  // A long topic: the Save button ends up far below the top of the form.
  await page.getByRole("textbox", { name: "বিষয়বস্তু (Content)" }).fill("<p>লম্বা লেখা</p>\n".repeat(200));
  await page.getByRole("button", { name: "তৈরি করুন (Create)" }).click();
  const summary = page.locator("#errors");
  await expect(summary).toBeVisible();
  await expect(summary).toBeInViewport();
  if (isJsOn()) await expect(summary).toBeFocused();
  else expect(new URL(page.url()).hash).toBe("#errors");
  // What was typed is kept, and the summary's link leads to the field.
  await expect(page.getByRole("textbox", { name: "বিষয়বস্তু (Content)" })).toHaveValue(/লম্বা লেখা/);
  await summary.getByRole("link", { name: /অধ্যায় \(Chapter\)/ }).click();
  await expect(page.locator("#f-categoryId")).toBeInViewport();
});

test("edit boxes and fields draw Bangla in the site's own font, not a system font that may have no Bengali", async ({ page }) => {
  await signIn(page);
  await page.goto("/gradmin/content/topics/new");
  const fonts = await page.evaluate(() =>
    [...document.querySelectorAll("main textarea, main input[type=text], main select")].map((el) => getComputedStyle(el).fontFamily),
  );
  expect(fonts.length).toBeGreaterThan(2);
  for (const font of fonts) expect(font).toMatch(/^"Hind Siliguri/);
  // The face itself is there for Bangla text (self-hosted, not the device's).
  await page.getByRole("textbox", { name: "বিষয়বস্তু (Content)" }).fill("বাংলা লেখা");
  expect(await page.evaluate(async () => (await document.fonts.load('16px "Hind Siliguri Regular"', "বাংলা")).length)).toBeGreaterThan(0);
});
