import { defineConfig } from "@playwright/test";
import { localAppUrl } from "./scripts/local-db.mjs";

// Two servers from the same production build: one on the seeded demo content, one on an empty
// database (for the empty states). scripts/test.mjs creates both databases; servers and specs connect
// as the app's account, which may only read and write rows (a direct `npx playwright test` after
// `npm test`: the local MariaDB's, on LOCAL_DB_PORT).
process.env.E2E_DATABASE_URL ??= localAppUrl("grbd_e2e");
process.env.E2E_EMPTY_DATABASE_URL ??= localAppUrl("grbd_e2e_empty");
const seeded = process.env.E2E_DATABASE_URL;
const empty = process.env.E2E_EMPTY_DATABASE_URL;
// E2E_PORT moves the four servers (default 3101-3104), so two checkouts can run the suite at once.
const PORT = Number(process.env.E2E_PORT) || 3101;

// The main server runs as `npm start` does on this machine, two app processes (node:cluster); the
// others one each, to spare the two cores.
const server = (port: number, db: string, processes = 1) => ({
  command: "node server/server.mjs",
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: { NODE_ENV: "production", PORT: String(port), DATABASE_URL: db, SESSION_SECRET: "e2e-only-secret", WEB_CONCURRENCY: String(processes) },
});

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: { baseURL: `http://127.0.0.1:${PORT}`, launchOptions, trace: "off", screenshot: "off" },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    server(PORT, seeded, 2),
    server(PORT + 1, empty),
    // A second server on the seeded database: what staff state lives in (sessions, throttling) is shared.
    server(PORT + 3, seeded),
    // A server whose database is unreachable (nothing listens on port 9): the friendly 503 page.
    { ...server(PORT + 2, "mysql://grbd_app@127.0.0.1:9/grbd"), url: undefined, port: PORT + 2 },
  ],
});
