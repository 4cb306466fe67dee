// Shared steps of `npm run demo` and `npm test`, with Node built-ins only until dependencies exist.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, mkdirSync, statSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { patchVersionProblems } from "./check-patches.mjs";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const bin = (name) => join(root, "node_modules", ".bin", name);

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts, env: { ...process.env, ...opts.env } });
  if (r.status !== 0) {
    const err = new Error(`${cmd} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
    err.exitCode = r.status ?? 1;
    throw err;
  }
}

/** npm ci when node_modules is missing or older than package-lock.json; then the patches' versions checked. */
export function ensureDependencies() {
  const marker = join(root, "node_modules", ".package-lock.json");
  const lock = join(root, "package-lock.json");
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(marker).mtimeMs < statSync(lock).mtimeMs);
  if (stale) {
    console.log("[setup] installing npm dependencies (npm ci) …");
    run("npm", existsSync(lock) ? ["ci", "--no-audit", "--no-fund"] : ["install", "--no-audit", "--no-fund"]);
  }
  // postinstall checks this too, but an install it stopped, or one run with --ignore-scripts, may have
  // left node_modules in place: a demo or test run must not go on with patches made for other versions.
  const problems = patchVersionProblems({ root });
  if (problems.length) throw new Error(`patches/ does not fit the installed packages:\n  - ${problems.join("\n  - ")}`);
}

/** The cookie-signing secret: SESSION_SECRET, or one generated once into the git-ignored .data/. */
export function sessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = join(root, ".data", "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

export function needsBuild() {
  return !existsSync(join(root, "build", "index.js")) || !existsSync(join(root, "public", "build", "_enhance", "manifest.json"));
}

export function startServer({ port, databaseUrl, env = {} }) {
  return spawn(process.execPath, [join(root, "server", "server.mjs")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATABASE_URL: databaseUrl, SESSION_SECRET: sessionSecret(), ...env },
  });
}
