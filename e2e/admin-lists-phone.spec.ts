// The admin's lists on a 360 px phone and a 1280 px screen, JavaScript on and off: attempts, teachers'
// papers, the media library and an image's delete page, the audit log, the trash and the site texts.
// No page is wider than the screen, and on the phone nothing hides sideways inside a table either:
// each row reads as a card, its cells stacked with their column's name. The filter form's buttons are
// on the screen. Rows with long unbroken names (a file name, a title) are made first: what widened
// these pages before.
import type { Page } from "@playwright/test";
import { exec, expect, queryOne, signIn, stylesApplied, test } from "./fixtures";
import { png } from "./png";

const SHOTS = process.env.E2E_SHOTS_DIR;
const LONG = "অনেক-লম্বা-নাম-যেটা-কোথাও-ভাঙে-না_" + "x".repeat(60);

/** How much wider than the screen the page is, and how much each table hides sideways (named, to say which). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const over = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`)
      .slice(-3);
    const page = document.documentElement.scrollWidth - window.innerWidth;
    const hidden = Math.max(0, ...[...document.querySelectorAll(".table-wrap")].map((w) => w.scrollWidth - w.clientWidth));
    return page > 0 || hidden > 1 ? `page +${page} px, table +${hidden} px: ${over.join(", ")}` : "fits";
  });

/** The screen at the list's first rows (the whole page of a long list is too tall to look at). */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const list = page.locator("table, .media-grid, fieldset").first();
  if (await list.count()) await list.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 8));
  await page.screenshot({ path: `${SHOTS}/lists-${name}-${test.info().project.name}-${page.viewportSize()?.width}.png` });
}

const made = { paper: 0, trash: 0, media: [] as string[] };
test.beforeAll(async () => {
  made.paper = (
    await exec("INSERT INTO saved_papers (code, title, question_count, content) VALUES (?, ?, 3, ?)", [
      `L${Math.random().toString(36).slice(2, 12)}`,
      `${LONG} প্রশ্নপত্র`,
      JSON.stringify({ sets: [{}, {}] }),
    ])
  ).insertId;
  made.trash = (
    await exec("INSERT INTO trash_items (entity, entity_id, name, snapshot, deleted_at) VALUES ('chapters', 999000 + FLOOR(RAND() * 999), ?, '{}', NOW(3))", [LONG])
  ).insertId;
});
test.afterAll(async () => {
  await exec("DELETE FROM saved_papers WHERE id = ?", [made.paper]);
  await exec("DELETE FROM trash_items WHERE id = ?", [made.trash]);
  for (const hash of made.media.splice(0)) await exec("DELETE FROM media WHERE hash = ?", [hash]);
});

const LISTS = [
  ["attempts", "/gradmin/attempts", /পরীক্ষার চেষ্টা \(Exam attempts\)/],
  ["papers", "/gradmin/papers", /শিক্ষকদের প্রশ্নপত্র|Teachers' papers/],
  ["media", "/gradmin/media", /মিডিয়া লাইব্রেরি \(Media library\)/],
  ["audit", "/gradmin/audit", /অডিট লগ \(Audit log\)/],
  ["trash", "/gradmin/trash", /ট্র্যাশ \(Trash\)/],
  ["site-texts", "/gradmin/site-texts", /সাইটের লেখা|Site texts/],
] as const;

for (const width of [360, 1280]) {
  test(`every admin list fits a ${width} px screen, its filter buttons on it`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await signIn(page);
    // An image with a long file name, uploaded here: the library's card and the audit log's row show it.
    const name = `${LONG}-${test.info().project.name}-${width}.png`;
    await page.goto("/gradmin/media");
    await page.getByLabel(/ছবি আপলোড \(Upload images\)/).setInputFiles({ name, mimeType: "image/png", buffer: png(900, 40, name) });
    await page.getByRole("button", { name: "আপলোড (Upload)" }).click();
    await expect(page.getByText(/আপলোড হয়েছে: ১টি ছবি/)).toBeVisible();
    const { hash } = await queryOne<{ hash: string }>(`SELECT hash FROM media WHERE original_name = '${name}'`);
    made.media.push(hash);
    const { id } = await queryOne<{ id: number }>(`SELECT id FROM media WHERE hash = '${hash}'`);

    for (const [label, path, heading] of [...LISTS, ["media-delete", `/gradmin/media/${id}/delete`, /Delete this image\?/] as const]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading }), label).toBeVisible();
      // Measured once the page's stylesheets apply and its images have arrived (lazy ones below the fold never do).
      await stylesApplied(page);
      await page.waitForFunction(() => [...document.images].every((i) => i.complete || i.loading === "lazy"));
      await expect.poll(() => overflow(page), { message: `${label} at ${width} px` }).toBe("fits");
      if (width === 360) {
        // Readable, not merely squeezed in: a five-column table fits 360 px only by breaking its words
        // letter by letter; stacked, every cell has most of the screen's width.
        const narrowest = await page.locator("table td").evaluateAll((cells) => Math.min(Infinity, ...cells.map((c) => c.getBoundingClientRect().width)));
        if (narrowest !== Infinity) expect(narrowest, `${label}: the narrowest table cell`).toBeGreaterThanOrEqual(width * 0.6);
      }
      for (const button of await page.getByRole("button", { name: /ছাঁকুন \(Filter\)|ফিরিয়ে আনুন \(Restore\)|আপলোড \(Upload\)|সংরক্ষণ করুন \(Save\)|হ্যাঁ, মুছে ফেলুন/ }).all()) {
        await button.scrollIntoViewIfNeeded();
        const box = (await button.boundingBox())!;
        expect(box.x, `${label}: a button's left edge`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${label}: a button's right edge`).toBeLessThanOrEqual(width);
      }
      await shot(page, label);
    }
  });
}
