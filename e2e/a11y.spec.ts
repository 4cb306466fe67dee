// axe-core on the key public pages, as a phone and a desktop see them, with JavaScript on and off.
import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "@playwright/test";
import { expect, isJsOn, test } from "./fixtures";

const PAGES = [
  "/home",
  "/title/1",
  "/category/1",
  "/mq/1",
  "/exampage/1?pageSize=25",
  "/board-question/1/paper/1",
  "/live/room",
  "/contact",
  "/about/aboutus",
  "/no/such/page",
];

/** axe runs inside the page, so "JavaScript off" here means: our enhancement script never loads. */
async function openAs(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: true });
  const page = await context.newPage();
  await page.route(/^https:\/\/i\.ytimg\.com\//, (r) => r.abort());
  if (!isJsOn()) await page.route(/\/build\/_enhance\//, (r) => r.abort());
  return { context, page };
}

for (const width of [360, 1280]) {
  test(`no axe violations on the key pages at ${width}px`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { context, page } = await openAs(browser, width);
    try {
      for (const path of width === 360 ? PAGES : PAGES.slice(0, 3)) {
        await page.goto(`${baseURL}${path}`);
        if (isJsOn()) await expect(page.locator("html.js")).toHaveCount(1);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect(found, path).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
}

test("the phone menu, open, has no axe violations either", async ({ browser, baseURL }) => {
  const { context, page } = await openAs(browser, 360);
  try {
    await page.goto(`${baseURL}/home`);
    await page.getByRole("link", { name: "মেনু (Menu)" }).click();
    await page.locator("details.dropdown > summary").first().click();
    const { violations } = await new AxeBuilder({ page }).include("[data-navbar]").analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  } finally {
    await context.close();
  }
});
