// What `npm run bench` and `npm run stress` share: command-line options, the per-run database name,
// waiting for a started server, stopping child processes, quiet request logs, percentiles and the
// commit a report describes. Node built-ins only.
import { execFileSync } from "node:child_process";
import { createConnection } from "node:net";
import { bin, ensureDependencies, root, run } from "./setup.mjs";

const args = () => process.argv.slice(2);

export function option(name, fallback) {
  const a = args();
  for (let i = 0; i < a.length; i++) {
    if (a[i] === `--${name}` && a[i + 1] !== undefined && !a[i + 1].startsWith("--")) return a[i + 1];
    if (a[i].startsWith(`--${name}=`)) return a[i].slice(name.length + 3);
  }
  return fallback;
}

export function intOption(name, fallback, min) {
  const n = Number(option(name, fallback));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} needs a whole number ≥ ${min}`);
  return n;
}

export const flag = (name) => args().includes(`--${name}`);

export const portOpen = (port, host = "127.0.0.1") =>
  new Promise((ok) => {
    const s = createConnection({ host, port });
    s.once("connect", () => { s.end(); ok(true); });
    s.once("error", () => ok(false));
  });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const round = (n, digits) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The p-th percentile (nearest rank) of numbers; null for none. */
export function percentile(values, p) {
  if (!values.length) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The server logs every request (morgan "tiny") to the stdout it shares with us: an env that drops
 * those lines (unless verbose), so reports stay readable. The logging work itself still happens.
 */
export function quietRequestsEnv(verbose) {
  if (verbose) return {};
  const quiet =
    "const w=process.stdout.write.bind(process.stdout);" +
    "process.stdout.write=(c,...a)=>/^(GET|POST|HEAD) \\S+ (\\d{3}|-) /.test(String(c))?true:w(c,...a);";
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=data:text/javascript,${encodeURIComponent(quiet)}`.trim() };
}

/** Waits until `base`/healthz answers 200; fails when `child` exits first or after `timeoutMs`. */
export async function waitForHealth(base, child, timeoutMs = 60_000) {
  const start = Date.now();
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`the server for ${base} exited before /healthz answered`);
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - start > timeoutMs) throw new Error(`${base}/healthz did not answer 200 within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/** SIGTERM (SIGKILL after `graceMs`) to a child process we started; resolves when it has exited. */
export async function stopChild(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  if ((await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)])) === false) {
    child.kill("SIGKILL");
    await exited;
  }
}

/** Runs `cleanup` once on SIGINT/SIGTERM, then exits 130. */
export function onSignals(tag, cleanup) {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, async () => {
      console.error(`\n[${tag}] ${signal}: stopping …`);
      await cleanup();
      process.exit(130);
    });
  }
}

export function gitDescribe() {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim() !== "";
    return `${commit}${dirty ? " (with uncommitted changes)" : ""}`;
  } catch {
    return "unknown";
  }
}

/**
 * Dependencies, then the database `<name>_<suffix>` (the project-local MariaDB's `grbd_<suffix>`, or
 * on DATABASE_URL's server), migrated and seeded with the demo content (idempotent) as the privileged
 * account. Returns { database: resolveDatabase's answer (started, stop), databaseUrl: the app's
 * account (what servers connect as), migrationUrl: the privileged one }.
 */
export async function seededDatabase(suffix) {
  ensureDependencies();
  const { resolveDatabase } = await import("./local-db.mjs");
  const database = await resolveDatabase("grbd");
  try {
    const { url: databaseUrl, migrationUrl } = await database.sibling(suffix);
    const { migrateDatabase } = await import("../drizzle/migrate.mjs");
    await migrateDatabase(migrationUrl);
    run(bin("tsx"), ["drizzle/seed/index.ts"], { env: { DATABASE_URL: migrationUrl, SEED_QUIET: "1" } });
    return { database, databaseUrl, migrationUrl };
  } catch (e) {
    if (database.started) await database.stop();
    throw e;
  }
}

/* ------------------------------------------------------------------ a simulated student's habits */

export const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** A pause of about `ms` (60–140 %). */
export const jitter = (ms) => ms * (0.6 + Math.random() * 0.8);

/** What the attempt's background save answers while the attempt runs, or why it is not that. */
export function savedJson(r) {
  if (r.status !== 200) return "not 200";
  try {
    const data = JSON.parse(r.text);
    return (data.finished === false && data.saved >= 0) || "answered finished";
  } catch {
    return "not JSON";
  }
}

/**
 * One page's think time: a JavaScript student's choices are saved in the background in two halves
 * (`save(batch)`, then `ack(batch)`), a third of the time before each and after; without JavaScript
 * the whole time passes before the form is sent.
 */
export async function thinkAndSave({ js, ids, think, save, ack }) {
  if (!js) return sleep(jitter(think));
  for (const batch of [ids.slice(0, Math.ceil(ids.length / 2)), ids.slice(Math.ceil(ids.length / 2))]) {
    if (!batch.length) continue;
    await sleep(jitter(think / 3));
    await save(batch);
    ack(batch);
  }
  await sleep(jitter(think / 3));
}

/**
 * Latencies and failures per kind of request in a simulated crowd (p50, p95, p99, max), how many took
 * longer than `hangMs`, and how often the server said "busy, try again" (the caller counts `busy`).
 */
export class Recorder {
  constructor({ hangMs = Infinity } = {}) {
    this.hangMs = hangMs;
    this.ms = {};
    this.failures = {};
    this.firstErrors = [];
    this.hung = 0;
    this.busy = 0;
    this.count = 0;
  }
  ok(kind, ms) {
    (this.ms[kind] ??= []).push(ms);
    this.count++;
    if (ms > this.hangMs) this.hung++;
  }
  fail(kind, res, why) {
    this.failures[kind] = (this.failures[kind] ?? 0) + 1;
    this.count++;
    if (res.ms > this.hangMs) this.hung++;
    if (this.firstErrors.length < 8) this.firstErrors.push(`${kind}: ${why ?? ""} status ${res.status}${res.error ? ` (${res.error})` : ""}`);
  }
  totalFailures() {
    return Object.values(this.failures).reduce((a, b) => a + b, 0);
  }
  summary() {
    const out = {};
    for (const [kind, list] of Object.entries(this.ms)) {
      const at = (p) => round(percentile(list, p), 0);
      out[kind] = { n: list.length, p50: at(50), p95: at(95), p99: at(99), max: round(Math.max(...list), 0), failed: this.failures[kind] ?? 0 };
    }
    for (const [kind, n] of Object.entries(this.failures)) out[kind] ??= { n: 0, p50: null, p95: null, p99: null, max: null, failed: n };
    return out;
  }
}
