// Staff sign-in: Remix session storage whose cookie carries only a signed random id while the session
// lives in the database (staff_sessions, keyed by the id's SHA-256), remix-auth's form strategy for
// the credentials, throttling counted in the database before any password is checked, a known-device
// cookie, and the checks every admin loader and action makes: requireStaff (signed in, allowed) and
// requireAdminForm (same origin, the session's token).
import { createCookie, createSessionStorage, redirect, type Session } from "@remix-run/node";
import { and, eq, lt, sql } from "drizzle-orm";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
// Read on the primary, never a replica: a session is valid (or signed out) the moment it is written.
import { primary as db } from "~/db/client.server";
import { staffSessions, staffUsers } from "~/db/schema";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { clientAddressOf, readForm } from "~/lib/http.server";
import { can, identifierKind, type Permission } from "~/lib/permissions";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { recordAudit } from "~/models/history.server";
import { clientKey, countHit, pruneRateLimits, secondsLeft, uncountHit } from "~/models/rate-limit.server";
import type { StaffRow } from "~/models/staff.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** "Remember me": a 30-day cookie and session. Otherwise a browser-session cookie, idle for 2 hours at most. */
export const REMEMBER_MS = 30 * DAY;
export const IDLE_MS = 2 * HOUR;
const MAX_SESSION_MS = 12 * HOUR;
/** Last-seen is written at most this often (not on every request). */
const TOUCH_MS = MINUTE;

/**
 * Failed sign-ins on one account from devices that never signed in to it (strangers), whichever of
 * its username or e-mail they type: enough for a person's typos, too few for guessing.
 */
export const THROTTLE_FAILURES = 5;
/**
 * Failed sign-ins from one known device. Only a browser that has signed in to the account holds its
 * cookie, so this budget is the owner's own typos (or a stolen cookie's guesses, still this few).
 */
export const THROTTLE_DEVICE_FAILURES = 10;
/**
 * Failures from one client address, on any names. More than for one name: staff behind one office
 * router share an address, and so does every request of the test suites (127.0.0.1).
 */
export const THROTTLE_ADDRESS_FAILURES = 20;
export const THROTTLE_WINDOW_MINUTES = 15;
/** How long a device stays known after its last sign-in. */
export const KNOWN_DEVICE_DAYS = 365;
/** Accounts one device is known for (a shared office computer), the latest sign-ins kept. */
const KNOWN_DEVICE_ACCOUNTS = 5;

export const WRONG_CREDENTIALS = "ইউজারনেম/ইমেইল অথবা পাসওয়ার্ড সঠিক নয়। (The username/email or password is incorrect.)";
export const ACCOUNT_DISABLED = "এই অ্যাকাউন্টটি বন্ধ করা হয়েছে; একজন সুপার অ্যাডমিনের সাথে যোগাযোগ করুন। (This account is disabled.)";

/** A staff member as the session knows them: the staff row without its state. */
export type SignedInStaff = Omit<StaffRow, "disabledAt" | "createdAt">;

type SessionData = { staffId: number; csrf: string; remember: boolean; userAgent: string; staff: SignedInStaff };

const hashId = (id: string) => createHash("sha256").update(id).digest("hex");

function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set (npm run demo generates one)");
  return secret;
}

const staffCols = {
  id: staffUsers.id,
  name: staffUsers.name,
  username: staffUsers.username,
  email: staffUsers.email,
  role: staffUsers.role,
  roleLabel: staffUsers.roleLabel,
  isSuperAdmin: staffUsers.isSuperAdmin,
};

