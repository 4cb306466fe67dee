// `npm run audit`: the measured quality of the public pages, as a phone on slow mobile data sees them.
// For each page: Lighthouse 13 (mobile, simulated slow 4G, Debian's Chromium) performance,
// accessibility and best-practices scores, CLS and TBT; axe-core violations through Playwright with
// JavaScript on and off (off: our one script never loads), at 360 px; and the Nu HTML checker's errors.
// Targets (a FAIL exits 1): performance ≥ 95, accessibility 100, best practices 100 (among them: no
// console error), CLS ≤ 0.05,
// TBT ≤ 200 ms, no axe violation, no console error in the axe runs either, no HTML error.
//
//   npm run audit                         seed grbd_audit (<name>_audit on DATABASE_URL's server),
//                                         build if there is none, serve on 127.0.0.1:3303, audit
//   npm run audit -- --base http://host   audit a server that is already running instead
//   npm run audit -- --pages /home,/mq/1  only these pages;  --build  rebuild first
//   npm run audit -- --runs 3             Lighthouse 3 times per page, the median run's figures
//                                         (a busy machine moves performance by several points)
//   npm run audit -- --port 3303          where the audit's own server listens
//
// The video host's thumbnails cannot load on a machine without internet: requests to i.ytimg.com are
// answered with our own fallback image (axe, and Lighthouse through a blocked-URL pattern), so
// neither their errors nor their console messages count against the site. Results go to
// audit-report.md and audit-report.json (git-ignored); also a font specimen (audit-fonts.png) of
// the Bangla digits and conjuncts in every weight the site uses, beside Noto Sans Bengali when the
// system has it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, ensureDependencies, needsBuild, root, run, startServer } from "./setup.mjs";
import { ensureAptFile, ensureChromium } from "./local-db.mjs";

const PAGES = [
  "/home",
  "/title/1",
  "/category/1",
  "/mq/1",
  "/exampage/1?pageSize=25",
  "/exampage/1?pageSize=100",
  "/board-question/1/paper/1",
  "/live/room",
];
const TARGET = { performance: 95, accessibility: 100, bestPractices: 100, cls: 0.05, tbtMs: 200 };
const CHROMIUM = ensureChromium(); // Debian's package, installed with apt-get when missing
// The font specimen's comparison font; installed before Chromium starts (it reads the fonts at launch).
const NOTO = ensureAptFile("/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf", "fonts-noto-core");
const VIDEO_HOST = /^https:\/\/i\.ytimg\.com\//;

function option(name, fallback) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}` && args[i + 1] !== undefined) return args[i + 1];
    if (args[i].startsWith(`--${name}=`)) return args[i].slice(name.length + 3);
  }
  return fallback;
}
const flag = (name) => process.argv.slice(2).includes(`--${name}`);
const PORT = Number(option("port", 3303));
const RUNS = Math.max(1, Number(option("runs", 1)));

/** The run with the median performance score of `runs` Lighthouse runs. */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], performanceRuns: runs.map((r) => r.performance) };
}

/** Lighthouse's CLI (mobile preset and simulated slow 4G are its defaults) on one page. */
function lighthouse(url) {
  const dir = mkdtempSync(join(tmpdir(), "grbd-lh-"));
  const out = join(dir, "report.json");
  try {
    execFileSync(
      process.execPath,
      [
        join(root, "node_modules/lighthouse/cli/index.js"),
        url,
        `--chrome-path=${CHROMIUM}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        "--only-categories=performance,accessibility,best-practices",
        // Only the video host's images: unreachable here, and not the site's own errors.
        "--blocked-url-patterns=*i.ytimg.com*",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
      ],
      { stdio: ["ignore", "ignore", "pipe"], timeout: 180_000 },
    );
    const r = JSON.parse(readFileSync(out, "utf8"));
    const score = (id) => Math.round((r.categories[id]?.score ?? 0) * 100);
    const failed = (id) =>
      (r.categories[id]?.auditRefs ?? [])
        .filter((a) => a.weight > 0 && r.audits[a.id]?.score !== null && r.audits[a.id]?.score < 1)
        .map((a) => a.id);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      cls: r.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      tbtMs: Math.round(r.audits["total-blocking-time"]?.numericValue ?? NaN),
      lcpMs: Math.round(r.audits["largest-contentful-paint"]?.numericValue ?? NaN),
      notes: [...failed("accessibility"), ...failed("best-practices")],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * axe-core violations with JavaScript on and off, at 360 px, and what the page wrote to the console as
 * errors meanwhile (JS off: our script's refused request is the audit's own doing, not counted).
 */
