// The project-local MariaDB: used when DATABASE_URL is not set. Data lives in .data/ (git-ignored),
// with its own socket and port on 127.0.0.1, so it never touches a system database. Node built-ins
// only: this runs before `npm ci` may have finished.
import { spawn, spawnSync, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, openSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { createConnection } from "node:net";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const dataRoot = join(root, ".data");
export const localPort = Number(process.env.LOCAL_DB_PORT || 33061);
// A server on another port (a stress run's, say) has files of its own: two servers never open one
// data folder, and stopping one never stops the other.
const serverName = (port) => (port === 33061 ? "mariadb" : `mariadb-${port}`);
const datadir = join(dataRoot, serverName(localPort));
const socket = join(dataRoot, `${serverName(localPort)}.sock`);
const pidFile = join(dataRoot, `${serverName(localPort)}.pid`);
const logFile = join(dataRoot, `${serverName(localPort)}.log`);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const which = (cmd) => {
  for (const dir of (process.env.PATH || "").split(":").concat(["/usr/sbin", "/usr/bin", "/sbin"])) {
    if (dir && existsSync(join(dir, cmd))) return join(dir, cmd);
  }
  return null;
};

function aptInstall(pkg) {
  const debian = existsSync("/etc/debian_version");
  if (!debian || !isRoot || !which("apt-get")) return false;
  console.log(`[db] installing Debian's ${pkg} with apt-get …`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let r = spawnSync("apt-get", ["install", "-y", "-q", pkg], { stdio: "inherit", env });
  if (r.status !== 0) {
    spawnSync("apt-get", ["update", "-q"], { stdio: "inherit", env });
    r = spawnSync("apt-get", ["install", "-y", "-q", pkg], { stdio: "inherit", env });
  }
  return r.status === 0;
}

export function ensureAptPackage(binary, pkg, hint) {
  if (which(binary)) return which(binary);
  if (aptInstall(pkg) && which(binary)) return which(binary);
  throw new Error(
    `${binary} is not installed. ${hint}\n` +
      (existsSync("/etc/debian_version") ? `On Debian/Ubuntu: sudo apt-get install -y ${pkg}` : `Install ${pkg} with your package manager.`),
  );
}

/** A file a Debian package provides (a font, say): its path, installed with apt-get when missing; null when it cannot be. */
export function ensureAptFile(file, pkg) {
  if (existsSync(file)) return file;
  return aptInstall(pkg) && existsSync(file) ? file : null;
}

/** Chromium for Playwright and Lighthouse: CHROMIUM_PATH when it exists, else Debian's package (installed when missing). */
export function ensureChromium() {
  const given = process.env.CHROMIUM_PATH;
  if (given && existsSync(given)) return given;
  return ensureAptPackage("chromium", "chromium", "Set CHROMIUM_PATH to a Chromium or Chrome binary.");
}

const portOpen = (port) =>
  new Promise((ok) => {
    const s = createConnection({ host: "127.0.0.1", port });
    s.once("connect", () => { s.end(); ok(true); });
    s.once("error", () => ok(false));
  });

function runningPid(file = pidFile) {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!pid) return null;
  try { process.kill(pid, 0); return pid; } catch { return null; }
}

/**
 * Options that make the server a replication primary: a binary log (row events, kept a day) and a
 * server id. Off by default (the binary log costs writes nobody reads); LOCAL_DB_LOG_BIN=1 or
 * `logBin: true` turns it on, and startLocalReplica restarts a server it finds without it.
 */
const primaryOptions = (logBin) =>
  logBin ? ["--log-bin=mariadb-bin", "--server-id=1", "--binlog-format=ROW", "--expire-logs-days=1"] : ["--skip-log-bin"];

/** Starts (or reuses) the local server. Returns { url, started, stop }. */
export async function startLocalDb({ quiet = false, logBin = process.env.LOCAL_DB_LOG_BIN === "1" } = {}) {
  const log = (m) => quiet || console.log(`[db] ${m}`);
  const url = `mysql://root@127.0.0.1:${localPort}`;
  if (runningPid() && (await portOpen(localPort))) {
    log(`reusing the local MariaDB on 127.0.0.1:${localPort}`);
    return { url, started: false, stop: async () => {} };
  }
  const hint = "Set DATABASE_URL to a MySQL/MariaDB database instead, e.g. mysql://user:pass@127.0.0.1:3306/grbd";
  const mariadbd = ensureAptPackage("mariadbd", "mariadb-server", hint);
  const installDb = which("mariadb-install-db") || which("mysql_install_db");
  mkdirSync(dataRoot, { recursive: true });
  if (!existsSync(join(datadir, "mysql"))) {
    log(`creating the local database folder .data/${serverName(localPort)} (first run) …`);
    execFileSync(installDb, [
      "--no-defaults", `--datadir=${datadir}`, ...(isRoot ? ["--user=root"] : []),
      "--auth-root-authentication-method=normal", "--skip-test-db",
    ], { stdio: quiet ? "ignore" : ["ignore", "ignore", "inherit"] });
  }
  if (await portOpen(localPort)) {
    throw new Error(`port ${localPort} is taken by another program; set LOCAL_DB_PORT to a free port or DATABASE_URL.`);
  }
  const logFd = openSync(logFile, "a");
  const child = spawn(mariadbd, [
    "--no-defaults", `--datadir=${datadir}`, `--socket=${socket}`, `--pid-file=${pidFile}`,
    `--port=${localPort}`, "--bind-address=127.0.0.1", ...(isRoot ? ["--user=root"] : []),
    "--character-set-server=utf8mb4", "--collation-server=utf8mb4_unicode_ci",
    "--skip-name-resolve", "--innodb-buffer-pool-size=512M", "--max-connections=300",
    "--innodb-flush-log-at-trx-commit=2", ...primaryOptions(logBin),
  ], { stdio: ["ignore", logFd, logFd], detached: true });
  child.unref();
  for (let i = 0; i < 150; i++) {
    if (await portOpen(localPort)) break;
    if (child.exitCode !== null) throw new Error(`MariaDB did not start; see .data/${serverName(localPort)}.log`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!(await portOpen(localPort))) throw new Error(`MariaDB did not open its port in 15 s; see .data/${serverName(localPort)}.log`);
  log(`started MariaDB on 127.0.0.1:${localPort} (data in .data/${serverName(localPort)}${logBin ? ", binary log on" : ""})`);
  return { url, started: true, stop: (opts) => stopLocalDb(opts ?? { quiet }) };
}

export async function stopLocalDb({ quiet = false } = {}) {
  await stopPid(runningPid(), () => quiet || console.log("[db] local MariaDB stopped"));
}

async function stopPid(pid, done) {
  if (!pid) return;
  process.kill(pid, "SIGTERM");
  for (let i = 0; i < 300; i++) {
    try { process.kill(pid, 0); } catch { done(); return; }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The account the app connects as on the local server (see grantApp). */
export const APP_USER = "grbd_app";
const appPasswordFile = join(dataRoot, "app-db-password");

/** The app account's password: generated once into the git-ignored .data/, beside the data it guards. */
function appPassword() {
  if (!existsSync(appPasswordFile)) {
    mkdirSync(dataRoot, { recursive: true });
    writeFileSync(appPasswordFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(appPasswordFile, "utf8").trim();
}

const withDatabase = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** The local server's URL for the app account and database `name` (no server needed: tools' defaults). */
export function localAppUrl(name) {
  return `mysql://${APP_USER}:${encodeURIComponent(appPassword())}@127.0.0.1:${localPort}/${name}`;
}

/**
 * Lets the app account read and write the rows of database `name` (SELECT, INSERT, UPDATE, DELETE),
 * nothing more: no schema changes (migrations, seeds and db:render connect as root), no other
 * database, no files, no grants. Idempotent; the account is created on first use. A grant on a
 * database outlives DROP DATABASE and may precede CREATE DATABASE, so the order does not matter.
 */
async function grantApp(rootUrl, name) {
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`database names are letters, digits and _ (got "${name}")`);
  const { default: mysql } = await import("mysql2/promise");
  const conn = await mysql.createConnection({ uri: rootUrl });
  try {
    const account = `'${APP_USER}'@'127.0.0.1'`;
    await conn.query(`CREATE USER IF NOT EXISTS ${account} IDENTIFIED BY ?`, [appPassword()]);
    await conn.query(`ALTER USER ${account} IDENTIFIED BY ?`, [appPassword()]);
    // `_` is a wildcard in a database grant: escaped, the grant names this one database only.
    await conn.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON \`${name.replace(/_/g, "\\_")}\`.* TO ${account}`);
  } finally {
    await conn.end();
  }
}

/**
 * Where database `dbName` is, twice: `url` for the app (servers, tests, the e2e specs) and
 * `migrationUrl` for what changes the schema or loads data (migrations, seeds, db:render).
 * With DATABASE_URL: it, as given, for both, or MIGRATION_DATABASE_URL for migrations when set (a
 * database name in them wins over `dbName`). Else the local server: the app account (granted on
 * this database) and root. `sibling(suffix)` gives the same pair for `<name>_<suffix>` (tests).
 */
export async function resolveDatabase(dbName, opts) {
  if (process.env.DATABASE_URL) {
    const app = process.env.DATABASE_URL;
    const migration = process.env.MIGRATION_DATABASE_URL || app;
    const name = new URL(app).pathname.replace(/^\//, "") || dbName;
    const pair = (n) => ({ url: withDatabase(app, n), migrationUrl: withDatabase(migration, n) });
    return { ...pair(name), started: false, stop: async () => {}, sibling: async (suffix) => pair(`${name}_${suffix}`) };
  }
  const local = await startLocalDb(opts);
  const pair = async (n) => {
    await grantApp(local.url, n);
    return { url: localAppUrl(n), migrationUrl: `${local.url}/${n}` };
  };
  return { ...local, ...(await pair(dbName)), sibling: (suffix) => pair(`${dbName}_${suffix}`) };
}

/* ------------------------------------------------------------------ a local replica */

/** The replica's port: LOCAL_REPLICA_PORT, else the primary's port + 1. */
export const replicaPort = Number(process.env.LOCAL_REPLICA_PORT || localPort + 1);
const REPL_USER = "grbd_repl";
const replicaFiles = (port) => {
  const name = `${serverName(localPort)}-replica-${port}`;
  return { datadir: join(dataRoot, name), socket: join(dataRoot, `${name}.sock`), pidFile: join(dataRoot, `${name}.pid`), logFile: join(dataRoot, `${name}.log`), name };
};

/** Runs `sql` on `url` as one connection (root on a local server). */
async function onServer(url, fn) {
  const { default: mysql } = await import("mysql2/promise");
  const conn = await mysql.createConnection({ uri: url, multipleStatements: false });
  try {
    return await fn(conn);
  } finally {
    await conn.end();
  }
}

/** Starts the replica's mariadbd on `port` over its data folder (made when missing). */
async function startReplicaServer(port, { quiet }) {
  const f = replicaFiles(port);
  const mariadbd = ensureAptPackage("mariadbd", "mariadb-server", "");
  if (!existsSync(join(f.datadir, "mysql"))) {
    mkdirSync(dataRoot, { recursive: true });
    execFileSync(which("mariadb-install-db") || which("mysql_install_db"), [
      "--no-defaults", `--datadir=${f.datadir}`, ...(isRoot ? ["--user=root"] : []),
      "--auth-root-authentication-method=normal", "--skip-test-db",
    ], { stdio: quiet ? "ignore" : ["ignore", "ignore", "inherit"] });
  }
  if (await portOpen(port)) throw new Error(`port ${port} is taken; set LOCAL_REPLICA_PORT to a free port`);
  const logFd = openSync(f.logFile, "a");
  const child = spawn(mariadbd, [
    "--no-defaults", `--datadir=${f.datadir}`, `--socket=${f.socket}`, `--pid-file=${f.pidFile}`,
    `--port=${port}`, "--bind-address=127.0.0.1", ...(isRoot ? ["--user=root"] : []),
    "--character-set-server=utf8mb4", "--collation-server=utf8mb4_unicode_ci",
    "--skip-name-resolve", "--innodb-buffer-pool-size=256M", "--max-connections=300",
    "--innodb-flush-log-at-trx-commit=2", "--skip-log-bin",
    // A replica of its own server id that only applies what the primary sends: the app account
    // may only read here, and what it is not a replica of (the primary's other databases, its
    // accounts) is left out.
    `--server-id=${port}`, "--read-only=1", "--relay-log=relay-bin",
    ...(replicaOf(f) ? [`--replicate-wild-do-table=${replicaOf(f)}.%`] : []),
  ], { stdio: ["ignore", logFd, logFd], detached: true });
  child.unref();
  for (let i = 0; i < 150 && !(await portOpen(port)); i++) {
    if (child.exitCode !== null) throw new Error(`the replica did not start; see .data/${f.name}.log`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!(await portOpen(port))) throw new Error(`the replica did not open its port in 15 s; see .data/${f.name}.log`);
}

/** Which database a replica data folder holds (written when it was made). */
function replicaOf(f) {
  const file = join(f.datadir, "grbd-replica-of");
  return existsSync(file) ? readFileSync(file, "utf8").trim() : null;
}

/**
 * A second project-local MariaDB on `port` (LOCAL_REPLICA_PORT, else the primary's + 1), a real
 * replica of database `name` on the local server: the primary gets a binary log (restarted with
 * one if it runs without: only a server this checkout started), the replica a fresh data folder,
 * a copy of the database taken with mariadb-dump --master-data --gtid (consistent, and it says
 * where in the binary log it was taken), then replication from there by GTID. The app account is
 * granted SELECT there, nothing else. Returns { url (root), appUrl, port, stop, start, primaryRestarted }.
 */
export async function startLocalReplica(name, { port = replicaPort, quiet = false } = {}) {
  if (process.env.DATABASE_URL) throw new Error("a local replica replicates the project-local MariaDB; DATABASE_URL is set");
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`database names are letters, digits and _ (got "${name}")`);
  const log = (m) => quiet || console.log(`[db] ${m}`);
  const primaryUrl = `mysql://root@127.0.0.1:${localPort}`;
  let primaryRestarted = false;
  const logBin = Number(await onServer(primaryUrl, async (c) => (await c.query("SELECT @@log_bin AS b"))[0][0].b));
  if (!logBin) {
    log(`restarting the local MariaDB on :${localPort} with a binary log (a replication primary)`);
    await stopLocalDb({ quiet: true });
    await startLocalDb({ quiet: true, logBin: true });
    primaryRestarted = true;
  }
  await stopLocalReplica({ port, quiet: true });
  const f = replicaFiles(port);
  // A fresh copy every time: simpler and surer than finding out how far an old one had got.
  rmSync(f.datadir, { recursive: true, force: true });
  mkdirSync(f.datadir, { recursive: true });
  writeFileSync(join(f.datadir, "grbd-replica-of"), name);
  await startReplicaServer(port, { quiet: true });
  const url = `mysql://root@127.0.0.1:${port}`;
  const replPassword = randomBytes(18).toString("base64url");
  await onServer(primaryUrl, async (c) => {
    await c.query(`CREATE USER IF NOT EXISTS '${REPL_USER}'@'127.0.0.1' IDENTIFIED BY ?`, [replPassword]);
    await c.query(`ALTER USER '${REPL_USER}'@'127.0.0.1' IDENTIFIED BY ?`, [replPassword]);
    await c.query(`GRANT REPLICATION SLAVE ON *.* TO '${REPL_USER}'@'127.0.0.1'`);
  });
  // The copy: one consistent snapshot, and (--master-data --gtid) the GTID position it was taken
  // at, which the dump itself sets on the replica (gtid_slave_pos).
  const dump = spawn(which("mariadb-dump") || "mysqldump", [
    "-h127.0.0.1", `-P${localPort}`, "-uroot", "--single-transaction", "--master-data=1", "--gtid",
    "--routines", "--triggers", "--databases", name,
  ], { stdio: ["ignore", "pipe", "pipe"] });
  const load = spawn(which("mariadb") || "mysql", ["-h127.0.0.1", `-P${port}`, "-uroot"], { stdio: ["pipe", "ignore", "pipe"] });
  dump.stdout.pipe(load.stdin);
  let errors = "";
  dump.stderr.on("data", (d) => (errors += d));
  load.stderr.on("data", (d) => (errors += d));
  const exited = (p) => new Promise((ok) => p.once("exit", (code) => ok(code)));
  const [dumpCode, loadCode] = await Promise.all([exited(dump), exited(load)]);
  if (dumpCode !== 0 || loadCode !== 0) throw new Error(`copying ${name} to the replica failed: ${errors.trim()}`);
  await onServer(url, async (c) => {
    await c.query(
      `CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = ${localPort}, MASTER_USER = '${REPL_USER}', MASTER_PASSWORD = ?, MASTER_USE_GTID = slave_pos, MASTER_CONNECT_RETRY = 1`,
      [replPassword],
    );
    await c.query("START SLAVE");
    const account = `'${APP_USER}'@'127.0.0.1'`;
    await c.query(`CREATE USER IF NOT EXISTS ${account} IDENTIFIED BY ?`, [appPassword()]);
    await c.query(`GRANT SELECT ON \`${name.replace(/_/g, "\\_")}\`.* TO ${account}`);
  });
  const status = await waitForReplication(url);
  log(`started a replica of ${name} on 127.0.0.1:${port} (data in .data/${f.name}; GTID ${status.Gtid_IO_Pos || "?"})`);
  return {
    url,
    appUrl: `mysql://${APP_USER}:${encodeURIComponent(appPassword())}@127.0.0.1:${port}/${name}`,
    port,
    primaryRestarted,
    stop: (opts) => stopLocalReplica({ port, quiet, ...opts }),
    /** Starts it again over its data: replication resumes where it stopped. */
    start: async () => {
      await startReplicaServer(port, { quiet: true });
      return waitForReplication(url);
    },
  };
}

/** SHOW SLAVE STATUS on `url` once both threads run (throws after `ms`). */
export async function waitForReplication(url, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const s = await onServer(url, async (c) => (await c.query("SHOW SLAVE STATUS"))[0][0]).catch(() => null);
    if (s?.Slave_IO_Running === "Yes" && s?.Slave_SQL_Running === "Yes") return s;
    if (Date.now() > end) throw new Error(`replication on ${new URL(url).port} is not running: ${s ? `IO ${s.Slave_IO_Running}, SQL ${s.Slave_SQL_Running}, ${s.Last_IO_Error || s.Last_SQL_Error}` : "no answer"}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Stops the local replica on `port` (its data folder stays for a later start). */
export async function stopLocalReplica({ port = replicaPort, quiet = false } = {}) {
  await stopPid(runningPid(replicaFiles(port).pidFile), () => quiet || console.log(`[db] local replica on :${port} stopped`));
}

// `node scripts/local-db.mjs replica <database>` starts a replica of a local database (and says its
// URLs); `node scripts/local-db.mjs replica-stop` stops it.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, name] = process.argv.slice(2);
  if (command === "replica" && name) {
    await startLocalDb({ logBin: true });
    const r = await startLocalReplica(name);
    console.log(`DATABASE_REPLICA_URLS=${r.appUrl.replace(/:[^:@/]*@/, ":…@")}  (the app account's password is in .data/app-db-password)`);
  } else if (command === "replica-stop") {
    await stopLocalReplica();
  } else {
    console.error("usage: node scripts/local-db.mjs replica <database> | replica-stop");
    process.exit(2);
  }
}
