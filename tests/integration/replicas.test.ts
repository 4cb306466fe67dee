// Read replicas (DATABASE_REPLICA_URLS, app/db/client.server.ts) against the real test database. The
// "replica" is a second database on the same server holding a different content version, so each
// read tells which server answered; it is reached through a TCP relay the test can cut and restore
// (a replica going down and coming back), or a port that never answers (a replica that hangs).
import { sql } from "drizzle-orm";
import mysql from "mysql2/promise";
import { createServer, connect, type Server, type Socket, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, primary, queryCount, replica, replicaStatus } from "~/db/client.server";
import { contentVersion } from "~/models/content-version.server";
import { listMessages } from "~/models/inbox.server";
import { getSavedPaper } from "~/models/make-question.server";
import { getInfoPage, saveContactMessage } from "~/models/pages.server";
import { countOnline, recordPing } from "~/models/presence.server";
import { clearShellCache } from "~/models/site.server";
import { createStaff, getStaff } from "~/models/staff.server";
import { createPageCache } from "../../server/page-cache.mjs";
import { db, resetTables, schema } from "./db";

const appUrl = new URL(process.env.DATABASE_URL!);
const rootUrl = new URL(process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL!);
const mainName = appUrl.pathname.slice(1);
const replicaName = `${mainName}_replica`;
let admin: mysql.Connection;

/** A relay from a local port to the database server; `cut()` closes it and every connection through it, `restore()` listens again on the same port. */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((ok) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        ok();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    cut: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server ? server.close(() => ok()) : ok();
        server = null;
      }),
  };
}

/** A port that accepts connections and never says a word (a replica that hangs). */
async function silentPort() {
  const held = new Set<Socket>();
  const server = createServer((s) => {
    held.add(s);
    s.on("error", () => {});
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((ok) => { for (const s of held) s.destroy(); server.close(() => ok()); }) };
}

/** A port nobody listens on. */
async function closedPort() {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, "127.0.0.1", () => ok()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}

const replicaUrl = (port: number) => {
  const u = new URL(rootUrl);
  u.host = `127.0.0.1:${port}`;
  u.pathname = `/${replicaName}`;
  return u.toString();
};

async function useReplicas(urls: string[] | null) {
  await closeDb();
  if (urls) process.env.DATABASE_REPLICA_URLS = urls.join(",");
  else delete process.env.DATABASE_REPLICA_URLS;
}

const setVersion = (conn: mysql.Connection, database: string, v: string) =>
  conn.query(`INSERT INTO \`${database}\`.site_settings (\`key\`, value) VALUES ('content_version', ?) ON DUPLICATE KEY UPDATE value = VALUES(value)`, [v]);

async function until(test: () => Promise<boolean> | boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  await resetTables();
  admin = await mysql.createConnection({ uri: rootUrl.toString() });
  await admin.query(`DROP DATABASE IF EXISTS \`${replicaName}\``);
  await admin.query(`CREATE DATABASE \`${replicaName}\``);
  await admin.query(`CREATE TABLE \`${replicaName}\`.site_settings LIKE \`${mainName}\`.site_settings`);
  await setVersion(admin, mainName, "on-primary");
  await setVersion(admin, replicaName, "on-replica");
});

afterEach(async () => {
  vi.restoreAllMocks();
  delete process.env.DB_REPLICA_RETRY_MS;
  await useReplicas(null);
});

afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS \`${replicaName}\``);
  await admin.end();
});

const target = { host: rootUrl.hostname, port: Number(rootUrl.port || 3306) };

describe("without DATABASE_REPLICA_URLS", () => {
  it("reads and writes on the one database, as before", async () => {
    await useReplicas(null);
    expect(replicaStatus()).toBeNull();
    expect(await contentVersion()).toBe("on-primary");
    const rows = (await replica.execute(sql`select value as v from site_settings where \`key\` = 'content_version'`)) as unknown as [{ v: string }[]];
    expect(rows[0][0].v).toBe("on-primary");
    const [row] = await primary.select({ v: schema.siteSettings.value }).from(schema.siteSettings).where(sql`\`key\` = 'content_version'`);
    expect(row.v).toBe("on-primary");
  });
});

