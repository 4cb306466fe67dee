// `npm run demo`: dependencies, database (project-local MariaDB unless DATABASE_URL is set), migrations,
// demo content, production build, server. Ctrl-C stops the server and the database it started.
import { ensureDependencies, run, bin, sessionSecret, startServer, root } from "./setup.mjs";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);

let database = { stop: async () => {} };
try {
  ensureDependencies();
  const { resolveDatabase } = await import("./local-db.mjs");
  database = await resolveDatabase("grbd");
  // Migrations and the seed change the schema and load data: the privileged account. The server
  // connects as the app's account (local-db.mjs), which may only read and write rows.
  const { migrateDatabase } = await import("../drizzle/migrate.mjs");
  await migrateDatabase(database.migrationUrl);
  run(bin("tsx"), ["drizzle/seed/index.ts"], { env: { DATABASE_URL: database.migrationUrl } });

  let server;
  if (dev) {
    const { spawn } = await import("node:child_process");
    run(process.execPath, ["app/enhance/build.mjs"]);
    // The enhancement script rebuilds on change beside Remix's own watcher.
    const watcher = spawn(process.execPath, ["app/enhance/build.mjs", "--watch"], { cwd: root, stdio: "inherit" });
    // The production server (server/server.mjs, its guards and the client address), restarted by
    // Remix's watcher on every rebuild; one process and no page cache, so an edit shows at once.
    server = spawn(bin("remix"), ["dev", "-c", "node server/server.mjs"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: database.url, PORT: String(port), NODE_ENV: "development", WEB_CONCURRENCY: "1", PAGE_CACHE: "0", SESSION_SECRET: sessionSecret() },
    });
    server.on("exit", () => watcher.kill("SIGTERM"));
  } else {
    run("npm", ["run", "build"]);
    server = startServer({ port, databaseUrl: database.url });
  }
  const stops = database.started ? "the server and the local database it started" : "the server";
  console.log(`\n  The site: http://127.0.0.1:${port}/home   (Ctrl-C stops ${stops})\n`);

  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    server.kill("SIGTERM");
    await database.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
  server.on("exit", (code) => stop(code ?? 0));
} catch (e) {
  console.error(`\n[demo] ${e.message}`);
  await database.stop(); // only stops a database this run started
  process.exit(e.exitCode || 1);
}
