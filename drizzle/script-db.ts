// The database of a command-line script (seed, db:render): DATABASE_URL, a small pool, closed after.
import { drizzle, type MySql2Database } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import * as schema from "../app/db/schema";

export type ScriptDb = MySql2Database<typeof schema>;

export async function withScriptDb(script: string, work: (db: ScriptDb) => Promise<void>) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(`DATABASE_URL is not set, e.g. DATABASE_URL=mysql://root@127.0.0.1:33061/grbd npx tsx ${script}`);
    process.exit(1);
  }
  const pool = mysql.createPool({ uri: url, charset: "utf8mb4", timezone: "Z", connectionLimit: 2 });
  try {
    await work(drizzle(pool, { schema, mode: "default" }));
  } finally {
    await pool.end();
  }
}
