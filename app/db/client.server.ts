// One mysql2 pool and one drizzle instance per process (a module singleton, kept across dev rebuilds).
import { drizzle, type MySql2Database } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import * as schema from "./schema";

type Db = MySql2Database<typeof schema>;
declare global {
  var __grbdDb: { pool: mysql.Pool; db: Db; queries: number } | undefined;
}

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (npm run demo sets it for the local MariaDB)");
  return url;
}

/** A query that has not answered after this long fails (and its connection is dropped): 503, not a pile-up. */
const QUERY_TIMEOUT_MS = Number(process.env.DB_QUERY_TIMEOUT_MS || 10_000);
/**
 * A query that has waited this long for a free connection fails (503). The wait is bounded in time,
 * not only by the queue's length: a busy site (200 readers at once each make a few queries) queues
 * hundreds of quick queries and must serve them, while a stuck database must not hold requests.
 */
const QUEUE_TIMEOUT_MS = Number(process.env.DB_QUEUE_TIMEOUT_MS || 5_000);

/** A pooled connection, or an "unavailable" error (ETIMEDOUT) after `ms`; a connection that comes later goes back. */
function acquire(pool: mysql.Pool, ms: number): Promise<mysql.PoolConnection> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(Object.assign(new Error(`Timed out after ${ms} ms waiting for a database connection`), { code: "ETIMEDOUT" }));
    }, ms);
    pool.getConnection().then(
      (conn) => {
        clearTimeout(timer);
        if (late) conn.release();
        else resolve(conn);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * The production server (server/server.mjs) runs each request in an AsyncLocalStorage whose store
 * counts that request's round trips (it reports them in a response header when asked to).
 */
const requestStore = () =>
  (globalThis as { __grbdRequestStore?: { getStore(): { dbRoundTrips: number } | undefined } }).__grbdRequestStore?.getStore();

function create() {
  const connectionLimit = Number(process.env.DB_POOL_SIZE || 10);
  const count = () => {
    state.queries++;
    const store = requestStore();
    if (store) store.dbRoundTrips++;
  };
  const pool = mysql.createPool({
    uri: databaseUrl(),
    charset: "utf8mb4",
    timezone: "Z",
    connectionLimit,
    // A stuck database must not collect every request in a queue without end: past this many
    // waiting for a connection, a request fails at once (a 503 page). It is a cap on memory, sized for
    // load: 10 × the pool turned a busy minute (200 concurrent readers) into 503s for nearly everyone
    // (npm run stress). How long a query may wait is QUEUE_TIMEOUT_MS.
    queueLimit: Number(process.env.DB_QUEUE_LIMIT || connectionLimit * 100),
    // Fail fast when the database is down: the page answers 503 instead of hanging.
    connectTimeout: 3000,
    enableKeepAlive: true,
    dateStrings: false,
    // mysql2 captures a stack trace for every query so that an error points at its caller: about 2 %
    // of a page's server time in a CPU profile (npm run bench). Kept outside production, where that
    // is worth it. A failed query's error still carries its code, message and SQL.
    trace: process.env.NODE_ENV !== "production",
  });
  // Drizzle's queries outside transactions go through pool.query/execute: each gets the timeout. mysql2 only fails a timed-out
  // query; its connection stays busy with it and would hold every later query, so it is destroyed
  // here and the pool opens a fresh one.
  const withTimeout = (q: unknown) =>
    typeof q === "string" ? { sql: q, timeout: QUERY_TIMEOUT_MS } : q && typeof q === "object" && !("timeout" in q) ? { ...q, timeout: QUERY_TIMEOUT_MS } : q;
  const run = (method: "query" | "execute") =>
    (async (q: unknown, params?: unknown) => {
      const conn = await acquire(pool, QUEUE_TIMEOUT_MS); // the round trip is counted by the connection (below)
      let broken = false;
      try {
        return await (conn[method] as (q: unknown, p?: unknown) => Promise<unknown>)(withTimeout(q), params);
      } catch (e) {
        broken = (e as { code?: unknown })?.code === "PROTOCOL_SEQUENCE_TIMEOUT";
        throw e;
      } finally {
        if (broken) conn.destroy();
        else conn.release();
      }
    }) as unknown as typeof pool.query;
  // Every round trip is counted (the benchmark reports them per request), also those of transactions,
  // which take a connection of their own and query through it. Their queries get the timeout too: a
  // finish, an import or a save must answer 503 when the database stalls, like a page does. A
  // connection whose query timed out is still busy with it, so it refuses further queries at once
  // (the transaction's rollback among them) and is destroyed instead of going back to the pool.
  const getConnection = pool.getConnection.bind(pool);
  pool.getConnection = (async () => {
    const conn = await getConnection();
    const marked = conn as typeof conn & { __counted?: boolean; __broken?: boolean };
    if (!marked.__counted) {
      marked.__counted = true;
      for (const method of ["query", "execute"] as const) {
        const original = conn[method].bind(conn) as (...a: unknown[]) => Promise<unknown>;
        (conn as unknown as Record<string, unknown>)[method] = async (q: unknown, ...rest: unknown[]) => {
          if (marked.__broken) {
            throw Object.assign(new Error("This connection's last query timed out"), { code: "PROTOCOL_SEQUENCE_TIMEOUT" });
          }
          count();
          try {
            return await original(withTimeout(q), ...rest);
          } catch (e) {
            if ((e as { code?: unknown })?.code === "PROTOCOL_SEQUENCE_TIMEOUT") marked.__broken = true;
            throw e;
          }
        };
      }
      const release = conn.release.bind(conn);
      conn.release = () => (marked.__broken ? conn.destroy() : release());
    }
    return conn;
  }) as typeof pool.getConnection;
  pool.query = run("query");
  pool.execute = run("execute") as unknown as typeof pool.execute;
  const state = { pool, db: drizzle(pool, { schema, mode: "default" }) as Db, queries: 0 };
  return state;
}

function state() {
  return (globalThis.__grbdDb ??= create());
}

export const db: Db = new Proxy({} as Db, {
  get: (_t, prop) => Reflect.get(state().db, prop),
});

/**
 * A query whose SQL is made once (drizzle's `.prepare()`, values as `sql.placeholder`) for the pool of
 * the moment, so a page that reads one row does not build the same statement for every request:
 * building getTitle's select costs about 70 µs of the title page's CPU (npm run bench). It still goes
 * through the pool's query (counted, with its timeout); a new pool (closeDb, tests) gets its own.
 */
export function prepared<T>(build: (db: Db) => T): () => T {
  const byState = new WeakMap<object, T>();
  return () => {
    const s = state();
    let query = byState.get(s);
    if (query === undefined) byState.set(s, (query = build(s.db)));
    return query;
  };
}

/** Round trips made by this process so far (for the benchmark and tests). */
export function queryCount() {
  return state().queries;
}

export async function closeDb() {
  const s = globalThis.__grbdDb;
  globalThis.__grbdDb = undefined;
  await s?.pool.end();
}
