// The exam page and MCQ practice on a small phone (360 and 320 px), with JavaScript on and off: the
// score comes into view after Submit and View Result, Submit's question is readable whole, View Result
// with 'Show answers' off says what it marked, Clear keeps the student's place, and the navbar (which
// scrolls away on these pages) can be reached again from anywhere without covering the questions.
import type { Locator, Page } from "@playwright/test";
import { expect, isJsOn, queryOne, test } from "./fixtures";

const bn = (n: number) => String(n).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]);

/** Nothing is wider than the screen: the page never scrolls sideways. */
async function noSideScroll(page: Page) {
  const [scrollWidth, screenWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, "page width").toBeLessThanOrEqual(screenWidth);
}

/** The whole element is on the screen (not just a corner of it). */
async function wholeOnScreen(locator: Locator, page: Page) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

async function shot(page: Page, name: string) {
  const file = test.info().outputPath(`${name}-${page.viewportSize()!.width}.png`);
  await page.screenshot({ path: file });
}

/** The first `n` questions of exam 1 with their correct keys, in page order. */
async function examKeys(n: number): Promise<[string, string][]> {
  const { setId } = await queryOne<{ setId: number }>("SELECT question_set_id AS setId FROM exam_titles WHERE id = 1");
  const rows = await queryOne<{ keys: string }>(
    `SELECT GROUP_CONCAT(CONCAT(q.question_id, ':', o.opt_key) ORDER BY q.sort, q.question_id SEPARATOR ',') AS \`keys\`
     FROM (SELECT * FROM set_questions WHERE set_id = ${setId} ORDER BY sort, question_id LIMIT ${n}) q
     JOIN question_options o ON o.question_id = q.question_id AND o.is_correct`,
  );
  return rows.keys.split(",").map((p) => p.split(":")) as [string, string][];
}

const scoreLine = (page: Page) => page.locator(".score-line");

/** Opens Submit's question from the middle of the page and checks that it can be read whole. */
async function openSubmit(page: Page, name: string) {
  // From the middle of the page, where the floating to-top button shows (JS on).
  await page.locator(".question-card").nth(12).scrollIntoViewIfNeeded();
  await page.locator(".submit-confirm > summary").click();
  const question = page.locator(".confirm-pop p");
  await expect(question).toContainText("জমা দিলে এই পৃষ্ঠার উত্তর আর বদলানো যাবে না।");
  await wholeOnScreen(page.locator(".confirm-pop"), page);
  await wholeOnScreen(page.getByRole("button", { name: "হ্যাঁ, জমা দিন" }), page);
  await noSideScroll(page);
  // Nothing floats over the question's words.
  const toTop = page.locator("a.to-top");
  if (await toTop.isVisible()) {
    const a = (await toTop.boundingBox())!;
    const b = (await question.boundingBox())!;
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, "the to-top button covers the question").toBe(false);
  }
  await shot(page, `${name}-confirm`);
}

/** The score has come into view (and, with JS, has focus, so a screen reader reads it). */
async function scoreInView(page: Page, text: string, name: string) {
  await expect(scoreLine(page)).toHaveText(text);
  await expect(scoreLine(page)).toBeInViewport({ ratio: 1 });
  if (isJsOn()) await expect(page.locator("#quiz-result")).toBeFocused();
  else expect(new URL(page.url()).hash).toBe("#quiz-result");
  await noSideScroll(page);
  await shot(page, name);
}

