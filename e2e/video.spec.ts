// The home page's video section: filters, 'Show more', selecting and playing, with JS on and off.
// The machine running the suite has no internet: YouTube is never really contacted. Requests to any
// other origin are caught; thumbnails get a local image and the player frame a blank page (aborting
// them would log "Failed to load resource" errors, which fail every test here).
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { EMPTY_BASE, expect, isJsOn, queryOne, test } from "./fixtures";

const LABELS = [
  "Theory video", "Example video", "Short Question video", "B2 Question video", "B3 Question video",
  "B4 Question video", "C5 Question video", "A6 Question video", "All",
];
const IMAGE = readFileSync(new URL("../public/images/video-fallback.svg", import.meta.url));
const THUMB = /^https:\/\/i\.ytimg\.com\/vi\/[\w-]{6,}\/(maxres|hq|mq|)default\.jpg$/;

/** Keeps the page offline and returns every URL it asked another origin for. */
async function offline(page: Page, thumbStatus = 200): Promise<string[]> {
  const asked: string[] = [];
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    const url = route.request().url();
    asked.push(url);
    if (url.startsWith("https://i.ytimg.com/"))
      return route.fulfill({ status: thumbStatus, contentType: "image/svg+xml", body: thumbStatus === 200 ? IMAGE : "" });
    if (url.startsWith("https://www.youtube-nocookie.com/"))
      return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" });
    return route.abort();
  });
  return asked;
}

const section = (page: Page) => page.locator("#grcontentvideo");
const pills = (page: Page) => section(page).getByRole("navigation", { name: "Video filter" }).getByRole("link");
const list = (page: Page, filter = "All") => section(page).getByRole("list", { name: filter, exact: true }).getByRole("link");
const nowShowing = (page: Page) => page.locator("#video-player").getByRole("heading", { level: 3 });
const titleOf = async (link: ReturnType<Page["locator"]>) => (await link.locator(".video-title").innerText()).trim();

/** Marks the window so a later check can tell an in-place swap from a page load. */
async function mark(page: Page) {
  if (isJsOn()) await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
}
async function expectNotReloaded(page: Page) {
  if (isJsOn()) expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
}

