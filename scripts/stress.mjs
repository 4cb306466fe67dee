// `npm run stress`: resilience checks against a production build, loopback only, bounded in time.
//
// The `grbd_stress` database (the project-local MariaDB, which this script stops and starts for the
// fault check: run it with its own LOCAL_DB_PORT, never against a MariaDB others use), migrated and
// seeded like `npm run bench`; then `node server/server.mjs` on 127.0.0.1 and these checks, each a
// PASS/FAIL line (any FAIL exits 1), written to stress-report.md and stress-report.json:
//   exam      exam night: N students start exam title 1 within seconds, read its pages, save answers
//             (the JS background save and the no-JS form posts), finish; latencies, every attempt
//             finished and scored once, every acknowledged answer in the database (--find-max: steps N up)
//   load      200 connections over public pages (autocannon); only 200s; RSS stays within 20 %
//   presence  a ping flood from one client: 200, or 202 past the per-client limit; the table stays bounded
//   fault     the MariaDB stops during an exam: friendly 503s, no hang, 200 within 5 s of its return,
//             no acknowledged answer lost
//   hostile   every route pattern × ≥ 200 hostile values per parameter and query key: no 5xx, no stack
//             trace or SQL in a body; chunked 100 MB bodies refused, a contact burst stores 5, a slow
//             body cut off
//   live      a live exam at a fixed hour (scripts/stress-live.mjs): N students register in the minutes
//             before, all open it within the start window, answer, some resume on another device or
//             run out of time; the merit list at the close (--live-students N, --find-max with --live-sizes)
//   admin     every /gradmin route, GET and POST, without a session and as a moderator: no content
//   nginx     two app processes behind a project-local nginx: exam night and load through it, a
//             sign-in valid on both, sign-in throttling and the online count shared, one process
//             killed mid-load without a lost answer
//
//   LOCAL_DB_PORT=33092 npm run stress [-- --students 200 --quick --checks exam,load --find-max --verbose]
// Options: --students N (2000) --exam-seconds S (480: the slowest student's answering time; each has a pace) --start-window S (10) --load-seconds S (60)
//   --connections N (200) --presence-seconds S (30) --fault-students N (300) --down-seconds S (15)
//   --hostile-values N (200) --nginx-students N (1000) --port P (3410: the app; 3411, 3412 the two
//   instances; 3420 nginx) --nginx-port P --sizes 250,500,… (with --find-max) --live-students N (5000: the largest that held here) --live-wait S (150: registration before the start)
//   --live-exam-seconds S (480) --live-sizes 3000,5000,… (with --find-max) --build --verbose
import autocannon from "autocannon";
import mysql from "mysql2/promise";
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import { promisify } from "node:util";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { dataRoot, ensureAptPackage, localPort, startLocalDb, stopLocalDb } from "./local-db.mjs";
import { needsBuild, root, run, startServer } from "./setup.mjs";
import {
  flag, gitDescribe, intOption, jitter, onSignals, option, pick, portOpen, quietRequestsEnv, Recorder, round, savedJson, seededDatabase,
  sleep, stopChild, thinkAndSave, waitForHealth,
} from "./harness.mjs";

const quick = flag("quick");
const verbose = flag("verbose");
const OPT = {
  students: intOption("students", quick ? 200 : 2000, 1),
  examSeconds: intOption("exam-seconds", quick ? 45 : 480, 5),
  startWindow: intOption("start-window", 10, 0),
  loadSeconds: intOption("load-seconds", quick ? 15 : 60, 1),
  warmupSeconds: intOption("warmup-seconds", quick ? 5 : 10, 1),
  connections: intOption("connections", 200, 1),
  presenceSeconds: intOption("presence-seconds", quick ? 10 : 30, 1),
  faultStudents: intOption("fault-students", quick ? 60 : 300, 1),
  downSeconds: intOption("down-seconds", quick ? 8 : 15, 1),
  hostileValues: intOption("hostile-values", 200, 1),
  nginxStudents: intOption("nginx-students", quick ? 200 : 1000, 1),
  liveStudents: intOption("live-students", quick ? 300 : 5000, 1),
  liveWait: intOption("live-wait", quick ? 40 : 150, 10),
  liveExamSeconds: intOption("live-exam-seconds", quick ? 60 : 480, 10),
  port: intOption("port", 3410, 1),
  nginxPort: intOption("nginx-port", 3420, 1),
};
const CHECKS = new Set((option("checks", "exam,live,load,presence,hostile,admin,fault,nginx,replica")).split(",").map((s) => s.trim()));
const findMax = flag("find-max");
const EXAM_ID = 1;
const P95_LIMIT_MS = 1000;
const HANG_MS = 10_000;
const log = (m) => console.log(`[stress] ${m}`);

/* ------------------------------------------------------------------ results */

const checks = [];
const figures = {};
function check(name, ok, detail) {
  const status = ok === null ? "SKIP" : ok ? "PASS" : "FAIL";
  checks.push({ name, status, detail });
  console.log(`${status} ${name}: ${detail}`);
  return ok;
}

/* ------------------------------------------------------------------ processes we started */

const children = new Set();
let database = { started: false, stop: async () => {} };
let cleaned = false;

async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const c of [...children].reverse()) await stopChild(c);
  // The fault check restarts the MariaDB; it is stopped at the end only when this run started it.
  if (database.started) await stopLocalDb({ quiet: true });
}
onSignals("stress", cleanup);

function startApp(port, databaseUrl, env = {}) {
  const child = startServer({ port, databaseUrl, env: { HOST: "127.0.0.1", ...quietRequestsEnv(verbose), ...env } });
  children.add(child);
  child.once("exit", (code, signal) => {
    children.delete(child);
    if (!cleaned && !child.killed) log(`the app on :${port} exited (${signal ?? `code ${code}`})`);
  });
  return child;
}

