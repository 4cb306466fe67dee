// The admin area's door: every /gradmin route and action without a session sends to the sign-in page,
// a role that may not use it gets 403; sign-in, sign-out, a replayed cookie, throttling (per account,
// per known device, per client address, and under simultaneous guesses), cross-site posts and
// redirectTo; sessions (a new id at sign-in, idle expiry), the own account page (its current-password
// limit, other sessions ended by a password change), staff management, `npm run staff:create` and the
// audit log of sign-ins. The route list is read from app/routes, so a new admin route without a check
// fails here.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { and, asc, eq, gt, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/lib/password.server";
import { IDLE_MS, THROTTLE_ADDRESS_FAILURES, THROTTLE_DEVICE_FAILURES, THROTTLE_FAILURES, WRONG_CREDENTIALS } from "~/utils/auth.server";
import { CURRENT_PASSWORD_FAILURES } from "~/models/staff.server";
import { closeDb, db, resetTables, schema, callWith as run } from "./db";

process.env.SESSION_SECRET ??= "integration-test-secret";

const ORIGIN = "http://test.local";
const PASSWORD = "ফুলের-বাগান-2026";

type Args = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
type RouteModule = { loader?: (a: Args) => Promise<Response>; action?: (a: Args) => Promise<Response> };

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const ROUTES_DIR = fileURLToPath(new URL("../../app/routes/", import.meta.url));
/** Every admin route file except the door itself (sign-in, sign-out). */
const ADMIN_ROUTES = readdirSync(ROUTES_DIR)
  .filter((f) => /^gradmin[._]/.test(f) || f === "gradmin.tsx")
  .filter((f) => !/^gradmin_\.(login|logout)\.tsx$/.test(f));

/** What a staff member without a role (only "account") may open: the frame and the own account. */
const OPEN_TO_ANY_STAFF = new Set(["gradmin.tsx", "gradmin.account.tsx"]);

async function load(file: string): Promise<RouteModule> {
  return import(/* @vite-ignore */ `../../app/routes/${file}`);
}

const get = (path: string, cookie?: string) => new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const login = async () => load("gradmin_.login.tsx");

/** Signs in through the real action; returns the cookie and the session's CSRF token. */
async function signIn(identifier: string, remember = false, { password = PASSWORD, headers = {} }: { password?: string; headers?: Record<string, string> } = {}) {
  const { action } = await login();
  const res = await run(action!, post("/gradmin/login", { identifier, password, remember: remember ? "1" : "", redirectTo: "/gradmin" }, headers));
  expect(res.status, await res.clone().text()).toBe(302);
  // Signing in while holding a session also clears the old cookie: the new one is set after it.
  const setCookie = res.headers.getSetCookie().filter((c) => c.startsWith("grbd_staff=")).at(-1)!;
  const cookie = setCookie.split(";")[0];
  const layout = await load("gradmin.tsx");
  const data = await (await run(layout.loader!, get("/gradmin", cookie))).json();
  return { cookie, csrf: data.csrf as string, setCookie, device: deviceCookieOf(res), response: res };
}

/** The known-device cookie a successful sign-in sets ("" when none is set). */
const deviceCookieOf = (res: Response) => (res.headers.getSetCookie().find((c) => c.startsWith("grbd_device=")) ?? "").split(";")[0];

/** The staff_sessions row a cookie names: the cookie holds the signed id, the table its SHA-256. */
async function sessionRow(cookie: string) {
  const [payload] = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".");
  const id = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as string;
  const [row] = await db.select().from(schema.staffSessions).where(eq(schema.staffSessions.idHash, createHash("sha256").update(id).digest("hex")));
  return row;
}

