import { DOWN_BASE, expect, test } from "./fixtures";

test.use({ baseURL: DOWN_BASE });

test("with the database down, pages answer 503 with a friendly page and no internals", async ({ page }) => {
  const res = await page.goto("/category/3");
  expect(res!.status()).toBe(503);
  expect(res!.headers()["retry-after"]).toBe("30");
  await expect(page.getByRole("heading", { name: /Service temporarily unavailable/ })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  const html = await res!.text();
  expect(html).not.toMatch(/ECONNREFUSED|at .*\.js:\d+|node_modules|select /i);
  await expect(page.getByRole("link", { name: "Home", exact: true })).toBeVisible(); // the navbar still renders
});

test("an exam page, whose route has its own error page, says the same while the database is down", async ({ page }) => {
  const res = await page.goto("/exampage/1");
  expect(res!.status()).toBe(503);
  await expect(page.getByRole("heading", { name: /Service temporarily unavailable/ })).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
});