describe("with a replica", () => {
  it("public reads go to the replica; primary reads, writes and transactions to the primary", async () => {
    const r = relay(target);
    await r.listen();
    try {
      await useReplicas([replicaUrl(r.port)]);
      expect(await contentVersion()).toBe("on-replica");
      const [p] = await primary.select({ v: schema.siteSettings.value }).from(schema.siteSettings).where(sql`\`key\` = 'content_version'`);
      expect(p.v).toBe("on-primary");
      // Raw SQL: db.execute goes to the primary (drizzle cannot tell a read), replica.execute to the replica.
      const versionSql = sql`select value as v from site_settings where \`key\` = 'content_version'`;
      const rowsOf = (r: unknown) => (r as [{ v: string }[]])[0];
      expect(rowsOf(await db.execute(versionSql))[0].v).toBe("on-primary");
      expect(rowsOf(await replica.execute(versionSql))[0].v).toBe("on-replica");
      // A write through db lands on the primary (the replica database has no such row).
      await db.insert(schema.siteSettings).values({ key: "replica_probe", value: "x" });
      const [[onPrimary]] = (await admin.query(`SELECT COUNT(*) AS n FROM \`${mainName}\`.site_settings WHERE \`key\` = 'replica_probe'`)) as unknown as [[{ n: number }]];
      const [[onReplica]] = (await admin.query(`SELECT COUNT(*) AS n FROM \`${replicaName}\`.site_settings WHERE \`key\` = 'replica_probe'`)) as unknown as [[{ n: number }]];
      expect([Number(onPrimary.n), Number(onReplica.n)]).toEqual([1, 0]);
      const inTx = await db.transaction(async (tx) => (await tx.select({ v: schema.siteSettings.value }).from(schema.siteSettings).where(sql`\`key\` = 'content_version'`))[0].v);
      expect(inTx).toBe("on-primary");
      // Every round trip is counted, the replica's too.
      const before = queryCount();
      await contentVersion();
      expect(queryCount()).toBe(before + 1);
      expect(replicaStatus()).toMatchObject({ down: false });
    } finally {
      await db.delete(schema.siteSettings).where(sql`\`key\` = 'replica_probe'`);
      await r.cut();
    }
  });

  it("a replica that refuses connections: reads go to the primary, none fails, one warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await useReplicas([replicaUrl(await closedPort())]);
    const versions = await Promise.all(Array.from({ length: 20 }, () => contentVersion()));
    expect(new Set(versions)).toEqual(new Set(["on-primary"]));
    for (let i = 0; i < 10; i++) expect(await contentVersion()).toBe("on-primary");
    expect(replicaStatus()).toMatchObject({ down: true });
    expect(warn.mock.calls.filter(([m]) => /replica .* unavailable/.test(String(m)))).toHaveLength(1);
  });

  it("a replica that hangs: the read times out on it and is answered by the primary", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const silent = await silentPort();
    try {
      await useReplicas([replicaUrl(silent.port)]);
      const t0 = Date.now();
      expect(await contentVersion()).toBe("on-primary");
      expect(Date.now() - t0).toBeLessThan(8_000);
      // Marked down: the next read does not wait for it.
      const t1 = Date.now();
      expect(await contentVersion()).toBe("on-primary");
      expect(Date.now() - t1).toBeLessThan(500);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      await silent.close();
    }
  }, 20_000);

  it("a replica that goes down and comes back: reads move to the primary and back, none fails", async () => {
    process.env.DB_REPLICA_RETRY_MS = "200";
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const r = relay(target);
    await r.listen();
    try {
      await useReplicas([replicaUrl(r.port)]);
      expect(await contentVersion()).toBe("on-replica");
      await r.cut();
      // Its pooled connections are gone: the first read notices, and is answered by the primary.
      expect(await contentVersion()).toBe("on-primary");
      expect(replicaStatus()).toMatchObject({ down: true });
      await r.listen();
      await until(async () => (await contentVersion()) === "on-replica");
      expect(replicaStatus()).toMatchObject({ down: false });
      expect(warn.mock.calls.map(([m]) => String(m).replace(/ \(.*/, ""))).toEqual([
        expect.stringMatching(/unavailable/),
        expect.stringMatching(/answers again/),
      ]);
    } finally {
      await r.cut();
    }
  });

  it("a replica without a table the primary has (a migration not yet applied there): that read is answered by the primary", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const r = relay(target);
    await r.listen();
    try {
      await useReplicas([replicaUrl(r.port)]);
      const rows = await db.select({ id: schema.subjects.id }).from(schema.subjects).limit(1);
      expect(Array.isArray(rows)).toBe(true);
      expect(replicaStatus()).toMatchObject({ down: false });
      expect(await contentVersion()).toBe("on-replica");
    } finally {
      await r.cut();
    }
  });

  it("the page cache reads the content version where pages read content: the replica, else the primary", async () => {
    const r = relay(target);
    await r.listen();
    let changes = 0;
    const cache = createPageCache({ databaseUrl: appUrl.toString(), replicaUrls: [replicaUrl(r.port)], pollMs: 60_000, onChange: () => changes++ });
    try {
      await cache.refresh();
      const first = changes;
      // The primary moves, the replica has not applied it yet: nothing is emptied.
      await setVersion(admin, mainName, "primary-moved");
      await cache.refresh();
      expect(changes).toBe(first);
      // The replica applies it: now the pages go.
      await setVersion(admin, replicaName, "primary-moved");
      await cache.refresh();
      expect(changes).toBe(first + 1);
      // The replica down: the version is read on the primary (where the app's reads then go too).
      await r.cut();
      await setVersion(admin, mainName, "primary-again");
      await cache.refresh();
      expect(changes).toBe(first + 2);
    } finally {
      await cache.close();
      await r.cut();
      await setVersion(admin, mainName, "on-primary");
      await setVersion(admin, replicaName, "on-replica");
    }
  });
});

