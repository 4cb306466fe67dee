// What one client can do to the public actions: bodies are capped while they stream, values are
// never echoed back whole, the online count and its table stay bounded, the contact form is rate
// limited per address.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PER_CLIENT, MAX_ROWS, pruneOnline, recordPing } from "~/models/presence.server";
import { CONTACT_LIMIT } from "~/models/pages.server";
import { loader as countLoader } from "~/routes/api.online.count";
import { action as pingAction } from "~/routes/api.online.ping";
import { action as contactAction } from "~/routes/contact";
import { closeDb, db, resetTables, schema } from "./db";

beforeAll(resetTables);
afterAll(closeDb);

type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;

/** Calls an action as server/server.mjs does, with the client's address as load context. */
async function act(fn: Action, path: string, init: RequestInit, clientAddress = "198.51.100.7") {
  try {
    return await fn({ request: new Request(`http://test.local${path}`, init), params: {}, context: { clientAddress } });
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/** A body of `total` bytes that is produced only as it is read; `pulled()` says how much was. */
function lazyBody(total: number, chunk = 16 * 1024) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (sent >= total) return ctrl.close();
      const n = Math.min(chunk, total - sent);
      sent += n;
      ctrl.enqueue(new TextEncoder().encode("m".repeat(n)));
    },
  });
  return { stream, pulled: () => sent };
}

const streamed = (stream: ReadableStream, type: string): RequestInit =>
  ({ method: "POST", body: stream, duplex: "half", headers: { "Content-Type": type } }) as RequestInit;

const ping = (sessionKey: string, client?: string) =>
  act(pingAction, "/api/online/ping", { method: "POST", body: JSON.stringify({ sessionKey, page: "/home" }), headers: { "Content-Type": "application/json" } }, client);

const online = async () => (await (await countLoader({ request: new Request("http://test.local/api/online/count"), params: {}, context: {} })).json()).count;

describe("the online count", () => {
  it("300 simultaneous new session keys from one address count as at most MAX_PER_CLIENT readers and add no more rows", async () => {
    const statuses = new Map<number, number>();
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => ping(`flood-${String(i).padStart(4, "0")}-key`, "203.0.113.66")));
    for (const res of answers) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    expect(statuses.get(200)).toBe(MAX_PER_CLIENT);
    // Accepted without being counted: a real reader behind a busy address sees no error.
    expect(statuses.get(202)).toBe(300 - MAX_PER_CLIENT);
    const rows = await db.select().from(schema.onlinePresence).where(eq(schema.onlinePresence.clientAddress, "203.0.113.66"));
    expect(rows).toHaveLength(MAX_PER_CLIENT);
    expect(await online()).toBe(MAX_PER_CLIENT);
    // A known key from that address still refreshes; readers elsewhere still count.
    expect((await ping(rows[0].sessionKey, "203.0.113.66")).status).toBe(200);
    expect((await ping("reader-elsewhere-1", "192.0.2.10")).status).toBe(200);
    expect(await online()).toBe(MAX_PER_CLIENT + 1);
  });

  it("rows written without the per-address limit (older data) still count at most MAX_PER_CLIENT per address", async () => {
    const now = new Date();
    await db.insert(schema.onlinePresence).values(
      Array.from({ length: MAX_PER_CLIENT + 30 }, (_, i) => ({ sessionKey: `legacy-${i}-key`, page: "/", lastSeen: now, clientAddress: "192.0.2.99" })),
    );
    expect(await online()).toBe(2 * MAX_PER_CLIENT + 1);
  });

  it("old rows are pruned by time, on the first ping after the prune interval", async () => {
    const old = new Date(Date.now() - 2 * 3600_000);
    await db.insert(schema.onlinePresence).values({ sessionKey: "stale-reader-key", page: "/", lastSeen: old, clientAddress: "192.0.2.50" });
    await pruneOnline(new Date()); // the interval starts now
    expect(await db.select().from(schema.onlinePresence).where(eq(schema.onlinePresence.sessionKey, "stale-reader-key"))).toEqual([]);
    await db.insert(schema.onlinePresence).values({ sessionKey: "stale-again-key", page: "/", lastSeen: old, clientAddress: "192.0.2.50" });
    await recordPing("fresh-reader-key", "/", "192.0.2.51", new Date(Date.now() + 30_000));
    expect(await db.select().from(schema.onlinePresence).where(eq(schema.onlinePresence.sessionKey, "stale-again-key"))).toHaveLength(1);
    await recordPing("fresh-reader-key", "/", "192.0.2.51", new Date(Date.now() + 61_000));
    expect(await db.select().from(schema.onlinePresence).where(eq(schema.onlinePresence.sessionKey, "stale-again-key"))).toEqual([]);
  });

  it(`a full table (${MAX_ROWS} rows) refuses new readers only while its rows are within the window`, async () => {
    const fill = async (lastSeen: Date, tag: string) => {
      for (let start = 0; start < MAX_ROWS; start += 5000) {
        await db.insert(schema.onlinePresence).values(
          Array.from({ length: Math.min(5000, MAX_ROWS - start) }, (_, i) => ({
            sessionKey: `${tag}-${start + i}-key`,
            page: "/",
            lastSeen,
            clientAddress: `10.${tag === "recent" ? 1 : 2}.${((start + i) >> 8) & 255}.${(start + i) & 255}`,
          })),
        );
      }
    };
    const rows = async () => Number((await db.select({ n: count() }).from(schema.onlinePresence))[0].n);
    await db.delete(schema.onlinePresence);
    // An hour of readers, none in the last two minutes: the new reader gets in, the old rows go.
    await fill(new Date(Date.now() - 30 * 60_000), "recent");
    expect(await recordPing("after-a-busy-hour-key", "/", "192.0.2.60")).toBe("ok");
    expect(await rows()).toBe(1);
    // As many readers within the window as the table holds: a new one is refused, the table stays bounded.
    await db.delete(schema.onlinePresence);
    await fill(new Date(), "window");
    expect(await recordPing("one-too-many-key", "/", "192.0.2.61")).toBe("limited");
    expect(await rows()).toBe(MAX_ROWS);
    await db.delete(schema.onlinePresence);
  });

  it("IPv6 readers count per /64: new addresses in one /64 share one client's limit, another /64 is another client", async () => {
    await db.delete(schema.onlinePresence);
    const answers = await Promise.all(
      Array.from({ length: MAX_PER_CLIENT + 20 }, (_, i) => ping(`v6-reader-${i}-key`, `2001:db8:aa:1::${(i + 1).toString(16)}`)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(MAX_PER_CLIENT);
    expect((await ping("v6-other-net-key", "2001:db8:aa:2::1")).status).toBe(200);
    expect(await online()).toBe(MAX_PER_CLIENT + 1);
    await db.delete(schema.onlinePresence);
  });

  it("a 10 MB chunked ping is refused with 413 after reading little more than the 2 KB cap", async () => {
    const body = lazyBody(10 * 1024 * 1024, 1024);
    const res = await act(pingAction, "/api/online/ping", streamed(body.stream, "application/json"));
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(4 * 1024);
  });
});

