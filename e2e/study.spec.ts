import { expect, queryOne, test } from "./fixtures";

test.describe("category pages", () => {
  test("banner, titles, sibling categories and the sidebar", async ({ page }) => {
    const { id, sname } = await queryOne<{ id: number; sname: string }>(
      `SELECT c.id, s.name AS sname FROM categories c JOIN subjects s ON s.id = c.subject_id
       WHERE EXISTS (SELECT 1 FROM titles t WHERE t.category_id = c.id)
         AND (SELECT COUNT(*) FROM categories c2 WHERE c2.subject_id = c.subject_id) > 1
       ORDER BY c.id LIMIT 1`,
    );
    await page.goto(`/category/${id}`);
    await expect(page.locator(".page-banner")).toContainText(sname);
    await expect(page.getByRole("heading", { name: `categories in ${sname}` })).toBeVisible();
    const title = page.locator(".title-list a").first();
    await expect(title).toHaveAttribute("href", /^\/title\/\d+$/);
    await expect(page.locator("aside").getByRole("heading", { name: "Follow Us" })).toBeVisible();
    const scroll = await page.locator(".sidebar-scroll").evaluate((el) => getComputedStyle(el).maxHeight);
    expect(scroll).toBe("480px"); // 30rem
    await page.locator("main").getByRole("link", { name: /question paper$/ }).first().isVisible();
    await title.click();
    await expect(page).toHaveURL(/\/title\/\d+$/);
  });

  test("a chapter without titles and a subject with one chapter show the spec's empty texts", async ({ page }) => {
    const empty = await queryOne<{ id: number }>(
      "SELECT c.id FROM categories c WHERE NOT EXISTS (SELECT 1 FROM titles t WHERE t.category_id = c.id) ORDER BY c.id LIMIT 1",
    );
    await page.goto(`/category/${empty.id}`);
    await expect(page.getByText("No titles in this category yet.")).toBeVisible();
    const lonely = await queryOne<{ id: number }>(
      "SELECT MIN(id) AS id FROM categories GROUP BY subject_id HAVING COUNT(*) = 1 ORDER BY id LIMIT 1",
    );
    await page.goto(`/category/${lonely.id}`);
    await expect(page.getByText("No other categories found.")).toBeVisible();
  });

  test("bad ids: 400 with the spec's message, unknown ids: 404", async ({ page }) => {
    for (const bad of ["abc", "0", "1e999"]) {
      const res = await page.goto(`/category/${bad}`);
      expect(res!.status()).toBe(400);
      await expect(page.getByRole("heading", { name: "Invalid category id in route." })).toBeVisible();
    }
    const missing = await page.goto("/category/987654");
    expect(missing!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  });

  test("old ?catid= links still work", async ({ page }) => {
    const { id } = await queryOne<{ id: number }>("SELECT MIN(id) AS id FROM categories");
    await page.goto(`/category?catid=${id}`);
    await expect(page).toHaveURL(new RegExp(`/category/${id}$`));
  });
});

test.describe("title pages", () => {
  test("math of all four kinds is typeset on the server, with no math script", async ({ page }) => {
    const { id } = await queryOne<{ id: number }>(
      String.raw`SELECT id FROM titles WHERE content LIKE '%$$%' AND content LIKE '%\\[%' AND content LIKE '%\\(%' ORDER BY id LIMIT 1`,
    );
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    const res = await page.goto(`/title/${id}`);
    const html = (await res!.text()).split("<main")[1];
    expect((html.match(/class="katex"/g) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(html).toMatch(/class="katex-display"/);
    expect(html).not.toMatch(/\\\[|\\\(|\$\$/); // no delimiter left for a client script to find
    await expect(page.locator(".prose .katex").first()).toBeVisible();
    expect(scripts.filter((u) => /katex|mathjax/i.test(u))).toEqual([]);
    await expect(page.locator(".nav-link.active")).toHaveText(/Subjects/);
  });

  test("the single sidebar opens chapters without JavaScript and says 'Coming Soon !' for an empty one", async ({ page }) => {
    const row = await queryOne<{ tid: number; cid: number }>(
      `SELECT t.id AS tid, e.id AS cid FROM titles t JOIN categories c ON c.id = t.category_id
       JOIN categories e ON e.subject_id = c.subject_id
       WHERE NOT EXISTS (SELECT 1 FROM titles x WHERE x.category_id = e.id) ORDER BY t.id LIMIT 1`,
    );
    await page.goto(`/title/${row.tid}`);
    const sidebar = page.locator(".single-sidebar");
    await expect(sidebar.locator("details[open]")).toHaveCount(1); // the current chapter
    await expect(sidebar.locator(`a[aria-current="page"]`)).toHaveAttribute("href", `/title/${row.tid}`);
    const emptyChapter = sidebar.locator("details", { has: page.locator(".coming-soon") });
    await emptyChapter.locator("summary").click();
    await expect(emptyChapter.getByText("Coming Soon !")).toBeVisible();
    await expect(page.locator("aside").getByRole("heading", { name: "Follow Us" })).toBeVisible();
  });

  test("unknown titles are a 404 page", async ({ page }) => {
    expect((await page.goto("/title/987654"))!.status()).toBe(404);
    expect((await page.goto("/title/abc"))!.status()).toBe(404);
  });
});

test.describe("subject pages", () => {
  test("a subject and grade lists its chapters with titles to start from", async ({ page }) => {
    await page.goto("/home");
    const entry = page.locator("details.dropdown").first().locator(".dropdown-panel a").first();
    const href = await entry.getAttribute("href");
    await page.goto(href!);
    await expect(page.locator(".chapter-cards > li").first()).toBeVisible();
    await page.getByRole("link", { name: /প্রথম পাঠ থেকে শুরু করুন/ }).click();
    await expect(page).toHaveURL(/\/title\/\d+$/);
  });

  test("/subject/{sname} shows every grade's chapters; an unknown name is a 404", async ({ page }) => {
    const { slug } = await queryOne<{ slug: string }>("SELECT slug FROM subjects ORDER BY sort, id LIMIT 1");
    await page.goto(`/subject/${slug}`);
    await expect(page.locator(".page-banner .pill-list a").first()).toBeVisible();
    expect((await page.goto("/subject/no-such-subject"))!.status()).toBe(404);
  });
});

