// `npm run bench`: a load benchmark of a production build, against the demo data and then the large data.
//
// Dependencies, the databases (project-local MariaDB, or `<DATABASE_URL's name>_bench` and `…_bench_large`
// on DATABASE_URL's server): `grbd_bench` gets migrations and the demo content; `grbd_bench_large` is
// made by `npm run db:seed:large` when it is missing or of another scale (minutes; kept for the next
// run). A build only when there is none (or --build). For each data set, `npm start`
// (server/server.mjs) runs on 127.0.0.1:3301 twice: with the page cache of anonymous GETs (as in
// production) and with PAGE_CACHE=0, so the rendering path is measured too. Each page is warmed up,
// then loaded at a fixed concurrency; a minimal node:http server on 3302 serves the very same response
// bytes and is loaded the same way right after, as the ceiling of this machine at this moment. An
// anonymous GET is measured in 3 alternating rounds (ours, ceiling, ours, …), each of at least 300
// requests and 1 s; its ratio is ours/ceiling over all rounds. Database round trips per request come from the server's
// X-DB-Round-Trips header (REPORT_DB_ROUND_TRIPS=1). Pages: every public page type, the admin
// dashboard and a list (signed in), an exam attempt's start, save and finish, and the presence ping.
// Budgets print as PASS/FAIL; any FAIL exits 1. Writes bench-report.json and bench-report.md at the
// project root (git-ignored).
//
//   npm run bench [-- --concurrency 8 --requests 300 --seconds 1 --rounds 3 --warmup 20 --data demo,large --scale 1 --build --verbose]
//   npm run bench -- --data large --search-only     only the search latency (one query at a time)
//   npm run bench -- --data demo --pages home,exampage --uncached-only --no-search   a quick look at some pages
import { ensureDependencies, run, bin, startServer, needsBuild, root } from "./setup.mjs";
import { flag, gitDescribe, intOption, onSignals, option, percentile, portOpen, quietRequestsEnv, round, stopChild, waitForHealth } from "./harness.mjs";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from "node:zlib";

const PORT = 3301;
const REF_PORT = 3302;
const DEFAULT_CONCURRENCY = 8;
const KB = 1024;
const BUDGET = {
  homeHtmlGzip: 60 * KB,
  jsGzip: 10 * KB,
  cssGzip: 30 * KB,
  p95Ms: 500,
  ratioCached: 0.5, // anonymous GETs, ours/ceiling with the page cache
  ratioUncached: 0.2, // the same with PAGE_CACHE=0
  roundTrips: 8, // per page, and the same on demo and large data
  largeOverDemoP95: 2, // p95 on large data ≤ 2 × p95 on demo data
  searchP95Ms: 100, // one search at a time on the large data, PAGE_CACHE=0: p95 over SEARCH_QUERIES
};

// What students type (the search's own examples, common and rare words, board/year forms, English, math as
// written). The latency of one query is measured one request at a time, so it is the query's own time,
// not time spent queueing behind the other workers of the load test on this 2-core machine.
const SEARCH_QUERIES = [
  "ত্রিকোণমিতি", "ঢাকা বোর্ড ২০১৯", "dhaka 19", "ঢা.বো. ১৯", "রাজশাহী ২০১৮ পদার্থবিজ্ঞান", "বলের একক কী",
  "প্রশ্ন", "কী", "সমীকরণ", "দ্বিঘাত সমীকরণের মূল", "নিউটনের গতিসূত্র", "কোষ বিভাজন", "বাংলাদেশের রাজধানী",
  "সৃজনশীল প্রশ্ন", "ভিডিও ত্রিকোণমিতি", "মডেল টেস্ট", "photosynthesis", "the", "x^2", "\\theta",
];
const SEARCH_REPEATS = 10;

// ---------------------------------------------------------------------------------------------------
// Load generation: fetch + a pool of `concurrency` workers taking request numbers from one counter.

/** The most common value (the smaller on a tie). */
function mostCommon(values) {
  const n = new Map();
  for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}

/**
 * `requests` requests at `concurrency`, and more until `seconds` have passed (a short measurement of a
 * fast page is mostly noise). Latencies are kept for merging rounds (`merge`).
 */
async function load(send, { requests, concurrency, seconds = 0 }) {
  const latencies = [];
  const statuses = {};
  let next = 0;
  let firstError = null;
  const t0 = performance.now();
  const more = (i) => i < requests || performance.now() - t0 < seconds * 1000;
  const worker = async () => {
    for (let i = next++; more(i); i = next++) {
      const start = performance.now();
      let status = 0;
      try {
        const res = await send(i);
        status = res.status;
        await res.arrayBuffer(); // the latency includes the whole body
      } catch (e) {
        firstError ??= e.cause?.message || e.message;
      }
      latencies.push(performance.now() - start);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests) }, worker));
  return summary([{ latencies, statuses, seconds: (performance.now() - t0) / 1000, firstError }], concurrency);
}