/** The resident memory of `pid` and its children (the app's cluster workers), in kB. */
function rssKb(pid) {
  let kb = 0;
  for (const p of [pid, ...childPids(pid)]) {
    const m = readFileSync(`/proc/${p}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
    if (m) kb += Number(m[1]);
  }
  return kb || null;
}

function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/* ------------------------------------------------------------------ HTTP: node:http, timed */

// The simulated browsers share the load generator's one process and the app's two cores, so their
// client is node:http, not fetch: fetch decompressed and decoded every body (the students read only
// the attempt pages' text), and took about a third of the machine's CPU in the exam night's start
// rush, where it delayed its own measurements. Bodies are still asked for compressed, as a browser
// asks, and read whole. Idle connections close after 3 s, before the server's 5 s keep-alive ends,
// so no request is sent on a connection the server is closing.
/** What Firefox and Safari send (Chrome adds ", zstd"): brotli last, though the server prefers it. */
const BROWSER_ENCODINGS = "gzip, deflate, br";
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096, timeout: 3000 });
const inflate = { br: promisify(zlib.brotliDecompress), gzip: promisify(zlib.gunzip), deflate: promisify(zlib.inflate) };

/**
 * One request, timed, its whole body read. Never throws: { status (0: no answer), ms, text, headers, error }.
 * `jar` ({ cookie }) is the client's cookie jar: one cookie name per jar is enough for what we drive.
 */
async function call(url, { method = "GET", body, jar, headers = {}, timeoutMs = 30_000, text = false } = {}) {
  const t0 = performance.now();
  const payload = body === undefined ? undefined : Buffer.from(body);
  try {
    const res = await new Promise((resolve, reject) => {
      const req = http.request(url, {
        method,
        agent,
        headers: {
          "Accept-Encoding": BROWSER_ENCODINGS,
          ...(payload ? { "Content-Length": payload.length } : {}),
          ...(typeof body === "string" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          ...(jar?.cookie ? { Cookie: jar.cookie } : {}),
          ...headers,
        },
      });
      const timer = setTimeout(() => req.destroy(Object.assign(new Error("timeout"), { code: "TimeoutError" })), timeoutMs);
      req.on("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
      req.on("response", (r) => {
        const chunks = [];
        r.on("data", (c) => chunks.push(c));
        r.on("error", (e) => {
          clearTimeout(timer);
          reject(e);
        });
        r.on("end", () => {
          clearTimeout(timer);
          resolve({ status: r.statusCode, raw: r.rawHeaders, body: Buffer.concat(chunks) });
        });
      });
      req.end(payload);
    });
    const resHeaders = new Headers();
    for (let i = 0; i < res.raw.length; i += 2) resHeaders.append(res.raw[i], res.raw[i + 1]);
    let content = "";
    if (text) {
      const unzip = inflate[resHeaders.get("content-encoding") ?? ""];
      content = (unzip ? await unzip(res.body) : res.body).toString("utf8");
    }
    if (jar) {
      for (const c of resHeaders.getSetCookie()) {
        const pair = c.split(";")[0];
        const name = pair.split("=")[0];
        const rest = (jar.cookie ?? "").split("; ").filter((p) => p && !p.startsWith(`${name}=`));
        jar.cookie = [...rest, pair].join("; ");
      }
    }
    return { status: res.status, ms: performance.now() - t0, text: content, headers: resHeaders };
  } catch (e) {
    return { status: 0, ms: performance.now() - t0, text: "", headers: new Headers(), error: e.code || e.message || e.name };
  }
}


/* ------------------------------------------------------------------ the exam and its students */

async function readExam(conn) {
  const [rows] = await conn.query(
    `SELECT sq.question_id AS id, o.opt_key AS k, o.is_correct AS correct
     FROM exam_titles e JOIN set_questions sq ON sq.set_id = e.question_set_id
     JOIN questions q ON q.id = sq.question_id AND q.type = 'mcq'
     JOIN question_options o ON o.question_id = q.id
     WHERE e.id = ? ORDER BY sq.sort, sq.question_id, o.sort, o.id`,
    [EXAM_ID],
  );
  const questions = new Map();
  for (const r of rows) {
    const q = questions.get(r.id) ?? { id: r.id, keys: [], correct: null };
    q.keys.push(r.k);
    if (r.correct && !q.correct) q.correct = r.k;
    questions.set(r.id, q);
  }
  const [[exam]] = await conn.query("SELECT name, duration_minutes AS minutes, negative_mark AS neg FROM exam_titles WHERE id = ?", [EXAM_ID]);
  return { id: EXAM_ID, name: exam.name, questions, total: questions.size, pages: Math.ceil(questions.size / 10) };
}

/** The fastest student needs this share of the exam's answering time; the slowest all of it. */
const PACE_MIN = 0.6;

/**
 * One student, as a browser does it: the exam page, Start (POST, 303, the exam cookie), each page of
 * the attempt, answers saved with think time (a JS student saves in the background with
 * POST …/save, then moves on with the form; a no-JS student's answers go with the form's Next), then
 * Finish, the confirmation and the result. A failed request is retried the way a person or the page's
 * script would (after a pause); it still counts as failed. `acked` holds what the server confirmed.
 */
async function runStudent(ctx, s) {
  const { base, exam, rec } = ctx;
  const jar = { cookie: null };
  await sleep(s.delay);
  const step = async (kind, url, opts, good) => {
    for (let attempt = 0; ; attempt++) {
      const res = await call(url, { ...opts, jar });
      const why = good(res);
      if (why === true) {
        rec.ok(kind, res.ms);
        return res;
      }
      rec.fail(kind, res, why);
      if (attempt >= ctx.maxRetries || ctx.stopped) throw new Error(`${kind} failed: ${why} (status ${res.status}${res.error ? `, ${res.error}` : ""})`);
      await sleep(Math.min(5000, 1000 * 2 ** Math.min(attempt, 3)) * (0.5 + Math.random()));
    }
  };
  const is200 = (r) => r.status === 200 || `not 200`;
  const redirectTo = (re) => (r) => (r.status === 303 && re.test(r.headers.get("location") ?? "")) || `not a 303 to ${re}`;
  // Each student has a pace of their own: some finish well before the time is up, the slowest at it.
  // (With per-step jitter alone every student finished within seconds of the others, a crunch no
  // exam hall sees.)
  const think = ctx.thinkMs * s.pace;

  await step("exam", `${base}/exampage/${exam.id}`, {}, is200);
  await sleep(jitter(think / 4));
  const started = await step("start", `${base}/exampage/${exam.id}/start`, { method: "POST", body: "" }, redirectTo(/\/attempt\/[A-Za-z0-9_-]{24}$/));
  s.attemptPath = started.headers.get("location");
  s.attemptId = s.attemptPath.split("/").pop();
  s.browserKey = /grbd_exams=([^;]+)/.exec(jar.cookie ?? "")?.[1] ?? null;
  const attemptUrl = `${base}${s.attemptPath}`;
  let page = await step("page", attemptUrl, { text: true }, (r) => (r.status === 200 && /name="shown"/.test(r.text)) || "no attempt form");
  for (let p = 1; p <= exam.pages; p++) {
    const shown = (/name="shown" value="([^"]*)"/.exec(page.text)?.[1] ?? "").split(",").filter(Boolean).map(Number);
    const answers = {};
    for (const id of shown) if (Math.random() < 0.85) answers[id] = pick(exam.questions.get(id)?.keys ?? ["a"]);
    const form = (ids, extra = {}) => {
      const f = new URLSearchParams({ page: String(p), shown: ids.join(",") });
      for (const id of ids) if (answers[id]) f.append(`q${id}`, answers[id]);
      for (const [k, v] of Object.entries(extra)) f.append(k, v);
      return f;
    };
    const ack = (ids) => {
      for (const id of ids) if (answers[id]) s.acked.set(id, answers[id]);
    };
    await thinkAndSave({
      js: s.js,
      ids: Object.keys(answers).map(Number),
      think,
      save: (batch) => step("save", `${attemptUrl}/save`, { method: "POST", body: form(batch).toString(), text: true }, savedJson),
      ack,
    });
    const last = p === exam.pages;
    const extra = last ? { intent: "finish" } : { go: String(p * 10 + 1) };
    const moved = await step("save", attemptUrl, { method: "POST", body: form(shown, extra).toString() }, redirectTo(last ? /\?confirm=1$/ : new RegExp(`\\?page=${p + 1}(#|$)`)));
    ack(shown);
    page = await step("page", `${base}${moved.headers.get("location").split("#")[0]}`, { text: true }, (r) => (r.status === 200 && /name="shown"/.test(r.text)) || "no attempt form");
  }
  await sleep(jitter(think / 3));
  const done = await step("finish", attemptUrl, { method: "POST", body: new URLSearchParams({ intent: "confirm-finish" }).toString() }, redirectTo(/\/result$/));
  await step("result", `${base}${done.headers.get("location")}`, {}, is200);
  s.finished = true;
}

/** Runs `n` students against `base`; resolves when all are done (or gave up). */
async function examNight({ base, exam, n, examSeconds = OPT.examSeconds, startWindow = OPT.startWindow, maxRetries = 8, label }) {
  const rec = new Recorder({ hangMs: HANG_MS });
  const ctx = { base, exam, rec, thinkMs: (examSeconds * 1000) / (exam.pages + 1), maxRetries, stopped: false };
  const students = Array.from({ length: n }, (_, i) => ({ i, js: i % 2 === 0, delay: Math.random() * startWindow * 1000, pace: PACE_MIN + Math.random() * (1 - PACE_MIN), acked: new Map(), finished: false, error: null }));
  const t0 = performance.now();
  const progress = setInterval(() => {
    const done = students.filter((s) => s.finished || s.error).length;
    log(`${label}: ${Math.round((performance.now() - t0) / 1000)} s, ${rec.count} requests, ${done}/${n} students done, ${rec.totalFailures()} failed request(s)`);
  }, 15_000);
  await Promise.all(students.map((s) => runStudent(ctx, s).catch((e) => { s.error = e.message; })));
  clearInterval(progress);
  return { students, rec, seconds: (performance.now() - t0) / 1000, ctx };
}

/** What the database holds for these students, against what each was told was saved. */
async function verifyAttempts(conn, exam, students) {
  const started = students.filter((s) => s.attemptId);
  const ids = started.map((s) => s.attemptId);
  const rows = new Map();
  const answers = new Map();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const [a] = await conn.query("SELECT id, finished_at, right_count, wrong_count, skipped_count, net FROM exam_attempts WHERE id IN (?)", [chunk]);
    for (const r of a) rows.set(r.id, r);
    const [b] = await conn.query("SELECT attempt_id, question_id, choice FROM exam_attempt_answers WHERE attempt_id IN (?)", [chunk]);
    for (const r of b) (answers.get(r.attempt_id) ?? answers.set(r.attempt_id, new Map()).get(r.attempt_id)).set(r.question_id, r.choice);
  }
  const hashes = started.filter((s) => s.browserKey).map((s) => createHash("sha256").update(s.browserKey).digest("hex"));
  let extraAttempts = 0;
  for (let i = 0; i < hashes.length; i += 500) {
    const [d] = await conn.query("SELECT COUNT(*) AS n FROM exam_attempts WHERE browser_hash IN (?)", [hashes.slice(i, i + 500)]);
    extraAttempts += Number(d[0].n);
  }
  extraAttempts -= hashes.length;
  let finished = 0, scoredRight = 0, acked = 0, lost = 0, changed = 0;
  const problems = [];
  for (const s of students) {
    if (!s.attemptId) continue;
    const row = rows.get(s.attemptId);
    const stored = answers.get(s.attemptId) ?? new Map();
    for (const [qid, choice] of s.acked) {
      acked++;
      if (!stored.has(qid)) lost++;
      else if (stored.get(qid) !== choice) changed++;
    }
    if (row?.finished_at) finished++;
    let right = 0, wrong = 0;
    for (const q of exam.questions.values()) {
      const c = s.acked.get(q.id);
      if (!c || !q.correct) continue;
      if (c === q.correct) right++;
      else wrong++;
    }
    if (row?.finished_at && row.right_count === right && row.wrong_count === wrong && row.right_count + row.wrong_count + row.skipped_count === exam.total) scoredRight++;
    else if (row?.finished_at && problems.length < 5) problems.push(`${s.attemptId}: stored ${row.right_count}/${row.wrong_count}, expected ${right}/${wrong}`);
  }
  return { students: students.length, started: started.length, finished, scoredRight, acked, lost, changed, extraAttempts, gaveUp: students.filter((s) => s.error).length, errors: [...new Set(students.filter((s) => s.error).map((s) => s.error))].slice(0, 5), problems };
}

/** The PASS/FAIL lines of one exam-night run; returns whether all passed. */
function examChecks(prefix, run, v, { latency = true, failures = true } = {}) {
  const sum = run.rec.summary();
  let ok = true;
  if (failures) {
    ok = check(`${prefix}: failed requests`, run.rec.totalFailures() === 0, `${run.rec.totalFailures()} of ${run.rec.count} (${JSON.stringify(run.rec.failures)})${run.rec.firstErrors.length ? `; first: ${run.rec.firstErrors.slice(0, 3).join("; ")}` : ""}`) && ok;
  }
  if (latency) {
    for (const kind of ["start", "page", "save", "finish"]) {
      const k = sum[kind];
      ok = check(`${prefix}: ${kind} p95 ≤ ${P95_LIMIT_MS} ms`, !!k && k.p95 !== null && k.p95 <= P95_LIMIT_MS, k ? `p50 ${k.p50} ms, p95 ${k.p95} ms, max ${k.max} ms over ${k.n}` : "no requests") && ok;
    }
  }
  ok = check(`${prefix}: every attempt finished and scored once`, v.started === v.students && v.finished === v.started && v.scoredRight === v.started && v.extraAttempts === 0 && v.gaveUp === 0,
    `${v.students} students, ${v.started} started, ${v.finished} finished, ${v.scoredRight} scored as expected, ${v.extraAttempts} extra attempt(s), ${v.gaveUp} gave up${v.errors.length ? ` (${v.errors.join("; ")})` : ""}${v.problems.length ? `; ${v.problems.join("; ")}` : ""}`) && ok;
  ok = check(`${prefix}: every acknowledged answer in the database`, v.lost === 0 && v.changed === 0, `${v.acked} acknowledged, ${v.lost} missing, ${v.changed} different`) && ok;
  return ok;
}

/* ------------------------------------------------------------------ load (autocannon) */

async function publicPages(conn) {
  const one = async (sql) => (await conn.query(sql))[0][0];
  const category = await one("SELECT category_id AS id FROM titles GROUP BY category_id ORDER BY COUNT(*) DESC, category_id LIMIT 1");
  const title = await one("SELECT id FROM titles ORDER BY LENGTH(content) DESC, id LIMIT 1");
  const subject = await one(
    "SELECT s.slug, c.subject_id AS sid, c.grade_id AS gid FROM categories c JOIN subjects s ON s.id = c.subject_id " +
      "JOIN subject_grades sg ON sg.subject_id = c.subject_id AND sg.grade_id = c.grade_id GROUP BY s.slug, c.subject_id, c.grade_id ORDER BY COUNT(*) DESC LIMIT 1",
  );
  const mcq = await one("SELECT c.id FROM mcq_categories c JOIN question_sets qs ON qs.mcq_category_id = c.id WHERE c.parent_id IS NULL ORDER BY c.sort, c.id LIMIT 1");
  const board = await one("SELECT board_subject_id AS id FROM board_papers GROUP BY board_subject_id ORDER BY COUNT(*) DESC LIMIT 1");
  return [
    "/home", `/category/${category.id}`, `/title/${title.id}`, `/subject/${encodeURIComponent(subject.slug)}/${subject.sid}/${subject.gid}`,
    "/about/aboutus", `/mq/${mcq.id}`, "/exampage/1?pageSize=25", "/exam-subpage/1", `/board-question/${board.id}`, "/live/room",
    `/search?q=${encodeURIComponent("ত্রিকোণমিতি")}`, `/api/search/suggest?q=${encodeURIComponent("ত্রিকোণ")}`, "/api/online/count",
  ];
}

function cannon(base, paths, seconds, connections) {
  return new Promise((resolve, reject) => {
    const inst = autocannon(
      { url: base, connections, duration: seconds, timeout: 30, requests: paths.map((path) => ({ method: "GET", path })) },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    inst.on("error", () => {});
  });
}

const statusesOf = (res) => Object.fromEntries(Object.entries(res.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));

async function loadCheck(prefix, base, paths, pid, { seconds = OPT.loadSeconds, during } = {}) {
  log(`${prefix}: warm-up ${OPT.warmupSeconds} s at ${OPT.connections} connections …`);
  await cannon(base, paths, OPT.warmupSeconds, OPT.connections);
  await sleep(2000);
  const before = pid ? rssKb(pid) : null;
  log(`${prefix}: ${seconds} s at ${OPT.connections} connections over ${paths.length} pages …`);
  const [res, extra] = await Promise.all([cannon(base, paths, seconds, OPT.connections), during?.()]);
  await sleep(2000);
  const after = pid ? rssKb(pid) : null;
  const statuses = statusesOf(res);
  const unintended = Object.entries(statuses).filter(([k]) => k !== "200").reduce((a, [, n]) => a + n, 0) + res.errors + res.timeouts;
  const fig = { requests: res.requests.total, rps: round(res.requests.average, 1), p50: res.latency.p50, p97_5: res.latency.p97_5, p99: res.latency.p99, max: res.latency.max, statuses, errors: res.errors, timeouts: res.timeouts, rssKbAfterWarmup: before, rssKbAfterRun: after };
  check(`${prefix}: only intended statuses`, unintended === 0, `${fig.requests} requests, ${fig.rps} req/s, statuses ${JSON.stringify(statuses)}, ${res.errors} error(s), ${res.timeouts} timeout(s); latency p50 ${fig.p50} ms, p99 ${fig.p99} ms`);
  if (pid) check(`${prefix}: RSS after the run within 20 % of after warm-up`, after <= before * 1.2, `${Math.round(before / 1024)} MB after warm-up, ${Math.round(after / 1024)} MB after the run (${round(((after - before) / before) * 100, 1)} %)`);
  return { fig, extra };
}

/* ------------------------------------------------------------------ presence flood */

const FLOOD_WORKERS = 16;

/** app/models/presence.server.ts MAX_PER_CLIENT. */
const PRESENCE_PER_CLIENT = 50;

async function presenceFlood(base, conn) {
  const count = async () => Number((await conn.query("SELECT COUNT(*) AS n FROM online_presence"))[0][0].n);
  const rowsBefore = await count();
  const shownBefore = JSON.parse((await call(`${base}/api/online/count`, { text: true })).text).count;
  const statuses = {};
  let errors = 0, slow = 0, n = 0;
  const until = Date.now() + OPT.presenceSeconds * 1000;
  const known = Array.from({ length: 5 }, () => `stress-known-${randomBytes(6).toString("hex")}`);
  const worker = async () => {
    while (Date.now() < until) {
      // Mostly new keys (what a flood does), some refreshes of a few known ones (what a reader does).
      const sessionKey = Math.random() < 0.2 ? pick(known) : `flood-${randomBytes(12).toString("hex")}`;
      const r = await call(`${base}/api/online/ping`, { method: "POST", body: JSON.stringify({ sessionKey, page: "/home" }), headers: { "Content-Type": "application/json" } });
      n++;
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status !== 200 && r.status !== 202) errors++;
      if (r.ms > HANG_MS) slow++;
    }
  };
  await Promise.all(Array.from({ length: FLOOD_WORKERS }, worker));
  const rowsAfter = await count();
  const shownAfter = JSON.parse((await call(`${base}/api/online/count`, { text: true })).text).count;
  figures.presence = { requests: n, rps: round(n / OPT.presenceSeconds, 1), statuses, rowsBefore, rowsAfter, shownBefore, shownAfter };
  check("presence flood: only 200 and 202 (accepted, not counted past the per-client limit)", errors === 0 && slow === 0, `${n} pings in ${OPT.presenceSeconds} s, statuses ${JSON.stringify(statuses)}, ${slow} slower than 10 s`);
  // New keys of one client are counted and checked in one statement: at most PRESENCE_PER_CLIENT a
  // window (the flood may span several two-minute windows), however many requests run at once.
  const windows = Math.ceil(OPT.presenceSeconds / 120);
  check("presence flood: the table stays bounded", rowsAfter - rowsBefore <= PRESENCE_PER_CLIENT * windows && shownAfter - shownBefore <= PRESENCE_PER_CLIENT,
    `rows ${rowsBefore} → ${rowsAfter} (bound: ${PRESENCE_PER_CLIENT} new per client a window × ${windows}), online count ${shownBefore} → ${shownAfter} (at most ${PRESENCE_PER_CLIENT} per client)`);
}

/* ------------------------------------------------------------------ database fault */

async function faultCheck(base, exam, databaseUrl) {
  if (process.env.DATABASE_URL) return check("database fault", null, "skipped: DATABASE_URL is set, and this script only stops the project-local MariaDB");
  // A probe student with an attempt of its own: its page and its save are probed through the outage.
  const jar = { cookie: null };
  const started = await call(`${base}/exampage/${exam.id}/start`, { method: "POST", body: "", jar });
  const attempt = started.headers.get("location");
  const firstId = [...exam.questions.keys()][0];
  const probes = [
    { name: "home", url: `${base}/home` },
    { name: "exam page", url: `${base}/exampage/${exam.id}` },
    { name: "attempt page", url: `${base}${attempt}`, jar },
    { name: "JS save", url: `${base}${attempt}/save`, jar, method: "POST", body: () => `shown=${firstId}&q${firstId}=${exam.questions.get(firstId).keys[0]}` },
    { name: "form save", url: `${base}${attempt}`, jar, method: "POST", body: () => `page=1&shown=${firstId}&q${firstId}=${exam.questions.get(firstId).keys[1]}&intent=save`, okStatus: 303 },
    { name: "presence count", url: `${base}/api/online/count` },
    { name: "healthz", url: `${base}/healthz` },
  ];
  const probe = (p) => call(p.url, { method: p.method ?? "GET", body: p.body?.(), jar: p.jar, text: true, timeoutMs: 20_000 });

  log(`fault: ${OPT.faultStudents} students, the database stops after 15 s for ${OPT.downSeconds} s …`);
  const night = examNight({ base, exam, n: OPT.faultStudents, examSeconds: Math.max(60, OPT.downSeconds * 3), startWindow: 5, maxRetries: 40, label: "fault" });
  await sleep(15_000);
  const downAt = performance.now();
  await stopLocalDb({ quiet: true });
  log("fault: MariaDB stopped");
  const during = { statuses: {}, unfriendly: [], hung: 0, n: 0 };
  while (performance.now() - downAt < OPT.downSeconds * 1000) {
    const results = await Promise.all(probes.map(async (p) => [p, await probe(p)]));
    for (const [p, r] of results) {
      during.n++;
      during.statuses[`${p.name} ${r.status}`] = (during.statuses[`${p.name} ${r.status}`] ?? 0) + 1;
      if (r.ms > HANG_MS) during.hung++;
      const friendly503 = r.status === 503 && (/সাময়িকভাবে বন্ধ|database unavailable|"database":"down"/.test(r.text));
      // A page served without the database (a cached exam, a redirect) is fine; an error or silence is not.
      const served = r.status === (p.okStatus ?? 200);
      if (!friendly503 && !served && during.unfriendly.length < 6) during.unfriendly.push(`${p.name}: ${r.status}${r.error ? ` ${r.error}` : ""} ${r.text.slice(0, 80).replace(/\s+/g, " ")}`);
    }
    await sleep(250);
  }
  await startLocalDb({ quiet: true });
  const upAt = performance.now();
  log("fault: MariaDB running again");
  const recovery = {};
  await Promise.all(
    probes.map(async (p) => {
      for (;;) {
        const r = await probe(p);
        if (r.status === (p.okStatus ?? 200)) {
          recovery[p.name] = round((performance.now() - upAt) / 1000, 2);
          return;
        }
        if (performance.now() - upAt > 60_000) {
          recovery[p.name] = null;
          return;
        }
        await sleep(100);
      }
    }),
  );
  const run = await night;
  const conn = await mysql.createConnection({ uri: databaseUrl, charset: "utf8mb4" });
  const v = await verifyAttempts(conn, exam, run.students).finally(() => conn.end());
  figures.fault = { during, recoverySeconds: recovery, students: v, failuresRetried: run.rec.failures, hungRequests: run.rec.hung };
  check("fault: friendly 503 (or a page served without the database) while it is down", during.unfriendly.length === 0, `${during.n} probes: ${JSON.stringify(during.statuses)}${during.unfriendly.length ? `; other answers: ${during.unfriendly.join(" | ")}` : ""}`);
  check("fault: no request hangs past 10 s", during.hung === 0 && run.rec.hung === 0, `${during.hung} probe(s) and ${run.rec.hung} student request(s) slower than 10 s`);
  const worst = Math.max(...Object.values(recovery).map((s) => (s === null ? Infinity : s)));
  check("fault: every page answers 200 within 5 s of the database's return", worst <= 5, `seconds to the first 200: ${JSON.stringify(recovery)}`);
  examChecks("fault", run, v, { latency: false, failures: false });
}

/* ------------------------------------------------------------------ hostile input */

/** The URL pattern of each route file (Remix v2 flat routes), its params and the query keys it reads. */
function routePatterns() {
  const dir = join(root, "app", "routes");
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    const isDir = statSync(full).isDirectory();
    const name = isDir ? entry : entry.replace(/\.(tsx?|jsx?)$/, "");
    const files = isDir ? readdirSync(full).map((f) => join(full, f)) : [full];
    const source = files.map((f) => readFileSync(f, "utf8")).join("\n");
    // Query keys: what the route's files and the ~/lib modules they import read from a URL.
    const libs = [...source.matchAll(/from "~\/lib\/([\w./-]+)"/g)].map((m) => m[1]);
    const libSource = libs.map((l) => ["ts", "tsx"].map((x) => join(root, "app", "lib", `${l}.${x}`)).find(existsSync)).filter(Boolean).map((f) => readFileSync(f, "utf8")).join("\n");
    const keys = new Set();
    for (const m of (source + libSource).matchAll(/(?:searchParams|params|query|sp|url\.searchParams)\.(?:get|getAll|has)\("([A-Za-z_][\w]*)"\)|fieldOrQuery\([^)]*?"([A-Za-z_]\w*)"\)/g)) keys.add(m[1] ?? m[2]);
    const segments = [];
    const params = [];
    for (let seg of name.split(/\.(?![^[]*\])/)) {
      if (seg === "_index" || /^_/.test(seg)) continue;
      seg = seg.replace(/_$/, "").replace(/\[(.*?)\]/g, "$1");
      const opt = /^\((.*)\)$/.exec(seg);
      const inner = opt ? opt[1] : seg;
      if (inner.startsWith("$")) {
        const p = inner.slice(1) || "*";
        params.push(p);
        segments.push(`:${p}`);
      } else segments.push(inner);
    }
    const pattern = "/" + segments.join("/");
    out.push({ file: entry, pattern, params, keys: [...keys].filter((k) => !params.includes(k)), action: /export (async )?function action/.test(source) });
  }
  return out;
}

