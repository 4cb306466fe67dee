// A database that stops answering (not refusing: connections stay open, queries hang). The pool's
// query timeout ends each hung query and its queue limit refuses what would pile up behind it; both
// count as "unavailable", so pages and resource routes answer 503 instead of waiting without end.
import { createServer, connect, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const target = new URL(process.env.DATABASE_URL!);
let server: Server;
let stalled = false;
const sockets = new Set<Socket>();

beforeAll(async () => {
  // A proxy that forwards until told to stall, then swallows everything in both directions.
  server = createServer((client) => {
    const upstream = connect(Number(target.port || 3306), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    client.on("data", (d) => stalled || upstream.write(d));
    upstream.on("data", (d) => stalled || client.write(d));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const viaProxy = new URL(process.env.DATABASE_URL!);
  viaProxy.port = String((server.address() as { port: number }).port);
  process.env.DATABASE_URL = viaProxy.toString();
  process.env.DB_POOL_SIZE = "1";
  process.env.DB_QUEUE_LIMIT = "2";
  process.env.DB_QUERY_TIMEOUT_MS = "700";
});

afterAll(async () => {
  const { closeDb } = await import("~/db/client.server");
  stalled = false;
  for (const s of sockets) s.destroy();
  await closeDb().catch(() => undefined);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("a database that hangs", () => {
  it("ends a hung query after the timeout, refuses what would queue past the limit, and both read as 'unavailable'", async () => {
    // A title's own row: one query per call, never kept (a chapter's page is kept until a staff save).
    const { getTitle } = await import("~/models/study.server");
    const { isDatabaseUnavailable } = await import("~/lib/http.server");
    const { loader: countLoader } = await import("~/routes/api.online.count");
    expect(await getTitle(987654)).toBeNull(); // the one connection is open and working

    stalled = true;
    // One query takes the connection, two wait in the queue, the rest are refused at once.
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => getTitle(987654)));
    const errors = results.map((r) => (r.status === "rejected" ? r.reason : null));
    expect(errors.every((e) => e !== null)).toBe(true);
    expect(errors.every((e) => isDatabaseUnavailable(e))).toBe(true);
    expect(errors.filter((e) => /Queue limit reached/.test(String(e?.message) + String(e?.cause?.message)))).toHaveLength(2);
    // (That allSettled returned at all is the point: before, the queries behind a hung one waited for ever.)

    const res = await countLoader({ request: new Request("http://test.local/api/online/count"), params: {}, context: {} });
    expect(res.status).toBe(503);
  });

  it("ends a hung query inside a transaction after the timeout as 'unavailable', and the pool recovers", async () => {
    const { db } = await import("~/db/client.server");
    const { sql } = await import("drizzle-orm");
    const { isDatabaseUnavailable } = await import("~/lib/http.server");
    stalled = false;
    // The previous test's hung connection may still be being replaced: wait for a working one.
    for (let i = 0; i < 50; i++) {
      try {
        await db.execute(sql`select 1`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const started = Date.now();
    const outcome = await db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        stalled = true;
        await tx.execute(sql`select 2`);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(outcome).not.toBeNull();
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    stalled = false;
    const [rows] = (await db.execute(sql`select 3 as n`)) as unknown as [{ n: number }[]];
    expect(Number(rows[0].n)).toBe(3);
  });
});