/** Figures of one or more rounds of `load`: throughput over their summed time, percentiles over all their latencies. */
function summary(rounds, concurrency) {
  const latencies = Float64Array.from(rounds.flatMap((r) => r.latencies)).sort();
  const statuses = {};
  for (const r of rounds) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const requests = latencies.length;
  const pct = (p) => latencies[Math.max(0, Math.ceil((p / 100) * requests) - 1)];
  const firstError = rounds.find((r) => r.firstError)?.firstError;
  const out = {
    requests,
    concurrency,
    rounds: rounds.length,
    seconds: round(seconds, 3),
    rps: round(requests / seconds, 1),
    p50: round(pct(50), 1),
    p95: round(pct(95), 1),
    p99: round(pct(99), 1),
    max: round(latencies[requests - 1], 1),
    statuses,
    ...(firstError ? { firstError } : {}),
  };
  // The rounds' latencies stay with the figures for `merge`, not in the report.
  return Object.defineProperty(out, "raw", { value: rounds, enumerable: false });
}

/** Rounds measured separately (e.g. ours and the ceiling's, alternating), as one measurement. */
const merge = (measurements) => summary(measurements.flatMap((m) => m.raw), measurements[0].concurrency);

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

// The ceiling's bytes: the body fetch decoded, encoded again. Brotli at the page cache's quality 5 (the
// bytes a cached page goes out in; a page compressed per request, at 3, is a few % bigger), not
// zlib's default 11.
const ENCODERS = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: (body) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
};

/**
 * Every request asks for compression as a browser does (Firefox and Safari send this; Chrome adds
 * ", zstd", which fetch could not decode). Without it, fetch sends "gzip, deflate", and the pages
 * were measured compressed with gzip 6, which no browser is sent.
 */
const BROWSER = { "Accept-Encoding": "gzip, deflate, br" };

// ---------------------------------------------------------------------------------------------------
// The pages, with ids read from the bench database.

const ADMIN = { identifier: "admin", password: "admin-demo-2026" }; // the demo seed's super admin
const KEYS = ["ক", "খ", "গ", "ঘ"];

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
      "SELECT id FROM titles WHERE (content LIKE '%$%' OR content LIKE '%\\\\(%' OR content LIKE '%\\\\[%') " +
      "ORDER BY LENGTH(content) DESC, id LIMIT 1");
    const subject = await one("subject and grade with chapters",
      "SELECT s.slug, c.subject_id AS sid, c.grade_id AS gid FROM categories c JOIN subjects s ON s.id = c.subject_id " +
      "JOIN subject_grades sg ON sg.subject_id = c.subject_id AND sg.grade_id = c.grade_id " +
      "GROUP BY s.slug, c.subject_id, c.grade_id ORDER BY COUNT(*) DESC, c.subject_id, c.grade_id LIMIT 1");
    const mcq = await one("top-level MCQ category with questions",
      "SELECT c.id FROM mcq_categories c JOIN question_sets qs ON qs.mcq_category_id = c.id " +
      "JOIN set_questions q ON q.set_id = qs.id WHERE c.parent_id IS NULL GROUP BY c.id, c.sort ORDER BY c.sort, c.id LIMIT 1");
    const exam1 = await one("exam title 1", "SELECT id, question_set_id AS setId FROM exam_titles WHERE id = 1");
    const exam = await one("exam listed under title group 1",
      "SELECT eg.id AS grp, et.id AS title FROM exam_titles et JOIN exam_group_subjects egs ON egs.id = et.group_subject_id " +
      "JOIN exam_groups eg ON eg.id = egs.group_id WHERE eg.title_group_id = 1 " +
      "ORDER BY eg.sort, eg.id, egs.sort, egs.id, et.sort, et.id LIMIT 1");
    const board = await one("board subject with papers",
      "SELECT board_subject_id AS id FROM board_papers GROUP BY board_subject_id ORDER BY COUNT(*) DESC, board_subject_id LIMIT 1");
    const [qrows] = await conn.query("SELECT question_id AS id FROM set_questions WHERE set_id = ? ORDER BY sort, question_id LIMIT 25", [exam1.setId]);
    const examQuestions = qrows.map((r) => r.id);
    const get = (name, path) => ({ name, path, kind: "get" });
    return {
      examQuestions,
      pages: [
        get("home", "/home"),
        get("category", `/category/${category.id}`),
        get("title (math)", `/title/${mathTitle.id}`),
        get("subject", `/subject/${encodeURIComponent(subject.slug)}/${subject.sid}/${subject.gid}`),
        get("about", "/about/aboutus"),
        get("mcq", `/mq/${mcq.id}`),
        get("exam 25", "/exampage/1?pageSize=25"),
        get("exam 100", "/exampage/1?pageSize=100"),
        get("exam sub-page", `/exam-subpage/1?group=${exam.grp}&title=${exam.title}`),
        get("board papers", `/board-question/${board.id}`),
        get("live room", "/live/room"),
        get("search (a topic)", `/search?q=${encodeURIComponent("ত্রিকোণমিতি")}`),
        get("search (board and year)", `/search?q=${encodeURIComponent("ঢাকা বোর্ড ২০১৯")}`),
        get("search (a question's words)", `/search?q=${encodeURIComponent("বলের একক কোনটি")}`),
        get("search suggestions", `/api/search/suggest?q=${encodeURIComponent("ত্রিকোণ")}`),
        { name: "admin dashboard", path: "/gradmin", kind: "admin" },
        { name: "admin topic list", path: "/gradmin/content/topics", kind: "admin" },
        { name: "attempt start", path: "/exampage/1/start", kind: "start", method: "POST" },
        { name: "attempt save", path: "/exampage/1/attempt/:id/save", kind: "save", method: "POST" },
        { name: "attempt finish", path: "/exampage/1/attempt/:id", kind: "finish", method: "POST" },
        { name: "presence ping", path: "/api/online/ping", kind: "ping", method: "POST" },
      ],
    };
  } finally {
    await conn.end();
  }
}

