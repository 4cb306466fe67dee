// `npm run bench`: a load benchmark of the public pages against a production build.
//
// Dependencies, the `grbd_bench` database (project-local MariaDB, or `<DATABASE_URL's name>_bench` on
// DATABASE_URL's server), migrations, demo content, a build only when there is none (or --build), then
// `npm start` (drizzle/server.mjs) on 127.0.0.1:3301. Each page is warmed up, then loaded with a fixed number of requests
// at a fixed concurrency; a minimal node:http server on 3302 serves the very same response bytes and is
// loaded the same way right after, as the ceiling of this machine at this moment. Sizes (HTML, and the
// same-origin JS and CSS each page references) are measured once. Budgets print as PASS/FAIL; any FAIL
// exits 1. Writes bench-report.json and bench-report.md at the project root (git-ignored).
//
//   npm run bench [-- --concurrency 8 --requests 300 --warmup 20 --build --verbose]
import { run, startServer, needsBuild, root } from "../drizzle/setup.mjs";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import {
  flag, gitDescribe, intOption, onSignals, portOpen, quietRequestsEnv, round, seededDatabase, stopChild, waitForHealth,
} from "./harness.mjs";

const PORT = 3301;
const REF_PORT = 3302;
const DEFAULT_CONCURRENCY = 8;
const KB = 1024;
const BUDGET = { homeHtmlGzip: 60 * KB, jsGzip: 10 * KB, cssGzip: 30 * KB, p95Ms: 500 };

// ---------------------------------------------------------------------------------------------------
// Load generation: fetch + a pool of `concurrency` workers taking request numbers from one counter.

async function load(send, { requests, concurrency }) {
  const latencies = new Float64Array(requests);
  const statuses = {};
  let next = 0;
  let non2xx = 0;
  let firstError = null;
  const worker = async () => {
    for (let i = next++; i < requests; i = next++) {
      const start = performance.now();
      let status = 0;
      try {
        const res = await send(i);
        status = res.status;
        await res.arrayBuffer(); // the latency includes the whole body
      } catch (e) {
        firstError ??= e.cause?.message || e.message;
      }
      latencies[i] = performance.now() - start;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status < 200 || status > 299) non2xx++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, requests) }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort();
  const pct = (p) => latencies[Math.max(0, Math.ceil((p / 100) * requests) - 1)];
  return {
    requests,
    concurrency,
    seconds: round(seconds, 3),
    rps: round(requests / seconds, 1),
    p50: round(pct(50), 1),
    p95: round(pct(95), 1),
    p99: round(pct(99), 1),
    max: round(latencies[requests - 1], 1),
    non2xx,
    statuses,
    ...(firstError ? { firstError } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------
// Sizes: the HTML of one response, and the same-origin scripts and style sheets it references.

const decodeAttr = (s) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
const attr = (tag, name) => {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  return m ? decodeAttr(m[1] ?? m[2] ?? m[3]) : null;
};

/** Same-origin JS (<script src>, <link rel=modulepreload>) and CSS (<link rel=stylesheet>) of a page. */
function referencedAssets(html, pageUrl) {
  const origin = new URL(pageUrl).origin;
  const js = new Set();
  const css = new Set();
  const add = (set, href) => {
    if (!href) return;
    const u = new URL(href, pageUrl);
    if (u.origin === origin) set.add(u.href);
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) add(js, attr(tag, "src"));
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("stylesheet")) add(css, attr(tag, "href"));
    else if (rel.includes("modulepreload")) add(js, attr(tag, "href"));
  }
  return { js: [...js], css: [...css] };
}

const assetCache = new Map();
async function assetSize(url) {
  if (!assetCache.has(url)) {
    assetCache.set(
      url,
      (async () => {
        const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
        const body = Buffer.from(await res.arrayBuffer());
        return { url: new URL(url).pathname, status: res.status, raw: body.length, gzip: gzipSync(body).length };
      })(),
    );
  }
  return assetCache.get(url);
}

const ENCODERS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

// ---------------------------------------------------------------------------------------------------
// The pages, with ids read from the bench database.

