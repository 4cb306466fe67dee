// Facts about the seeded e2e database that the specs need (which chapter is empty, which title has
// math), read with SQL so the specs do not hard-code ids of the demo content.
import { readFileSync } from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import mysql from "mysql2/promise";

export { expect };
const PORT = Number(process.env.E2E_PORT) || 3101;
/** The server on the seeded database (the specs' baseURL). */
export const BASE = `http://127.0.0.1:${PORT}`;
/** A server on an empty database (playwright.config.ts). */
export const EMPTY_BASE = `http://127.0.0.1:${PORT + 1}`;
/** A server whose database is unreachable. */
export const DOWN_BASE = `http://127.0.0.1:${PORT + 2}`;
/** A second server process on the seeded database. */
export const SECOND_BASE = `http://127.0.0.1:${PORT + 3}`;

const url = process.env.E2E_DATABASE_URL!; // set by playwright.config.ts

export async function queryOne<T>(sql: string): Promise<T> {
  const conn = await mysql.createConnection({ uri: url, charset: "utf8mb4" });
  try {
    const [rows] = await conn.query(sql);
    const row = (rows as T[])[0];
    if (!row) throw new Error(`no row for: ${sql}`);
    return row;
  } finally {
    await conn.end();
  }
}

/** Runs one statement on the seeded database (specs that make rows of their own and remove them again). */
export async function exec(sql: string, values: (string | number)[] = []) {
  const conn = await mysql.createConnection({ uri: url, charset: "utf8mb4" });
  try {
    const [res] = await conn.execute(sql, values);
    return res as { insertId: number };
  } finally {
    await conn.end();
  }
}

/** The seeded administrator (drizzle/seed). */
export const ADMIN = { username: "admin", password: "admin-demo-2026" };

/** Signs the page in as the seeded administrator through the login form; lands on the dashboard. */
export async function signIn(page: Page) {
  await page.goto("/gradmin/login");
  await page.getByLabel("ইউজারনেম অথবা ইমেইল (Username or email)").fill(ADMIN.username);
  await page.getByLabel("পাসওয়ার্ড (Password)").fill(ADMIN.password);
  await page.getByRole("button", { name: "লগইন (Sign in)" }).click();
  await expect(page.getByRole("heading", { name: /স্বাগতম/ })).toBeVisible();
}

const THUMBNAIL = readFileSync(new URL("../public/images/video-fallback.svg", import.meta.url));

/** Fails the test on any console error or uncaught exception in the page. */
export const test = base.extend<{ watchConsole: void; offlineThumbnails: void }>({
  // The suite runs without internet: the home page's video thumbnails (i.ytimg.com) get a local image
  // instead of waiting on DNS and logging load errors. A spec's own page.route takes precedence.
  offlineThumbnails: [
    async ({ page }, use) => {
      await page.route(/^https:\/\/i\.ytimg\.com\//, (r) => r.fulfill({ status: 200, contentType: "image/svg+xml", body: THUMBNAIL }));
      await use();
    },
    { auto: true },
  ],
  watchConsole: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      page.on("console", (m) => {
        if (m.type() === "error" && !/Failed to load resource: the server responded with a status of (400|404|503)/.test(m.text()))
          errors.push(m.text());
      });
      await use();
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export const isJsOn = () => test.info().project.name === "js-on";

/**
 * Waits until every stylesheet of the page applies. A page's width measured before that is the
 * unstyled page's: without JavaScript, a page reached by a form post or `waitUntil: "domcontentloaded"`
 * can be measured while its (render-blocking) stylesheets are still arriving, and Chromium lays it out
 * without them for the measurement (never for the screen: nothing is painted before them). Unstyled
 * selects as wide as their longest choice and pictures at their full width made pages 130-890 px too
 * wide in runs that then passed again.
 */
export async function stylesApplied(page: Page) {
  // Polled on a timer: animation frames wait on the same stylesheets.
  const pending = () => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((l) => l.sheet === null).map((l) => l.href));
  await expect.poll(pending, { message: "stylesheets not applied", timeout: 10_000, intervals: [50, 100, 250] }).toEqual([]);
}
