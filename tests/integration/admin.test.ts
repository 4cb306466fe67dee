// The admin area's door: every /gradmin route and action without a session sends to the sign-in page,
// a role that may not use it gets 403; sign-in, sign-out, a replayed cookie, throttling (per name and
// per client address), cross-site posts and redirectTo. The route list is read from app/routes, so a
// new admin route without a check fails here.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/lib/password.server";
import { THROTTLE_FAILURES, WRONG_CREDENTIALS } from "~/models/auth.server";
import { closeDb, db, resetTables, schema } from "./db";

process.env.SESSION_SECRET ??= "integration-test-secret";

const ORIGIN = "http://test.local";
const PASSWORD = "ফুলের-বাগান-2026";

type Args = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
type RouteModule = { loader?: (a: Args) => Promise<Response>; action?: (a: Args) => Promise<Response> };

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

async function run(fn: (a: Args) => Promise<Response>, request: Request, params: Record<string, string> = {}, context: Record<string, unknown> = {}) {
  try {
    return await fn({ request, params, context });
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
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
async function signIn(identifier: string, remember = false) {
  const { action } = await login();
  const res = await run(action!, post("/gradmin/login", { identifier, password: PASSWORD, remember: remember ? "1" : "", redirectTo: "/gradmin" }));
  expect(res.status, await res.clone().text()).toBe(302);
  const setCookie = res.headers.get("Set-Cookie")!;
  const cookie = setCookie.split(";")[0];
  const layout = await load("gradmin.tsx");
  const data = await (await run(layout.loader!, get("/gradmin", cookie))).json();
  return { cookie, csrf: data.csrf as string, setCookie };
}

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.staffSessions);
  await db.delete(schema.loginThrottle);
  await db.delete(schema.staffUsers);
  const passwordHash = await hashPassword(PASSWORD);
  await db.insert(schema.staffUsers).values([
    { id: 1, name: "সুপার", username: "super", email: "super@example.com", passwordHash, role: 1, roleLabel: "Super Admin", isSuperAdmin: true },
    { id: 2, name: "সম্পাদক", username: "editor", email: "editor@example.com", passwordHash, role: 2, roleLabel: "Editor" },
    { id: 3, name: "মডারেটর", username: "moderator", email: "moderator@example.com", passwordHash, role: 3, roleLabel: "Moderator" },
    { id: 4, name: "ভূমিকাহীন", username: "norole", email: "norole@example.com", passwordHash, role: 0 },
    { id: 5, name: "বন্ধ", username: "disabled", email: "disabled@example.com", passwordHash, role: 2, disabledAt: new Date() },
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
      expect(await res.json()).toMatchObject({ error: WRONG_CREDENTIALS, identifier });
    }
    const disabled = await run(action!, post("/gradmin/login", { identifier: "disabled", password: PASSWORD }));
    expect(disabled.status).toBe(400);
    expect((await disabled.json()).error).toMatch(/disabled/);
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

  it("starts throttling at the 6th failure, with the wait in Bangla and English, and a success clears it", async () => {
    const { action } = await login();
    const attempt = (password: string) => run(action!, post("/gradmin/login", { identifier: "moderator", password }));
    for (let i = 1; i <= THROTTLE_FAILURES; i++) expect((await attempt(`wrong-${i}-password`)).status, `failure ${i}`).toBe(400);
    const sixth = await attempt(PASSWORD); // even the right password waits
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error).toMatch(/১৫ মিনিট.*15 minutes/);
    // The count lives in the database (shared by every process): it is there to see.
    const [row] = await db.select().from(schema.loginThrottle).where(eq(schema.loginThrottle.key, "id:moderator"));
    expect(row.failures).toBe(THROTTLE_FAILURES);
    await db.update(schema.loginThrottle).set({ windowStart: new Date(Date.now() - 16 * 60_000) }).where(eq(schema.loginThrottle.key, "id:moderator"));
    expect((await attempt(PASSWORD)).status).toBe(302);
    expect(await db.select().from(schema.loginThrottle).where(eq(schema.loginThrottle.key, "id:moderator"))).toEqual([]);
  });

  it("throttles per client address too: 5 failures on 5 names from one address hold back a 6th name, and a forged X-Forwarded-For does not get round it", async () => {
    const trustProxy = process.env.TRUST_PROXY;
    delete process.env.TRUST_PROXY; // no proxy of ours in front: the connection's address is the client's
    try {
      const { action } = await login();
      // The server (drizzle/server.mjs) passes the connection's address as the load context.
      const from = (address: string, identifier: string, password: string, forged: string) =>
        run(action!, post("/gradmin/login", { identifier, password }, { "X-Forwarded-For": forged }), {}, { clientAddress: address });
      for (let i = 1; i <= THROTTLE_FAILURES; i++) {
        expect((await from("198.51.100.23", `guess-${i}`, "wrong-password-x", `203.0.113.${i}`)).status, `failure ${i}`).toBe(400);
      }
      const sixth = await from("198.51.100.23", "editor", PASSWORD, "203.0.113.99"); // a new name, the right password
      expect(sixth.status).toBe(429);
      expect((await sixth.json()).error).toMatch(/15 minutes/);
      const [row] = await db.select().from(schema.loginThrottle).where(eq(schema.loginThrottle.key, "ip:198.51.100.23"));
      expect(row.failures).toBe(THROTTLE_FAILURES);
      // The name is not held back elsewhere, and naming the throttled address in the header changes nothing.
      expect((await from("198.51.100.24", "editor", PASSWORD, "198.51.100.23")).status).toBe(302);
    } finally {
      if (trustProxy === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = trustProxy;
    }
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

  it("does not let a super admin disable or demote themselves", async () => {
    const { cookie, csrf } = await signIn("super");
    const member = await load("gradmin.staff.$id.tsx");
    const res = await run(member.action!, post("/gradmin/staff/1", { csrf, intent: "access", role: "2" }, { Cookie: cookie }), { id: "1" });
    expect(res.status).toBe(400);
    const [me] = await db.select().from(schema.staffUsers).where(eq(schema.staffUsers.id, 1));
    expect(me.isSuperAdmin).toBe(true);
  });
});