function storage() {
  return (globalThis.__grbdStaffSessions ??= createSessionStorage<SessionData>({
    cookie: createCookie("grbd_staff", { httpOnly: true, sameSite: "lax", path: "/", secrets: [sessionSecret()] }),
    async createData(data, expires) {
      const id = randomBytes(32).toString("base64url");
      const now = new Date();
      await db.insert(staffSessions).values({
        idHash: hashId(id),
        staffId: data.staffId!,
        csrfToken: data.csrf!,
        remember: !!data.remember,
        userAgent: (data.userAgent ?? "").slice(0, 120),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: expires ?? new Date(now.getTime() + IDLE_MS),
      });
      return id;
    },
    async readData(id) {
      const [row] = await db
        .select({ session: staffSessions, staff: staffCols, disabledAt: staffUsers.disabledAt })
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
        .where(eq(staffSessions.idHash, hashId(id)))
        .limit(1);
      if (!row) return null;
      const now = Date.now();
      if (row.disabledAt || row.session.expiresAt.getTime() <= now) {
        await db.delete(staffSessions).where(eq(staffSessions.idHash, hashId(id)));
        return null;
      }
      if (now - row.session.lastSeenAt.getTime() > TOUCH_MS) {
        // An idle session expires: each visit moves the end forward, never past the session's limit.
        const limit = row.session.createdAt.getTime() + (row.session.remember ? REMEMBER_MS : MAX_SESSION_MS);
        const end = row.session.remember ? limit : Math.min(limit, now + IDLE_MS);
        await db
          .update(staffSessions)
          .set({ lastSeenAt: new Date(now), expiresAt: new Date(end) })
          .where(eq(staffSessions.idHash, hashId(id)));
      }
      return {
        staffId: row.staff.id,
        csrf: row.session.csrfToken,
        remember: row.session.remember,
        userAgent: row.session.userAgent,
        staff: row.staff,
      };
    },
    async updateData() {
      // Nothing in a session changes after sign-in; a new sign-in is a new session.
    },
    async deleteData(id) {
      await db.delete(staffSessions).where(eq(staffSessions.idHash, hashId(id)));
    },
  }));
}

declare global {
  var __grbdStaffSessions: ReturnType<typeof createSessionStorage<SessionData>> | undefined;
}

const getSession = (request: Request) => storage().getSession(request.headers.get("Cookie"));

/** Only behind a proxy we run (TRUST_PROXY=1) do forwarded headers say who the client is. */
const trustProxy = () => process.env.TRUST_PROXY === "1";

export function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  return trustProxy() && request.headers.get("X-Forwarded-Proto")?.split(",")[0].trim() === "https";
}

/**
 * The client's address: what drizzle/server.mjs passes as `context.clientAddress` (the socket's, or
 * with TRUST_PROXY=1 what our one proxy hop saw). A server that passes none (`remix dev`) leaves the
 * forwarded header, believed only behind our own proxy; otherwise there is no address (null).
 */