test.describe("home video section", () => {
  test("filter pills: the spec's labels and order, All by default, other params kept", async ({ page }) => {
    await offline(page);
    await page.goto("/home?mcq=grid");
    await expect(pills(page)).toHaveText(LABELS);
    await expect(pills(page).filter({ hasText: /^All$/ })).toHaveAttribute("aria-current", "true");
    await expect(list(page)).toHaveCount(12);
    await mark(page);

    const { theory } = await queryOne<{ theory: number }>("SELECT COUNT(*) AS theory FROM videos WHERE kind = 'theory'");
    await pills(page).filter({ hasText: /^Theory video$/ }).click();
    await expect(page).toHaveURL(/\/home\?mcq=grid&video=theory(&v=[\w-]+)?#grcontentvideo$/);
    await expect(pills(page).filter({ hasText: /^Theory video$/ })).toHaveAttribute("aria-current", "true");
    await expect(list(page, "Theory video")).toHaveCount(Math.min(12, Number(theory)));
    await expect(page.locator("#grcontentmcq .card-grid")).toBeVisible(); // the other block's view is kept
    await expectNotReloaded(page);

    // The seed has example videos without a title: they are numbered within their kind.
    await pills(page).filter({ hasText: /^Example video$/ }).click();
    await expect(page).toHaveURL(/video=example/);
    await expect(list(page, "Example video").filter({ hasText: /Example video \d+$/ }).first()).toBeVisible();

    // An unknown filter is All.
    await page.goto("/home?video=bogus&vcount=abc&v=nope");
    await expect(pills(page).filter({ hasText: /^All$/ })).toHaveAttribute("aria-current", "true");
    await expect(list(page)).toHaveCount(12);
    await expect(list(page).first()).toHaveAttribute("aria-current", "true");
  });

  test("'Show more' adds 12 until every video shows, each video once", async ({ page }) => {
    await offline(page);
    await page.goto("/home");
    await mark(page);
    const { n: rows } = await queryOne<{ n: number }>("SELECT COUNT(*) AS n FROM videos");
    let shown = 12;
    await expect(list(page)).toHaveCount(shown);
    const more = section(page).getByRole("link", { name: "Show more" });
    while (await more.count()) {
      await more.click();
      await expect(page).toHaveURL(new RegExp(`[?&]vcount=${shown + 12}#grcontentvideo$`));
      await expect(list(page).nth(shown)).toBeVisible(); // 'Show more' only shows when more remain
      await page.waitForLoadState("domcontentloaded"); // without JS it is a new page
      const now = await list(page).count();
      expect(now).toBeGreaterThan(shown);
      expect(now).toBeLessThanOrEqual(shown + 12);
      shown += 12;
    }
    const hrefs = await list(page).evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs.length).toBeLessThan(Number(rows)); // the seed lists one video under two kinds
    await expect(list(page).nth(12).locator(".video-no")).toHaveText("13");
    await expectNotReloaded(page);
  });

  test("selecting a video; a filter change keeps it only when it belongs to the new filter", async ({ page }) => {
    await offline(page);
    await page.goto("/home?video=theory");
    const second = list(page, "Theory video").nth(1);
    const title = await titleOf(second);
    const href = await second.getAttribute("href");
    const id = /[?&]v=([\w-]+)/.exec(href ?? "")?.[1];
    expect(id).toBeTruthy();
    await mark(page);
    await second.click();
    await expect(page).toHaveURL(new RegExp(`video=theory&v=${id}#grcontentvideo$`));
    await expect(nowShowing(page)).toHaveText(title);
    await expect(list(page, "Theory video").nth(1)).toHaveAttribute("aria-current", "true");
    await expect(section(page).locator("iframe")).toHaveCount(0);

    await pills(page).filter({ hasText: /^All$/ }).click();
    await expect(page).toHaveURL(new RegExp(`\\?v=${id}#grcontentvideo$`));
    await expect(nowShowing(page)).toHaveText(title);

    await pills(page).filter({ hasText: /^Short Question video$/ }).click();
    await expect(page).toHaveURL(/\?video=short#grcontentvideo$/);
    const first = list(page, "Short Question video").first();
    await expect(first).toHaveAttribute("aria-current", "true");
    await expect(nowShowing(page)).toHaveText(await titleOf(first));
    await expectNotReloaded(page);
  });

  test("the light player asks YouTube for nothing but thumbnails until play is pressed", async ({ page }) => {
    const asked = await offline(page);
    await page.goto("/home#grcontentvideo");
    await section(page).scrollIntoViewIfNeeded();
    const poster = page.locator("#video-player img");
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const title = (await nowShowing(page).innerText()).trim();
    await expect(poster).toHaveAttribute("alt", title);
    await expect(poster).toHaveAttribute("src", /^https:\/\/i\.ytimg\.com\/vi\/[\w-]+\/hqdefault\.jpg$/);
    await expect(poster).toHaveAttribute("width", "480");
    await expect(poster).toHaveAttribute("height", "360");
    const thumb = list(page).first().locator("img");
    await expect(thumb).toHaveAttribute("loading", "lazy");
    await expect(thumb).toHaveAttribute("src", /\/mqdefault\.jpg$/);
    await expect(thumb).toHaveAttribute("data-fallbacks", /\/default\.jpg \/images\/video-fallback\.svg$/);
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((u) => !THUMB.test(u))).toEqual([]);

    const id = /\/vi\/([\w-]+)\//.exec((await poster.getAttribute("src")) ?? "")![1];
    const play = page.locator("#video-player").getByRole("link", { name: `Play: ${title}` });
    // Without JS, play opens the video's own page (a new tab): no page of ours ever holds the frame.
    await expect(play).toHaveAttribute("href", `https://www.youtube.com/watch?v=${id}`);
    await expect(play).toHaveAttribute("target", "_blank");
    if (!isJsOn()) return;

    await mark(page);
    await play.click();
    const frame = page.locator("#video-player iframe");
    const embed = `https://www.youtube-nocookie.com/embed/${id}?rel=0&modestbranding=1&autoplay=1`;
    await expect(frame).toHaveAttribute("src", embed);
    await expect(frame).toHaveAttribute("title", title);
    await expect(frame).toHaveAttribute("allow", "accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture");
    await expect(frame).toHaveAttribute("allowfullscreen", "");
    await expect(page.locator("#video-player img")).toHaveCount(0);
    await expect.poll(() => asked.includes(embed)).toBe(true);
    expect(asked.filter((u) => !THUMB.test(u) && u !== embed)).toEqual([]);
    expect(page.context().pages()).toHaveLength(1); // played in place, no new tab
    await expectNotReloaded(page);
  });

  test("a thumbnail that fails falls back along the spec's order to the local image", async ({ page }) => {
    test.skip(!isJsOn(), "the fallback is the enhancement script's; without it the sized box stays empty");
    const asked = await offline(page, 404);
    await page.goto("/home#grcontentvideo");
    await section(page).scrollIntoViewIfNeeded();
    const poster = page.locator("#video-player img");
    await expect(poster).toHaveAttribute("src", "/images/video-fallback.svg");
    const id = /\/vi\/([\w-]+)\//.exec(asked.find((u) => u.endsWith("/hqdefault.jpg")) ?? "")![1];
    const tried = asked.filter((u) => u.includes(`/vi/${id}/`)).map((u) => u.split("/").pop());
    expect(tried).toEqual(expect.arrayContaining(["hqdefault.jpg", "mqdefault.jpg", "default.jpg"]));
    await expect(list(page).first().locator("img")).toHaveAttribute("src", "/images/video-fallback.svg");
  });
});

test.describe("home video section with an empty database", () => {
  test("says 'No videos found.' and shows the prompt", async ({ page }) => {
    const asked = await offline(page);
    await page.goto(`${EMPTY_BASE}/home?v=x#grcontentvideo`);
    await expect(section(page)).toContainText("No videos found.");
    await expect(page.locator("#video-player")).toHaveText("Select a video from the sidebar to play it here.");
    await expect(pills(page)).toHaveText(LABELS);
    await expect(section(page).locator("img, iframe")).toHaveCount(0);
    await expect(section(page).getByRole("link", { name: "Show more" })).toHaveCount(0);
    expect(asked).toEqual([]);
  });
});
