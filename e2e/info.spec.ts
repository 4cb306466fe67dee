import { BASE, EMPTY_BASE, expect, isJsOn, test } from "./fixtures";

test.describe("about, author, products", () => {
  test("/about opens About Us; each page has its title, content and the sidebar", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveURL(/\/about\/aboutus$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("article .prose")).not.toBeEmpty();
    for (const slug of ["author", "products"]) {
      await page.goto(`/about/${slug}`);
      await expect(page.locator("article .prose")).not.toBeEmpty();
      await expect(page.locator("aside").getByRole("heading", { name: "Follow Us" })).toBeVisible();
    }
    expect((await page.goto("/about/nothing"))!.status()).toBe(404);
  });

  test("with no content: default titles and the spec's empty texts", async ({ page }) => {
    await page.goto(`${EMPTY_BASE}/about/author`);
    await expect(page.getByRole("heading", { level: 1, name: "Author" })).toBeVisible();
    await expect(page.getByText("No author content found.")).toBeVisible();
    await page.goto(`${EMPTY_BASE}/about/products`);
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expect(page.getByText("No products content found.")).toBeVisible();
    await page.goto(`${EMPTY_BASE}/about/aboutus`);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect(page.getByText("No social links yet.")).toBeVisible();
  });
});

test.describe("contact", () => {
  test("shows the contact details and refuses an invalid message, keeping what was typed", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.locator(".contact-details a[href^='mailto:']")).toBeVisible();
    await page.getByLabel("নাম (Name)").fill("করিম");
    await page.getByLabel("ইমেইল (Email)").fill("not an email");
    await page.getByLabel("বার্তা (Message)").fill("ছোট");
    await page.getByRole("button", { name: "পাঠান (Send)" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByText("সঠিক ইমেইল ঠিকানা লিখুন (e.g. name@example.com).")).toBeVisible();
    await expect(page.getByLabel("নাম (Name)")).toHaveValue("করিম");
    await expect(page.getByLabel("ইমেইল (Email)")).toHaveAttribute("aria-invalid", "true");
  });

  test("a valid message gets a clear thank-you", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("নাম (Name)").fill("সুমাইয়া");
    await page.getByLabel("ইমেইল (Email)").fill(`sumaiya+${isJsOn() ? "on" : "off"}@example.com`);
    await page.getByLabel("বার্তা (Message)").fill("ত্রিকোণমিতির অধ্যায়ে আরও উদাহরণ চাই।");
    await page.getByRole("button", { name: "পাঠান (Send)" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole("heading", { name: "ধন্যবাদ! Thank you." })).toBeVisible();
  });

  test("the footer's email box carries the address to the contact form", async ({ page }) => {
    await page.goto("/home");
    await page.locator("footer").getByLabel("Email").fill("reader@example.com");
    await page.locator("footer").getByRole("button", { name: "Check" }).click();
    await expect(page.getByLabel("ইমেইল (Email)")).toHaveValue("reader@example.com");
  });
});

test.describe("meta", () => {
  test("pages carry title, description, keywords, Open Graph and Twitter tags", async ({ page }) => {
    await page.goto("/about/author");
    await expect(page).toHaveTitle(/\|/);
    for (const sel of [
      'meta[name="description"]',
      'meta[name="keywords"]',
      'meta[property="og:title"]',
      'meta[property="og:description"]',
      'meta[name="twitter:card"]',
      'meta[name="twitter:title"]',
    ]) {
      await expect(page.locator(sel)).toHaveAttribute("content", /\S/);
    }
  });

  test("robots.txt and sitemap.xml", async ({ request }) => {
    expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).toMatch(new RegExp(`<loc>${BASE.replace(/\./g, "\\.")}/title/\\d+</loc>`));
  });
});
