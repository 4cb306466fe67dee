// Running the site from /gradmin as an editor does, with JavaScript off (and on): a subject, a
// chapter and a topic with math, seen on the public site; the same topic edited in two browsers (the
// second gets the conflict), an older version restored, the topic deleted, sign out.
import type { Browser } from "@playwright/test";
import { expect, queryOne, signIn, test } from "./fixtures";

async function secondEditor(browser: Browser, javaScriptEnabled: boolean, baseURL: string) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL });
  const page = await context.newPage();
  await signIn(page);
  return { context, page };
}

test("an editor creates a subject, chapter and topic with math, sees them on the site, meets a conflict, restores and deletes", async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  const js = info.project.use.javaScriptEnabled !== false;
  const tag = `${js ? "on" : "off"}${Date.now().toString(36)}`;
  const subject = `জ্যামিতি ${tag}`;
  const chapter = `ত্রিভুজ ${tag}`;
  const topic = `পিথাগোরাস ${tag}`;
  await signIn(page);

  // A subject, taught in SSC.
  await page.getByRole("link", { name: "কনটেন্ট (Content)" }).click();
  await page.getByRole("link", { name: "বিষয় (Subjects)" }).click();
  await page.getByRole("link", { name: /নতুন বিষয়/ }).click();
  await page.getByLabel("নাম (Name)").fill(subject);
  await page.getByLabel("URL নাম (URL name)").fill(`geo-${tag}`);
  await page.getByLabel("ক্রম (Order)").fill("9000"); // last in the navbar: other specs open its first entry
  await page.getByLabel("এসএসসি").check();
  await page.getByRole("button", { name: "তৈরি করুন (Create)" }).click();
  await expect(page.getByRole("status")).toHaveText("তৈরি হয়েছে। (Created.)");
  const sid = /\/subjects\/(\d+)/.exec(page.url())![1];

  // A chapter of it.
  await page.goto("/gradmin/content/chapters/new");
  await page.getByLabel("বিষয় (Subject)").selectOption({ label: subject });
  await page.getByLabel("শ্রেণি (Grade)").selectOption({ label: "এসএসসি" });
  await page.getByLabel("নাম (Name)").fill(chapter);
  await page.getByRole("button", { name: "তৈরি করুন (Create)" }).click();
  await expect(page.getByRole("status")).toHaveText("তৈরি হয়েছে। (Created.)");

  // A topic with inline and display math; the preview shows it typeset before saving.
  await page.goto("/gradmin/content/topics/new");
  await page.getByLabel("অধ্যায় (Chapter)").selectOption({ label: `${subject} (এসএসসি) › ${chapter}` });
  await page.getByLabel("শিরোনাম (Title)").fill(topic);
  await page.getByRole("textbox", { name: "বিষয়বস্তু (Content)" }).fill("<p>সমকোণী ত্রিভুজে $a^2+b^2=c^2$ হয়।</p>\n$$c=\\sqrt{a^2+b^2}$$");
  await page.getByRole("button", { name: "প্রিভিউ (Preview)" }).click();
  const preview = page.locator(".preview-body");
  await expect(preview.locator(".katex").first()).toBeVisible();
  await expect(preview.locator(".katex-display")).toHaveCount(1);
  await expect(page.getByLabel("শিরোনাম (Title)")).toHaveValue(topic);
  await page.getByRole("button", { name: "তৈরি করুন (Create)" }).click();
  await expect(page.getByRole("status")).toHaveText("তৈরি হয়েছে। (Created.)");
  const editUrl = page.url().replace(/\?.*$/, "");

  // On the public site: the topic with typeset math, the subject's page listing it, the navbar.
  await page.getByRole("link", { name: "সাইটে দেখুন (View on site)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: topic })).toBeVisible();
  await expect(page.locator("main .katex-display")).toHaveCount(1);
  expect(await page.locator("main .katex").count()).toBeGreaterThanOrEqual(2);
  await page.goto(`/subject/geo-${tag}/${sid}/1`);
  await expect(page.getByRole("link", { name: topic, exact: true })).toBeVisible();
  await expect(page.locator("nav").getByText(subject).first()).toBeAttached();

  // A reader's search finds it, and the same search follows every save below: what the server's two
  // processes kept of it (and the page cache) is forgotten when the content changes.
  const readerContext = await browser.newContext({ javaScriptEnabled: js, baseURL: info.project.use.baseURL });
  // Routing turns Playwright's HTTP cache off, so each visit asks the server (browsers revalidate
  // public pages anyway: max-age=0 with an ETag).
  await readerContext.route("**/*", (route) => route.continue());
  const reader = await readerContext.newPage();
  const searchTopics = async () => {
    await reader.goto(`/search?q=${tag}&kind=topic`);
    return reader.getByRole("main").getByRole("link", { name: new RegExp(`^${topic}`) });
  };
  await expect(await searchTopics()).toHaveText([topic]);
  await expect(await searchTopics()).toHaveText([topic]); // asked again: the kept search

  // Two editors open the topic; the first saves, the second is told what changed and keeps their text.
  const other = await secondEditor(browser, js, info.project.use.baseURL!);
  await page.goto(editUrl);
  await other.page.goto(editUrl);
  await page.getByLabel("শিরোনাম (Title)").fill(`${topic} ও প্রমাণ`);
  await page.getByRole("button", { name: "সংরক্ষণ করুন (Save)" }).click();
  await expect(page.getByRole("status")).toContainText("Saved");
  await other.page.getByRole("textbox", { name: "বিষয়বস্তু (Content)" }).fill("<p>দ্বিতীয় জনের লেখা</p>");
  await other.page.getByRole("button", { name: "সংরক্ষণ করুন (Save)" }).click();
  const conflict = other.page.getByRole("alert").filter({ hasText: "someone else changed this meanwhile" });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole("row", { name: /শিরোনাম \(Title\)/ })).toContainText(`${topic} ও প্রমাণ`);
  await expect(other.page.getByRole("textbox", { name: "বিষয়বস্তু (Content)" })).toHaveValue("<p>দ্বিতীয় জনের লেখা</p>");
  await other.context.close();
  await expect(await searchTopics()).toHaveText([`${topic} ও প্রমাণ`]);

  // The first title comes back from the history (itself a new version).
  await page.getByRole("link", { name: "পুরোনো সংস্করণ (History)" }).click();
  // Restore shows what differs from the current version first, then asks.
  await page.getByRole("link", { name: /Restore version 1/ }).click();
  await expect(page.getByRole("term").filter({ hasText: "শিরোনাম (Title)" })).toContainText("differs");
  await page.getByRole("button", { name: /Yes, restore version 1/ }).click();
  await expect(page.getByRole("status")).toContainText("restored");
  await expect(page.getByLabel("শিরোনাম (Title)")).toHaveValue(topic);
  await expect(page.getByText(/সংস্করণ \(version\) 3/)).toBeVisible();
  await expect(await searchTopics()).toHaveText([topic]);

  // Delete, after a confirmation; the public page is gone.
  await page.getByRole("link", { name: "মুছে ফেলুন (Delete)" }).click();
  await expect(page.getByRole("heading", { name: /মুছে ফেলবেন\?/ })).toBeVisible();
  await page.getByRole("button", { name: /হ্যাঁ, মুছে ফেলুন/ }).click();
  await expect(page.getByRole("status")).toHaveText("মুছে ফেলা হয়েছে। (Deleted.)");
  const id = /\/topics\/(\d+)/.exec(editUrl)![1];
  expect((await page.request.get(`/title/${id}`)).status()).toBe(404);
  await expect(await searchTopics()).toHaveCount(0);
  await readerContext.close();

  // The chapter and the subject go too, now that nothing refers to them.
  for (const [type, name] of [["chapters", chapter], ["subjects", subject]]) {
    await page.goto(`/gradmin/content/${type}?q=${encodeURIComponent(tag)}`);
    await page.getByRole("link", { name, exact: true }).click();
    await page.getByRole("link", { name: "মুছে ফেলুন (Delete)" }).click();
    await page.getByRole("button", { name: /হ্যাঁ, মুছে ফেলুন/ }).click();
    await expect(page.getByRole("status")).toHaveText("মুছে ফেলা হয়েছে। (Deleted.)");
  }

  // Sign out.
  await page.getByRole("button", { name: "লগআউট (Sign out)" }).click();
  await expect(page).toHaveURL(/\/gradmin\/login/);
});

