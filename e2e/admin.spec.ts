// Staff sign-in as a person does it, with JavaScript on and off: sign in (remember on and off), see
// the dashboard, sign out, and Back shows no admin page. Plus what only a browser shows: throttling
// shared by two server processes, a cross-site ?_data= POST refused, no Remix runtime on public pages.
import { BASE, expect, isJsOn, queryOne, SECOND_BASE, test } from "./fixtures";

const ADMIN = { username: "admin", password: "admin-demo-2026" };

async function signIn(page: import("@playwright/test").Page, remember: boolean) {
  await page.goto("/gradmin");
  await expect(page).toHaveURL(/\/gradmin\/login\?redirectTo=%2Fgradmin$/);
  await page.getByLabel("ইউজারনেম অথবা ইমেইল (Username or email)").fill(ADMIN.username);
  await page.getByLabel("পাসওয়ার্ড (Password)").fill(ADMIN.password);
  if (remember) await page.getByLabel(/মনে রাখুন/).check();
  await page.getByRole("button", { name: "লগইন (Sign in)" }).click();
  await expect(page.getByRole("heading", { name: /স্বাগতম/ })).toBeVisible();
  await expect(page).toHaveURL(/\/gradmin$/);
}

for (const remember of [true, false]) {
  test(`sign in with remember ${remember ? "on" : "off"}, see the dashboard, sign out; Back shows no admin page`, async ({ page, context }) => {
    await signIn(page, remember);
    await expect(page.getByRole("navigation", { name: /Admin sections/ }).getByRole("link", { name: /Staff/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Latest changes/ })).toBeVisible();

    const cookie = (await context.cookies()).find((c) => c.name === "grbd_staff");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    if (remember) expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    else expect(cookie!.expires).toBe(-1); // a browser-session cookie

    // The admin area hydrates React (with JavaScript); it works the same without.
    if (isJsOn()) await page.waitForFunction(() => "__remixContext" in window, undefined, { timeout: 10_000 });

    await page.getByRole("button", { name: /Sign out/ }).click();
    await expect(page).toHaveURL(/\/gradmin\/login$/);
    await expect(page.getByRole("heading", { name: /Staff sign-in/ })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name: /স্বাগতম/ })).toHaveCount(0);
    await expect(page).toHaveURL(/\/gradmin\/login/);
  });
}

test("a wrong password keeps the typed username and says so in Bangla and English", async ({ page }, info) => {
  // An identifier of its own, so repeated runs never add up to the sign-in throttle.
  const identifier = `staff-${info.project.name}-${Date.now()}@example.com`;
  await page.goto("/gradmin/login");
  await page.getByLabel("ইউজারনেম অথবা ইমেইল (Username or email)").fill(identifier);
  await page.getByLabel("পাসওয়ার্ড (Password)").fill("not-the-password");
  await page.getByRole("button", { name: "লগইন (Sign in)" }).click();
  await expect(page.getByRole("alert")).toContainText("The username/email or password is incorrect.");
  await expect(page.getByLabel("ইউজারনেম অথবা ইমেইল (Username or email)")).toHaveValue(identifier);
});

test("throttling holds across two server processes: the 6th failure waits, whichever process it reaches", async ({ request }, info) => {
  // An identifier of its own per project, so this never locks out the other tests' sign-ins.
  const identifier = `nobody-${info.project.name}-${Date.now()}`;
  const attempt = (base: string) =>
    request.post(`${base}/gradmin/login`, { form: { identifier, password: "wrong-password" }, headers: { Origin: base }, maxRedirects: 0 });
  for (const base of [BASE, SECOND_BASE, BASE, SECOND_BASE, BASE]) {
    expect((await attempt(base)).status(), base).toBe(400);
  }
  const sixth = await attempt(SECOND_BASE);
  expect(sixth.status()).toBe(429);
  expect(await sixth.text()).toContain("Too many failed sign-ins");
});

const crossSite = async (page: import("@playwright/test").Page, request: import("@playwright/test").APIRequestContext, paths: string[]) => {
  await signIn(page, false);
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  for (const path of paths) {
    const res = await request.post(path, {
      form: { intent: "end-others", identifier: "admin", password: ADMIN.password },
      headers: { Origin: "https://evil.example", Cookie: cookies },
      maxRedirects: 0,
    });
    expect(res.status(), path).toBe(403);
  }
};