const cookieOf = (res) => (res.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");

/** Signs the demo super admin in; the session cookie. */
async function signIn(base) {
  const res = await fetch(`${base}/gradmin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ identifier: ADMIN.identifier, password: ADMIN.password }),
  });
  await res.arrayBuffer();
  const cookie = cookieOf(res);
  if (res.status !== 302 && res.status !== 303) throw new Error(`staff sign-in answered ${res.status}`);
  if (!cookie.includes("grbd_staff=")) throw new Error("staff sign-in set no session cookie");
  return cookie;
}

/** Starts `n` attempts of exam 1 in one browser (its cookie); their ids. */
async function startAttempts(base, browser, n) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${base}/exampage/1/start`, { method: "POST", redirect: "manual", headers: { Origin: base, Cookie: browser.cookie } });
    await res.arrayBuffer();
    browser.cookie ||= cookieOf(res);
    const id = /\/attempt\/([A-Za-z0-9_-]+)$/.exec(res.headers.get("location") ?? "")?.[1];
    if (!id) throw new Error(`starting an attempt answered ${res.status} without an attempt URL`);
    ids.push(id);
  }
  return ids;
}

/**
 * A request maker for `page` on `base`: GETs as an anonymous reader (admin pages with the staff
 * cookie); POSTs as the browser does them. The ping gets one of 64 session keys from 64 addresses
 * (X-Forwarded-For; the server trusts one proxy hop here), as 64 readers on their own phones.
 */
function sender(page, base, ctx) {
  const url = base + page.path;
  const post = (path, body, extra = {}) =>
    fetch(base + path, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
      headers: { ...BROWSER, Origin: base, ...extra },
      body,
    });
  switch (page.kind) {
    case "admin":
      return () => fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000), headers: { ...BROWSER, Cookie: ctx.staffCookie } });
    case "start":
      return () => post(page.path, undefined, { Cookie: ctx.browser.cookie });
    case "save":
      return (i) => {
        const id = ctx.saveAttempts[i % ctx.saveAttempts.length];
        const qs = ctx.examQuestions;
        const form = new URLSearchParams({ shown: qs.join(",") });
        for (let k = 0; k < 5; k++) form.set(`q${qs[(i + k) % qs.length]}`, KEYS[(i + k) % KEYS.length]);
        return post(`/exampage/1/attempt/${id}/save`, form, { Cookie: ctx.browser.cookie });
      };
    case "finish":
      return (i) => post(`/exampage/1/attempt/${ctx.finishAttempts[i]}`, new URLSearchParams({ intent: "confirm-finish" }), { Cookie: ctx.browser.cookie });
    case "ping":
      return (i) =>
        post(page.path, JSON.stringify({ sessionKey: `bench-key-${String(i % 64).padStart(2, "0")}`, page: "/home" }), {
          "Content-Type": "application/json",
          "X-Forwarded-For": `10.0.${i % 64}.1`,
        });
    default:
      return () => fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000), headers: BROWSER });
  }
}

/** A search results page or the suggestions: measured once more with no search kept ("unkept"). */
const isSearch = (page) => page.kind === "get" && (page.path.startsWith("/search") || page.path.startsWith("/api/search"));

/** The runs whose round trips are counted (each page's are kept under roundTrips + suffix), and the pages each has. */
const ROUND_TRIP_MODES = [
  { mode: "uncached", suffix: "", label: "", of: () => true },
  { mode: "unkept", suffix: "Unkept", label: ", nothing kept", of: (r) => Boolean(r.unkept) },
];

/** The statuses a page is meant to answer: 303 for the attempt's start and finish, 200 otherwise. */
const intended = (page) => (page.kind === "start" || page.kind === "finish" ? [303] : [200]);

// ---------------------------------------------------------------------------------------------------
// Report.

const kb = (bytes) => (bytes == null ? "–" : (bytes / KB).toFixed(1));
const fmt = (n) => (n == null ? "–" : String(n));