test("a chapter that still has topics cannot be deleted, and the page says why", async ({ page }) => {
  await signIn(page);
  const { id } = await queryOne<{ id: number }>("select category_id as id from titles order by id limit 1");
  await page.goto(`/gradmin/content/chapters/${id}`);
  await page.getByRole("link", { name: "মুছে ফেলুন (Delete)" }).click();
  await expect(page.getByRole("alert")).toContainText("other content refers to it");
  await expect(page.getByRole("button", { name: /হ্যাঁ, মুছে ফেলুন/ })).toHaveCount(0);
});

test("with JavaScript, the math preview follows the typing (from the server's renderer)", async ({ page }, info) => {
  test.skip(info.project.use.javaScriptEnabled === false, "the Preview button does it without JavaScript (above)");
  await signIn(page);
  await page.goto("/gradmin/content/topics/new");
  await page.getByRole("textbox", { name: "বিষয়বস্তু (Content)" }).fill("<p>$\\frac{1}{2}$ অর্ধেক</p>");
  const preview = page.locator(".preview-body");
  await expect(preview.locator(".katex .mfrac")).toBeVisible();
  await expect(preview).toContainText("অর্ধেক");
  await page.getByRole("textbox", { name: "বিষয়বস্তু (Content)" }).fill("<p>শুধু লেখা<script>alert(1)</script></p>");
  await expect(preview).toHaveText("শুধু লেখা");
  await expect(preview.locator("script")).toHaveCount(0);
});