describe("the contact form", () => {
  const valid = { name: "রহিম", email: "rahim@example.com", phone: "", message: "সেট অধ্যায়ে একটি ভুল আছে।" };
  const post = (fields: Record<string, string>, client?: string) =>
    act(contactAction, "/contact", { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } }, client);

  it("a 10 MB chunked post is refused with 413 after reading little more than the 64 KB cap, and nothing is echoed", async () => {
    const body = lazyBody(10 * 1024 * 1024);
    const res = await act(contactAction, "/contact", streamed(body.stream, "application/x-www-form-urlencoded"));
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(96 * 1024);
    expect((await res.text()).length).toBeLessThan(200);
  });

  it("an over-long value is refused and sent back cut to what the field holds", async () => {
    // About 52 KB url-encoded: under the body cap, over both fields' limits.
    const res = await post({ ...valid, name: "ক".repeat(300), message: "খ".repeat(5500) });
    expect(res.status).toBe(400);
    const data = await res.json();
    expect(Object.keys(data.errors).sort()).toEqual(["message", "name"]);
    expect(data.values.name).toHaveLength(120);
    expect(data.values.message).toHaveLength(5000);
  });

  it.each([
    ["application/json", JSON.stringify(valid)],
    ["text/plain", "name=a&email=b@c.de&message=hello there"],
    ["multipart/form-data; boundary=x", "--x--"],
    ["", "name=a"],
  ])("a body of type '%s' is a 400, never a 500", async (type, body) => {
    const res = await act(contactAction, "/contact", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });
    expect(res.status).toBe(400);
  });

  it(`${CONTACT_LIMIT * 5} simultaneous messages from one address store exactly ${CONTACT_LIMIT}`, async () => {
    const answers = await Promise.all(Array.from({ length: CONTACT_LIMIT * 5 }, (_, i) => post({ ...valid, email: `burst${i}@example.com` }, "203.0.113.77")));
    expect(answers.filter((r) => r.status === 303)).toHaveLength(CONTACT_LIMIT);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(CONTACT_LIMIT * 4);
    const stored = await db.select().from(schema.contactMessages).where(eq(schema.contactMessages.clientAddress, "203.0.113.77"));
    expect(stored).toHaveLength(CONTACT_LIMIT);
  });

  it(`stores at most ${CONTACT_LIMIT} messages an hour from one address, then answers 429 with a message`, async () => {
    for (let i = 0; i < CONTACT_LIMIT; i++) {
      expect((await post({ ...valid, email: `r${i}@example.com` }, "203.0.113.5")).status).toBe(303);
    }
    const refused = await post({ ...valid, email: "late@example.com" }, "203.0.113.5");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("3600");
    expect((await refused.json()).errors.form).toMatch(/Too many messages/);
    expect(await db.select().from(schema.contactMessages).where(eq(schema.contactMessages.email, "late@example.com"))).toEqual([]);
    const stored = await db.select().from(schema.contactMessages).where(eq(schema.contactMessages.clientAddress, "203.0.113.5"));
    expect(stored).toHaveLength(CONTACT_LIMIT);
    // Someone else is not held up.
    expect((await post({ ...valid, email: "other@example.com" }, "198.51.100.200")).status).toBe(303);
  });
});
