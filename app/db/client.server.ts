// One mysql2 pool and one drizzle instance per process (a module singleton, kept across dev rebuilds).
import { drizzle, type MySql2Database } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import * as schema from "./schema";

type Db = MySql2Database<typeof schema>;
declare global {
  // eslint-disable-next-line no-var
  var __grbdDb: { pool: mysql.Pool; db: Db; queries: number } | undefined;
}

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (npm run demo sets it for the local MariaDB)");
  return url;
}

function create() {
  const pool = mysql.createPool({
    uri: databaseUrl(),
    charset: "utf8mb4",
    timezone: "Z",
    connectionLimit: Number(process.env.DB_POOL_SIZE || 10),
    // Fail fast when the database is down: the page answers 503 instead of hanging.
    connectTimeout: 3000,
    enableKeepAlive: true,
    dateStrings: false,
  });
  // Count round trips (the benchmark reports them per request). Drizzle calls pool.query/execute.
  const counted = <F extends (...a: never[]) => unknown>(f: F) =>
    ((...a: Parameters<F>) => (state.queries++, f.apply(pool, a))) as unknown as F;
  pool.query = counted(pool.query);
  pool.execute = counted(pool.execute);
  const state = { pool, db: drizzle(pool, { schema, mode: "default" }) as Db, queries: 0 };
  return state;
}

function state() {
  return (globalThis.__grbdDb ??= create());
}

export const db: Db = new Proxy({} as Db, {
  get: (_t, prop) => Reflect.get(state().db, prop),
});

/** Round trips made by this process so far (for the benchmark and tests). */
export function queryCount() {
  return state().queries;
}

export async function closeDb() {
  const s = globalThis.__grbdDb;
  globalThis.__grbdDb = undefined;
  await s?.pool.end();
}
