// A busy database (not a stuck one): many quick queries at once wait for the pool and are all served;
// only a query that waits past the queue timeout fails, as "unavailable" (503). Found by npm run stress:
// with the queue capped at 10 × the pool, 200 concurrent readers got 503s for nearly every page.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

beforeAll(() => {
  process.env.DB_POOL_SIZE = "4";
  process.env.DB_QUEUE_TIMEOUT_MS = "400";
  delete process.env.DB_QUEUE_LIMIT;
});

afterAll(async () => {
  const { closeDb } = await import("~/db/client.server");
  await closeDb();
});

/** Resolves once the slow queries hold every connection of the pool (mysql2 lists the free ones). */
async function poolTaken() {
  type Pool = { _allConnections: { length: number }; _freeConnections: { length: number } };
  const pool = (globalThis as { __grbdDb?: { pool: { pool: Pool } } }).__grbdDb!.pool.pool;
  while (pool._allConnections.length < 4 || pool._freeConnections.length > 0) await new Promise((r) => setImmediate(r));
}

describe("a busy database", () => {
  it("serves a burst of queries far larger than the pool (the old queue cap refused most of them)", async () => {
    const { db } = await import("~/db/client.server");
    const results = await Promise.allSettled(Array.from({ length: 300 }, () => db.execute(sql`select 1 as one`)));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
  });

  it("fails a query that waited past the queue timeout as 'unavailable', and serves again afterwards", async () => {
    const { db } = await import("~/db/client.server");
    const { isDatabaseUnavailable } = await import("~/lib/http.server");
    const slow = Array.from({ length: 4 }, () => db.execute(sql`select sleep(1.5)`));
    await poolTaken();
    const started = Date.now();
    const error = await db.execute(sql`select 1`).then(() => null, (e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1200);
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    await Promise.all(slow);
    await expect(db.execute(sql`select 1`)).resolves.toBeTruthy();
  });
});
