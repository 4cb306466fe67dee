// Who reads the audit log: the dashboard's latest changes and /gradmin/audit show each member only
// what their role manages (and their own entries); sign-ins and staff changes only to super admins;
// a moderator has no audit page. The page filters by staff, type, action and Bangladesh dates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/lib/password.server";
import { closeDb, db, resetTables, schema, callWith as run } from "./db";

process.env.SESSION_SECRET ??= "integration-test-secret";
const ORIGIN = "http://test.local";
const PASSWORD = "সবুজ-পাতার-দেশ-2026";
type Fn = (a: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;
const route = (file: string): Promise<{ loader?: Fn; action?: Fn }> => import(/* @vite-ignore */ `../../app/routes/${file}`);

async function signIn(identifier: string) {
  const res = await run(
    (await route("gradmin_.login.tsx")).action,
    new Request(`${ORIGIN}/gradmin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ identifier, password: PASSWORD, redirectTo: "/gradmin" }).toString(),
    }),
  );
  expect(res.status).toBe(302);
  return res.headers.get("Set-Cookie")!.split(";")[0];
}
const get = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
type Entry = { action: string; entity: string; summary: string };

let editor = "";
let moderator = "";
let boss = "";

beforeAll(async () => {
  await resetTables();
  await db.delete(schema.staffSessions);
  await db.delete(schema.loginThrottle);
  await db.delete(schema.staffUsers);
  const hash = await hashPassword(PASSWORD);
  await db.insert(schema.staffUsers).values([
    { id: 1, name: "বস", username: "boss", email: "b@example.com", passwordHash: hash, role: 1, roleLabel: "Super Admin", isSuperAdmin: true },
    { id: 2, name: "সম্পাদক", username: "editor", email: "e@example.com", passwordHash: hash, role: 2, roleLabel: "Editor" },
    { id: 3, name: "মডারেটর", username: "mod", email: "m@example.com", passwordHash: hash, role: 3, roleLabel: "Moderator" },
  ]);
  [boss, editor, moderator] = [await signIn("boss"), await signIn("editor"), await signIn("mod")];
  await db.delete(schema.auditLog);
  await db.insert(schema.auditLog).values([
    { staffId: 2, action: "update", entity: "questions", entityId: "5", summary: "প্রশ্ন পাঁচ", createdAt: new Date("2026-03-01T10:00:00Z") },
    { staffId: 2, action: "trash", entity: "topics", entityId: "7", summary: "টপিক সাত", createdAt: new Date("2026-03-02T10:00:00Z") },
    { staffId: 3, action: "create", entity: "videos", entityId: "9", summary: "ভিডিও নয়", createdAt: new Date("2026-03-03T10:00:00Z") },
    { staffId: 1, action: "sign-in", entity: "session", entityId: null, summary: "বস লগইন", createdAt: new Date("2026-03-04T10:00:00Z") },
    { staffId: 1, action: "update", entity: "staff_users", entityId: "3", summary: "ভূমিকা বদল", createdAt: new Date("2026-03-04T11:00:00Z") },
  ]);
});

afterAll(closeDb);

const dashboard = async (cookie: string) =>
  ((await (await run((await route("gradmin._index.tsx")).loader, get("/gradmin", cookie))).json()) as { changes: Entry[] }).changes.map((c) => c.summary).sort();
const audit = async (cookie: string, query = "") => run((await route("gradmin.audit.tsx")).loader, get(`/gradmin/audit${query}`, cookie));
const summaries = async (cookie: string, query = "") => ((await (await audit(cookie, query)).json()) as { rows: Entry[] }).rows.map((r) => r.summary).sort();

describe("the audit log's readers", () => {
  it("a moderator's dashboard shows videos and their own changes, not questions, topics, sign-ins or staff", async () => {
    expect(await dashboard(moderator)).toEqual(["ভিডিও নয়"]);
    expect((await audit(moderator)).status).toBe(403);
  });

  it("an editor reads content changes but not sign-ins or staff changes; a super admin reads all", async () => {
    expect(await dashboard(editor)).toEqual(["টপিক সাত", "প্রশ্ন পাঁচ", "ভিডিও নয়"].sort());
    expect(await summaries(editor)).toEqual(["টপিক সাত", "প্রশ্ন পাঁচ", "ভিডিও নয়"].sort());
    expect((await summaries(boss)).length).toBe(5);
  });

  it("filters by staff, type, action and Bangladesh dates; bad values are ignored", async () => {
    expect(await summaries(editor, "?staff=3")).toEqual(["ভিডিও নয়"]);
    expect(await summaries(editor, "?entity=topics")).toEqual(["টপিক সাত"]);
    expect(await summaries(editor, "?action=update")).toEqual(["প্রশ্ন পাঁচ"]);
    expect(await summaries(editor, "?from=2026-03-02&to=2026-03-02")).toEqual(["টপিক সাত"]);
    expect(await summaries(boss, "?from=2026-03-04")).toEqual(["ভূমিকা বদল", "বস লগইন"].sort());
    // An editor filtering for what they may not read gets nothing, not the entries.
    expect(await summaries(editor, "?entity=session")).toEqual([]);
    expect((await summaries(editor, "?staff=x&entity=DROP%20TABLE&from=yesterday&page=-1")).length).toBe(3);
  });
});
