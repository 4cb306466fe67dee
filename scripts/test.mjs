// `npm test`: typecheck, lint (ESLint, with the layering rule), unit + integration tests (vitest) against a fresh test database, then the
// Playwright suite against a production build in Debian's Chromium, with JavaScript on and off.
// Uses the project-local MariaDB unless DATABASE_URL is set (then its server gets *_test databases).
// Databases are made, migrated and seeded as the privileged account; vitest and the Playwright
// servers connect as the app's own (local-db.mjs), so the suite proves the app needs no more rights.
import { ensureDependencies, run, bin } from "./setup.mjs";

const started = Date.now();
const step = (name) => console.log(`\n=== ${name} (${Math.round((Date.now() - started) / 1000)} s) ===`);
let database = { stop: async () => {} };

try {
  step("dependencies");
  ensureDependencies();
  const { resolveDatabase, ensureAptPackage, ensureChromium } = await import("./local-db.mjs");

  step("typecheck and lint");
  run(bin("tsc"), ["--noEmit"]);
  run(bin("eslint"), ["."]);

  step("database");
  database = await resolveDatabase("grbd");
  const { resetDatabase } = await import("../drizzle/migrate.mjs");
  const [unitDb, e2eDb, emptyDb] = await Promise.all(["test", "e2e", "e2e_empty"].map((s) => database.sibling(s)));
  await Promise.all([unitDb, e2eDb, emptyDb].map((d) => resetDatabase(d.migrationUrl)));
  run(bin("tsx"), ["drizzle/seed/index.ts"], { env: { DATABASE_URL: e2eDb.migrationUrl, SEED_QUIET: "1" } });

  step("vitest: unit and integration");
  // MIGRATION_DATABASE_URL: the migration test makes its own database, the search test rebuilds the index.
  run(bin("vitest"), ["run"], { env: { DATABASE_URL: unitDb.url, MIGRATION_DATABASE_URL: unitDb.migrationUrl } });

  step("build (production)");
  run("npm", ["run", "build"]);

  step("Playwright: JavaScript on and off");
  const chromium = ensureChromium();
  // The print tests read the PDFs Chromium makes (page counts, text per page).
  ensureAptPackage("pdftotext", "poppler-utils", "The make-question print test reads Chromium's PDFs with it.");
  run(bin("playwright"), ["test"], {
    env: { CHROMIUM_PATH: chromium, E2E_DATABASE_URL: e2eDb.url, E2E_EMPTY_DATABASE_URL: emptyDb.url },
  });
  // Nothing printed after this point: the run ends with the runners' own summary lines.
  await database.stop({ quiet: true });
} catch (e) {
  console.error(`\n[test] ${e.message}`);
  await database.stop();
  process.exit(e.exitCode || 1);
}
