// One mysql2 pool and one drizzle instance per process (a module singleton, kept across dev rebuilds).
import { withReplicas } from "drizzle-orm/mysql-core";
import { drizzle, type MySql2Database } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import * as schema from "./schema";

type Db = MySql2Database<typeof schema>;
declare global {
  var __grbdDb: ReturnType<typeof create> | undefined;
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

/** A mysql2 pool with the query and queue timeouts, every round trip counted (for the primary and each replica alike). */
function createPool(uri: string, count: () => void): mysql.Pool {
  const connectionLimit = Number(process.env.DB_POOL_SIZE || 10);
  const pool = mysql.createPool({
    uri,
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
  return pool;
}

/** Errors that say a server is unreachable or failing, not that the query is wrong. */
const UNAVAILABLE = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EPIPE",
  "PROTOCOL_CONNECTION_LOST", "PROTOCOL_SEQUENCE_TIMEOUT", "ER_CON_COUNT_ERROR", "ER_SERVER_SHUTDOWN",
  "ER_ACCESS_DENIED_ERROR", "ER_DBACCESS_DENIED_ERROR", "ER_HOST_IS_BLOCKED",
]);
/** Errors a replica gives while it has not caught up with a migration the primary has: read there instead, the replica stays in use. */
const NOT_YET_THERE = new Set(["ER_NO_SUCH_TABLE", "ER_BAD_FIELD_ERROR", "ER_BAD_DB_ERROR", "ER_TABLEACCESS_DENIED_ERROR", "ER_COLUMNACCESS_DENIED_ERROR"]);
/** How long a failing replica is left alone before it is probed again (its reads go to the primary meanwhile). */
const replicaRetryMs = () => Number(process.env.DB_REPLICA_RETRY_MS || 5_000);

type Replica = { url: string; pool: mysql.Pool; db: Db; down: boolean; probe: ReturnType<typeof setTimeout> | null };

const redacted = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 3306}`;
  } catch {
    return "(unparsable URL)";
  }
};

/**
 * A replica's pool whose query and execute fall back to the primary's: while the replica is marked
 * down, at once; else when the replica fails (refused, timed out, lost), the same read runs once on
 * the primary and the replica is marked down for DB_REPLICA_RETRY_MS, then probed in the background
 * (SELECT 1) until it answers. Logged once per change, not per request. A read never fails because
 * of a replica; it fails only when the primary does.
 */
function replicaPool(url: string, primaryPool: mysql.Pool, count: () => void): Replica {
  const pool = createPool(url, count);
  const replica = { url, pool, db: undefined as unknown as Db, down: false, probe: null } as Replica;
  const where = redacted(url);
  const markDown = (e: unknown) => {
    if (replica.down) return;
    replica.down = true;
    console.warn(`[db] replica ${where} unavailable (${(e as { code?: string })?.code ?? (e as Error)?.message}): reading from the primary, probing it every ${replicaRetryMs() / 1000} s`);
    scheduleProbe();
  };
  const scheduleProbe = () => {
    replica.probe = setTimeout(async () => {
      replica.probe = null;
      try {
        const conn = await acquire(pool, Math.min(QUEUE_TIMEOUT_MS, Math.max(1000, replicaRetryMs())));
        try {
          await conn.query({ sql: "SELECT 1", timeout: Math.min(QUERY_TIMEOUT_MS, Math.max(1000, replicaRetryMs())) });
        } finally {
          conn.release();
        }
        replica.down = false;
        console.warn(`[db] replica ${where} answers again: reads go to it`);
      } catch {
        if (!life.closed) scheduleProbe();
      }
    }, replicaRetryMs());
    replica.probe.unref?.();
  };
  const warned = new Set<string>();
  const life = { closed: false };
  (replica as Replica & { close(): void }).close = () => {
    life.closed = true;
    if (replica.probe) clearTimeout(replica.probe);
  };
  for (const method of ["query", "execute"] as const) {
    const onReplica = (pool[method] as (q: unknown, p?: unknown) => Promise<unknown>).bind(pool);
    const onPrimary = (q: unknown, p?: unknown) => (primaryPool[method] as (q: unknown, p?: unknown) => Promise<unknown>)(q, p);
    (pool as unknown as Record<string, unknown>)[method] = async (q: unknown, params?: unknown) => {
      if (replica.down) return onPrimary(q, params);
      try {
        return await onReplica(q, params);
      } catch (e) {
        const code = (e as { code?: string })?.code ?? "";
        if ((e as { fatal?: boolean })?.fatal || UNAVAILABLE.has(code)) markDown(e);
        else if (NOT_YET_THERE.has(code)) {
          if (!warned.has(code)) console.warn(`[db] replica ${where}: ${code}, read from the primary (has the replica applied the latest migration?)`);
          warned.add(code);
        } else throw e;
        return onPrimary(q, params);
      }
    };
  }
  replica.db = drizzle(pool, { schema, mode: "default" }) as Db;
  return replica;
}

/** DATABASE_REPLICA_URLS: comma-separated mysql URLs of read replicas (none when unset or empty). */
function replicaUrls(): string[] {
  return (process.env.DATABASE_REPLICA_URLS ?? "").split(",").map((u) => u.trim()).filter(Boolean);
}

function create() {
  const count = () => {
    state.queries++;
    const store = requestStore();
    if (store) store.dbRoundTrips++;
  };
  const pool = createPool(databaseUrl(), count);
  const primary = drizzle(pool, { schema, mode: "default" }) as Db;
  const replicas = replicaUrls().map((url) => replicaPool(url, pool, count));
  // Each process reads from one replica for its whole life (processes are spread over them): the
  // content version a process reads and the content it then caches come from the same server, so
  // a cache is never filled from a replica older than the version it is kept under
  // (docs/caching.md). When that replica fails, its reads go to the primary, which is never older.
  const pinned = replicas.length ? replicas[process.pid % replicas.length] : null;
  const db = pinned
    ? (withReplicas(primary, [pinned.db, ...replicas.filter((r) => r !== pinned).map((r) => r.db)], () => pinned.db) as unknown as Db)
    : primary;
  const state = { pool, db, primary, replicas, pinned, queries: 0 };
  return state;
}

function state() {
  return (globalThis.__grbdDb ??= create());
}

/**
 * The database: with DATABASE_REPLICA_URLS, selects go to this process's replica (falling back to
 * the primary) and writes and transactions to the primary; without it, the primary for everything.
 * Public reads (content pages, lists, search) use it. What a student, a session, a rate limit, the
 * presence table or a staff screen reads uses `primary` instead: read-your-writes.
 */
export const db: Db = new Proxy({} as Db, {
  get: (_t, prop) => Reflect.get(state().db, prop),
});

/** Always the primary: for reads that must see what this visitor or staff member just wrote. Without replicas, the same as `db`. */
export const primary: Db = new Proxy({} as Db, {
  get: (_t, prop) => Reflect.get(state().primary, prop),
});

/**
 * This process's replica for public reads written as raw SQL (`execute`, which `db` sends to the
 * primary like every statement it cannot tell is a read): with its fallback to the primary; without
 * replicas, the primary. Only for SELECTs of content anyone may see.
 */
export const replica: Db = new Proxy({} as Db, {
  get: (_t, prop) => Reflect.get(state().pinned?.db ?? state().primary, prop),
});

/**
 * A query whose SQL is made once (drizzle's `.prepare()`, values as `sql.placeholder`) for the pool of
 * the moment, so a page that reads one row does not build the same statement for every request:
 * building getTitle's select costs about 70 µs of the title page's CPU (npm run bench). It still goes
 * through the pool's query (counted, with its timeout); a new pool (closeDb, tests) gets its own.
 * `on: "primary"` builds it on the primary (see `primary`).
 */
export function prepared<T>(build: (db: Db) => T, { on = "db" }: { on?: "db" | "primary" } = {}): () => T {
  const byState = new WeakMap<object, T>();
  return () => {
    const s = state();
    let query = byState.get(s);
    if (query === undefined) byState.set(s, (query = build(on === "primary" ? s.primary : s.db)));
    return query;
  };
}

/** Round trips made by this process so far (for the benchmark and tests). */
export function queryCount() {
  return state().queries;
}

/** Where this process's replica reads go now (tests, the stress run): null without replicas. */
export function replicaStatus(): { url: string; down: boolean } | null {
  const p = state().pinned;
  return p ? { url: p.url, down: p.down } : null;
}

export async function closeDb() {
  const s = globalThis.__grbdDb;
  globalThis.__grbdDb = undefined;
  for (const r of s?.replicas ?? []) {
    (r as Replica & { close?: () => void }).close?.();
    await r.pool.end().catch(() => {});
  }
  await s?.pool.end();
}