const dashboard = async (cookie: string) => run((await load("gradmin._index.tsx")).loader!, get("/gradmin", cookie));

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.staffSessions);
  await db.delete(schema.rateLimits);
  await db.delete(schema.staffUsers);
  const passwordHash = await hashPassword(PASSWORD);
  await db.insert(schema.staffUsers).values([
    { id: 1, name: "সুপার", username: "super", email: "super@example.com", passwordHash, role: 1, roleLabel: "Super Admin", isSuperAdmin: true },
    { id: 2, name: "সম্পাদক", username: "editor", email: "editor@example.com", passwordHash, role: 2, roleLabel: "Editor" },
    { id: 3, name: "মডারেটর", username: "moderator", email: "moderator@example.com", passwordHash, role: 3, roleLabel: "Moderator" },
    { id: 4, name: "ভূমিকাহীন", username: "norole", email: "norole@example.com", passwordHash, role: 0 },
    { id: 5, name: "বন্ধ", username: "disabled", email: "disabled@example.com", passwordHash, role: 2, disabledAt: new Date() },
    // One member per group of tests below, so that what one test changes does not reach another.
    { id: 6, name: "লেখক", username: "writer", email: "writer@example.com", passwordHash, role: 2, roleLabel: "Editor" },
    { id: 7, name: "বদলি", username: "shifter", email: "shifter@example.com", passwordHash, role: 3, roleLabel: "Moderator" },
    { id: 8, name: "ভুলোমন", username: "forgetful", email: "forgetful@example.com", passwordHash, role: 2, roleLabel: "Editor" },
    { id: 9, name: "ঘূর্ণি", username: "rotator", email: "rotator@example.com", passwordHash, role: 2, roleLabel: "Editor" },
    { id: 10, name: "হিসাব", username: "auditee", email: "auditee@example.com", passwordHash, role: 3, roleLabel: "Moderator" },
    { id: 11, name: "দৌড়", username: "racer", email: "racer@example.com", passwordHash, role: 3, roleLabel: "Moderator" },
    { id: 12, name: "নিয়মিত", username: "regular", email: "regular@example.com", passwordHash, role: 3, roleLabel: "Moderator" },
    { id: 13, name: "দুই নাম", username: "twoname", email: "twoname@example.com", passwordHash, role: 3, roleLabel: "Moderator" },
    { id: 14, name: "সাবধানী", username: "careful", email: "careful@example.com", passwordHash, role: 3, roleLabel: "Moderator" },
    { id: 15, name: "পথিক", username: "traveller", email: "traveller@example.com", passwordHash, role: 3, roleLabel: "Moderator" },
    { id: 16, name: "খোঁজ", username: "prober", email: "prober@example.com", passwordHash, role: 3, roleLabel: "Moderator" },
  ]);
});

afterAll(closeDb);