/** ≥ n hostile values, already in the form they go on the wire (a path segment or a query value). */
function hostileValues(n) {
  const enc = encodeURIComponent;
  const bn = (s) => String(s).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[d]);
  const fixed = [
    "0", "-1", "-0", "00", "1.5", "1e3", "1e309", "0x10", "NaN", "Infinity", "-Infinity", "undefined", "null", "true", "[]", "{}",
    "2147483647", "2147483648", "4294967296", "9007199254740993", "99999999999999999999999999", "-9223372036854775809",
    bn(12), bn(2023), "১.৫", "১২a", "٣", "१२", " 1", "1 ", "+1", "1,2", "1;2",
    "' OR '1'='1", "1' OR 1=1 -- ", "1; DROP TABLE questions; --", "1 UNION SELECT password FROM staff_users", "\\", "'", '"', "`", "%", "_", "1)--",
    "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "javascript:alert(1)", "{{7*7}}", "${7*7}", "<!--", "]]>",
    "../../etc/passwd", "..%2f..%2fetc%2fpasswd", "....//....//etc/passwd", "/etc/passwd", "C:\\Windows\\win.ini", "%00", "a\u0000b", "\r\nSet-Cookie: x=1",
    "x".repeat(10_240), "১".repeat(3000), "😀".repeat(100), "\u202e", "\ufeff", "ত্রিকোণমিতি", "a b", "a+b", "a&b=c", "#frag", "?q=1",
  ];
  const raw = ["%", "%zz", "%E0%A4%A", "%C3%28", "%FF%FE", "%%", "%u0041", "..%c0%af..", "%2e%2e%2f", "%252e", "%", "%0", "%E0%80%AF", "%ED%A0%80"];
  const values = [...fixed.map((v) => ({ v, wire: enc(v) })), ...raw.map((v) => ({ v, wire: v })), { v: "../..", wire: "../.." }, { v: "..", wire: ".." }];
  let seed = 19;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const gens = [
    () => String(Math.floor(rnd() * 10 ** (1 + Math.floor(rnd() * 20)))),
    () => String(-Math.floor(rnd() * 10 ** (1 + Math.floor(rnd() * 12)))),
    () => (rnd() * 10 ** Math.floor(rnd() * 8)).toFixed(1 + Math.floor(rnd() * 4)),
    () => bn(Math.floor(rnd() * 10 ** (1 + Math.floor(rnd() * 9)))),
    () => `${Math.floor(rnd() * 100)}e${Math.floor(rnd() * 400)}`,
    () => `${Math.floor(rnd() * 1000)}' AND SLEEP(${Math.floor(rnd() * 5)})-- `,
    () => `<svg onload=alert(${Math.floor(rnd() * 1000)})>`,
    () => "../".repeat(1 + Math.floor(rnd() * 8)) + "etc/passwd",
    () => String.fromCharCode(...Array.from({ length: 1 + Math.floor(rnd() * 30) }, () => 32 + Math.floor(rnd() * 95))),
    () => String.fromCharCode(...Array.from({ length: 1 + Math.floor(rnd() * 10) }, () => 0x980 + Math.floor(rnd() * 0x7f))),
  ];
  for (let i = 0; values.length < n; i++) {
    const v = gens[i % gens.length]();
    values.push({ v, wire: enc(v) });
  }
  return values;
}