function markdownTable(results) {
  const head =
    "| Page | URL | cached req/s | cached p95 ms | cached/ceiling | uncached req/s | p50 ms | p95 ms | p99 ms | ceiling req/s | uncached/ceiling | DB round trips | HTML KB (gzip) | JS KB gz | CSS KB gz |";
  const rule = "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|";
  const rows = results.map((r) =>
    `| ${r.name} | \`${r.method === "POST" ? "POST " : ""}${r.path}\` | ${fmt(r.cached?.rps)} | ${fmt(r.cached?.p95)} | ` +
    `${r.ratioCached == null ? "–" : r.ratioCached.toFixed(2)} | ${r.uncached.rps} | ${r.uncached.p50} | ${r.uncached.p95} | ${r.uncached.p99} | ` +
    `${r.ceiling.rps} | ${r.ratioUncached.toFixed(2)} | ${fmt(r.roundTrips)} | ` +
    `${r.html ? `${kb(r.html.raw)} (${kb(r.html.gzip)})` : "–"} | ${r.html ? kb(r.js.gzip) : "–"} | ${r.html ? kb(r.css.gzip) : "–"} |`,
  );
  const searches = results.filter((r) => r.unkept);
  if (!searches.length) return [head, rule, ...rows].join("\n");
  const unkept = [
    "",
    "Searches with nothing kept (`PAGE_CACHE=0 SEARCHES_KEPT=0`: every request ranks its matches in the database; informational, see the README):",
    "",
    "| Page | req/s | p50 ms | p95 ms | p99 ms | ceiling req/s | ours/ceiling | DB round trips |",
    "|---|--:|--:|--:|--:|--:|--:|--:|",
    ...searches.map((r) =>
      `| ${r.name} | ${r.unkept.rps} | ${r.unkept.p50} | ${r.unkept.p95} | ${r.unkept.p99} | ${r.ceilingUnkept.rps} | ${r.ratioUnkept.toFixed(2)} | ${fmt(r.roundTripsUnkept)} |`),
  ];
  return [head, rule, ...rows, ...unkept].join("\n");
}