describe("every admin route", () => {
  it("is found in app/routes (the walk below covers them)", () => {
    expect(ADMIN_ROUTES).toEqual(expect.arrayContaining(["gradmin.tsx", "gradmin._index.tsx", "gradmin.account.tsx", "gradmin.staff._index.tsx"]));
  });

  it("answers 302 to /gradmin/login without a session, for the loader and the action", async () => {
    for (const file of ADMIN_ROUTES) {
      const mod = await load(file);
      for (const [kind, fn, request] of [
        ["loader", mod.loader, get("/gradmin/x?y=1")],
        ["action", mod.action, post("/gradmin/x", { intent: "x" })],
      ] as const) {
        if (!fn) continue;
        const res = await run(fn, request, { id: "1" });
        expect(res.status, `${file} ${kind}`).toBe(302);
        expect(res.headers.get("Location"), `${file} ${kind}`).toMatch(/^\/gradmin\/login\?redirectTo=%2Fgradmin%2Fx/);
      }
    }
  });

  it("answers 403 to a signed-in member whose role may not use it (a role-less member may open only the frame and the own account)", async () => {
    const { cookie, csrf } = await signIn("norole");
    for (const file of ADMIN_ROUTES) {
      const mod = await load(file);
      const open = OPEN_TO_ANY_STAFF.has(file);
      if (mod.loader) {
        const res = await run(mod.loader, get("/gradmin/x", cookie), { id: "1" });
        expect(res.status, `${file} loader`).toBe(open ? 200 : 403);
      }
      if (mod.action && !open) {
        const res = await run(mod.action, post("/gradmin/x", { csrf, intent: "access", role: "1" }, { Cookie: cookie }), { id: "4" });
        expect(res.status, `${file} action`).toBe(403);
      }
    }
    // The role-less member did not make themselves a super admin on the way.
    const [me] = await db.select().from(schema.staffUsers).where(eq(schema.staffUsers.id, 4));
    expect(me.isSuperAdmin).toBe(false);
  });

  it("keeps staff management to super admins: an editor gets 403, the dashboard opens", async () => {
    const { cookie } = await signIn("editor@example.com");
    const staff = await load("gradmin.staff._index.tsx");
    expect((await run(staff.loader!, get("/gradmin/staff", cookie))).status).toBe(403);
    const dash = await load("gradmin._index.tsx");
    expect((await run(dash.loader!, get("/gradmin", cookie))).status).toBe(200);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in by username or email; remember on gives a 30-day cookie, off a browser-session cookie; HttpOnly, SameSite=Lax", async () => {
    const on = await signIn("super", true);
    expect(on.setCookie).toMatch(/Max-Age=2592000/);
    expect(on.setCookie).toMatch(/HttpOnly/i);
    expect(on.setCookie).toMatch(/SameSite=Lax/i);
    expect(on.setCookie).not.toMatch(/Secure/i); // plain http here; https sets Secure
    const off = await signIn("super@example.com", false);
    expect(off.setCookie).not.toMatch(/Max-Age|Expires/i);
    // The cookie holds a signed random id, nothing about the staff member: "<base64 of the id>.<signature>".
    const [payload, signature] = decodeURIComponent(off.cookie.slice(off.cookie.indexOf("=") + 1)).split(".");
    expect(signature).toBeTruthy();
    expect(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("gives a wrong username and a wrong password the same message, keeping what was typed", async () => {
    const { action } = await login();
    for (const identifier of ["nobody-here", "editor"]) {
      const res = await run(action!, post("/gradmin/login", { identifier, password: "wrong-password-x", redirectTo: "/gradmin" }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ errors: { form: WRONG_CREDENTIALS }, values: { identifier } });
    }
    const disabled = await run(action!, post("/gradmin/login", { identifier: "disabled", password: PASSWORD }));
    expect(disabled.status).toBe(400);
    expect((await disabled.json()).errors.form).toMatch(/disabled/);
  });

  it("refuses a replayed cookie after sign-out, and sign-out lands on the login page", async () => {
    const { cookie, csrf } = await signIn("super");
    const dash = await load("gradmin._index.tsx");
    expect((await run(dash.loader!, get("/gradmin", cookie))).status).toBe(200);
    const { action: logout } = await load("gradmin_.logout.tsx");
    const out = await run(logout!, post("/gradmin/logout", { csrf }, { Cookie: cookie }));
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/gradmin/login");
    const replay = await run(dash.loader!, get("/gradmin", cookie));
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toMatch(/^\/gradmin\/login/);
    // Signing out without a session still lands on the login page.
    const again = await run(logout!, post("/gradmin/logout", {}));
    expect(again.headers.get("Location")).toBe("/gradmin/login");
  });

  it("ignores an off-site redirectTo", async () => {
    const { action } = await login();
    for (const redirectTo of ["https://evil.example/gradmin", "//evil.example", "/home"]) {
      const res = await run(action!, post("/gradmin/login", { identifier: "super", password: PASSWORD, redirectTo }));
      expect(res.headers.get("Location"), redirectTo).toBe("/gradmin");
    }
    const ok = await run(action!, post("/gradmin/login", { identifier: "super", password: PASSWORD, redirectTo: "/gradmin/staff" }));
    expect(ok.headers.get("Location")).toBe("/gradmin/staff");
  });

  it("starts throttling at the 6th failure, with the wait in Bangla and English; after the window a success takes back only its own hit", async () => {
    const { action } = await login();
    const attempt = (password: string) => run(action!, post("/gradmin/login", { identifier: "moderator", password }));
    for (let i = 1; i <= THROTTLE_FAILURES; i++) expect((await attempt(`wrong-${i}-password`)).status, `failure ${i}`).toBe(400);
    const sixth = await attempt(PASSWORD); // even the right password waits
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).errors.form).toMatch(/১৫ মিনিট.*15 minutes/);
    // The count lives in the database (shared by every process): it is there to see.
    // Counted per account (moderator is staff #3), so its username and e-mail share it.
    const counter = async () => (await db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, "signin-account:3")))[0];
    expect((await counter()).hits).toBe(THROTTLE_FAILURES);
    await db.update(schema.rateLimits).set({ windowStart: new Date(Date.now() - 16 * 60_000) }).where(eq(schema.rateLimits.key, "signin-account:3"));
    expect((await attempt(PASSWORD)).status).toBe(302);
    expect((await counter()).hits).toBe(0);
  });

  it("throttles per client address too: failures on as many names from one address hold back one more name, and a forged X-Forwarded-For does not get round it", async () => {
    const trustProxy = process.env.TRUST_PROXY;
    delete process.env.TRUST_PROXY; // no proxy of ours in front: the connection's address is the client's
    try {
      const { action } = await login();
      // The server (drizzle/server.mjs) passes the connection's address as the load context.
      const from = (address: string, identifier: string, password: string, forged: string) =>
        run(action!, post("/gradmin/login", { identifier, password }, { "X-Forwarded-For": forged }), {}, { clientAddress: address });
      // Each name fails once only (its own limit is THROTTLE_FAILURES); each try forges another address.
      for (let i = 1; i <= THROTTLE_ADDRESS_FAILURES; i++) {
        expect((await from("198.51.100.23", `guess-${i}`, "wrong-password-x", `203.0.113.${i}`)).status, `failure ${i}`).toBe(400);
      }
      const next = await from("198.51.100.23", "editor", PASSWORD, "203.0.113.99"); // a new name, the right password
      expect(next.status).toBe(429);
      expect((await next.json()).errors.form).toMatch(/15 minutes/);
      const [row] = await db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, "signin-ip:198.51.100.23"));
      expect(row.hits).toBe(THROTTLE_ADDRESS_FAILURES);
      // The name is not held back elsewhere, and naming the throttled address in the header changes nothing.
      expect((await from("198.51.100.24", "editor", PASSWORD, "198.51.100.23")).status).toBe(302);
    } finally {
      if (trustProxy === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = trustProxy;
    }
  });
});

