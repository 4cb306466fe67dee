// The app connects as an account that may read and write rows of its own database and nothing else
// (scripts/local-db.mjs grants it; migrations and seeds use MIGRATION_DATABASE_URL). What the app does
// with those rights is the rest of the suite: vitest and the Playwright servers run as this account.
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const appUrl = new URL(process.env.DATABASE_URL!);
const migrationUrl = process.env.MIGRATION_DATABASE_URL ? new URL(process.env.MIGRATION_DATABASE_URL) : null;
const dbName = appUrl.pathname.replace(/^\//, "");
// A database the app user has no grant on, made by the privileged account.
const otherName = `${dbName}_other`;
// Only meaningful when the tests were given two accounts (npm test on the local MariaDB does).
const separate = migrationUrl !== null && migrationUrl.username !== appUrl.username;

let app: mysql.Connection;
let admin: mysql.Connection;

beforeAll(async () => {
  if (!separate) return;
  admin = await mysql.createConnection({ uri: migrationUrl!.toString(), charset: "utf8mb4" });
  await admin.query(`CREATE DATABASE IF NOT EXISTS \`${otherName}\``);
  await admin.query(`CREATE TABLE IF NOT EXISTS \`${otherName}\`.\`t\` (id int primary key)`);
  app = await mysql.createConnection({ uri: appUrl.toString(), charset: "utf8mb4" });
});

afterAll(async () => {
  await app?.end();
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS \`${otherName}\``);
    await admin.end();
  }
});

const refused = async (statement: string) => {
  const error = await app.query(statement).then(() => null, (e: { code?: string }) => e);
  expect(error, statement).not.toBeNull();
  return error!.code;
};

describe.skipIf(!separate)("the application's database account", () => {
  it("is not the account that migrates", async () => {
    const [[row]] = (await app.query("SELECT CURRENT_USER() AS me")) as unknown as [[{ me: string }]];
    expect(row.me.split("@")[0]).toBe(appUrl.username);
    expect(appUrl.username).not.toBe("root");
  });

  it("reads and writes rows of its own database", async () => {
    await app.query("INSERT INTO site_settings (`key`, value) VALUES ('privilege_test', 'a')");
    await app.query("UPDATE site_settings SET value = 'b' WHERE `key` = 'privilege_test'");
    const [rows] = (await app.query("SELECT value FROM site_settings WHERE `key` = 'privilege_test'")) as unknown as [{ value: string }[]];
    expect(rows).toEqual([{ value: "b" }]);
    await app.query("DELETE FROM site_settings WHERE `key` = 'privilege_test'");
  });

  it("cannot change the schema: no DROP, CREATE, ALTER, TRUNCATE or RENAME", async () => {
    expect(await refused("DROP TABLE site_settings")).toBe("ER_TABLEACCESS_DENIED_ERROR");
    expect(await refused("CREATE TABLE intruder (id int)")).toBe("ER_TABLEACCESS_DENIED_ERROR");
    expect(await refused("ALTER TABLE site_settings ADD COLUMN intruder int")).toBe("ER_TABLEACCESS_DENIED_ERROR");
    expect(await refused("TRUNCATE TABLE audit_log")).toBe("ER_TABLEACCESS_DENIED_ERROR");
    expect(await refused("RENAME TABLE audit_log TO audit_log_gone")).toBe("ER_TABLEACCESS_DENIED_ERROR");
    expect(await refused("CREATE TEMPORARY TABLE scratch (id int)")).toBeDefined();
    expect(await refused(`DROP DATABASE \`${dbName}\``)).toBe("ER_DBACCESS_DENIED_ERROR");
  });

  it("cannot see or touch another database, the server's accounts, files or grants", async () => {
    expect(await refused(`SELECT * FROM \`${otherName}\`.t`)).toBe("ER_TABLEACCESS_DENIED_ERROR");
    expect(await refused(`INSERT INTO \`${otherName}\`.t VALUES (1)`)).toBe("ER_TABLEACCESS_DENIED_ERROR");
    expect(await refused(`USE \`${otherName}\``)).toBe("ER_DBACCESS_DENIED_ERROR");
    expect(await refused("SELECT * FROM mysql.user")).toBe("ER_TABLEACCESS_DENIED_ERROR");
    expect(await refused(`CREATE DATABASE \`${dbName}_intruder\``)).toBe("ER_DBACCESS_DENIED_ERROR");
    expect(await refused("SELECT LOAD_FILE('/etc/passwd') INTO OUTFILE '/tmp/grbd-intruder'")).toBeDefined();
    expect(await refused(`GRANT ALL ON \`${dbName}\`.* TO CURRENT_USER()`)).toBeDefined();
    // It sees only the databases it was granted (on the local server: the project's, grbd and grbd_*).
    const [dbs] = (await app.query("SHOW DATABASES")) as unknown as [{ Database: string }[]];
    const seen = dbs.map((d) => d.Database);
    expect(seen).toContain(dbName);
    for (const hidden of [otherName, "mysql", "performance_schema", "sys"]) expect(seen).not.toContain(hidden);
  });
});
