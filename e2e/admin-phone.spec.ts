// The admin area on a 360 px phone, JavaScript on and off (the suite's two projects): every form
// fits the screen (nothing to scroll sideways, no field cut off) and the menu leaves the page room.
import type { Page } from "@playwright/test";
import { expect, isJsOn, signIn, test } from "./fixtures";

const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });

/** How wide the document is, and the widest element that sticks out past the screen (to say which). */
const widths = (page: Page) =>
  page.evaluate(() => {
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ").join(".")}` : ""}`)
      .slice(0, 5);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  });

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