describe("sign-in under attack", () => {
  /** A sign-in POST through the real action, from a client address (as the server passes it in the load context). */
  const attempt = async (identifier: string, password: string, { address, cookie }: { address?: string; cookie?: string } = {}) =>
    run((await login()).action!, post("/gradmin/login", { identifier, password, redirectTo: "/gradmin" }, cookie ? { Cookie: cookie } : {}), {}, address ? { clientAddress: address } : {});
  const sessionsOf = async (staffId: number) => (await db.select().from(schema.staffSessions).where(eq(schema.staffSessions.staffId, staffId))).length;

  it(`40 simultaneous guesses at one account from one address: at most ${THROTTLE_FAILURES} passwords are checked, and once the account is locked the right password does not get in`, async () => {
    const address = "198.51.100.60";
    const burst = await Promise.all([
      ...Array.from({ length: 39 }, (_, i) => attempt("racer", `wrong-${i}-password`, { address })),
      attempt("racer", PASSWORD, { address }),
    ]);
    const statuses = burst.map((r) => r.status);
    const checked = statuses.filter((s) => s !== 429);
    // Every answer is a refusal before scrypt (429), a wrong password (400) or a sign-in (302).
    expect(statuses.every((s) => [302, 400, 429].includes(s)), statuses.join(" ")).toBe(true);
    expect(checked.length, statuses.join(" ")).toBeLessThanOrEqual(THROTTLE_FAILURES);
    expect(checked.length).toBeGreaterThan(0);
    expect(await sessionsOf(11)).toBe(statuses.filter((s) => s === 302).length);
    // The refused attempts checked nothing, so they do not use up the address's budget for other names.
    const [ip] = await db.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, `signin-ip:${address}`));
    expect(ip.hits).toBe(statuses.filter((s) => s === 400).length);

    // Locked for strangers: a second burst with the right password, from any address, signs nobody in.
    const before = await sessionsOf(11);
    // A refusal by the address's counter can leave a slot of the account's free: fill it first.
    for (let i = 0; i < THROTTLE_FAILURES && (await attempt("racer", `filler-${i}-password`)).status !== 429; i++);
    const again = await Promise.all([
      ...Array.from({ length: 9 }, (_, i) => attempt("racer", `wrong-again-${i}`, { address: `203.0.113.${i + 1}` })),
      attempt("racer", PASSWORD, { address: "203.0.113.50" }),
    ]);
    expect(again.map((r) => r.status)).toEqual(Array(10).fill(429));
    expect(await sessionsOf(11)).toBe(before);
  });

  it("a device that signed in to the account before still signs in while the account is locked for strangers; other devices and forged cookies do not", async () => {
    const first = await signIn("regular");
    expect(first.device).toMatch(/^grbd_device=/);
    const otherAccountsDevice = (await signIn("editor")).device;
    await db.delete(schema.staffSessions).where(eq(schema.staffSessions.staffId, 12));

    // A stranger spends the account's budget from somewhere else, then even the right password waits.
    for (let i = 1; i <= THROTTLE_FAILURES; i++) expect((await attempt("regular", `guess-${i}-password`, { address: "203.0.113.70" })).status).toBe(400);
    expect((await attempt("regular", PASSWORD, { address: "192.0.2.80" })).status).toBe(429);
    expect((await attempt("regular", PASSWORD, { address: "192.0.2.80", cookie: otherAccountsDevice })).status).toBe(429);
    const [value, signature = ""] = decodeURIComponent(first.device.slice("grbd_device=".length)).split(".");
    const forged = `grbd_device=${encodeURIComponent(`${value}.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`)}`;
    expect((await attempt("regular", PASSWORD, { address: "192.0.2.80", cookie: forged })).status).toBe(429);

    // The member's own device is not held back by the stranger's failures.
    const mine = await attempt("regular", PASSWORD, { address: "192.0.2.80", cookie: first.device });
    expect(mine.status, await mine.clone().text()).toBe(302);
    expect(await sessionsOf(12)).toBe(1);
    // Typing the password wrong on it still counts, against that device's own budget.
    const own = await Promise.all(Array.from({ length: 3 * THROTTLE_DEVICE_FAILURES }, (_, i) => attempt("regular", `typo-${i}-password`, { cookie: first.device })));
    expect(own.filter((r) => r.status === 400)).toHaveLength(THROTTLE_DEVICE_FAILURES);
    expect((await attempt("regular", PASSWORD, { cookie: first.device })).status).toBe(429);
  });

  it("a stranger's guesses at the username and at the e-mail share the account's one budget; unknown names are limited the same way, with the same answers", async () => {
    for (let i = 1; i <= THROTTLE_FAILURES; i++) {
      const res = await attempt(i % 2 ? "twoname" : "TwoName@example.com", `guess-${i}-password`);
      expect(res.status, `failure ${i}`).toBe(400);
    }
    expect((await attempt("twoname@example.com", PASSWORD)).status).toBe(429);
    expect((await attempt("twoname", PASSWORD)).status).toBe(429);

    const known: { status: number; body: unknown }[] = [];
    const unknown: { status: number; body: unknown }[] = [];
    for (let i = 1; i <= THROTTLE_FAILURES + 1; i++) {
      for (const [identifier, answers] of [["prober", known], ["no-such-member", unknown]] as const) {
        const res = await attempt(identifier, `probe-${i}-password`, { address: "192.0.2.90" });
        // What was typed differs by design; the answer must not.
        answers.push({ status: res.status, body: { ...(await res.json()), values: undefined } });
      }
    }
    expect(unknown.map((a) => a.status)).toEqual([...Array(THROTTLE_FAILURES).fill(400), 429]);
    expect(unknown).toEqual(known);
  });
});

