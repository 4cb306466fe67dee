// Search on a phone (360 px), with JavaScript on and off: from the navbar's box to the results, a board
// filter, and a result opened; the empty page; hostile queries; suggestions (JavaScript only).
import { EMPTY_BASE, expect, isJsOn, queryOne, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 780 } });

/** The navbar's search form; on a phone it is inside the menu, which is opened first (as a student does). */
async function navbarSearch(page: import("@playwright/test").Page) {
  const menu = page.getByRole("navigation", { name: "প্রধান মেনু" }).getByRole("link", { name: "মেনু (Menu)" });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole("search", { name: "সাইটে খুঁজুন" });
}

test.describe("search", () => {
  test("from the navbar: results, a board filter, a result opened", async ({ page }) => {
    await page.goto("/home");
    const box = (await navbarSearch(page)).getByRole("searchbox", { name: "খুঁজুন" });
    await box.fill("২০১৯");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByRole("heading", { level: 1, name: "খোঁজ: “২০১৯”" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(/মোট .+টি ফলাফল/);
    await expect(page.locator("mark").first()).toHaveText(/2019|২০১৯/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByText("বিষয়, বোর্ড ও সাল দিয়ে ছাঁকুন").click();
    await page.getByRole("navigation", { name: "ফলাফল ছাঁকুন" }).getByRole("link", { name: "ঢাকা বোর্ড", exact: true }).click();
    await expect(page).toHaveURL(/[?&]board=dhaka/);
    await expect(page).toHaveURL(/[?&]q=/);
    const chip = page.getByRole("list", { name: "চালু ছাঁকনি" });
    await expect(chip).toContainText("ঢাকা বোর্ড");
    await expect(page.getByRole("heading", { level: 2, name: /বহুনির্বাচনি প্রশ্ন/ })).toBeVisible();

    const first = page.locator(".search-hit .hit-title a").first();
    const href = await first.getAttribute("href");
    expect(href).toMatch(/#q-\d+$/);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?.*+^$()[\]\\]/g, "\\$&")}$`));
    await expect(page.locator(`#${href!.split("#")[1]}`)).toBeVisible();
  });

  test("a topic found by a word of its title opens", async ({ page }) => {
    const { id, name } = await queryOne<{ id: number; name: string }>(
      "SELECT id, name FROM titles WHERE name LIKE 'ত্রিকোণমিতি%' ORDER BY id LIMIT 1",
    );
    await page.goto(`/search?q=${encodeURIComponent("ত্রিকোণমিতি")}`);
    const topics = page.getByRole("region", { name: /পাঠ/ });
    await topics.getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/title/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  test("a board and year typed as words become the filter: ঢা.বো. ১৯ is Dhaka 2019", async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent("ঢা.বো. ১৯")}`);
    const chips = page.getByRole("list", { name: "চালু ছাঁকনি" });
    await expect(chips).toContainText("ঢাকা বোর্ড");
    await expect(chips).toContainText("২০১৯");
    const abbreviated = await page.locator(".search-hit").count();
    expect(abbreviated).toBeGreaterThan(0);
    await page.goto("/search?q=dhaka+2019");
    await expect(page.locator(".search-hit")).toHaveCount(abbreviated);
    // Removing the year keeps the board.
    await page.getByRole("link", { name: "২০১৯ ছাঁকনি সরান" }).click();
    await expect(page).toHaveURL(/\/search\?board=dhaka$/);
  });

  test("nothing typed: the empty page with the subjects and topics to start from; search pages are noindex", async ({ page }) => {
    const res = await page.goto("/search");
    expect(res!.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1, name: "খুঁজুন" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "বিষয়গুলো" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "পড়া শুরু করুন" })).toBeVisible();
    await page.getByRole("region", { name: "পড়া শুরু করুন" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/title\/\d+$/);
  });

  test("nothing found: says so and suggests", async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent("কোয়ান্টামক্রোমোডাইনামিক্স")}`);
    await expect(page.getByRole("heading", { name: "কিছু পাওয়া যায়নি" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "বিষয়গুলো" })).toBeVisible();
  });

  test("hostile queries get a page, never an error", async ({ page }) => {
    // 10 KB of query (the URL as long as a server takes: Bangla letters are 9 bytes each once encoded).
    for (const q of ['+-*"()~<>@', "' OR 1=1 --", "x".repeat(10_000), "ক".repeat(1000), "\u200D\u200C", "MATCH(x) AGAINST('*')"]) {
      const res = await page.goto(`/search?q=${encodeURIComponent(q)}&page=-3&kind=<b>&board=%00&year=1e9`);
      expect(res!.status(), q.slice(0, 20)).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });

  test("on the empty database: nothing found, nothing to suggest", async ({ page }) => {
    const res = await page.goto(`${EMPTY_BASE}/search?q=${encodeURIComponent("ত্রিকোণমিতি")}`);
    expect(res!.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "কিছু পাওয়া যায়নি" })).toBeVisible();
    await expect(page.getByText("এখনও কোনো বিষয় যোগ করা হয়নি।")).toBeVisible();
  });

  test("suggestions as the student types (JavaScript)", async ({ page }) => {
    test.skip(!isJsOn(), "suggestions need JavaScript; without it the form submits");
    const { id, name } = await queryOne<{ id: number; name: string }>(
      "SELECT id, name FROM titles WHERE name LIKE 'ত্রিকোণমিতি%' ORDER BY id LIMIT 1",
    );
    await page.goto("/home");
    const form = await navbarSearch(page);
    const box = form.getByRole("searchbox", { name: "খুঁজুন" });
    await box.pressSequentially("ত্রিকোণমিতি", { delay: 20 });
    const list = form.getByRole("list", { name: "প্রস্তাব" });
    await expect(list).toBeVisible();
    await expect(list.getByRole("link", { name: /সব ফলাফল দেখুন/ })).toHaveAttribute("href", /\/search\?q=/);
    await expect(box).toHaveAttribute("aria-controls", "nav-search-q-suggest");
    await box.press("ArrowDown");
    await expect(list.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toBeFocused();
    await box.press("Space");
    await box.press("Backspace");
    await expect(list).toBeVisible();
    await list.getByRole("link", { name: new RegExp(name) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/title/${id}$`));
  });
});
