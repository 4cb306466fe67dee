// The project-local MariaDB: used when DATABASE_URL is not set. Data lives in .data/ (git-ignored),
// with its own socket and port on 127.0.0.1, so it never touches a system database. Node built-ins
// only: this runs before `npm ci` may have finished.
import { spawn, spawnSync, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, openSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { createConnection } from "node:net";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const dataRoot = join(root, ".data");
const datadir = join(dataRoot, "mariadb");
const socket = join(dataRoot, "mariadb.sock");
const pidFile = join(dataRoot, "mariadb.pid");
export const localPort = Number(process.env.LOCAL_DB_PORT || 33061);

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

function runningPid() {
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  if (!pid) return null;
  try { process.kill(pid, 0); return pid; } catch { return null; }
}

/** Starts (or reuses) the local server. Returns { url, started, stop }. */
export async function startLocalDb({ quiet = false } = {}) {
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
    log("creating the local database folder .data/mariadb (first run) …");
    execFileSync(installDb, [
      "--no-defaults", `--datadir=${datadir}`, ...(isRoot ? ["--user=root"] : []),
      "--auth-root-authentication-method=normal", "--skip-test-db",
    ], { stdio: quiet ? "ignore" : ["ignore", "ignore", "inherit"] });
  }
  if (await portOpen(localPort)) {
    throw new Error(`port ${localPort} is taken by another program; set LOCAL_DB_PORT to a free port or DATABASE_URL.`);
  }
  const logFd = openSync(join(dataRoot, "mariadb.log"), "a");
  const child = spawn(mariadbd, [
    "--no-defaults", `--datadir=${datadir}`, `--socket=${socket}`, `--pid-file=${pidFile}`,
    `--port=${localPort}`, "--bind-address=127.0.0.1", ...(isRoot ? ["--user=root"] : []),
    "--character-set-server=utf8mb4", "--collation-server=utf8mb4_unicode_ci",
    "--skip-name-resolve", "--innodb-buffer-pool-size=512M", "--max-connections=300",
    "--innodb-flush-log-at-trx-commit=2", "--skip-log-bin",
  ], { stdio: ["ignore", logFd, logFd], detached: true });
  child.unref();
  for (let i = 0; i < 150; i++) {
    if (await portOpen(localPort)) break;
    if (child.exitCode !== null) throw new Error("MariaDB did not start; see .data/mariadb.log");
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!(await portOpen(localPort))) throw new Error("MariaDB did not open its port in 15 s; see .data/mariadb.log");
  log(`started MariaDB on 127.0.0.1:${localPort} (data in .data/mariadb)`);
  return { url, started: true, stop: (opts) => stopLocalDb(opts ?? { quiet }) };
}

export async function stopLocalDb({ quiet = false } = {}) {
  const pid = runningPid();
  if (!pid) return;
  process.kill(pid, "SIGTERM");
  for (let i = 0; i < 300; i++) {
    try { process.kill(pid, 0); } catch { quiet || console.log("[db] local MariaDB stopped"); return; }
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