/** GET with node:http, so the path goes on the wire exactly as given (fetch would normalise ../ and %zz). */
const hostileAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
function rawGet(port, path, headers = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request({ host: "127.0.0.1", port, path, method: "GET", agent: hostileAgent, headers, timeout: 30_000 }, (res) => {
      const chunks = [];
      let size = 0;
      res.on("data", (c) => {
        if (size < 2_000_000) chunks.push(c);
        size += c.length;
      });
      res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - t0 }));
      res.on("error", (e) => resolve({ status: 0, text: "", error: e.code, ms: performance.now() - t0 }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (e) => resolve({ status: 0, text: "", error: e.code ?? e.message, ms: performance.now() - t0 }));
    req.end();
  });
}

const LEAK = /\n\s+at [\w$.<>]+ \(|\bat (?:async )?[\w$.]+ \((?:file:\/\/|\/)[^)]*:\d+:\d+\)|node_modules\/|You have an error in your SQL syntax|\bER_[A-Z_]{4,}\b|sqlMessage|sqlState|Failed query:|\bselect [`\w]+.{0,200}\bfrom [`\w]+ where\b/i;

async function hostileCheck(port, defaults) {
  const routes = routePatterns();
  const values = hostileValues(OPT.hostileValues);
  const jobs = [];
  for (const r of routes) {
    const fill = (p) => defaults[p] ?? "1";
    const pathWith = (param, wire) => r.pattern.replace(/:([\w*]+)/g, (_, p) => (p === param ? wire : encodeURIComponent(fill(p))));
    for (const p of r.params) for (const { wire } of values) jobs.push({ route: r.pattern, what: `:${p}`, path: pathWith(p, wire) });
    const basePath = pathWith(null, "");
    for (const k of r.keys) for (const { wire } of values) jobs.push({ route: r.pattern, what: `?${k}`, path: `${basePath}?${k}=${wire}` });
  }
  log(`hostile: ${routes.length} route patterns, ${jobs.length} requests (${values.length} values per parameter and query key) …`);
  const bad = [];
  const statuses = {};
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < jobs.length; i = next++) {
      const j = jobs[i];
      const r = await rawGet(port, j.path);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      const why = r.status === 0 ? `no answer (${r.error})` : r.status >= 500 ? `status ${r.status}` : LEAK.test(r.text) ? `leak: ${LEAK.exec(r.text)[0].slice(0, 60)}` : r.ms > HANG_MS ? "slower than 10 s" : null;
      if (why) bad.push({ ...j, why, path: j.path.slice(0, 120) });
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 8 }, worker));
  const perRoute = {};
  for (const j of jobs) perRoute[j.route] = (perRoute[j.route] ?? 0) + 1;
  figures.hostile = { routes: routes.map((r) => ({ pattern: r.pattern, params: r.params, keys: r.keys })), requests: jobs.length, seconds: round((performance.now() - t0) / 1000, 1), statuses, failures: bad.slice(0, 50) };
  const keys = routes.reduce((a, r) => a + r.params.length + r.keys.length, 0);
  check("hostile input: no 5xx, no stack trace or SQL in a body", bad.length === 0,
    `${jobs.length} requests over ${routes.length} route patterns (${keys} parameters and query keys × ${values.length} values), statuses ${JSON.stringify(statuses)}` +
      (bad.length ? `; ${bad.length} bad, first: ${bad.slice(0, 5).map((b) => `${b.route} ${b.what} → ${b.why} (${b.path})`).join(" | ")}` : ""));
}

