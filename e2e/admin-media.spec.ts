// The media library and images in questions, as staff use them with JavaScript on and off, at 1280
// and 360 px: upload an image in the library; put it into a question's text and into an option (with
// JavaScript the editor toolbar's image button, without it the upload field beside the text and the
// library's snippet pasted into the option); save; the public practice page shows both images within
// the screen. An unused image is deleted after its confirmation page; a used one is refused, naming
// the question. No screen is wider than the phone.
import type { Page } from "@playwright/test";
import { exec, expect, isJsOn, queryOne, signIn, stylesApplied, test } from "./fixtures";
import { png } from "./png";

const SHOTS = process.env.E2E_SHOTS_DIR;
/** The picture's size: wider than any phone, so a page that did not scale it would overflow. */
const W = 1200;
const H = 90;

/** A W×H PNG of its own (a distinct hash) for each run: a band of colour, the run's tag after its end. */
function image(name: string) {
  return { name, mimeType: "image/png", buffer: png(W, H, name, 0x2a) };
}

const run = () => `${test.info().project.name}-${Date.now()}`;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-${name}-${test.info().project.name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** The page, once its images have loaded and it has settled, is no wider than the screen (what is wider is named). */
async function fitsTheScreen(page: Page) {
  const measure = () =>
    page.evaluate(() => {
      const over = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1);
      const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
      const wider = document.documentElement.scrollWidth > window.innerWidth;
      return wider ? `${document.documentElement.scrollWidth} px: ${over.slice(-3).map(name).join(", ")}` : "fits";
    });
  await stylesApplied(page);
  await expect.poll(measure, { message: `page wider than the screen at ${page.url()}` }).toBe("fits");
}

/** Uploads in the library; returns the image's URL and its ready <img> snippet from the card. */
async function uploadInLibrary(page: Page, name: string) {
  await page.goto("/gradmin/media");
  await page.getByLabel(/ছবি আপলোড \(Upload images\)/).setInputFiles(image(name));
  await page.getByRole("button", { name: "আপলোড (Upload)" }).click();
  await expect(page.getByText(/আপলোড হয়েছে: ১টি ছবি/)).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
  await expect(card).toHaveCount(1);
  const url = await card.getByLabel("ঠিকানা (URL)", { exact: true }).inputValue();
  const snippet = await card.getByLabel("HTML", { exact: true }).inputValue();
  expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
  expect(snippet).toBe(`<img src="${url}" alt="" width="${W}" height="${H}">`);
  return { url, snippet, card };
}