for (const width of [360, 320]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 740 } });

    test("exam page: after Submit and after View Result the score is on the screen", async ({ page }) => {
      const [[qid, key]] = await examKeys(1);
      await page.goto("/exampage/1");
      await noSideScroll(page);
      await page.locator(`input[name="q${qid}"][value="${key}"]`).check();
      await openSubmit(page, "exam");
      await page.getByRole("button", { name: "হ্যাঁ, জমা দিন" }).click();
      await scoreInView(page, `আপনি পেয়েছেন ${bn(1)} / ${bn(25)}`, "exam-submitted");
      // View Result from the bottom of the page.
      await page.locator(".question-card").last().scrollIntoViewIfNeeded();
      await page.getByRole("button", { name: "View Result" }).click();
      await expect(page.locator(".score-next")).toContainText("সবুজ ✓");
      await scoreInView(page, `আপনি পেয়েছেন ${bn(1)} / ${bn(25)}`, "exam-result");
    });

    test("MCQ practice: after Submit the score is on the screen", async ({ page }) => {
      await page.goto("/mq/1");
      await noSideScroll(page);
      await page.locator(".question-card").first().locator('input[type="radio"]').first().check();
      await openSubmit(page, "mq");
      await page.getByRole("button", { name: "হ্যাঁ, জমা দিন" }).click();
      await expect(scoreLine(page)).toContainText("আপনি পেয়েছেন");
      await expect(scoreLine(page)).toBeInViewport({ ratio: 1 });
      if (isJsOn()) await expect(page.locator("#quiz-result")).toBeFocused();
      await noSideScroll(page);
      await shot(page, "mq-submitted");
    });

    test("with Show answers off, View Result marks the student's own answers and says the others are hidden", async ({ page }) => {
      const keys = await examKeys(2);
      await page.goto("/exampage/1?includeCorrect=0");
      const [rightQ, rightKey] = keys[0];
      const [wrongQ, wrongKey] = keys[1];
      await page.locator(`input[name="q${rightQ}"][value="${rightKey}"]`).check();
      await page.locator(`input[name="q${wrongQ}"]:not([value="${wrongKey}"])`).first().check();
      await page.locator(".submit-confirm > summary").click();
      await page.getByRole("button", { name: "হ্যাঁ, জমা দিন" }).click();
      await expect(scoreLine(page)).toHaveText(`আপনি পেয়েছেন ${bn(1)} / ${bn(25)}`);
      await page.getByRole("button", { name: "View Result" }).click();
      const legend = page.locator(".score-next");
      await expect(legend).toContainText("সবুজ ✓ চিহ্ন আপনার সঠিক উত্তর");
      await expect(legend).toContainText("'Show answers' বন্ধ");
      // The right choice is green, the wrong one red, and the wrong question's correct option stays hidden.
      await expect(page.locator(`#q-${rightQ} .q-option.is-correct`)).toHaveCount(1);
      await expect(page.locator(`#q-${rightQ} .q-option.is-correct input`)).toHaveAttribute("value", rightKey);
      await expect(page.locator(`#q-${wrongQ} .q-option.is-wrong`)).toHaveCount(1);
      await expect(page.locator(`#q-${wrongQ} .q-option.is-correct`)).toHaveCount(0);
      await expect(page.locator(".q-option.is-correct")).toHaveCount(1);
      await expect(scoreLine(page)).toBeInViewport();
      await noSideScroll(page);
      await shot(page, "exam-result-keys-hidden");
    });

    test("Clear selections keeps the student at the questions", async ({ page }) => {
      await page.goto("/exampage/1");
      const card = page.locator(".question-card").nth(20);
      await card.locator('input[type="radio"]').first().check();
      await card.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -100));
      const before = (await card.boundingBox())!.y;
      if (isJsOn()) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.getByRole("button", { name: "Clear selections" }).click();
      await expect(page.locator('.question-card input[type="radio"]:checked')).toHaveCount(0);
      if (isJsOn()) {
        expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true); // in place
        await expect(page.getByRole("button", { name: "Clear selections" })).toBeFocused();
        // The card the student was looking at is where it was.
        await expect.poll(async () => Math.abs((await page.locator(".question-card").nth(20).boundingBox())!.y - before)).toBeLessThan(3);
      } else {
        // Not the top of the page: the questions.
        expect(new URL(page.url()).hash).toBe("#quiz-form");
        await expect(page.locator(".question-card").first()).toBeInViewport();
        await expect(page.locator(".exam-header h1")).not.toBeInViewport();
      }
      await noSideScroll(page);
      await shot(page, "exam-cleared");
    });

    test("a 100-question page: the navbar can be reached again without covering the questions", async ({ page }) => {
      if (isJsOn()) {
        // Layout shifts the navbar takes part in (none may happen), with their elements for the message.
        await page.addInitScript(() => {
          const w = window as unknown as { navShifts: string[] };
          w.navShifts = [];
          new PerformanceObserver((list) => {
            // As CLS counts them: a shift right after a tap (the menu button turning into Close) is the tap's.
            for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
              const nodes = (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node : s.node?.parentElement)).filter((n): n is Element => !!n?.closest("[data-navbar]"));
              if (!e.hadRecentInput && nodes.length) w.navShifts.push(`${e.value} ${nodes.map((n) => n.className).join(",")}`);
            }
          }).observe({ type: "layout-shift", buffered: true });
        });
      }
      await page.goto("/exampage/1?pageSize=100");
      const navbar = page.locator("[data-navbar]");
      const menu = page.getByRole("navigation", { name: "প্রধান মেনু" }).getByRole("link", { name: "মেনু (Menu)" });
      await expect(menu).toBeInViewport();
      // Only what scrolling does counts: a shift while the page and its font finish loading is not the navbar's.
      if (isJsOn()) await page.evaluate(async () => {
        await document.fonts.ready;
        (window as unknown as { navShifts: string[] }).navShifts.length = 0;
      });
      // Deep in the page the navbar is out of the way ...
      await page.locator(".question-card").nth(50).scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 600);
      await expect(navbar).not.toBeInViewport();
      await shot(page, "exam-100-deep");
      if (isJsOn()) {
        // ... and scrolling up a little brings it back, menu and all.
        await page.mouse.wheel(0, -200);
        await expect(menu).toBeInViewport();
        await shot(page, "exam-100-scrolled-up");
        await menu.click();
        await expect(page.getByRole("navigation", { name: "প্রধান মেনু" }).getByRole("link", { name: "Home", exact: true })).toBeInViewport();
        await page.getByRole("navigation", { name: "প্রধান মেনু" }).getByRole("link", { name: "বন্ধ (Close menu)" }).click();
        // Going on down, it leaves again and covers nothing.
        await page.mouse.wheel(0, 400);
        await expect(navbar).not.toBeInViewport();
        expect(await page.evaluate(() => (window as unknown as { navShifts: string[] }).navShifts)).toEqual([]);
      }
      // At the end of the questions, with or without JS: a link back up to the menu.
      const up = page.getByRole("link", { name: "উপরে যান, মেনুতে ↑" });
      await up.scrollIntoViewIfNeeded();
      await expect(up).toBeInViewport();
      await noSideScroll(page);
      await shot(page, "exam-100-end");
      await up.click();
      await expect(menu).toBeInViewport();
      await menu.click();
      await expect(page.getByRole("navigation", { name: "প্রধান মেনু" }).getByRole("link", { name: "Home", exact: true })).toBeInViewport();
    });
  });
}

test("on a wide screen the same page: the score in view after Submit, the navbar in place, no extra link", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const [[qid, key]] = await examKeys(1);
  await page.goto("/exampage/1");
  await page.locator(`input[name="q${qid}"][value="${key}"]`).check();
  await page.locator(".question-card").nth(12).scrollIntoViewIfNeeded();
  await page.locator(".submit-confirm > summary").click();
  await wholeOnScreen(page.locator(".confirm-pop"), page);
  await shot(page, "exam-confirm");
  await page.getByRole("button", { name: "হ্যাঁ, জমা দিন" }).click();
  await scoreInView(page, `আপনি পেয়েছেন ${bn(1)} / ${bn(25)}`, "exam-submitted");
  await expect(page.locator("[data-navbar]")).toBeInViewport();
  await expect(page.getByRole("link", { name: "উপরে যান, মেনুতে ↑" })).toBeHidden();
});