test("a cross-site ?_data= POST is refused with 403", async ({ page, request }) => {
  test.skip(!isJsOn(), "one run is enough");
  await crossSite(page, request, ["/gradmin/account?_data=routes%2Fgradmin.account", "/gradmin/login?_data=routes%2Fgradmin_.login"]);
});

// Remix's request handler would abort a cross-origin document POST itself with a bare 500; our server
// (server/server.mjs) refuses it with 403 before Remix sees it.
test("a cross-site document POST is refused with 403", async ({ page, request }) => {
  await crossSite(page, request, ["/gradmin/account", "/gradmin/login", "/exampage/1"]);
});

test("public pages gain no Remix runtime; admin responses are private, no-store", async ({ page, request }) => {
  const home = await (await page.goto("/home"))!.text();
  expect(home).not.toContain("__remixContext");
  expect(home).not.toMatch(/modulepreload|\/build\/entry\.client/);
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
  const login = await request.get("/gradmin/login");
  expect(login.headers()["cache-control"]).toBe("private, no-store");
  const dash = await request.get("/gradmin", { maxRedirects: 0 });
  expect(dash.status()).toBe(302);
  expect(dash.headers()["cache-control"]).toBe("private, no-store");
});

test("a staff save shows at once to readers of both server processes, though their pages are cached", async ({ page, browser }, info) => {
  // The last chapter of the demo: no other spec counts its topics.
  const chapter = await queryOne<{ id: number; label: string }>(
    "SELECT c.id, CONCAT(s.name, ' (', g.name, ') › ', c.name) AS label FROM categories c " +
      "JOIN subjects s ON s.id = c.subject_id JOIN grades g ON g.id = c.grade_id ORDER BY c.id DESC LIMIT 1",
  );
  const topic = `ক্যাশ পরীক্ষা ${info.project.name} ${Date.now().toString(36)}`;
  // A reader without a staff cookie (the cached path). Requests, not page loads: this is about the
  // server's cache (a browser asks again each time anyway: public pages say max-age=0).
  const reader = await browser.newContext({ javaScriptEnabled: false });
  const listed = async (base: string) => (await (await reader.request.get(`${base}/category/${chapter.id}`)).text()).includes(`>${topic}</a>`);
  for (const base of [BASE, SECOND_BASE]) expect(await listed(base)).toBe(false);
  // The page is served from the cache (other specs' saves, running in parallel, may empty it meanwhile).
  for (const base of [BASE, SECOND_BASE]) {
    const cacheState = async () => (await reader.request.get(`${base}/category/${chapter.id}`)).headers()["x-page-cache"];
    await expect.poll(cacheState, { timeout: 10_000 }).toBe("hit");
  }

  await signIn(page, false);
  await page.goto("/gradmin/content/topics/new");
  await page.getByLabel("অধ্যায় (Chapter)").selectOption({ label: chapter.label });
  await page.getByLabel("শিরোনাম (Title)").fill(topic);
  await page.getByRole("textbox", { name: "বিষয়বস্তু (Content)" }).fill("<p>এক মুহূর্তের পাঠ</p>");
  await page.getByRole("button", { name: "তৈরি করুন (Create)" }).click();
  await expect(page.getByRole("status")).toHaveText("তৈরি হয়েছে। (Created.)");

  // The process that took the save at once; the other within its once-a-second look at the version.
  expect(await listed(BASE)).toBe(true);
  await expect.poll(() => listed(SECOND_BASE), { timeout: 3000, intervals: [250] }).toBe(true);

  await page.getByRole("link", { name: "মুছে ফেলুন (Delete)" }).click();
  await page.getByRole("button", { name: /হ্যাঁ, মুছে ফেলুন/ }).click();
  await expect(page.getByRole("status")).toHaveText("মুছে ফেলা হয়েছে। (Deleted.)");
  expect(await listed(BASE)).toBe(false);
  await expect.poll(() => listed(SECOND_BASE), { timeout: 3000, intervals: [250] }).toBe(false);
  await reader.close();
});