/**
 * Hostile bodies: what reads a body must stop at its cap whether or not a length was declared, limits
 * must hold for simultaneous requests, and a client that sends its body a byte at a time is cut off.
 */
async function hostileBodies(base, conn, defaults) {
  const { port } = new URL(base);
  /** A chunked POST (no Content-Length) of `total` bytes; resolves with the status, or 0 when the server closed first. */
  const chunked = (path, total, type = "application/x-www-form-urlencoded") =>
    new Promise((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, path, method: "POST", agent: false, headers: { "Content-Type": type, Origin: base } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      });
      req.on("error", () => resolve(0));
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
  /** A body sent one byte every `every` ms: how long until the server closed the connection. */
  const trickle = (path, every) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.request({ host: "127.0.0.1", port, path, method: "POST", agent: false, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base } });
      const done = (outcome) => {
        clearInterval(tick);
        resolve({ outcome, seconds: (performance.now() - t0) / 1000 });
      };
      req.on("response", (res) => done(`answered ${res.statusCode}`));
      req.on("error", () => done("closed"));
      const tick = setInterval(() => req.write("a"), every);
      setTimeout(() => {
        req.destroy();
        done("still open after 90 s");
      }, 90_000).unref();
    });
  const settings = `/make-question/${encodeURIComponent(defaults.sname)}/${defaults.sid}/${defaults.gid}/settings`;
  const slow = trickle("/contact", 500);
  const [settingsStatus, contactStatus] = await Promise.all([chunked(settings, 100 * 1024 * 1024), chunked("/contact", 100 * 1024 * 1024)]);
  check("hostile bodies: a chunked 100 MB public POST is refused", [settingsStatus, contactStatus].every((st) => st === 413 || st === 0),
    `paper settings ${settingsStatus || "closed"}, contact ${contactStatus || "closed"} (413 or closed while sending)`);

  await conn.query("DELETE FROM rate_limits WHERE `key` LIKE 'contact:%' OR `key` LIKE 'paper:%'");
  const [[{ n: before }]] = await conn.query("SELECT COUNT(*) AS n FROM contact_messages");
  const message = (i) => new URLSearchParams({ name: "স্ট্রেস", email: `burst${i}@example.com`, phone: "", message: "একসাথে অনেকগুলো বার্তা।" }).toString();
  const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => call(`${base}/contact`, { method: "POST", body: message(i), headers: { Origin: base } })));
  const [[{ n: after }]] = await conn.query("SELECT COUNT(*) AS n FROM contact_messages");
  const statuses = {};
  for (const r of burst) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  check("hostile bodies: 40 simultaneous contact messages from one client store 5", Number(after) - Number(before) === 5 && burst.every((r) => r.status === 303 || r.status === 429),
    `stored ${Number(after) - Number(before)}, statuses ${JSON.stringify(statuses)}`);

  const cut = await slow;
  check("hostile bodies: a body sent a byte at a time is cut off", cut.outcome === "closed" && cut.seconds < 45,
    `${cut.outcome} after ${round(cut.seconds, 1)} s (limit 30 s)`);
}