describe("with a replica that has none of the rows (every table, empty: a replica far behind)", () => {
  const emptyName = `${mainName}_behind`;
  const behindUrl = (port: number) => replicaUrl(port).replace(`/${replicaName}`, `/${emptyName}`);
  beforeAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS \`${emptyName}\``);
    await admin.query(`CREATE DATABASE \`${emptyName}\``);
    const [tables] = (await admin.query(`SHOW TABLES FROM \`${mainName}\``)) as unknown as [Record<string, string>[]];
    for (const t of tables.map((r) => Object.values(r)[0])) await admin.query(`CREATE TABLE \`${emptyName}\`.\`${t}\` LIKE \`${mainName}\`.\`${t}\``);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS \`${emptyName}\``);
  });

  it("what a visitor or staff member just wrote is read back on the primary; public content on the replica", async () => {
    const r = relay(target);
    await r.listen();
    let staffId: number | null = null;
    try {
      await useReplicas([behindUrl(r.port)]);
      clearShellCache();
      // Public content: the replica answers (it has no info page, the primary has one).
      await db.insert(schema.infoPages).values({ slug: "replica-test", title: "T", content: "c", contentHtml: "<p>c</p>" } as never);
      expect(await getInfoPage("replica-test")).toBeNull();
      // A saved paper, opened right after saving.
      await db.insert(schema.savedPapers).values({ code: "abcdefghjk", content: JSON.stringify({ title: "p" }) } as never);
      expect(await getSavedPaper("abcdefghjk")).toEqual({ title: "p" });
      // A contact message in the staff inbox.
      expect(await saveContactMessage({ name: "N", email: "n@example.com", phone: "", message: "replica test", clientAddress: "203.0.113.9" })).toBe("saved");
      expect(JSON.stringify(await listMessages({ filter: "all", q: "", page: 1 }))).toContain("replica test");
      // A staff account, read right after it is made.
      staffId = await createStaff({ name: "Replica Test", username: "replica_test", email: "replica-test@example.com", role: 2, isSuperAdmin: false, password: "a-long-password-1" }, null);
      expect(await getStaff(staffId)).toMatchObject({ username: "replica_test" });
      // A presence ping, counted at once.
      await recordPing("replica-test-session-key-0001", "/home", "203.0.113.9");
      expect(await countOnline()).toBeGreaterThanOrEqual(1);
      expect(replicaStatus()).toMatchObject({ down: false });
    } finally {
      if (staffId) await primary.delete(schema.staffUsers).where(sql`id = ${staffId}`);
      await db.delete(schema.infoPages).where(sql`slug = 'replica-test'`);
      await r.cut();
    }
  });
});
