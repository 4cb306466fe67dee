// Creates the database when missing (utf8mb4), applies the committed SQL migrations in drizzle/, then
// derives what SQL cannot (drizzle/derive.ts: board-year notes into source rows, stale rendered HTML).
// `npm run db:migrate` uses MIGRATION_DATABASE_URL, else DATABASE_URL, else the project-local
// MariaDB's "grbd" database as root (the app's own account may not change the schema).
import mysql from "mysql2/promise";
import { drizzle } from "drizzle-orm/mysql2";
import { migrate } from "drizzle-orm/mysql2/migrator";
import { fileURLToPath } from "node:url";
import { dirname } from "node:path";
import { bin, run } from "../scripts/setup.mjs";

const folder = dirname(fileURLToPath(import.meta.url));

export async function migrateDatabase(url, { quiet = false } = {}) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`DATABASE_URL needs a database name of letters, digits and _ (got "${name}")`);
  const server = new URL(url);
  server.pathname = "/";
  const admin = await mysql.createConnection({ uri: server.toString(), charset: "utf8mb4" });
  try {
    await admin.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.query(`ALTER DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  const conn = await mysql.createConnection({ uri: url, charset: "utf8mb4", multipleStatements: true });
  try {
    await migrate(drizzle(conn), { migrationsFolder: folder });
  } finally {
    await conn.end();
  }
  quiet || console.log(`[db] migrations applied to ${name}`);
  run(bin("tsx"), ["drizzle/derive.ts"], { env: { DATABASE_URL: url, ...(quiet ? { SEED_QUIET: "1" } : {}) } });
}

/** Drops and re-creates a database: used for the test database only. */
export async function resetDatabase(url) {
  const u = new URL(url);
  const name = u.pathname.replace(/^\//, "");
  u.pathname = "/";
  const admin = await mysql.createConnection({ uri: u.toString() });
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await admin.end();
  }
  await migrateDatabase(url, { quiet: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { resolveDatabase } = await import("../scripts/local-db.mjs");
  const db = await resolveDatabase("grbd");
  await migrateDatabase(db.migrationUrl);
}