async function axe(browser, url) {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const fallback = readFileSync(join(root, "public/images/video-fallback.svg"));
  const out = {};
  for (const js of [true, false]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.route(VIDEO_HOST, (r) => r.fulfill({ status: 200, contentType: "image/svg+xml", body: fallback }));
    if (!js) await page.route(/\/build\/_enhance\//, (r) => r.abort());
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => {
      if (m.type() === "error" && (js || !/\/build\/_enhance\//.test(m.location().url))) errors.push(`${m.text()} ${m.location().url}`.trim());
    });
    await page.goto(url, { waitUntil: "load" });
    const { violations } = await new AxeBuilder({ page }).analyze();
    out[js ? "axeJsOn" : "axeJsOff"] = violations.map((v) => `${v.id}×${v.nodes.length}`);
    out[js ? "consoleJsOn" : "consoleJsOff"] = errors;
    await context.close();
  }
  return out;
}

/** The Nu HTML checker (vnu.jar, Java) on the served HTML; null when Java or the jar is missing. */
function htmlErrors(html) {
  const jar = join(root, "node_modules/vnu-jar/build/dist/vnu.jar");
  if (!existsSync(jar)) return null;
  const dir = mkdtempSync(join(tmpdir(), "grbd-vnu-"));
  const file = join(dir, "page.html");
  writeFileSync(file, html);
  try {
    let out = "";
    try {
      out = execFileSync("java", ["-jar", jar, "--format", "json", "--errors-only", file], { stdio: ["ignore", "pipe", "pipe"] }).toString();
    } catch (e) {
      if (e.code === "ENOENT") return null;
      out = (e.stderr?.toString() || "") + (e.stdout?.toString() || ""); // vnu exits 1 when it finds errors
    }
    const json = JSON.parse(out.slice(out.indexOf("{")) || "{}");
    return (json.messages ?? []).filter((m) => m.type === "error").map((m) => `${m.lastLine}: ${m.message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Digits and conjuncts at 48 px in each weight of the site's font, beside Noto Sans Bengali (Debian's
 * fonts-noto-core, installed when missing; without it the specimen shows our font alone).
 */
async function fontSpecimen(browser, base, path) {
  if (!NOTO) console.log("audit: Noto Sans Bengali is not installed (apt-get install fonts-noto-core); the font specimen shows Hind Siliguri alone");
  const families = NOTO ? ['"Hind Siliguri"', '"Noto Sans Bengali"'] : ['"Hind Siliguri"'];
  const page = await browser.newPage({ viewport: { width: 1000, height: 400 } });
  await page.goto(`${base}/home`);
  // Every weight fetched once, then the page again: a font-display: optional face that takes longer
  // than its 100 ms to arrive is not used on that page at all, and the specimen would show the
  // fallback font instead of ours (a real reader's second page is the same: from the cache).
  await page.evaluate(() => Promise.all([...document.fonts].filter((f) => /Hind Siliguri/.test(f.family)).map((f) => f.load().catch(() => null))));
  await page.reload();
  await page.evaluate(async (families) => {
    const text = "০১২৩৪৫৬৭৮৯ স্কুল ক্ষ র্য ২০১৯";
    const weights = [...new Set([...document.fonts].filter((f) => /Hind Siliguri/.test(f.family)).map((f) => f.weight))].sort();
    await Promise.all(weights.map((w) => document.fonts.load(`${w} 48px "Hind Siliguri"`, text)));
    document.body.innerHTML = "";
    document.body.style.cssText = "padding:16px;background:#fff;font-size:48px;line-height:1.5";
    for (const w of weights) {
      for (const family of families) {
        const row = document.createElement("div");
        row.style.cssText = `font-family:${family};font-weight:${w}`;
        row.innerHTML = `<small style="font:14px sans-serif;display:inline-block;width:190px">${family.replace(/"/g, "")} ${w}</small>${text}`;
        document.body.append(row);
      }
    }
  }, families);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path, fullPage: true });
  await page.close();
}

const pass = (p) =>
  p.performance >= TARGET.performance &&
  p.accessibility >= TARGET.accessibility &&
  p.bestPractices >= TARGET.bestPractices &&
  p.cls <= TARGET.cls &&
  p.tbtMs <= TARGET.tbtMs &&
  p.axeJsOn.length === 0 &&
  p.axeJsOff.length === 0 &&
  p.consoleJsOn.length === 0 &&
  p.consoleJsOff.length === 0 &&
  (p.htmlErrors === null || p.htmlErrors.length === 0);