export function clientAddress(request: Request, context?: unknown): string | null {
  const fromServer = clientAddressOf(context);
  if (fromServer) return fromServer;
  if (!trustProxy()) return null;
  const hops = (request.headers.get("X-Forwarded-For") ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  return hops.at(-1)?.slice(0, 64) ?? null;
}

/* ------------------------------------------------------------------ the checks of every admin route */

/** The signed-in staff member and their session, or a redirect to the sign-in page (302). */
export async function requireStaff(request: Request, permission: Permission) {
  const session = await getSession(request);
  const staff = session.get("staff");
  if (!staff) {
    const url = new URL(request.url);
    url.searchParams.delete("_data");
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/gradmin/login?${new URLSearchParams({ redirectTo: back })}`, { headers: { "Cache-Control": "private, no-store" } });
  }
  if (!can(staff, permission)) {
    throw new Response("আপনার এই পাতায় প্রবেশের অনুমতি নেই। (You do not have permission to use this page.)", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return { staff, csrf: session.get("csrf")!, session };
}

function forbidden(message: string): Response {
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}

/**
 * A cross-site POST is refused: the browser's Origin (or Referer) must name this host. Browsers send
 * Origin with every POST; a request without either comes from no browser page, and admin forms still
 * need the session's token.
 */
export function requireSameOrigin(request: Request) {
  const host = new URL(request.url).host;
  const origin = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (origin === null) return;
  let from: string | null = null;
  try {
    from = new URL(origin).host;
  } catch {
    from = null;
  }
  if (from !== host) throw forbidden("অন্য সাইট থেকে পাঠানো ফর্ম গ্রহণ করা হয় না। (Cross-site request refused.)");
}

/** An admin form's fields, after the same-origin check and the session's CSRF token. */
export async function requireAdminForm(request: Request, csrf: string): Promise<URLSearchParams> {
  requireSameOrigin(request);
  const form = await readForm(request);
  const sent = Buffer.from(form.get("csrf") ?? "");
  const expected = Buffer.from(csrf);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw forbidden("ফর্মটি পুরোনো বা অন্য কোথাও থেকে এসেছে; পাতাটি আবার খুলে চেষ্টা করুন। (Invalid form token.)");
  }
  return form;
}

/* ------------------------------------------------------------------ sign-in */

// A wrong username costs as much as a wrong password: the same scrypt work on a hash of nothing.
let dummyHash: Promise<string> | null = null;

type Verified = { staff: SignedInStaff } | { error: string };

async function verifyCredentials(identifier: string, password: string): Promise<Verified> {
  const byEmail = identifierKind(identifier) === "email";
  const [row] = identifier
    ? await db
        .select({ ...staffCols, passwordHash: staffUsers.passwordHash, disabledAt: staffUsers.disabledAt })
        .from(staffUsers)
        .where(byEmail ? eq(staffUsers.email, identifier) : eq(staffUsers.username, identifier))
        .limit(1)
    : [];
  const ok = await verifyPassword(password, row?.passwordHash ?? (await (dummyHash ??= hashPassword("not a password"))));
  if (!row || !ok) return { error: WRONG_CREDENTIALS };
  if (row.disabledAt) return { error: ACCOUNT_DISABLED };
  const { passwordHash: _h, disabledAt: _d, ...staff } = row;
  return { staff };
}

const authenticator = new Authenticator<SignedInStaff>().use(
  new FormStrategy(async ({ form }) => {
    const result = await verifyCredentials(String(form.get("identifier") ?? "").trim(), String(form.get("password") ?? ""));
    if ("error" in result) throw new Error(result.error);
    return result.staff;
  }),
  "form",
);

/* ------------------------------------------------------------------ throttling */

/**
 * The known-device cookie: signed with SESSION_SECRET, sent only to /gradmin, set at every sign-in.
 * It names the accounts this browser has signed in to and a random token for its own failure budget;
 * strangers cannot make one, so they cannot use up its budget or get round the account's.
 */
const deviceCookie = () =>
  createCookie("grbd_device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/gradmin",
    maxAge: KNOWN_DEVICE_DAYS * 24 * 3600,
    secrets: [sessionSecret()],
  });

type KnownDevice = { token: string; staffIds: number[]; issuedAt: number };

async function readDevice(request: Request): Promise<KnownDevice | null> {
  try {
    const value = (await deviceCookie().parse(request.headers.get("Cookie"))) as Partial<KnownDevice> | null;
    if (!value || typeof value.token !== "string" || !/^[A-Za-z0-9_-]{20,64}$/.test(value.token)) return null;
    if (!Array.isArray(value.staffIds) || typeof value.issuedAt !== "number") return null;
    // The browser drops the cookie after KNOWN_DEVICE_DAYS; a copy kept elsewhere ends then too.
    if (Date.now() - value.issuedAt > KNOWN_DEVICE_DAYS * DAY) return null;
    return { token: value.token, staffIds: value.staffIds.filter((id) => Number.isInteger(id)), issuedAt: value.issuedAt };
  } catch {
    return null;
  }
}

/** The staff id an identifier names, or null: an unknown name is throttled under the name itself. */
async function accountIdOf(identifier: string): Promise<number | null> {
  if (!identifier) return null;
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(identifierKind(identifier) === "email" ? eq(staffUsers.email, identifier) : eq(staffUsers.username, identifier))
    .limit(1);
  return row?.id ?? null;
}

type Limit = { key: string; max: number };
const WINDOW_SECONDS = THROTTLE_WINDOW_MINUTES * 60;

/**
 * Counts this attempt on every key before its password is checked, each in one atomic upsert, so
 * simultaneous attempts cannot all see room left. Returns the seconds to wait (0: go on). A refused
 * attempt checked nothing, so its hits are taken back: it spends no one's budget.
 */
async function reserveAttempt(limits: Limit[]): Promise<number> {
  const counts = await Promise.all(limits.map(({ key }) => countHit({ key, windowSeconds: WINDOW_SECONDS })));
  const over = limits.filter((limit, i) => counts[i] > limit.max);
  if (!over.length) return 0;
  await Promise.all(limits.map(({ key }) => uncountHit({ key })));
  const waits = await Promise.all(over.map(({ key }) => secondsLeft({ key, windowSeconds: WINDOW_SECONDS })));
  return Math.max(1, ...waits);
}

/** "N minutes" in Bangla and English, at least one. */
export function waitInMinutes(seconds: number): { bn: string; en: string } {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return { bn: `${toBanglaDigits(minutes)} মিনিট`, en: `${minutes} minute${minutes === 1 ? "" : "s"}` };
}

export function throttleMessage(seconds: number): string {
  const wait = waitInMinutes(seconds);
  return `অনেকবার ভুল চেষ্টা হয়েছে। ${wait.bn} পরে আবার চেষ্টা করুন। (Too many failed sign-ins. Try again in ${wait.en}.)`;
}

export type LoginFields = { identifier: string; remember: boolean; redirectTo: string };

/**
 * The sign-in POST: same-origin check, then the attempt is counted and checked before any password
 * work: per account (by staff id, so its username and e-mail share one budget; an unknown name under
 * the name) for a stranger, or per device for a browser that has signed in to this account before,
 * and per client address (which the server passes in the load context) for everyone. Then the
 * credentials (remix-auth's form strategy), a new session (a fresh id: the old one, if any, is
 * deleted), its cookie and the known-device cookie. Failures come back with what was typed (not the
 * password) and a status; success is a redirect.
 *
 * Why a known device skips the account's budget: otherwise anyone could keep any account, the only
 * super admin's too, locked by sending five wrong passwords every quarter hour.
 */
export async function signIn(request: Request, fields: LoginFields, context?: unknown) {
  requireSameOrigin(request);
  const address = clientAddress(request, context);
  const [device, accountId] = await Promise.all([readDevice(request), accountIdOf(fields.identifier)]);
  const known = device !== null && accountId !== null && device.staffIds.includes(accountId);
  const limits: Limit[] = [
    known
      ? { key: `signin-device:${device.token}`, max: THROTTLE_DEVICE_FAILURES }
      : { key: accountId !== null ? `signin-account:${accountId}` : `signin-name:${fields.identifier.toLowerCase().slice(0, 160)}`, max: THROTTLE_FAILURES },
    // No address (a server that passes none, e.g. `remix dev` without our proxy): the other limit still holds.
    ...(address ? [{ key: `signin-ip:${clientKey(address)}`, max: THROTTLE_ADDRESS_FAILURES }] : []),
  ];
  const wait = await reserveAttempt(limits);
  if (wait > 0) return { error: throttleMessage(wait), status: 429 as const };

  let staff: SignedInStaff;
  try {
    staff = await authenticator.authenticate("form", request);
  } catch (e) {
    // A failure keeps the hits this attempt reserved.
    const message = e instanceof Error && e.message === ACCOUNT_DISABLED ? ACCOUNT_DISABLED : WRONG_CREDENTIALS;
    await db.transaction((tx) =>
      recordAudit(tx, { staffId: null, action: "sign-in-failed", entity: "session", entityId: null, summary: fields.identifier.slice(0, 120) }),
    );
    return { error: message, status: 400 as const };
  }
  // A success takes back only its own hits and wipes no count: knowing one account's password must not
  // buy more guesses at others from this address, nor more at this account for whoever else is trying.
  await Promise.all(limits.map(({ key }) => uncountHit({ key })));

  const old = await getSession(request);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (old.id) headers.append("Set-Cookie", await storage().destroySession(old));
  const session = await storage().getSession();
  session.set("staffId", staff.id);
  session.set("csrf", randomBytes(24).toString("base64url"));
  session.set("remember", fields.remember);
  session.set("userAgent", shortUserAgent(request.headers.get("User-Agent")));
  headers.append(
    "Set-Cookie",
    await storage().commitSession(session, {
      secure: isHttps(request),
      ...(fields.remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
    }),
  );
  // After the session's cookie, so that a client which keeps only the first new cookie keeps that one.
  const knownDevice: KnownDevice = {
    token: device?.token ?? randomBytes(18).toString("base64url"),
    staffIds: [staff.id, ...(device?.staffIds ?? []).filter((id) => id !== staff.id)].slice(0, KNOWN_DEVICE_ACCOUNTS),
    issuedAt: Date.now(),
  };
  headers.append("Set-Cookie", await deviceCookie().serialize(knownDevice, { secure: isHttps(request) }));
  await db.transaction((tx) =>
    recordAudit(tx, { staffId: staff.id, action: "sign-in", entity: "session", entityId: null, summary: fields.remember ? "remember me" : "" }),
  );
  return { redirect: redirect(fields.redirectTo, { headers }) };
}

/** Signs out: the session row goes (a copied cookie stops working), the cookie is cleared. Never fails. */
export async function signOut(request: Request): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "private, no-store", "Clear-Site-Data": '"cache"' });
  try {
    const session = await getSession(request);
    const staff = session.get("staff");
    headers.append("Set-Cookie", await storage().destroySession(session, { secure: isHttps(request) }));
    if (staff) {
      await db.transaction((tx) => recordAudit(tx, { staffId: staff.id, action: "sign-out", entity: "session", entityId: null, summary: "" }));
    }
  } catch (e) {
    console.error("[auth] sign-out:", e);
  }
  return redirect("/gradmin/login", { headers });
}

/** The signed-in staff member, if any (the sign-in page sends them on to the dashboard). */
export async function currentStaff(request: Request): Promise<SignedInStaff | null> {
  try {
    return (await getSession(request)).get("staff") ?? null;
  } catch {
    return null;
  }
}

/** "Chrome on Android", "Firefox on Windows": enough to tell one's sessions apart. */
export function shortUserAgent(ua: string | null): string {
  const s = ua ?? "";
  const browser = /Edg\//.test(s) ? "Edge" : /Firefox\//.test(s) ? "Firefox" : /Chrome\//.test(s) ? "Chrome" : /Safari\//.test(s) ? "Safari" : "Browser";
  const os = /Android/.test(s) ? "Android" : /iPhone|iPad/.test(s) ? "iOS" : /Windows/.test(s) ? "Windows" : /Mac OS X/.test(s) ? "macOS" : /Linux/.test(s) ? "Linux" : "";
  return os ? `${browser} on ${os}` : browser;
}

/* ------------------------------------------------------------------ the account page's sessions */

export type SessionInfo = { current: boolean; userAgent: string; createdAt: Date; lastSeenAt: Date; remember: boolean; key: string };

/** A staff member's live sessions, the current one first. `key` names a session without revealing its id. */
export async function listSessions(staffId: number, current: Session<SessionData>): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), sql`${staffSessions.expiresAt} > utc_timestamp()`));
  const mine = current.id ? hashId(current.id) : "";
  return rows
    .map((r) => ({
      current: r.idHash === mine,
      userAgent: r.userAgent,
      createdAt: r.createdAt,
      lastSeenAt: r.lastSeenAt,
      remember: r.remember,
      key: r.idHash.slice(0, 12),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
}

/** Signs out every other session of this staff member. */
export async function endOtherSessions(staffId: number, current: Session<SessionData>) {
  const mine = current.id ? hashId(current.id) : "";
  await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), sql`${staffSessions.idHash} <> ${mine}`));
}


/** Expired sessions and old throttle windows are deleted now and then (sign-in page loads). */
export async function pruneAuthTables() {
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, sql`utc_timestamp()`));
  await pruneRateLimits();
}