function checkBudgets(runs, { concurrency }) {
  const lines = [];
  const check = (ok, text) => lines.push({ status: ok === null ? "SKIP" : ok ? "PASS" : "FAIL", text });
  const atDefault = concurrency === DEFAULT_CONCURRENCY;
  for (const { data, results } of runs) {
    const tag = (r) => `[${data}] ${r.name}`;
    if (data === "demo") {
      const home = results.find((r) => r.name === "home");
      if (home?.html) check(home.html.gzip <= BUDGET.homeHtmlGzip, `[demo] home HTML ${kb(home.html.gzip)} KB gzipped ≤ ${kb(BUDGET.homeHtmlGzip)} KB`);
      else check(false, "[demo] home HTML: /home did not answer with HTML");
      // The admin area hydrates React by design; the script budget is the public site's.
      for (const r of results.filter((x) => x.html && x.kind === "get")) {
        check(r.js.gzip <= BUDGET.jsGzip, `${tag(r)}: JS ${kb(r.js.gzip)} KB gzipped (${r.js.files.length} file(s)) ≤ ${kb(BUDGET.jsGzip)} KB`);
        check(r.css.gzip <= BUDGET.cssGzip, `${tag(r)}: CSS ${kb(r.css.gzip)} KB gzipped (${r.css.files.length} file(s)) ≤ ${kb(BUDGET.cssGzip)} KB`);
      }
    }
    for (const r of results) {
      const want = intended(r);
      const bad = [r.cached, r.uncached, r.unkept].filter(Boolean).reduce((n, m) => n + m.unintended, 0) + r.warmupUnintended + (want.includes(r.probeStatus) ? 0 : 1);
      const codes = [...new Set([r.cached, r.uncached, r.unkept].filter(Boolean).flatMap((m) => Object.keys(m.statuses)))].join(", ");
      const error = r.uncached.firstError ?? r.cached?.firstError;
      check(bad === 0, `${tag(r)}: ${bad} response(s) other than ${want.join("/")} (statuses seen: ${codes}${error ? `; ${error}` : ""})`);
      const broken = [...r.js.files, ...r.css.files].filter((f) => f.status < 200 || f.status > 299);
      if (broken.length) check(false, `${tag(r)}: referenced assets that do not load: ${broken.map((f) => `${f.url} (${f.status})`).join(", ")}`);
    }
    for (const r of results) {
      const p95 = Math.max(r.uncached.p95, r.cached?.p95 ?? 0, r.unkept?.p95 ?? 0);
      check(atDefault ? p95 <= BUDGET.p95Ms : null, `${tag(r)}: p95 ${p95} ms ≤ ${BUDGET.p95Ms} ms${atDefault ? "" : ` (only checked at concurrency ${DEFAULT_CONCURRENCY})`}`);
    }
    for (const r of results.filter((x) => x.kind === "get")) {
      // --uncached-only: no run with the page cache to judge.
      if (r.ratioCached == null) check(null, `${tag(r)}: ours/ceiling with the page cache ≥ ${BUDGET.ratioCached} (not measured: --uncached-only)`);
      else check(r.ratioCached >= BUDGET.ratioCached, `${tag(r)}: ours/ceiling ${r.ratioCached.toFixed(2)} with the page cache ≥ ${BUDGET.ratioCached}`);
      check(r.ratioUncached >= BUDGET.ratioUncached, `${tag(r)}: ours/ceiling ${r.ratioUncached.toFixed(2)} without the page cache ≥ ${BUDGET.ratioUncached}`);
    }
    for (const r of results.filter((x) => x.kind === "get" || x.kind === "admin")) {
      for (const { suffix, label } of ROUND_TRIP_MODES.filter((m) => m.of(r))) {
        const [trips, most] = [r[`roundTrips${suffix}`], r[`roundTripsMax${suffix}`]];
        check(most != null && most <= BUDGET.roundTrips, `${tag(r)}${label}: ${fmt(trips)} database round trips (at most ${fmt(most)} of 5) ≤ ${BUDGET.roundTrips}`);
      }
    }
  }
  const demo = runs.find((r) => r.data === "demo");
  const large = runs.find((r) => r.data === "large");
  if (large?.search) {
    check(large.search.p95 <= BUDGET.searchP95Ms,
      `[large] search: p95 ${large.search.p95} ms per query ≤ ${BUDGET.searchP95Ms} ms (${large.search.queries.length} queries × ${large.search.repeats}, one at a time, PAGE_CACHE=0 SEARCHES_KEPT=0)`);
  }
  if (demo && large) {
    for (const r of large.results) {
      const d = demo.results.find((x) => x.name === r.name);
      if (!d) continue;
      for (const { mode, suffix, label } of ROUND_TRIP_MODES.filter((m) => m.of(r) && m.of(d))) {
        const [large, small] = [r[`roundTrips${suffix}`], d[`roundTrips${suffix}`]];
        if (large != null || small != null) {
          check(large === small, `${r.name}${label}: round trips equal on demo and large data (${fmt(small)} and ${fmt(large)})`);
        }
        // Below a few milliseconds the ratio is noise (one scheduling hiccup doubles it).
        const limit = Math.max(BUDGET.largeOverDemoP95 * d[mode].p95, 10);
        check(atDefault ? r[mode].p95 <= limit : null,
          `${r.name}${label}: p95 on large data ${r[mode].p95} ms ≤ 2 × demo's ${d[mode].p95} ms (${mode === "uncached" ? "uncached; " : ""}at least 10 ms)`);
      }
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// Main.

let database = { started: false, stop: async () => {} };
let server = null;
let reference = null;
let cleaned = false;

async function stopServer() {
  await stopChild(server);
  server = null;
}

async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  if (reference) {
    reference.closeAllConnections?.();
    await new Promise((r) => reference.close(() => r()));
  }
  await stopServer();
  if (database.started) await database.stop();
}

onSignals("bench", cleanup);

async function serve(databaseUrl, env) {
  await stopServer();
  server = startServer({ port: PORT, databaseUrl, env: { ...quietRequestsEnv(flag("verbose")), REPORT_DB_ROUND_TRIPS: "1", TRUST_PROXY: "1", ...env } });
  const base = `http://127.0.0.1:${PORT}`;
  await waitForHealth(base, server);
  return base;
}

/** The count of statuses a page is not meant to answer. */
function unintendedOf(page, m) {
  const want = intended(page);
  m.unintended = Object.entries(m.statuses).reduce((n, [code, c]) => n + (want.includes(Number(code)) ? 0 : c), 0);
  return m;
}

const measure = async (page, send, opts) => unintendedOf(page, await load(send, opts));

/** The large data set: made by `npm run db:seed:large` unless it is there already at this scale. */
async function ensureLargeData(databaseUrl, scale) {
  const { default: mysql } = await import("mysql2/promise");
  const name = new URL(databaseUrl).pathname.slice(1);
  const server = new URL(databaseUrl);
  server.pathname = "/";
  const conn = await mysql.createConnection({ uri: server.toString(), charset: "utf8mb4" });
  let have = 0;
  try {
    const [rows] = await conn.query("SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = 'titles'", [name]);
    if (rows[0].n > 0) have = (await conn.query(`SELECT COUNT(*) AS n FROM \`${name}\`.titles`))[0][0].n;
  } finally {
    await conn.end();
  }
  const want = Math.round(50_000 * scale);
  if (!flag("regenerate") && have >= want && have <= want * 1.1 + 1000) {
    console.log(`[bench] large data: ${name} is there (${have} topics)`);
    return;
  }
  console.log(`[bench] large data: generating ${name} at scale ${scale} (npm run db:seed:large; a few minutes) …`);
  run(bin("tsx"), ["drizzle/seed/large.ts", "--database", name, "--scale", String(scale)], { env: { DATABASE_URL: databaseUrl } });
}

async function benchData(data, databaseUrl, { requests, warmup, concurrency, rounds, seconds, canned, refBase }) {
  const { pages, examQuestions } = await resolvePages(databaseUrl);
  // --search-only: just the one-query-at-a-time search latency (its budget: BUDGETS.searchP95Ms).
  // --pages: only the pages whose name holds one of these words (a quick look; budgets then judge those).
  const only = option("pages", "").split(",").map((s) => s.trim()).filter(Boolean);
  const results = flag("search-only") ? [] : pages.filter((p) => !only.length || only.some((w) => p.name.includes(w))).map((p) => ({ ...p, method: p.method ?? "GET" }));
  // "unkept": the searches again without the page cache and with no search kept (SEARCHES_KEPT=0), so
  // every request ranks its matches in the database: what a search nobody asked before costs.
  const modes = [
    ["uncached", { PAGE_CACHE: "0" }],
    ["unkept", { PAGE_CACHE: "0", SEARCHES_KEPT: "0" }],
    ["cached", {}],
  ].filter(([m]) => !flag("uncached-only") || m !== "cached");
  const MODE_TITLES = { uncached: "PAGE_CACHE=0", unkept: "PAGE_CACHE=0 SEARCHES_KEPT=0 (searches only)", cached: "with the page cache" };
  for (const [mode, env] of results.length ? modes : []) {
    if (mode === "unkept" && !results.some(isSearch)) continue;
    const base = await serve(databaseUrl, env);
    const ctx = { staffCookie: await signIn(base), browser: { cookie: "" }, examQuestions };
    ctx.saveAttempts = await startAttempts(base, ctx.browser, 16);
    console.log(`\n[bench] ${data} data, ${MODE_TITLES[mode]}:`);
    const counted = ROUND_TRIP_MODES.find((m) => m.mode === mode); // none with the page cache
    for (const r of results) {
      if (mode === "cached" && r.kind !== "get") continue; // only anonymous GETs go through the cache
      if (mode === "unkept" && !isSearch(r)) continue;
      if (r.kind === "finish") ctx.finishAttempts = await startAttempts(base, ctx.browser, requests + warmup + 6);
      const send = sender(r, base, ctx);
      const probe = await send(requests + warmup);
      const body = Buffer.from(await probe.arrayBuffer());
      if (mode === "uncached") {
        // The probe: status, body and encoding (what the reference server replays) and sizes.
        r.probeStatus = probe.status;
        const encoding = probe.headers.get("content-encoding");
        const contentType = probe.headers.get("content-type") ?? "application/octet-stream";
        const wire = encoding && ENCODERS[encoding] ? ENCODERS[encoding](body) : body;
        canned.set(`${r.method} ${r.path}`, {
          status: probe.status,
          body: wire,
          headers: { "Content-Type": contentType, "Content-Length": wire.length, ...(encoding && ENCODERS[encoding] ? { "Content-Encoding": encoding } : {}) },
        });
        r.html = null;
        r.js = { gzip: 0, files: [] };
        r.css = { gzip: 0, files: [] };
        if (contentType.includes("text/html")) {
          r.html = { raw: body.length, gzip: gzipSync(body).length, encoding: encoding ?? "identity" };
          const refs = referencedAssets(body.toString("utf8"), base + r.path);
          const sizes = async (urls) => {
            const files = await Promise.all(urls.map(assetSize));
            return { gzip: files.reduce((sum, f) => sum + f.gzip, 0), files };
          };
          [r.js, r.css] = await Promise.all([sizes(refs.js), sizes(refs.css)]);
        }
      }
      const warm = warmup ? await measure(r, send, { requests: warmup, concurrency }) : { unintended: 0 };
      if (counted) {
        // Round trips of warm requests (the first after a start also fills per-process caches): the
        // count most of 5 requests make (a per-process cache's refresh now and then adds one to a
        // single request), and the most any of them made.
        const counts = [];
        for (let i = 1; i <= 5; i++) {
          const again = await send(requests + warmup + i);
          await again.arrayBuffer();
          const trips = again.headers.get("x-db-round-trips");
          if (trips != null) counts.push(Number(trips));
        }
        r[`roundTrips${counted.suffix}`] = counts.length ? mostCommon(counts) : null;
        r[`roundTripsMax${counted.suffix}`] = counts.length ? Math.max(...counts) : null;
      }
      // Anonymous GETs: `rounds` rounds of ours then the ceiling, each at least `seconds` long, so both
      // see the same drift of the machine (other work, heat) and a fast page is not judged on a third
      // of a second. The POSTs (each start, finish and save changes data): one round of `requests`.
      const refSend = () => fetch(refBase + r.path, { method: r.method, redirect: "manual", signal: AbortSignal.timeout(30_000), headers: BROWSER });
      if (warmup) await load(refSend, { requests: warmup, concurrency });
      const get = r.kind === "get";
      const oursRounds = [];
      const ceilingRounds = [];
      for (let k = 0; k < (get ? rounds : 1); k++) {
        oursRounds.push(await load(send, { requests, concurrency, seconds: get ? seconds : 0 }));
        ceilingRounds.push(await load(refSend, { requests, concurrency, seconds: get ? seconds : 0 }));
      }
      const ours = unintendedOf(r, merge(oursRounds));
      const ceiling = merge(ceilingRounds);
      r.warmupUnintended = (r.warmupUnintended ?? 0) + warm.unintended;
      r[mode] = ours;
      if (mode === "uncached") {
        r.ceiling = ceiling;
        r.ratioUncached = round(ours.rps / ceiling.rps, 3);
      } else if (mode === "unkept") {
        r.ceilingUnkept = ceiling;
        r.ratioUnkept = round(ours.rps / ceiling.rps, 3);
      } else {
        r.ceilingCached = ceiling;
        r.ratioCached = round(ours.rps / ceiling.rps, 3);
      }
      console.log(
        `  ${r.name.padEnd(28)} ${String(ours.rps).padStart(7)} req/s  p95 ${String(ours.p95).padStart(6)} ms  ` +
          `ceiling ${String(ceiling.rps).padStart(7)} req/s  ratio ${(ours.rps / ceiling.rps).toFixed(2)}` +
          `${counted ? `  round trips ${fmt(r[`roundTrips${counted.suffix}`])}` : ""}  unintended ${ours.unintended + warm.unintended}`,
      );
    }
  }
  await stopServer();
  const search = flag("no-search") ? null : await searchLatency(databaseUrl);
  return { data, database: new URL(databaseUrl).pathname.slice(1), results, search };
}

/**
 * Each of SEARCH_QUERIES one at a time on a server without the page cache and keeping no search
 * (SEARCHES_KEPT=0: every request ranks its matches): a warm-up, then SEARCH_REPEATS timed requests.
 */
async function searchLatency(databaseUrl) {
  const base = await serve(databaseUrl, { PAGE_CACHE: "0", SEARCHES_KEPT: "0" });
  const all = [];
  const queries = [];
  try {
    for (const q of SEARCH_QUERIES) {
      const url = `${base}/search?q=${encodeURIComponent(q)}`;
      const times = [];
      for (let i = 0; i <= SEARCH_REPEATS; i++) {
        const start = performance.now();
        const res = await fetch(url, { signal: AbortSignal.timeout(30_000), headers: BROWSER });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`search for "${q}" answered ${res.status}`);
        if (i) times.push(performance.now() - start); // the first is the warm-up
      }
      all.push(...times);
      queries.push({ q, p50: round(percentile(times, 50), 1), max: round(Math.max(...times), 1) });
    }
  } finally {
    await stopServer();
  }
  const p95 = round(percentile(all, 95), 1);
  console.log(`  search, one query at a time (${queries.length} queries × ${SEARCH_REPEATS}): p95 ${p95} ms, slowest median ${Math.max(...queries.map((x) => x.p50))} ms`);
  return { p95, repeats: SEARCH_REPEATS, queries };
}

async function main() {
  const concurrency = intOption("concurrency", DEFAULT_CONCURRENCY, 1);
  const requests = intOption("requests", 300, 1);
  const warmup = intOption("warmup", 20, 0);
  const rounds = intOption("rounds", 3, 1);
  const seconds = Number(option("seconds", "1"));
  if (!(seconds >= 0 && seconds <= 60)) throw new Error("--seconds needs a number from 0 to 60");
  const scale = Number(option("scale", "1"));
  if (!(scale > 0 && scale <= 4)) throw new Error("--scale needs a number above 0 and at most 4");
  const sets = option("data", "demo,large").split(",").map((s) => s.trim());
  if (!sets.length || sets.some((s) => s !== "demo" && s !== "large")) throw new Error("--data takes demo, large or demo,large");

  ensureDependencies();
  const { resolveDatabase } = await import("./local-db.mjs");
  database = await resolveDatabase("grbd");
  const { migrateDatabase } = await import("../drizzle/migrate.mjs");
  // The servers connect as the application's account; migrations and seeds as the privileged one.
  const dbs = { demo: await database.sibling("bench"), large: await database.sibling("bench_large") };
  const urls = { demo: dbs.demo.url, large: dbs.large.url };
  if (sets.includes("demo")) {
    await migrateDatabase(dbs.demo.migrationUrl);
    run(bin("tsx"), ["drizzle/seed/index.ts"], { env: { DATABASE_URL: dbs.demo.migrationUrl, SEED_QUIET: "1" } });
  }
  if (sets.includes("large")) {
    await ensureLargeData(dbs.large.migrationUrl, scale);
    // A kept large database was made by an older schema: it upgrades as a live database does (and the
    // migrations are timed on 300,000 questions).
    const t0 = performance.now();
    await migrateDatabase(dbs.large.migrationUrl);
    console.log(`[bench] large data: migrations applied (${round((performance.now() - t0) / 1000, 1)} s)`);
  }

  if (needsBuild() || flag("build")) run("npm", ["run", "build"]);
  for (const port of [PORT, REF_PORT]) {
    if (await portOpen(port)) throw new Error(`port ${port} is already in use; stop whatever listens there first`);
  }

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

  console.log(`\n[bench] ${sets.join(" and ")} data: each page ${warmup} warm-up + ${requests} requests at concurrency ${concurrency}, without and with the page cache, then the same bytes from the reference server …`);
  const loadBefore = os.loadavg();
  const runs = [];
  for (const data of sets) {
    canned.clear();
    runs.push(await benchData(data, urls[data], { requests, warmup, concurrency, rounds, seconds, canned, refBase }));
  }

  const budgets = checkBudgets(runs, { concurrency });
  const failed = budgets.filter((b) => b.status === "FAIL").length;
  const meta = {
    date: new Date().toISOString(),
    commit: gitDescribe(),
    node: process.version,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? "?"}`,
    loadavg: { before: loadBefore.map((n) => round(n, 2)), after: os.loadavg().map((n) => round(n, 2)) },
    databases: Object.fromEntries(runs.map((r) => [r.data, r.database])),
    scale: sets.includes("large") ? scale : null,
    concurrency,
    requests,
    seconds,
    rounds,
    warmup,
  };
  const searchTable = (search) =>
    `### Search, one query at a time (PAGE_CACHE=0 SEARCHES_KEPT=0): p95 ${search.p95} ms over ${search.queries.length} queries × ${search.repeats}\n\n` +
    "| Query | median ms | max ms |\n|---|--:|--:|\n" +
    search.queries.map((x) => `| ${x.q.replace(/[|\\]/g, (c) => `\\${c}`)} | ${x.p50} | ${x.max} |`).join("\n");
  const tables = runs.map((r) =>
    `## ${r.data === "demo" ? "Demo data" : `Large data (scale ${scale})`}: \`${r.database}\`\n\n${markdownTable(r.results)}` +
    (r.search ? `\n\n${searchTable(r.search)}` : ""));
  const budgetText = budgets.map((b) => `${b.status} ${b.text}`).join("\n");
  const md = [
    "# Benchmark report",
    "",
    `${meta.date} · commit ${meta.commit} · Node ${meta.node} · ${meta.cpus} · load average (1/5/15 min) ${meta.loadavg.before.join(" ")} before, ${meta.loadavg.after.join(" ")} after`,
    "",
    `Production build on 127.0.0.1:${PORT}. Per page: ${warmup} warm-up requests, then at concurrency ${concurrency} ` +
      `(fetch, keep-alive, Accept-Encoding "${BROWSER["Accept-Encoding"]}" as browsers send, whole body read) ${rounds} round(s) of at least ${requests} requests and ${seconds} s for an anonymous GET, ` +
      `alternating with the ceiling's, and one round of ${requests} requests for a POST; once with PAGE_CACHE=0 ("uncached": every request rendered, with its database round trips) ` +
      "and, for anonymous GETs, once with the page cache (\"cached\", as in production). \"ceiling\" is a minimal " +
      `node:http server on ${REF_PORT} replaying the same response (same status, type and content encoding; brotli at quality 5) under the same load; ` +
      "ours/ceiling compares throughput on the same machine at nearly the same moment (over all rounds of each; the ceiling's req/s column is the uncached run's). DB round trips: the server's count, the most common of 5 warm requests " +
      "(uncached). HTML KB is the decoded size (gzip -6 in brackets); JS and CSS are the gzipped sizes of the same-origin `<script src>`, " +
      "`<link rel=modulepreload>` and `<link rel=stylesheet>` files the page references (fonts and images not counted). " +
      "Admin pages are requested signed in; the attempt's start and finish answer 303 (a new attempt per start; each finish finishes " +
      "an attempt started before the measurement); each save changes five answers of one of 16 open attempts.",
    "",
    ...tables.flatMap((t) => [t, ""]),
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
  writeFileSync(join(root, "bench-report.json"), JSON.stringify({ ...meta, budgets: BUDGET, checks: budgets, runs }, null, 2) + "\n");

  console.log(`\n${tables.join("\n\n")}\n\n${budgetText}\n`);
  console.log(failed ? `[bench] ${failed} budget(s) FAILED.` : "[bench] all budgets passed.");
  console.log("[bench] wrote bench-report.md and bench-report.json");
  return failed ? 1 : 0;
}

// `npm run bench -- --omr [--flat 40 --photo 120 --seed 1 --verbose]`: the OMR reader's benchmark
// instead (synthetic sheets and photos, no server, no database): scripts/omr/bench.ts.
if (process.argv.includes("--omr")) {
  const r = spawnSync(bin("tsx"), ["scripts/omr/bench.ts", ...process.argv.slice(2).filter((a) => a !== "--omr")], { stdio: "inherit", cwd: root });
  process.exit(r.status ?? 1);
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