async function resolvePages(databaseUrl) {
  const { default: mysql } = await import("mysql2/promise");
  const conn = await mysql.createConnection({ uri: databaseUrl, charset: "utf8mb4" });
  const one = async (what, sql) => {
    const [rows] = await conn.query(sql);
    if (!rows.length) throw new Error(`the bench database has no ${what} (is it seeded?)`);
    return rows[0];
  };
  try {
    const category = await one("category with titles",
      "SELECT category_id AS id FROM titles GROUP BY category_id ORDER BY COUNT(*) DESC, category_id LIMIT 1");
    const mathTitle = await one("title with math",
      "SELECT id FROM titles WHERE content LIKE '%$%' OR content LIKE '%\\\\(%' OR content LIKE '%\\\\[%' " +
      "ORDER BY LENGTH(content) DESC, id LIMIT 1");
    const subject = await one("subject and grade with chapters",
      "SELECT s.slug, c.subject_id AS sid, c.grade_id AS gid FROM categories c JOIN subjects s ON s.id = c.subject_id " +
      "JOIN subject_grades sg ON sg.subject_id = c.subject_id AND sg.grade_id = c.grade_id " +
      "GROUP BY s.slug, c.subject_id, c.grade_id ORDER BY COUNT(*) DESC, c.subject_id, c.grade_id LIMIT 1");
    const mcq = await one("top-level MCQ category with questions",
      "SELECT c.id FROM mcq_categories c JOIN question_sets qs ON qs.mcq_category_id = c.id " +
      "JOIN set_questions q ON q.set_id = qs.id WHERE c.parent_id IS NULL GROUP BY c.id, c.sort ORDER BY c.sort, c.id LIMIT 1");
    await one("exam title 1", "SELECT id FROM exam_titles WHERE id = 1");
    const exam = await one("exam listed under title group 1",
      "SELECT eg.id AS grp, et.id AS title FROM exam_titles et JOIN exam_group_subjects egs ON egs.id = et.group_subject_id " +
      "JOIN exam_groups eg ON eg.id = egs.group_id WHERE eg.title_group_id = 1 " +
      "ORDER BY eg.sort, eg.id, egs.sort, egs.id, et.sort, et.id LIMIT 1");
    const board = await one("board subject with papers",
      "SELECT board_subject_id AS id FROM board_papers GROUP BY board_subject_id ORDER BY COUNT(*) DESC, board_subject_id LIMIT 1");
    return [
      { name: "home", path: "/home" },
      { name: "category", path: `/category/${category.id}` },
      { name: "title (math)", path: `/title/${mathTitle.id}` },
      { name: "subject", path: `/subject/${encodeURIComponent(subject.slug)}/${subject.sid}/${subject.gid}` },
      { name: "about", path: "/about/aboutus" },
      { name: "mcq", path: `/mq/${mcq.id}` },
      { name: "exam 25", path: "/exampage/1?pageSize=25" },
      { name: "exam 100", path: "/exampage/1?pageSize=100" },
      { name: "exam sub-page", path: `/exam-subpage/1?group=${exam.grp}&title=${exam.title}` },
      { name: "board papers", path: `/board-question/${board.id}` },
      { name: "live room", path: "/live/room" },
      { name: "search (a topic)", path: `/search?q=${encodeURIComponent("ত্রিকোণমিতি")}` },
      { name: "search (board and year)", path: `/search?q=${encodeURIComponent("ঢাকা বোর্ড ২০১৯")}` },
      { name: "search (a question's words)", path: `/search?q=${encodeURIComponent("বলের একক কী")}` },
      { name: "search suggestions", path: `/api/search/suggest?q=${encodeURIComponent("ত্রিকোণ")}` },
      { name: "presence ping", path: "/api/online/ping", method: "POST" },
    ];
  } finally {
    await conn.end();
  }
}

/** A request for `page` on `base`; the ping gets a JSON body with one of 64 session keys. */
function sender(page, base) {
  const url = base + page.path;
  if (page.method === "POST") {
    return (i) =>
      fetch(url, {
        method: "POST",
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ sessionKey: `bench-key-${String(i % 64).padStart(2, "0")}`, page: "/home" }),
      });
  }
  return () => fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
}

// ---------------------------------------------------------------------------------------------------
// Report.

const kb = (bytes) => (bytes == null ? "–" : (bytes / KB).toFixed(1));

function markdownTable(results) {
  const head = "| Page | URL | req/s | p50 ms | p95 ms | p99 ms | non-2xx | ceiling req/s | ours/ceiling | HTML KB (gzip) | JS KB gz | CSS KB gz |";
  const rule = "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|";
  const rows = results.map((r) =>
    `| ${r.name} | \`${r.method === "POST" ? "POST " : ""}${r.path}\` | ${r.ours.rps} | ${r.ours.p50} | ${r.ours.p95} | ${r.ours.p99} | ` +
    `${r.ours.non2xx + r.warmupNon2xx} | ${r.ceiling.rps} | ${r.ratio.toFixed(2)} | ` +
    `${r.html ? `${kb(r.html.raw)} (${kb(r.html.gzip)})` : "–"} | ${r.html ? kb(r.js.gzip) : "–"} | ${r.html ? kb(r.css.gzip) : "–"} |`,
  );
  return [head, rule, ...rows].join("\n");
}