/* ------------------------------------------------------------------ admin */

const MODERATOR = { username: "stress-mod", email: "stress-mod@example.com", password: "stress-moderator-2026" };
const LOCKED = { username: "stress-lock", email: "stress-lock@example.com", password: "stress-lockout-2026" };

async function ensureStaff(conn, databaseUrl, who) {
  const [rows] = await conn.query("SELECT id FROM staff_users WHERE username = ?", [who.username]);
  if (rows.length) return;
  run(join(root, "node_modules", ".bin", "tsx"), ["drizzle/staff-create.ts", "--username", who.username, "--email", who.email, "--name", who.username, "--role", "moderator", "--password", who.password], {
    env: { DATABASE_URL: databaseUrl },
    stdio: verbose ? "inherit" : "ignore",
  });
}

async function signIn(base, who, headers = {}) {
  const jar = { cookie: null };
  const body = new URLSearchParams({ identifier: who.username, password: who.password, redirectTo: "/gradmin" }).toString();
  const r = await call(`${base}/gradmin/login`, { method: "POST", body, jar, headers: { Origin: new URL(base).origin, ...headers }, text: true });
  return { jar, res: r, ok: (r.status === 302 || r.status === 303) && /grbd_staff=/.test(jar.cookie ?? "") };
}

function resourceGrants() {
  const source = readFileSync(join(root, "app", "lib", "admin", "resources.ts"), "utf8");
  return [...source.matchAll(/key: "([\w-]+)",[\s\S]*?permission: "(\w+)"/g)].map((m) => ({ key: m[1], permission: m[2] }));
}

async function adminCheck(base) {
  const routes = routePatterns().filter((r) => r.pattern.startsWith("/gradmin") && !/\/login$/.test(r.pattern));
  const resources = resourceGrants();
  const moderatorGrants = new Set(["account", "dashboard", "inbox", "media"]);
  const urls = [];
  for (const r of routes) {
    const source = readFileSync(join(root, "app", "routes", r.file), "utf8");
    const permission = /requireStaff\(request, "(\w+)"\)/.exec(source)?.[1] ?? null;
    const list = r.params.includes("resource") ? resources.map((x) => ({ res: x.key, permission: x.permission })) : [{ res: null, permission }];
    for (const { res, permission: perm } of list) {
      const path = r.pattern.replace(":resource", res ?? "").replace(/:(\w+)/g, "1");
      urls.push({ path, permission: perm, action: r.action, logout: /logout/.test(path) });
    }
  }
  const mod = await signIn(base, MODERATOR);
  if (!check("admin: the moderator signs in", mod.ok, `status ${mod.res.status}`)) return;
  const bad = [];
  let n = 0;
  const granted = [];
  const loginRedirect = (r) => (r.status === 302 || r.status === 303) && /^\/gradmin\/login/.test(r.headers.get("location") ?? "");
  for (const u of urls) {
    for (const method of ["GET", "POST"]) {
      if (method === "POST" && !u.action) continue;
      const body = method === "POST" ? "intent=delete&id=1&name=x" : undefined;
      const headers = method === "POST" ? { Origin: new URL(base).origin } : {};
      const anon = await call(`${base}${u.path}`, { method, body, headers, text: true });
      n++;
      // Refused, or sent towards sign-in (logout without a session goes to /gradmin, which does): no content.
      const toAdmin = (anon.status === 302 || anon.status === 303) && /^\/gradmin(\/login|$|\?)/.test(anon.headers.get("location") ?? "");
      if (!(toAdmin || [400, 401, 403, 404, 405].includes(anon.status))) bad.push(`${method} ${u.path} without a session: ${anon.status} ${anon.headers.get("location") ?? ""}`);
      if (u.logout) continue; // signing the moderator out would end the walk
      const asMod = await call(`${base}${u.path}`, { method, body, headers, jar: { cookie: mod.jar.cookie }, text: true });
      n++;
      const allowed = moderatorGrants.has(u.permission);
      if (allowed && method === "GET") {
        if (asMod.status === 200) granted.push(u.path);
        else if (!(asMod.status < 500)) bad.push(`GET ${u.path} as moderator (granted "${u.permission}"): ${asMod.status}`);
        continue;
      }
      // POST without the session's token, or a route the role lacks: refused, never done (2xx or a redirect elsewhere).
      const refused = [400, 403, 404, 405].includes(asMod.status) || loginRedirect(asMod);
      if (!refused) bad.push(`${method} ${u.path} as moderator${allowed ? "" : ` (needs "${u.permission}")`}: ${asMod.status} ${asMod.headers.get("location") ?? ""}`);
    }
  }
  figures.admin = { urls: urls.length, requests: n, grantedToModerator: granted, bad };
  check("admin: no content without a session or with a low role", bad.length === 0,
    `${n} requests over ${urls.length} admin URLs; the moderator's own screens (${granted.length}: ${granted.join(", ")}) answer 200 as its role grants; ${bad.length ? `bad: ${bad.slice(0, 6).join(" | ")}` : "everything else redirects to sign-in or is refused"}`);
}

