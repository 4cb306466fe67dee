import { gzipSync } from "node:zlib";
import { BASE, EMPTY_BASE, expect, isJsOn, test } from "./fixtures";

test.describe("home", () => {
  test("shows the sections in the spec's order", async ({ page }) => {
    await page.goto("/home");
    const ids = await page.locator("main section[id]").evaluateAll((els) => els.map((e) => e.id));
    // Live exams running or starting this week come first (the demo always has some), then the spec's sections.
    expect(ids).toEqual(["live-exams", "subjects", "board-papers", "grcontentmcq", "grcontentvideo", "ntrca", "university", "medical", "bcs", "national"]);
    await expect(page.getByRole("heading", { name: "NTRCA Preparation" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "National University Admission Preparation" })).toBeVisible();
    // The filters pick the categories the spec names, including the 'resistration' misspelling.
    await expect(page.locator("#ntrca").getByRole("link", { name: "NTRCA Resistration ICT" })).toBeVisible();
    await expect(page.locator("#university").getByRole("link", { name: "Mathematics University Admission" })).toBeVisible();
    await expect(page.locator("#university").getByRole("link", { name: /National/ })).toHaveCount(0);
    await expect(page.locator("#bcs").getByRole("link", { name: "General knowledge BCS Preparation" })).toBeVisible();
  });

  test("category cards link to their category pages", async ({ page }) => {
    await page.goto("/home");
    const card = page.locator("#subjects .card a").first();
    const name = (await card.innerText()).trim();
    await card.click();
    await expect(page).toHaveURL(/\/category\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("'Switch to Grid View' keeps the other blocks' views and lands on its section", async ({ page }) => {
    await page.goto("/home?mcq=grid");
    const section = page.locator("#subjects");
    await expect(section.locator(".carousel").first()).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1)).catch(() => undefined);
    await section.getByRole("link", { name: "Switch to Grid View" }).click();
    await expect(page).toHaveURL(/\/home\?mcq=grid&subjects=grid#subjects$/);
    await expect(page.locator("#subjects .card-grid").first()).toBeVisible();
    await expect(page.locator("#subjects .carousel")).toHaveCount(0);
    await expect(page.locator("#grcontentmcq .card-grid")).toBeVisible();
    await expect(page.locator("#subjects").getByRole("link", { name: "Switch to Carousel View" })).toBeVisible();
    if (isJsOn()) {
      // Swapped in place: the page was not reloaded.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    }
    await page.locator("#subjects").getByRole("link", { name: "Switch to Carousel View" }).click();
    await expect(page).toHaveURL(/subjects=carousel/);
    await expect(page.locator("#subjects .carousel").first()).toBeVisible();
  });

  test("after a video filter and then a view toggle, the address and every in-place link describe what is shown", async ({ page }) => {
    await page.goto("/home");
    const filters = page.getByRole("navigation", { name: "Video filter" });
    await filters.getByRole("link", { name: "Theory video", exact: true }).click();
    await expect(page).toHaveURL(/[?&]video=theory/);
    await page.locator("#subjects").getByRole("link", { name: "Switch to Grid View" }).click();
    await expect(page.locator("#subjects .card-grid").first()).toBeVisible();
    // Both changes are in the address, so a reload or a shared link shows this very page.
    await expect(page).toHaveURL(/[?&]video=theory/);
    await expect(page).toHaveURL(/[?&]subjects=grid/);
    const state = (href: string | null) => new URL(href ?? "", "http://x/home").searchParams;
    // Links in the regions that were not replaced carry the new state too.
    const pill = await page.getByRole("navigation", { name: "Video filter" }).getByRole("link", { name: "All", exact: true }).getAttribute("href");
    expect(state(pill).get("subjects")).toBe("grid");
    const boards = state(await page.locator("#board-papers").getByRole("link", { name: "Switch to Grid View" }).getAttribute("href"));
    expect(boards.get("subjects")).toBe("grid");
    expect(boards.get("video")).toBe("theory");
    await page.reload();
    await expect(page.locator("#subjects .card-grid").first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Video filter" }).getByRole("link", { name: "Theory video", exact: true })).toHaveAttribute("aria-current", "true");
    // And the other way round: a view toggle, then a filter.
    await page.goto("/home");
    await page.locator("#grcontentmcq").getByRole("link", { name: "Switch to Grid View" }).click();
    await expect(page.locator("#grcontentmcq .card-grid")).toBeVisible();
    await page.getByRole("navigation", { name: "Video filter" }).getByRole("link", { name: "Example video", exact: true }).click();
    await expect(page).toHaveURL(/[?&]video=example/);
    await expect(page).toHaveURL(/[?&]mcq=grid/);
  });

  test("the carousel's next arrow shows the card that was cut off, and back again", async ({ page }) => {
    test.skip(!isJsOn(), "the arrows need JavaScript; without it the row scrolls natively");
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.goto("/home");
    const track = page.locator("#board-papers .carousel-track");
    const cards = track.locator(".card");
    const view = async () => track.evaluate((t) => {
      const r = t.getBoundingClientRect();
      return [...t.children].map((c) => {
        const b = c.getBoundingClientRect();
        return b.left >= r.left - 1 && b.right <= r.right + 1 ? "whole" : b.right > r.left && b.left < r.right ? "part" : "out";
      });
    });
    const before = await view();
    const cut = before.indexOf("part");
    expect(cut, "a card is cut off at the right edge").toBeGreaterThan(0);
    expect(await cards.count()).toBeGreaterThan(cut + 1);
    await page.locator("#board-papers [data-carousel-next]").click();
    await expect.poll(async () => (await view())[cut]).toBe("whole");
    const after = await view();
    expect(after.indexOf("whole"), "the cut-off card now leads the row").toBe(cut);
    await page.locator("#board-papers [data-carousel-prev]").click();
    await expect.poll(async () => (await view())[cut - 1]).toBe("whole");
    // The scroll is smooth: wait for it to end before looking at the first card.
    await expect.poll(async () => (await view())[0]).not.toBe("out");
  });

  test("the grid has 2, 3 and 6 columns on small, medium and large screens", async ({ page }) => {
    for (const [width, columns] of [[400, 2], [800, 3], [1280, 6]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/home?boards=grid");
      const cols = await page.locator("#board-papers .card-grid").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
      expect(cols, `${width}px`).toBe(columns);
    }
  });

  test("carousel cards are at least 240px wide and the row scrolls", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/home");
    const track = page.locator("#board-papers .carousel-track");
    const width = await track.locator(".card").first().evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(240);
    const prev = page.locator("#board-papers [data-carousel-prev]");
    const next = page.locator("#board-papers [data-carousel-next]");
    if (!isJsOn()) {
      await expect(next).toBeHidden(); // the row scrolls natively; arrows need JS
      return;
    }
    await expect(next).toBeVisible();
    await expect(prev).toBeDisabled();
    const visible = await track.evaluate((el) => el.clientWidth);
    await next.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(visible * 0.8);
    await expect(prev).toBeEnabled();
    await prev.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
  });

  test("the navbar's Multiple Choice and Videos items land on their sections", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("link", { name: "Multiple Choice", exact: true }).click();
    await expect(page).toHaveURL(/\/home#grcontentmcq$/);
    await expect.poll(async () => {
      const navBottom = await page.locator("[data-navbar]").evaluate((el) => el.getBoundingClientRect().bottom);
      const top = await page.locator("#grcontentmcq").evaluate((el) => el.getBoundingClientRect().top);
      return Math.abs(top - (navBottom + 12));
    }).toBeLessThan(4);
    if (isJsOn()) await expect(page.getByRole("link", { name: "Multiple Choice", exact: true })).toHaveClass(/active/);
    await page.goto("/contact");
    await page.getByRole("link", { name: "Videos", exact: true }).click();
    await expect(page).toHaveURL(/\/home#grcontentvideo$/);
    await expect(page.locator("#grcontentvideo")).toBeInViewport();
  });

  test("the page is small and loads nothing from another origin", async ({ page, request }) => {
    const res = await request.get("/home");
    const body = await res.body();
    expect(gzipSync(body).length).toBeLessThanOrEqual(60 * 1024);
    const foreign: string[] = [];
    page.on("request", (r) => {
      // Video thumbnails come from YouTube's image host (no CDN of ours at run time); nothing else may be foreign.
      if (!r.url().startsWith(`${BASE}/`) && !/^(data:|https:\/\/i\.ytimg\.com\/vi\/)/.test(r.url())) foreign.push(r.url());
    });
    await page.goto("/home");
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState("networkidle");
    expect(foreign).toEqual([]);
  });
});

test.describe("home with an empty database", () => {
  test("every section says it is empty", async ({ page }) => {
    await page.goto(`${EMPTY_BASE}/home`);
    await expect(page.locator("#subjects")).toContainText("No items.");
    await expect(page.locator("#board-papers")).toContainText("No items.");
    await expect(page.locator("#grcontentmcq")).toContainText("No items.");
    await expect(page.locator("#ntrca")).toContainText("No NTRCA subjects found.");
    await expect(page.locator("#bcs")).toContainText("No BCS subjects found.");
    for (const id of ["university", "medical", "national"]) {
      await expect(page.locator(`#${id}`)).toContainText("No admission subjects found.");
    }
    const footer = page.locator("footer");
    await expect(footer).toContainText("No tweets.");
    await expect(footer).toContainText("No updates.");
    await expect(footer.getByRole("link", { name: "info@example.com" })).toBeVisible(); // placeholder contact
    await expect(page.locator(".dropdown-panel").first()).toContainText("কোনো বিষয় পাওয়া যায়নি");
  });
});