describe("sessions", () => {
  it("get a new id at sign-in: signing in while holding a session clears that cookie, deletes its row and refuses it afterwards", async () => {
    const first = await signIn("rotator");
    expect(await sessionRow(first.cookie)).toBeDefined();
    const second = await signIn("rotator", false, { headers: { Cookie: first.cookie } });
    expect(second.cookie).not.toBe(first.cookie);
    const cleared = second.response.headers.getSetCookie().filter((c) => c.startsWith("grbd_staff="));
    expect(cleared).toHaveLength(2);
    expect(cleared[0]).toMatch(/^grbd_staff=;.*Expires=Thu, 01 Jan 1970/);
    expect(await sessionRow(first.cookie)).toBeUndefined();
    expect(await sessionRow(second.cookie)).toBeDefined();
    const replay = await dashboard(first.cookie);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toMatch(/^\/gradmin\/login/);
    expect((await dashboard(second.cookie)).status).toBe(200);
  });

  it("end when idle: a visit moves the end forward; two idle hours later the cookie is refused and sends to the sign-in page", async () => {
    const { cookie } = await signIn("rotator");
    const made = await sessionRow(cookie);
    // A browser-session sign-in lasts IDLE_MS without a visit (datetime columns keep whole seconds).
    expect(Math.abs(made.expiresAt.getTime() - made.lastSeenAt.getTime() - IDLE_MS)).toBeLessThanOrEqual(1000);
    const age = (lastSeenAt: number, expiresAt: number) =>
      db.update(schema.staffSessions).set({ lastSeenAt: new Date(lastSeenAt), expiresAt: new Date(expiresAt) }).where(eq(schema.staffSessions.idHash, made.idHash));

    // Last seen half an hour ago: the visit is let in and the end moves to two hours from now.
    await age(Date.now() - 30 * 60_000, Date.now() + 90 * 60_000);
    expect((await dashboard(cookie)).status).toBe(200);
    const moved = await sessionRow(cookie);
    expect(moved.expiresAt.getTime()).toBeGreaterThan(Date.now() + IDLE_MS - 60_000);

    // Last seen more than two hours ago: the session has ended.
    await age(Date.now() - IDLE_MS - 60_000, Date.now() - 60_000);
    const res = await dashboard(cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/gradmin/login?redirectTo=%2Fgradmin");
    expect(await sessionRow(cookie)).toBeUndefined();
  });
});

describe("the own account page", () => {
  const account = () => load("gradmin.account.tsx");
  const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
  const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";

  it("lists the own sessions, this browser's first, and nobody else's", async () => {
    await db.delete(schema.staffSessions).where(eq(schema.staffSessions.staffId, 6));
    await signIn("writer", false, { headers: { "User-Agent": CHROME_ANDROID } });
    const laptop = await signIn("writer", true, { headers: { "User-Agent": FIREFOX_WINDOWS } });
    await signIn("editor", false, { headers: { "User-Agent": FIREFOX_WINDOWS } });
    const res = await run((await account()).loader!, get("/gradmin/account", laptop.cookie));
    expect(res.status).toBe(200);
    const { sessions } = (await res.json()) as { sessions: { userAgent: string; current: boolean; remember: boolean }[] };
    expect(sessions.map((x) => [x.userAgent, x.current, x.remember])).toEqual([
      ["Firefox on Windows", true, true],
      ["Chrome on Android", false, false],
    ]);
  });

  it("signs out the other sessions: their cookie is refused afterwards, this one and other members' stay", async () => {
    const phone = await signIn("writer");
    const laptop = await signIn("writer");
    const someoneElse = await signIn("editor");
    const res = await run((await account()).action!, post("/gradmin/account", { csrf: laptop.csrf, intent: "end-others" }, { Cookie: laptop.cookie }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/gradmin/account?saved=sessions");
    const refused = await dashboard(phone.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/gradmin\/login/);
    expect((await dashboard(laptop.cookie)).status).toBe(200);
    expect((await dashboard(someoneElse.cookie)).status).toBe(200);
    expect(await db.select().from(schema.staffSessions).where(eq(schema.staffSessions.staffId, 6))).toHaveLength(1);
  });

  it("changes the own password after checking the current one: the old password no longer signs in, the new one does", async () => {
    const NEW_PASSWORD = "নতুন-কলম-খাতা-2026";
    const { cookie, csrf } = await signIn("writer");
    const { action } = await account();
    const change = (fields: Record<string, string>) => run(action!, post("/gradmin/account", { csrf, intent: "password", ...fields }, { Cookie: cookie }));
    const errorsOf = async (res: Response) => Object.keys(((await res.json()) as { errors: Record<string, string> }).errors);

    const wrong = await change({ current: "not-my-password", password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(await errorsOf(wrong)).toEqual(["current"]);
    const differ = await change({ current: PASSWORD, password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` });
    expect(differ.status).toBe(400);
    expect(await errorsOf(differ)).toEqual(["confirm"]);
    const short = await change({ current: PASSWORD, password: "ছোট-১", confirm: "ছোট-১" });
    expect(short.status).toBe(400);
    expect(await errorsOf(short)).toEqual(["password"]);
    // Nothing changed so far.
    await signIn("writer");

    const ok = await change({ current: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/gradmin/account?saved=password");
    const old = await run((await login()).action!, post("/gradmin/login", { identifier: "writer", password: PASSWORD }));
    expect(old.status).toBe(400);
    expect((await old.json()).errors.form).toBe(WRONG_CREDENTIALS);
    await signIn("writer@example.com", false, { password: NEW_PASSWORD });
    const [audit] = await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.action, "change-password"), eq(schema.auditLog.staffId, 6)));
    expect(audit).toMatchObject({ entity: "staff_users", entityId: "6" });
  });
});

describe("the own account page under attack", () => {
  const account = () => load("gradmin.account.tsx");
  const NEW_PASSWORD = "সবুজ-মাঠ-লাল-সূর্য-2026";

  it(`checks at most ${CURRENT_PASSWORD_FAILURES} wrong current passwords per window, also when they arrive together; then 429 says how long, and even the right one waits`, async () => {
    const { cookie, csrf } = await signIn("careful");
    const { action } = await account();
    const change = (current: string) =>
      run(action!, post("/gradmin/account", { csrf, intent: "password", current, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { Cookie: cookie }));
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`wrong-${i}-password`)));
    expect(burst.filter((r) => r.status === 400)).toHaveLength(CURRENT_PASSWORD_FAILURES);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(20 - CURRENT_PASSWORD_FAILURES);
    const right = await change(PASSWORD);
    expect(right.status).toBe(429);
    expect((await right.json()).errors.form).toMatch(/১৫ মিনিট.*15 minutes/);
    // Nothing changed: the old password still signs in.
    await signIn("careful");
    // The window over, the right current password changes it.
    await db.update(schema.rateLimits).set({ windowStart: new Date(Date.now() - 16 * 60_000) }).where(eq(schema.rateLimits.key, "password-check:14"));
    const ok = await change(PASSWORD);
    expect(ok.status).toBe(302);
  });

  it("a password change signs out every other session of the member, keeps this one and other members', and says so", async () => {
    const phone = await signIn("traveller");
    const laptop = await signIn("traveller");
    const someoneElse = await signIn("editor");
    const { action, loader } = await account();
    const res = await run(action!, post("/gradmin/account", { csrf: laptop.csrf, intent: "password", current: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { Cookie: laptop.cookie }));
    expect(res.status).toBe(302);
    const refused = await dashboard(phone.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/gradmin\/login/);
    expect((await dashboard(laptop.cookie)).status).toBe(200);
    expect((await dashboard(someoneElse.cookie)).status).toBe(200);
    expect(await db.select().from(schema.staffSessions).where(eq(schema.staffSessions.staffId, 15))).toHaveLength(1);
    const page = await run(loader!, get(res.headers.get("Location")!, laptop.cookie));
    expect((await page.json()).notice).toMatch(/other sessions were signed out/);
  });
});

describe("cross-site requests", () => {
  it("refuses a cross-site sign-in and a cross-site admin POST with 403, even with a valid token", async () => {
    const { action } = await login();
    const evil = { Origin: "https://evil.example" };
    expect((await run(action!, post("/gradmin/login", { identifier: "super", password: PASSWORD }, evil))).status).toBe(403);
    const { cookie, csrf } = await signIn("super");
    const account = await load("gradmin.account.tsx");
    const crossSite = await run(account.action!, post("/gradmin/account", { csrf, intent: "end-others" }, { ...evil, Cookie: cookie }));
    expect(crossSite.status).toBe(403);
    const noToken = await run(account.action!, post("/gradmin/account", { intent: "end-others" }, { Cookie: cookie }));
    expect(noToken.status).toBe(403);
    const sameSite = await run(account.action!, post("/gradmin/account", { csrf, intent: "end-others" }, { Cookie: cookie }));
    expect(sameSite.status).toBe(302);
  });
});

describe("staff management", () => {
  it("creates an account (re-showing what was typed on errors), then disables it, which ends its sessions", async () => {
    const { cookie, csrf } = await signIn("super");
    const list = await load("gradmin.staff._index.tsx");
    const bad = await run(list.action!, post("/gradmin/staff", { csrf, name: "নতুন", username: "super", email: "x", role: "2", password: "123" }, { Cookie: cookie }));
    expect(bad.status).toBe(400);
    const { errors, typed } = await bad.json();
    expect(Object.keys(errors).sort()).toEqual(["email", "password", "username"]);
    expect(typed).toMatchObject({ name: "নতুন", username: "super", email: "x" });
    expect(typed.password).toBeUndefined();

    const made = await run(list.action!, post("/gradmin/staff", { csrf, name: "নতুন সম্পাদক", username: "newbie", email: "newbie@example.com", role: "2", password: PASSWORD }, { Cookie: cookie }));
    expect(made.status).toBe(302);
    const id = Number(made.headers.get("Location")!.match(/staff\/(\d+)/)![1]);
    const newbie = await signIn("newbie");
    const member = await load("gradmin.staff.$id.tsx");
    const disable = await run(member.action!, post(`/gradmin/staff/${id}`, { csrf, intent: "access", role: "2", disabled: "1" }, { Cookie: cookie }), { id: String(id) });
    expect(disable.status).toBe(302);
    const dash = await load("gradmin._index.tsx");
    expect((await run(dash.loader!, get("/gradmin", newbie.cookie))).status).toBe(302);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, "staff_users"));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["create", "update"]));
  });

  it("changes another member's role, which their open session feels at once", async () => {
    const { cookie, csrf } = await signIn("super");
    const shifter = await signIn("shifter"); // a moderator
    const topics = (await load("gradmin.content.$resource._index.tsx")).loader!;
    const staff = (await load("gradmin.staff._index.tsx")).loader!;
    const opens = async () => [
      (await run(topics, get("/gradmin/content/topics", shifter.cookie), { resource: "topics" })).status,
      (await run(staff, get("/gradmin/staff", shifter.cookie))).status,
    ];
    const member = await load("gradmin.staff.$id.tsx");
    const setRole = async (role: string) => {
      const res = await run(member.action!, post("/gradmin/staff/7", { csrf, intent: "access", role }, { Cookie: cookie }), { id: "7" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/gradmin/staff/7?saved=access");
      const [row] = await db.select().from(schema.staffUsers).where(eq(schema.staffUsers.id, 7));
      return { role: row.role, roleLabel: row.roleLabel, isSuperAdmin: row.isSuperAdmin, disabled: row.disabledAt !== null };
    };

    expect(await opens()).toEqual([403, 403]);
    expect(await setRole("2")).toEqual({ role: 2, roleLabel: "Editor", isSuperAdmin: false, disabled: false });
    expect(await opens()).toEqual([200, 403]);
    expect(await setRole("1")).toEqual({ role: 1, roleLabel: "Super Admin", isSuperAdmin: true, disabled: false });
    expect(await opens()).toEqual([200, 200]);
    expect(await setRole("3")).toEqual({ role: 3, roleLabel: "Moderator", isSuperAdmin: false, disabled: false });
    expect(await opens()).toEqual([403, 403]);
  });

  it("resets another member's password: a weak one is refused, then their sessions end, the new password signs in and the old does not", async () => {
    const RESET_PASSWORD = "নদীর-ধারে-বাড়ি-2026";
    const { cookie, csrf } = await signIn("super");
    const before = await signIn("forgetful");
    const member = await load("gradmin.staff.$id.tsx");
    const reset = (password: string) => run(member.action!, post("/gradmin/staff/8", { csrf, intent: "password", password }, { Cookie: cookie }), { id: "8" });

    const weak = await reset("password123");
    expect(weak.status).toBe(400);
    expect(Object.keys((await weak.json()).errors)).toEqual(["password"]);
    expect((await dashboard(before.cookie)).status).toBe(200);

    const ok = await reset(RESET_PASSWORD);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/gradmin/staff/8?saved=password");
    expect((await dashboard(before.cookie)).status).toBe(302);
    const old = await run((await login()).action!, post("/gradmin/login", { identifier: "forgetful", password: PASSWORD }));
    expect(old.status).toBe(400);
    const after = await signIn("forgetful", false, { password: RESET_PASSWORD });
    expect((await dashboard(after.cookie)).status).toBe(200);
    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "reset-password"));
    expect(audit).toMatchObject({ staffId: 1, entity: "staff_users", entityId: "8" });
  });

  it("does not let a super admin disable or demote themselves", async () => {
    const { cookie, csrf } = await signIn("super");
    const member = await load("gradmin.staff.$id.tsx");
    const res = await run(member.action!, post("/gradmin/staff/1", { csrf, intent: "access", role: "2" }, { Cookie: cookie }), { id: "1" });
    expect(res.status).toBe(400);
    const [me] = await db.select().from(schema.staffUsers).where(eq(schema.staffUsers.id, 1));
    expect(me.isSuperAdmin).toBe(true);
  });
});

describe("the audit log", () => {
  it("records every sign-in, failed sign-in and sign-out", async () => {
    const [{ last }] = await db.select({ last: max(schema.auditLog.id) }).from(schema.auditLog);
    const failed = await run((await login()).action!, post("/gradmin/login", { identifier: "auditee", password: "wrong-password-x" }));
    expect(failed.status).toBe(400);
    const { cookie, csrf } = await signIn("auditee", true);
    const out = await run((await load("gradmin_.logout.tsx")).action!, post("/gradmin/logout", { csrf }, { Cookie: cookie }));
    expect(out.status).toBe(302);
    const rows = await db
      .select({ action: schema.auditLog.action, entity: schema.auditLog.entity, staffId: schema.auditLog.staffId, summary: schema.auditLog.summary })
      .from(schema.auditLog)
      .where(gt(schema.auditLog.id, last ?? 0))
      .orderBy(asc(schema.auditLog.id));
    expect(rows).toEqual([
      { action: "sign-in-failed", entity: "session", staffId: null, summary: "auditee" },
      { action: "sign-in", entity: "session", staffId: 10, summary: "remember me" },
      { action: "sign-out", entity: "session", staffId: 10, summary: "" },
    ]);
  });
});

describe("npm run staff:create", () => {
  /** Runs the command as the README shows it, against the test database (DATABASE_URL). */
  function staffCreate(args: string[]) {
    return new Promise<{ status: number | null; output: string }>((resolve, reject) => {
      const child = spawn("npm", ["run", "--silent", "staff:create", "--", ...args], { cwd: ROOT, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      child.on("error", reject);
      child.on("close", (status) => resolve({ status, output }));
    });
  }

  it("creates an account that then signs in; a short password is refused and creates nothing", async () => {
    const short = await staffCreate(["--username", "rahim", "--email", "rahim@example.com", "--name", "রহিম উদ্দিন", "--role", "editor", "--password", "ছোট-১"]);
    expect(short.status, short.output).toBe(1);
    expect(short.output).toMatch(/password: .*At least 10 characters/);
    expect(await db.select().from(schema.staffUsers).where(eq(schema.staffUsers.username, "rahim"))).toEqual([]);

    const made = await staffCreate(["--username", "rahim", "--email", "Rahim@Example.com", "--name", "রহিম উদ্দিন", "--role", "editor", "--password", PASSWORD]);
    expect(made.status, made.output).toBe(0);
    expect(made.output).toMatch(/created staff #\d+ rahim \(rahim@example\.com\)/);
    const [row] = await db.select().from(schema.staffUsers).where(eq(schema.staffUsers.username, "rahim"));
    expect(row).toMatchObject({ name: "রহিম উদ্দিন", email: "rahim@example.com", role: 2, roleLabel: "Editor", isSuperAdmin: false, disabledAt: null });

    const { cookie } = await signIn("rahim@example.com");
    expect((await dashboard(cookie)).status).toBe(200);
    expect((await run((await load("gradmin.staff._index.tsx")).loader!, get("/gradmin/staff", cookie))).status).toBe(403);
  }, 60_000);
});

describe("dashboard counts", () => {
  it("keeps the content counts until a staff save, and counts staff and unread messages each time", async () => {
    const { getDashboard } = await import("~/models/dashboard.server");
    const { bumpContentVersion, clearShellCache } = await import("~/models/site.server");
    clearShellCache();
    const count = (d: Awaited<ReturnType<typeof getDashboard>>, table: string) => d.counts.find((c) => c.table === table)!.count;
    const before = await getDashboard();
    await db.insert(schema.videos).values({ id: 9100, kind: "theory", url: "https://youtu.be/COUNTKEPT01", sort: 1 });
    await db.insert(schema.contactMessages).values({ name: "ক", email: "a@b.co", message: "hello", handled: false });
    try {
      const kept = await getDashboard();
      expect(count(kept, "videos")).toBe(count(before, "videos")); // not a staff save: the kept figure
      expect(kept.unread).toBe(before.unread + 1); // counted on every visit
      await db.transaction((tx) => bumpContentVersion(tx));
      expect(count(await getDashboard(), "videos")).toBe(count(before, "videos") + 1);
    } finally {
      await db.delete(schema.videos).where(eq(schema.videos.id, 9100));
      await db.delete(schema.contactMessages).where(eq(schema.contactMessages.email, "a@b.co"));
      clearShellCache();
    }
  });
});