/* ------------------------------------------------------------------ nginx in front of two processes */

function writeNginxConfig(ports, listen) {
  const dir = join(dataRoot, "nginx");
  mkdirSync(join(dir, "tmp"), { recursive: true });
  const isRoot = process.getuid?.() === 0;
  const conf = `# Generated by scripts/stress.mjs: two app processes behind one nginx on loopback.
${isRoot ? "user root;" : ""}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  client_max_body_size 13m;
  upstream app {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join("\n")}
    keepalive 64;
    # Below Node's keep-alive timeout (5 s): otherwise nginx may send a request on a connection the app
    # is closing at that moment, and a POST, which nginx does not resend, answers 502.
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # What server/guards.mjs and TRUST_PROXY=1 expect from our one hop.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A request that never reached an app, or a GET whose app died, goes to the other one. A POST that
      # was sent is not sent twice (nginx's default): its client sees the error and tries again.
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`;
  writeFileSync(join(dir, "nginx.conf"), conf);
  return { dir, conf: join(dir, "nginx.conf") };
}

async function nginxChecks(databaseUrl, exam, conn, paths) {
  const nginx = ensureAptPackage("nginx", "nginx", "nginx is needed for the two-instance check (--checks without nginx skips it).");
  const ports = [OPT.port + 1, OPT.port + 2];
  for (const p of [...ports, OPT.nginxPort]) if (await portOpen(p)) throw new Error(`port ${p} is already in use`);
  // Two instances of one process each: stopping one stops half the app, as stopping a machine would.
  const apps = ports.map((p) => startApp(p, databaseUrl, { TRUST_PROXY: "1", WEB_CONCURRENCY: "1" }));
  await Promise.all(ports.map((p, i) => waitForHealth(`http://127.0.0.1:${p}`, apps[i])));
  const { dir, conf } = writeNginxConfig(ports, OPT.nginxPort);
  const proxy = spawn(nginx, ["-p", dir, "-c", conf, "-e", join(dir, "error.log")], { stdio: ["ignore", "inherit", "inherit"] });
  children.add(proxy);
  const base = `http://127.0.0.1:${OPT.nginxPort}`;
  await waitForHealth(base, proxy, 20_000);
  const [a, b] = ports.map((p) => `http://127.0.0.1:${p}`);

  // A sign-in on one instance is valid on the other (sessions in the database, one SESSION_SECRET).
  const login = await signIn(a, MODERATOR);
  const onB = login.ok ? await call(`${b}/gradmin`, { jar: { cookie: login.jar.cookie }, text: true }) : { status: 0, text: "" };
  check("nginx: a sign-in on one instance is valid on the other", login.ok && onB.status === 200 && onB.text.includes(MODERATOR.username), `sign-in on :${ports[0]} ${login.res.status}, /gradmin on :${ports[1]} ${onB.status}`);

  // Sign-in throttling holds across both: 5 failures alternating between them, then the right password is refused.
  await conn.query("DELETE FROM rate_limits WHERE `key` IN (CONCAT('signin-account:', (SELECT id FROM staff_users WHERE username = ?)), 'signin-ip:10.77.0.1')", [LOCKED.username]);
  const via = { "X-Forwarded-For": "10.77.0.1" };
  const fails = [];
  for (let i = 0; i < 5; i++) fails.push((await signIn(i % 2 ? b : a, { ...LOCKED, password: "wrong-password-123" }, via)).res.status);
  const sixth = await signIn(b, LOCKED, via);
  const seventh = await signIn(a, LOCKED, via);
  check("nginx: sign-in throttling holds across both instances", !sixth.ok && !seventh.ok && sixth.res.status === 429 && seventh.res.status === 429,
    `5 wrong passwords alternating (${fails.join(", ")}), then the right one: ${sixth.res.status} on :${ports[1]}, ${seventh.res.status} on :${ports[0]}`);
  await conn.query("DELETE FROM rate_limits WHERE `key` IN (CONCAT('signin-account:', (SELECT id FROM staff_users WHERE username = ?)), 'signin-ip:10.77.0.1')", [LOCKED.username]);

  // The online count agrees across both.
  for (const [i, host] of [a, a, a, b, b, b].entries()) {
    await call(`${host}/api/online/ping`, { method: "POST", body: JSON.stringify({ sessionKey: `stress-agree-${i}-${randomBytes(4).toString("hex")}`, page: "/home" }), headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.78.0.${i}` } });
  }
  const counts = await Promise.all([a, b].map(async (h) => JSON.parse((await call(`${h}/api/online/count`, { text: true })).text).count));
  check("nginx: the online count agrees across both instances", counts[0] === counts[1] && counts[0] >= 6, `:${ports[0]} says ${counts[0]}, :${ports[1]} says ${counts[1]}`);

  // Exam night through nginx.
  log(`nginx: exam night with ${OPT.nginxStudents} students through nginx …`);
  const night = await examNight({ base, exam, n: OPT.nginxStudents, label: "nginx exam" });
  const v = await verifyAttempts(conn, exam, night.students);
  figures.nginxExam = { n: OPT.nginxStudents, seconds: round(night.seconds, 1), latency: night.rec.summary(), failures: night.rec.failures, verify: v };
  examChecks(`nginx exam night (${OPT.nginxStudents} students)`, night, v);

  // Load through nginx; halfway, one app process dies (SIGKILL: in-flight requests are cut) while
  // students keep saving. GETs move to the other process; a cut POST is retried by its client.
  const killAfter = Math.max(1, Math.floor(OPT.loadSeconds / 2));
  const during = async () => {
    const cohort = examNight({ base, exam, n: Math.min(100, OPT.nginxStudents), examSeconds: OPT.loadSeconds, startWindow: 2, maxRetries: 20, label: "nginx kill cohort" });
    await sleep(killAfter * 1000);
    log(`nginx: killing the app on :${ports[1]} (pid ${apps[1].pid}) mid-load`);
    apps[1].kill("SIGKILL");
    const r = await cohort;
    return { run: r, verify: await verifyAttempts(conn, exam, r.students) };
  };
  const { fig, extra } = await loadCheck(`nginx load (one of two killed after ${killAfter} s)`, base, paths, null, { during });
  const after = await call(`${base}/home`);
  figures.nginxLoad = { ...fig, killCohort: { latency: extra.run.rec.summary(), failuresRetried: extra.run.rec.failures, verify: extra.verify }, afterKillHome: after.status };
  check("nginx: traffic moves to the other instance", after.status === 200, `/home through nginx after the kill: ${after.status}; students' requests cut by the kill and retried: ${extra.run.rec.totalFailures()} (${JSON.stringify(extra.run.rec.failures)})`);
  examChecks("nginx kill mid-load", extra.run, extra.verify, { latency: false, failures: false });
  await stopChild(proxy);
  for (const app of apps) await stopChild(app);
}

/* ------------------------------------------------------------------ report */

function writeReport(meta) {
  const failed = checks.filter((c) => c.status === "FAIL").length;
  const md = [
    "# Stress report",
    "",
    `${meta.date} · commit ${meta.commit} · Node ${meta.node} · ${meta.cpus} · load average ${meta.loadavg.before.join(" ")} before, ${meta.loadavg.after.join(" ")} after · ${meta.minutes} min`,
    "",
    `Options: ${JSON.stringify(meta.options)}`,
    "",
    "## Checks",
    "",
    "```",
    ...checks.map((c) => `${c.status} ${c.name}: ${c.detail}`),
    "```",
    "",
    failed ? `**${failed} check(s) failed.**` : "All checks passed.",
    "",
    "## Figures",
    "",
    "```json",
    JSON.stringify(figures, null, 2).slice(0, 60_000),
    "```",
    "",
  ].join("\n");
  writeFileSync(join(root, "stress-report.md"), md);
  writeFileSync(join(root, "stress-report.json"), JSON.stringify({ ...meta, checks, figures }, null, 2) + "\n");
  return failed;
}

/* ------------------------------------------------------------------ main */

async function main() {
  const t0 = Date.now();
  const loadBefore = os.loadavg();
  if (!process.env.DATABASE_URL && localPort === 33061 && CHECKS.has("fault")) {
    log("note: LOCAL_DB_PORT is the default 33061; the fault check stops only a MariaDB this worktree's .data/ runs, but give stress runs their own port (LOCAL_DB_PORT=33092)");
  }
  let databaseUrl;
  ({ database, databaseUrl } = await seededDatabase("stress"));
  if (needsBuild() || flag("build")) run("npm", ["run", "build"]);
  const conn = await mysql.createConnection({ uri: databaseUrl, charset: "utf8mb4" });
  try {
    // The stress database only: the exam lasts long enough for a compressed run, not its real hour.
    const minutes = Math.ceil((OPT.startWindow + OPT.examSeconds * 2 + 120) / 60);
    await conn.query("UPDATE exam_titles SET duration_minutes = ? WHERE id = ?", [minutes, EXAM_ID]);
    const exam = await readExam(conn);
    figures.exam = { id: exam.id, name: exam.name, questions: exam.total, pages: exam.pages, durationMinutesForTheRun: minutes };
    log(`exam title ${exam.id} "${exam.name}": ${exam.total} questions on ${exam.pages} pages; its duration is ${minutes} min in grbd_stress`);
    await ensureStaff(conn, databaseUrl, MODERATOR);
    await ensureStaff(conn, databaseUrl, LOCKED);
    const paths = await publicPages(conn);
    const [[defaults]] = await conn.query(
      "SELECT (SELECT slug FROM subjects ORDER BY id LIMIT 1) AS sname, (SELECT code FROM saved_papers ORDER BY id LIMIT 1) AS code",
    ).catch(() => [[{}]]);

    if (await portOpen(OPT.port)) throw new Error(`port ${OPT.port} is already in use`);
    const server = startApp(OPT.port, databaseUrl);
    const base = `http://127.0.0.1:${OPT.port}`;
    await waitForHealth(base, server);

    if (CHECKS.has("exam")) {
      const sizes = findMax ? option("sizes", "250,500,1000,1500,2000,3000").split(",").map(Number) : [OPT.students];
      const runs = [];
      for (const n of sizes) {
        log(`exam night: ${n} students start within ${OPT.startWindow} s, ${OPT.examSeconds} s of answering …`);
        const night = await examNight({ base, exam, n, label: `exam ${n}` });
        const v = await verifyAttempts(conn, exam, night.students);
        const ok = examChecks(`exam night (${n} students)`, night, v);
        runs.push({ n, ok, seconds: round(night.seconds, 1), requests: night.rec.count, latency: night.rec.summary(), failures: night.rec.failures, verify: v });
        if (findMax && !ok) break;
      }
      figures.examNight = runs;
      if (findMax) {
        const best = runs.filter((r) => r.ok).at(-1);
        figures.maxStudents = best?.n ?? 0;
        log(`largest number of students that held every check: ${best ? best.n : "none of the sizes tried"} (tried ${runs.map((r) => `${r.n} ${r.ok ? "ok" : "failed"}`).join(", ")})`);
      }
    }
    if (CHECKS.has("live")) {
      const { liveCheck } = await import("./stress-live.mjs");
      const sizes = findMax ? option("live-sizes", "3000,5000,7500,10000").split(",").map(Number) : [OPT.liveStudents];
      const runs = [];
      for (const n of sizes) {
        const r = await liveCheck({ base, conn, call, check, log, n, waitSeconds: OPT.liveWait, startWindow: OPT.startWindow, examSeconds: OPT.liveExamSeconds });
        runs.push(r);
        if (findMax && !r.ok) break;
      }
      figures.live = runs;
      if (findMax) {
        const best = runs.filter((r) => r.ok).at(-1);
        figures.maxLiveStudents = best?.n ?? 0;
        log(`largest live exam that held every check: ${best ? best.n : "none of the sizes tried"} (tried ${runs.map((r) => `${r.n} ${r.ok ? "ok" : "failed"}`).join(", ")})`);
      }
    }
    if (CHECKS.has("load")) figures.load = (await loadCheck("load", base, paths, server.pid)).fig;
    if (CHECKS.has("presence")) await presenceFlood(base, conn);
    if (CHECKS.has("hostile")) {
      const [[att]] = await conn.query("SELECT id FROM exam_attempts WHERE exam_id = ? ORDER BY started_at DESC LIMIT 1", [EXAM_ID]);
      await hostileCheck(OPT.port, { grtid: "1", attemptId: att?.id ?? "A".repeat(24), sname: defaults.sname ?? "math", code: defaults.code ?? "x", page: "aboutus", resource: "videos", file: "x.png", "*": "x" });
      await hostileBodies(base, conn, { sname: defaults.sname ?? "math", sid: defaults.sid ?? "1", gid: defaults.gid ?? "1" });
    }
    if (CHECKS.has("admin")) await adminCheck(base);
    if (CHECKS.has("fault")) await faultCheck(base, exam, databaseUrl);
    await stopChild(server);
    if (CHECKS.has("nginx")) {
      // The fault check restarted the database: a fresh connection for what follows.
      const conn2 = await mysql.createConnection({ uri: databaseUrl, charset: "utf8mb4" });
      try {
        await nginxChecks(databaseUrl, exam, conn2, paths);
      } finally {
        await conn2.end();
      }
    }
    if (CHECKS.has("replica")) {
      // A MariaDB replica beside the stress database, and the app reading through it (scripts/stress-replica.mjs).
      const { replicaCheck } = await import("./stress-replica.mjs");
      figures.replica = await replicaCheck({ databaseUrl, conn, exam, paths, OPT, quick, verbose, startApp, call, check, log, examNight, verifyAttempts, examChecks });
    }
  } finally {
    await conn.end().catch(() => {});
  }
  const meta = {
    date: new Date().toISOString(),
    commit: gitDescribe(),
    node: process.version,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? "?"}`,
    loadavg: { before: loadBefore.map((n) => round(n, 2)), after: os.loadavg().map((n) => round(n, 2)) },
    minutes: round((Date.now() - t0) / 60000, 1),
    options: { ...OPT, quick, findMax, checks: [...CHECKS] },
  };
  const failed = writeReport(meta);
  console.log(failed ? `\n[stress] ${failed} check(s) FAILED.` : "\n[stress] all checks passed.");
  console.log("[stress] wrote stress-report.md and stress-report.json");
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`\n[stress] ${e.stack || e.message}`);
  code = e.exitCode || 1;
} finally {
  await cleanup();
}
process.exit(code);