/** Questions and sets this spec made, removed after each test so other specs see the seeded bank. */
const made = { questions: [] as number[], sets: [] as number[] };
test.afterEach(async () => {
  for (const id of made.sets.splice(0)) {
    await exec("DELETE FROM set_questions WHERE set_id = ?", [id]);
    await exec("DELETE FROM question_sets WHERE id = ?", [id]);
  }
  for (const id of made.questions.splice(0)) {
    await exec("DELETE FROM question_options WHERE question_id = ?", [id]);
    await exec("DELETE FROM questions WHERE id = ?", [id]);
  }
  await exec("UPDATE site_settings SET value = CAST(value AS UNSIGNED) + 1 WHERE `key` = 'content_version'");
});

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test("an image uploaded in the library goes into a question's text and an option, and shows on the public practice page", async ({ page }) => {
      test.setTimeout(90_000);
      await signIn(page);
      const name = `q-${run()}.png`;
      const { url, snippet } = await uploadInLibrary(page, name);
      await fitsTheScreen(page);
      await shot(page, "library");

      await page.goto("/gradmin/content/questions/new");
      await page.getByLabel("ধরন (Type)").selectOption("mcq");
      const body = page.getByLabel("প্রশ্ন (Question)", { exact: true });
      await body.fill(`<p>ছবির প্রশ্ন ${name}</p>\n`);
      const options = page.getByRole("group", { name: /অপশন \(Options\)/ });
      for (const [i, key] of ["ক", "খ", "গ", "ঘ"].entries()) await options.getByLabel(`অপশন ${key} (Option ${key})`, { exact: true }).fill(i ? `উত্তর ${key}` : "");
      await options.getByLabel(/^খ সঠিক/).check();
      await page.locator("#f-marks").fill("1");
      if (isJsOn()) {
        // The question's toolbar: its image button opens the library; choosing the image inserts it at the cursor.
        await page.getByRole("toolbar", { name: /প্রশ্ন \(Question\)$/ }).getByRole("button", { name: "ছবি (Image)" }).click();
        const dialog = page.getByRole("dialog", { name: "ছবি বসান (Insert an image)" });
        await expect(dialog).toBeVisible();
        await shot(page, "picker");
        await dialog.getByRole("button", { name: `বসান (Insert) ${name}` }).click();
        await expect(dialog).toBeHidden();
        await expect(body).toHaveValue(new RegExp(`<p>ছবির প্রশ্ন ${name}</p>\\n<img src="${url}" alt="" width="${W}" height="${H}">$`));
        // The option's own image button, the same way.
        await page.getByRole("toolbar", { name: /অপশন ক \(Option ক\)/ }).getByRole("button", { name: "ছবি (Image)" }).click();
        await page.getByRole("dialog").getByRole("button", { name: `বসান (Insert) ${name}` }).click();
        await expect(options.getByLabel("অপশন ক (Option ক)", { exact: true })).toHaveValue(snippet);
        // The live preview shows the image, in the site's font.
        const preview = page.getByRole("region", { name: /প্রিভিউ \(Preview\) প্রশ্ন/ });
        await expect(preview.locator(`img[src="${url}"]`)).toBeVisible();
        expect(await preview.locator(".preview-body").evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Hind Siliguri/);
      } else {
        // Without JavaScript: the upload field beside the text adds the image at its end on save; the
        // option takes the snippet copied from the library.
        await page.locator('[id="f-body.image.file"]').setInputFiles(image(name));
        await options.getByLabel("অপশন ক (Option ক)", { exact: true }).fill(snippet);
      }
      await fitsTheScreen(page);
      await shot(page, "question-form");
      await page.getByRole("button", { name: "তৈরি করুন (Create)" }).click();
      await expect(page).toHaveURL(/\/gradmin\/content\/questions\/\d+\?saved=created/);
      const questionId = Number(new URL(page.url()).pathname.split("/").pop());
      made.questions.push(questionId);
      // Saved as the source staff write: the same image named in the text and in the option.
      await expect(body).toHaveValue(new RegExp(`<img src="${url}" alt="" width="${W}" height="${H}">`));
      await expect(options.getByLabel("অপশন ক (Option ক)", { exact: true })).toHaveValue(snippet);

      // A practice set with the question, on a top MCQ category's page.
      const category = await queryOne<{ id: number }>("SELECT id FROM mcq_categories WHERE parent_id IS NULL ORDER BY id LIMIT 1");
      const setId = (await exec("INSERT INTO question_sets (mcq_category_id, name, sort) VALUES (?, ?, -100000)", [category.id, `ছবির সেট ${name}`])).insertId;
      made.sets.push(setId);
      await exec("INSERT INTO set_questions (set_id, question_id, sort) VALUES (?, ?, 1)", [setId, questionId]);
      await exec("UPDATE site_settings SET value = CAST(value AS UNSIGNED) + 1 WHERE `key` = 'content_version'");

      await page.goto(`/mq/${category.id}?set=${setId}`);
      await expect(page.getByText(`ছবির প্রশ্ন ${name}`)).toBeVisible();
      const images = page.locator(`img[src="${url}"]`);
      await expect(images).toHaveCount(2);
      for (const img of await images.all()) {
        await img.scrollIntoViewIfNeeded();
        await expect(img).toBeVisible();
        // Loaded (not a broken picture), and within the screen.
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(W);
        const box = (await img.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      await fitsTheScreen(page);
      await shot(page, "practice");
    });

    test("an unused image is deleted after its confirmation page; a used one is refused, naming where it is used", async ({ page }) => {
      await signIn(page);
      const usedName = `used-${run()}.png`;
      const used = await uploadInLibrary(page, usedName);
      const questionId = (await exec("INSERT INTO questions (type, body, body_html, marks) VALUES ('mcq', ?, ?, 1)", [`<p>${used.snippet}</p>`, `<p>${used.snippet}</p>`])).insertId;
      made.questions.push(questionId);
      const spareName = `spare-${run()}.png`;
      const spare = await uploadInLibrary(page, spareName);

      // The used one: its delete page names the question and offers no delete button.
      await used.card.getByRole("link", { name: /মুছুন \(Delete\)/ }).click();
      await expect(page.getByRole("alert")).toContainText("This image cannot be deleted");
      await expect(page.getByRole("link", { name: `প্রশ্ন (Question) #${questionId}` })).toHaveAttribute("href", `/gradmin/content/questions/${questionId}`);
      await expect(page.getByRole("button", { name: /হ্যাঁ, মুছে ফেলুন/ })).toHaveCount(0);
      await fitsTheScreen(page);
      await shot(page, "delete-refused");
      // Posting the delete anyway (a page opened before the image was used) is refused the same way.
      const refused = await page.request.post(`/gradmin/media/${await idOf(used.url)}/delete`, {
        form: { csrf: await csrfOf(page) },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(refused.status()).toBe(409);

      // The unused one: asked first, then gone from the library.
      await page.goto("/gradmin/media");
      await page.getByRole("listitem").filter({ has: page.getByText(spareName, { exact: true }) }).getByRole("link", { name: /মুছুন \(Delete\)/ }).click();
      await expect(page.getByRole("heading", { name: /Delete this image\?/ })).toBeVisible();
      await fitsTheScreen(page);
      await shot(page, "delete-confirm");
      await page.getByRole("button", { name: "হ্যাঁ, মুছে ফেলুন (Yes, delete)" }).click();
      await expect(page.getByText("The image was deleted.")).toBeVisible();
      await expect(page.getByText(spareName, { exact: true })).toHaveCount(0);
      expect((await page.request.get(spare.url)).status()).toBe(404);
      // The used image is still there and served.
      await expect(page.getByText(usedName, { exact: true }).first()).toBeVisible();
      expect((await page.request.get(used.url)).status()).toBe(200);
    });
  });
}

async function idOf(url: string) {
  return (await queryOne<{ id: number }>(`SELECT id FROM media WHERE hash = '${url.slice(7, 39)}'`)).id;
}

async function csrfOf(page: Page) {
  return page.locator('input[name="csrf"]').first().inputValue();
}