let server = null;
let database = { stop: async () => {} };
try {
  let base = option("base", null);
  const pages = option("pages", PAGES.join(",")).split(",").filter(Boolean);
  if (!base) {
    ensureDependencies();
    const { resolveDatabase } = await import("./local-db.mjs");
    database = await resolveDatabase("grbd");
    const { url: databaseUrl, migrationUrl } = await database.sibling("audit");
    const { migrateDatabase } = await import("../drizzle/migrate.mjs");
    await migrateDatabase(migrationUrl, { quiet: true });
    run(bin("tsx"), ["drizzle/seed/index.ts"], { env: { DATABASE_URL: migrationUrl, SEED_QUIET: "1" } });
    if (needsBuild() || flag("build")) run("npm", ["run", "build"]);
    base = `http://127.0.0.1:${PORT}`;
    server = startServer({ port: PORT, databaseUrl, env: { SITE_ORIGIN: base } });
    const started = Date.now();
    for (;;) {
      if (server.exitCode !== null) throw new Error("the server exited before /healthz answered");
      const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() - started > 60_000) throw new Error("/healthz did not answer within 60 s");
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const results = [];
  try {
    for (const path of pages) {
      const url = `${base}${path}`;
      process.stdout.write(`audit ${path} … `);
      const html = await (await fetch(url)).text();
      const row = { path, ...medianRun(Array.from({ length: RUNS }, () => lighthouse(url))), ...(await axe(browser, url)), htmlErrors: htmlErrors(html) };
      row.pass = pass(row);
      results.push(row);
      console.log(row.pass ? "ok" : "FAIL");
    }
    await fontSpecimen(browser, base, join(root, "audit-fonts.png"));
  } finally {
    await browser.close();
  }

  const head = "| Page | Perf | A11y | BP | CLS | TBT ms | LCP ms | axe JS on | axe JS off | HTML errors | |";
  const rows = results.map((r) =>
    [
      r.path,
      r.performanceRuns.length > 1 ? `${r.performance} (${r.performanceRuns.join(", ")})` : r.performance,
      r.accessibility,
      r.bestPractices,
      r.cls.toFixed(3),
      r.tbtMs,
      r.lcpMs,
      r.axeJsOn.length ? r.axeJsOn.join(" ") : "0",
      r.axeJsOff.length ? r.axeJsOff.join(" ") : "0",
      r.htmlErrors === null ? "(no checker)" : r.htmlErrors.length,
      r.pass ? "ok" : "FAIL",
    ].join(" | "),
  );
  const table = [head, "|---|--:|--:|--:|--:|--:|--:|---|---|--:|---|", ...rows.map((r) => `| ${r} |`)].join("\n");
  const failures = results.filter((r) => !r.pass);
  const details = results
    .flatMap((r) => [
      ...(r.notes.length ? [`- ${r.path}: Lighthouse audits below 100%: ${r.notes.join(", ")}`] : []),
      ...(r.htmlErrors ?? []).slice(0, 5).map((e) => `- ${r.path}: HTML error at line ${e}`),
      ...r.consoleJsOn.map((e) => `- ${r.path}: console error (JS on): ${e}`),
      ...r.consoleJsOff.map((e) => `- ${r.path}: console error (JS off): ${e}`),
    ])
    .join("\n");
  const report = `# Audit\n\nLighthouse 13 (mobile, simulated slow 4G) in ${CHROMIUM}; axe-core at 360 px with JavaScript on and off; Nu HTML checker. Targets: performance ≥ ${TARGET.performance}, accessibility ${TARGET.accessibility}, best practices ${TARGET.bestPractices}, CLS ≤ ${TARGET.cls}, TBT ≤ ${TARGET.tbtMs} ms, no axe violation, no console error, no HTML error. Base: ${base}.\n\n${table}\n\n${details}\n`;
  writeFileSync(join(root, "audit-report.md"), report);
  writeFileSync(join(root, "audit-report.json"), JSON.stringify({ base, target: TARGET, results }, null, 2) + "\n");
  console.log(`\n${table}\n${details ? `\n${details}\n` : ""}\naudit-report.md, audit-report.json and audit-fonts.png written. ${failures.length ? `FAIL: ${failures.map((f) => f.path).join(", ")}` : "All targets met."}`);
  process.exitCode = failures.length ? 1 : 0;
} catch (e) {
  console.error(`\n[audit] ${e.message}`);
  process.exitCode = 1;
} finally {
  server?.kill("SIGTERM");
  await database.stop({ quiet: true });
}
