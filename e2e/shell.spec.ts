import { BASE, expect, isJsOn, test } from "./fixtures";

test.describe("the shell", () => {
  test("/ redirects to /home and the navbar has every item of the spec", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    const nav = page.getByRole("navigation", { name: "প্রধান মেনু" });
    await expect(nav.getByText("learn mathematics and english")).toBeVisible();
    for (const [name, href] of [
      ["Home", "/home"],
      ["Question Paper", "/board-question"],
      ["Examination", "/exam-subpage/1"],
      ["Multiple Choice", "/home#grcontentmcq"],
      ["Videos", "/home#grcontentvideo"],
      ["Live Class", "/live/room"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByText("Subjects", { exact: true })).toBeVisible();
    await expect(nav.getByText("Make Question", { exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveClass(/active/);
  });

  test("the Subjects dropdown opens with a tap (no JS needed) and leads to a subject page", async ({ page }) => {
    await page.goto("/home");
    const dropdown = page.locator("details.dropdown").first();
    await dropdown.locator("summary").click();
    await expect(dropdown).toHaveAttribute("open", "");
    const entry = dropdown.locator(".dropdown-panel a").first();
    await expect(entry).toBeVisible();
    const box = await dropdown.locator(".dropdown-panel").boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(300); // min-width 20rem on wide screens
    await entry.click();
    await expect(page).toHaveURL(/\/subject\/[a-z0-9-]+\/\d+\/\d+$/);
    await expect(page.locator(".nav-link.active")).toHaveText(/Subjects/);
  });

  test("the footer has the spec's sections, links and the current year", async ({ page }) => {
    await page.goto("/home");
    const footer = page.locator("footer.site-footer");
    for (const [name, href] of [
      ["About Us", "/about/aboutus"],
      ["Author", "/about/author"],
      ["Contact", "/contact"],
      ["Products", "/about/products"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    for (const heading of ["Fresh Tweets", "Latest Updates", "Connect with us"]) {
      await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(footer.getByText(/^Online: \d+$/)).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()} Your Company. All Rights Reserved.`)).toBeVisible();
    await expect(footer.getByRole("link", { name: "Facebook" })).toHaveAttribute("target", "_blank");
  });

  test("unknown paths answer 404 with a way home", async ({ page }) => {
    const res = await page.goto("/no/such/page");
    expect(res!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Go back to Home" }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("Bengali text is drawn with our self-hosted font", async ({ page }) => {
    const fontRequests: string[] = [];
    page.on("request", (r) => r.resourceType() === "font" && fontRequests.push(r.url()));
    await page.goto("/home");
    await page.waitForLoadState("networkidle");
    expect(fontRequests.some((u) => /\/build\/_assets\/hind-siliguri-bengali-400-normal-[\w-]+\.woff2$/.test(u))).toBe(true);
    for (const u of fontRequests) expect(new URL(u).origin).toBe(BASE);
    await page.screenshot({ path: test.info().outputPath("home.png") });
  });

  test("the scroll-to-top control takes the reader back up", async ({ page }) => {
    await page.goto("/home");
    const toTop = page.locator("a.to-top");
    await expect(toTop).toHaveAttribute("href", "#top");
    await page.evaluate(() => window.scrollTo(0, 1500)).catch(() => undefined);
    await page.mouse.wheel(0, 1500);
    if (isJsOn()) {
      await expect(toTop).toHaveClass(/is-visible/);
      await toTop.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 100));
      await expect(toTop).not.toHaveClass(/is-visible/);
    } else {
      await toTop.click();
      await expect(page).toHaveURL(/#top$/);
    }
  });
});

test.describe("JavaScript weighs little", () => {
  test("/home loads no React or Remix bundle, no inline script, and from other origins only video thumbnails", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    const res = await page.goto("/home");
    await page.waitForLoadState("networkidle");
    const html = await res!.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    expect(html).not.toMatch(/entry\.client|manifest-|__remixContext/);
    const scripts = requests.filter((u) => /\.js(\?|$)/.test(u));
    if (isJsOn()) expect(scripts.map((u) => new URL(u).pathname)).toEqual([expect.stringMatching(/^\/build\/_enhance\/enhance-\w+\.js$/)]);
    else expect(scripts).toEqual([]);
    // The only other origin is the video host's thumbnail images (nothing else is fetched from another origin at run time); no script, style or font.
    const foreign = requests.filter((u) => !u.startsWith(`${BASE}/`) && !u.startsWith("data:"));
    for (const u of foreign) expect(u).toMatch(/^https:\/\/i\.ytimg\.com\/vi\/[\w-]+\/\w+\.jpg$/);
  });

  test("pages reach the browser compressed with brotli, though it lists gzip first", async ({ page }) => {
    // Chromium asks with "gzip, deflate, br, zstd". Two pages from the page cache, and one rendered
    // and compressed for this request (a 404 is never stored).
    for (const path of ["/home", "/title/1", "/no/such/page"]) {
      const res = await page.goto(path);
      expect(res!.headers()["content-encoding"], path).toBe("br");
    }
  });

  test("public pages send a strict Content-Security-Policy", async ({ request }) => {
    const res = await request.get("/home");
    const csp = res.headers()["content-security-policy"];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

test("documents arrive intact: valid UTF-8 with no stray bytes, also on long pages", async ({ request }) => {
  for (const path of ["/home", "/title/1", "/exampage/1?pageSize=100", "/no/such/page"]) {
    const body = await (await request.get(path)).body();
    expect(body.includes(0), `${path} has a NUL byte`).toBe(false);
    const text = new TextDecoder("utf-8", { fatal: true }).decode(body); // throws on broken UTF-8
    expect(text).toContain('aria-label="প্রধান মেনু"');
  }
});