function checkBudgets(results, { concurrency }) {
  const lines = [];
  const check = (ok, text) => lines.push({ status: ok === null ? "SKIP" : ok ? "PASS" : "FAIL", text });
  const home = results.find((r) => r.name === "home");
  if (home?.html) check(home.html.gzip <= BUDGET.homeHtmlGzip, `home HTML ${kb(home.html.gzip)} KB gzipped ≤ ${kb(BUDGET.homeHtmlGzip)} KB`);
  else check(false, "home HTML: /home did not answer with HTML");
  for (const r of results.filter((x) => x.html)) {
    check(r.js.gzip <= BUDGET.jsGzip, `${r.name}: JS ${kb(r.js.gzip)} KB gzipped (${r.js.files.length} file(s)) ≤ ${kb(BUDGET.jsGzip)} KB`);
  }
  for (const r of results.filter((x) => x.html)) {
    check(r.css.gzip <= BUDGET.cssGzip, `${r.name}: CSS ${kb(r.css.gzip)} KB gzipped (${r.css.files.length} file(s)) ≤ ${kb(BUDGET.cssGzip)} KB`);
  }
  for (const r of results) {
    const n = r.ours.non2xx + r.warmupNon2xx + (r.probeStatus >= 200 && r.probeStatus <= 299 ? 0 : 1);
    const codes = Object.keys(r.ours.statuses).join(", ");
    check(n === 0, `${r.name}: ${n} non-2xx response(s) (measured statuses: ${codes}${r.ours.firstError ? `; ${r.ours.firstError}` : ""})`);
    const broken = [...r.js.files, ...r.css.files].filter((f) => f.status < 200 || f.status > 299);
    if (broken.length) check(false, `${r.name}: referenced assets that do not load: ${broken.map((f) => `${f.url} (${f.status})`).join(", ")}`);
  }
  for (const r of results) {
    const ok = concurrency === DEFAULT_CONCURRENCY ? r.ours.p95 <= BUDGET.p95Ms : null;
    check(ok, `${r.name}: p95 ${r.ours.p95} ms ≤ ${BUDGET.p95Ms} ms${ok === null ? ` (only checked at concurrency ${DEFAULT_CONCURRENCY})` : ""}`);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// Main.

let database = { started: false, stop: async () => {} };
let server = null;
let reference = null;
let cleaned = false;

async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  if (reference) {
    reference.closeAllConnections?.();
    await new Promise((r) => reference.close(() => r()));
  }
  await stopChild(server);
  if (database.started) await database.stop();
}

onSignals("bench", cleanup);

async function main() {
  const concurrency = intOption("concurrency", DEFAULT_CONCURRENCY, 1);
  const requests = intOption("requests", 300, 1);
  const warmup = intOption("warmup", 20, 0);

  let databaseUrl;
  ({ database, databaseUrl } = await seededDatabase("bench"));
  const pages = await resolvePages(databaseUrl);

  if (needsBuild() || flag("build")) run("npm", ["run", "build"]);

  for (const port of [PORT, REF_PORT]) {
    if (await portOpen(port)) throw new Error(`port ${port} is already in use; stop whatever listens there first`);
  }
  server = startServer({ port: PORT, databaseUrl, env: quietRequestsEnv(flag("verbose")) });
  const base = `http://127.0.0.1:${PORT}`;
  await waitForHealth(base, server);

  // The reference server: the very same bytes, stored per method + URL, with our status and type.
  const canned = new Map();
  reference = createServer((req, res) => {
    const hit = canned.get(`${req.method} ${req.url}`);
    req.resume();
    req.on("end", () => {
      if (!hit) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(hit.status, hit.headers);
      res.end(hit.body);
    });
  });
  await new Promise((ok, fail) => reference.once("error", fail).listen(REF_PORT, "127.0.0.1", ok));
  const refBase = `http://127.0.0.1:${REF_PORT}`;

  console.log(`\n[bench] ${pages.length} pages × (${warmup} warm-up + ${requests} requests) at concurrency ${concurrency}, then the same against the reference server …`);
  const loadBefore = os.loadavg();
  const results = [];
  for (const page of pages) {
    const send = sender(page, base);
    // One probe: status, body and encoding (what the reference server replays) and the sizes.
    const probe = await send(0);
    const body = Buffer.from(await probe.arrayBuffer());
    const encoding = probe.headers.get("content-encoding");
    const contentType = probe.headers.get("content-type") ?? "application/octet-stream";
    const wire = encoding && ENCODERS[encoding] ? ENCODERS[encoding](body) : body;
    canned.set(`${page.method ?? "GET"} ${page.path}`, {
      status: probe.status,
      body: wire,
      headers: { "Content-Type": contentType, "Content-Length": wire.length, ...(encoding && ENCODERS[encoding] ? { "Content-Encoding": encoding } : {}) },
    });
    let html = null;
    let js = { gzip: 0, files: [] };
    let css = { gzip: 0, files: [] };
    if (contentType.includes("text/html")) {
      html = { raw: body.length, gzip: gzipSync(body).length, encoding: encoding ?? "identity" };
      const refs = referencedAssets(body.toString("utf8"), base + page.path);
      const sizes = async (urls) => {
        const files = await Promise.all(urls.map(assetSize));
        return { gzip: files.reduce((s, f) => s + f.gzip, 0), files };
      };
      [js, css] = await Promise.all([sizes(refs.js), sizes(refs.css)]);
    }

    const warm = warmup ? await load(send, { requests: warmup, concurrency }) : { non2xx: 0 };
    const ours = await load(send, { requests, concurrency });
    const refSend = sender(page, refBase);
    if (warmup) await load(refSend, { requests: warmup, concurrency });
    const ceiling = await load(refSend, { requests, concurrency });
    const ratio = ours.rps / ceiling.rps;
    results.push({ ...page, method: page.method ?? "GET", probeStatus: probe.status, warmupNon2xx: warm.non2xx, ours, ceiling, ratio: round(ratio, 3), html, js, css });
    console.log(
      `  ${page.name.padEnd(14)} ${String(ours.rps).padStart(7)} req/s  p95 ${String(ours.p95).padStart(6)} ms  ` +
        `ceiling ${String(ceiling.rps).padStart(7)} req/s  ratio ${ratio.toFixed(2)}  non-2xx ${ours.non2xx + warm.non2xx}`,
    );
  }

  const budgets = checkBudgets(results, { concurrency });
  const failed = budgets.filter((b) => b.status === "FAIL").length;
  const meta = {
    date: new Date().toISOString(),
    commit: gitDescribe(),
    node: process.version,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? "?"}`,
    loadavg: { before: loadBefore.map((n) => round(n, 2)), after: os.loadavg().map((n) => round(n, 2)) },
    database: new URL(databaseUrl).pathname.slice(1),
    concurrency,
    requests,
    warmup,
  };
  const table = markdownTable(results);
  const budgetText = budgets.map((b) => `${b.status} ${b.text}`).join("\n");
  const md = [
    "# Benchmark report",
    "",
    `${meta.date} · commit ${meta.commit} · Node ${meta.node} · ${meta.cpus} · load average (1/5/15 min) ${meta.loadavg.before.join(" ")} before, ${meta.loadavg.after.join(" ")} after`,
    "",
    `Production build on 127.0.0.1:${PORT}, database \`${meta.database}\` (seeded demo content). Per page: ${warmup} warm-up requests, ` +
      `then ${requests} requests at concurrency ${concurrency} (fetch, keep-alive, whole body read). "ceiling" is a minimal ` +
      `node:http server on ${REF_PORT} replaying the same response bytes (same status, type and content encoding) under the same load; ` +
      "ours/ceiling compares throughput on the same machine at the same moment. non-2xx counts warm-up and measured requests. " +
      "HTML KB is the decoded size (gzip -6 in brackets); JS and CSS are the gzipped sizes of the same-origin `<script src>`, " +
      "`<link rel=modulepreload>` and `<link rel=stylesheet>` files the page references (fonts and images not counted).",
    "",
    table,
    "",
    "## Budgets",
    "",
    "```",
    budgetText,
    "```",
    "",
    failed ? `**${failed} budget(s) failed.**` : "All budgets passed.",
    "",
  ].join("\n");
  writeFileSync(join(root, "bench-report.md"), md);
  writeFileSync(join(root, "bench-report.json"), JSON.stringify({ ...meta, budgets: BUDGET, checks: budgets, results }, null, 2) + "\n");

  console.log(`\n${table}\n\n${budgetText}\n`);
  console.log(failed ? `[bench] ${failed} budget(s) FAILED.` : "[bench] all budgets passed.");
  console.log("[bench] wrote bench-report.md and bench-report.json");
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`\n[bench] ${e.message}`);
  code = e.exitCode || 1;
} finally {
  await cleanup();
}
process.exit(code);
