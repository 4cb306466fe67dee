// `npm run stress -- --checks replica`: the app reading through a real MariaDB replica of the stress
// database (scripts/local-db.mjs startLocalReplica: a second project-local mariadbd replicating by
// GTID), under load: public readers (searches and content pages) and an exam night. While it runs:
//   lag      the replica stops applying (its SQL thread) for a few seconds: students' starts, saves,
//            pages and results stay right (they are read on the primary), the replica visibly behind
//   down     the replica's server stops: public reads move to the primary, no request fails
//   back     it starts again: public reads move back to it (Com_select counted on both servers)
// Then every attempt is checked against the database (verifyAttempts, examChecks).
import mysql from "mysql2/promise";
import { performance } from "node:perf_hooks";
import { localPort, startLocalReplica, waitForReplication } from "./local-db.mjs";
import { percentile, portOpen, round, sleep, stopChild, waitForHealth } from "./harness.mjs";

/** Com_select of a server (a SELECT it answered; the replica's own applying of rows counts none). */
async function selects(url) {
  const conn = await mysql.createConnection({ uri: url, connectTimeout: 2000 });
  try {
    const [[row]] = await conn.query("SHOW GLOBAL STATUS LIKE 'Com_select'");
    return Number(row.Value);
  } finally {
    await conn.end();
  }
}

/** Public readers: `n` loops of GETs (a search never asked before, so kept searches cannot answer it, and the load's pages), until stopped. */
function publicReaders({ base, paths, n, call }) {
  const pages = paths.filter((p) => !p.startsWith("/api/online"));
  const words = ["ত্রিকোণমিতি", "বীজগণিত", "সমীকরণ", "জ্যামিতি", "বল", "পদার্থ", "রসায়ন", "grammar", "tense", "উপপাদ্য", "বৃত্ত", "সংখ্যা"];
  const stats = { requests: 0, failed: 0, ms: [], statuses: {}, firstErrors: [], byWindow: [] };
  let stopped = false;
  let window = null;
  const one = async (path) => {
    // The students' own patience (30 s): on a machine this busy a slow answer is not a failed one.
    const res = await call(base + path);
    stats.requests++;
    stats.ms.push(res.ms);
    stats.statuses[res.status] = (stats.statuses[res.status] ?? 0) + 1;
    if (window) {
      window.requests++;
      window.maxMs = Math.max(window.maxMs, Math.round(res.ms));
    }
    if (res.status !== 200) {
      stats.failed++;
      if (window) window.failed++;
      if (stats.firstErrors.length < 5) stats.firstErrors.push(`${path}: ${res.status}${res.error ? ` ${res.error}` : ""}`);
    }
  };
  const loops = Array.from({ length: n }, async (_, i) => {
    for (let k = 0; !stopped; k++) {
      const word = words[(i + k) % words.length];
      const path = k % 2 === 0 ? `/search?q=${encodeURIComponent(`${word} ${Math.random().toString(36).slice(2, 8)}`)}` : pages[(i + k) % pages.length];
      await one(path);
      await sleep(20);
    }
  });
  return {
    stats,
    /** Counts the requests of one named window (and its failures) from now until `end()`. */
    window(name) {
      window = { name, requests: 0, failed: 0, maxMs: 0 };
      stats.byWindow.push(window);
      return window;
    },
    async stop() {
      stopped = true;
      await Promise.all(loops);
      window = null;
    },
  };
}

/** A student who starts an attempt, saves an answer and reads the page straight after: it must show that answer chosen. */
async function readYourWrites({ base, exam, call: once }) {
  const jar = { cookie: null };
  // No answer at all (a machine too busy) is retried as a student would; a wrong answer is not.
  const call = async (url, opts) => {
    for (let i = 0; ; i++) {
      const res = await once(url, opts);
      if ((res.status !== 0 && res.status !== 503) || i === 2) return res;
      await sleep(1000);
    }
  };
  const started = await call(`${base}/exampage/${exam.id}/start`, { method: "POST", body: "", jar });
  const attempt = started.headers.get("location");
  if (started.status !== 303 || !attempt) return { ok: false, why: `start: ${started.status}` };
  const page = await call(`${base}${attempt}`, { jar, text: true });
  if (page.status !== 200) return { ok: false, why: `attempt page right after start: ${page.status}` };
  const shown = (/name="shown" value="([^"]*)"/.exec(page.text)?.[1] ?? "").split(",").filter(Boolean).map(Number);
  const id = shown[0];
  const key = exam.questions.get(id)?.keys.at(-1);
  if (!id || !key) return { ok: false, why: "no question on the attempt page" };
  const saved = await call(`${base}${attempt}/save`, { method: "POST", body: new URLSearchParams({ page: "1", shown: String(id), [`q${id}`]: key }).toString(), jar, text: true });
  if (saved.status !== 200) return { ok: false, why: `save: ${saved.status}` };
  const again = await call(`${base}${attempt}`, { jar, text: true });
  // The chosen option's tag, its attributes in any order.
  const chosen = (again.text.match(/<input\b[^>]*>/g) ?? []).some((tag) => tag.includes(`name="q${id}"`) && tag.includes(`value="${key}"`) && /\schecked\b/.test(tag));
  return chosen ? { ok: true } : { ok: false, why: `the page after the save does not show q${id} = ${key} chosen (save said ${saved.text.slice(0, 80)}; page ${again.status})` };
}

export async function replicaCheck({ databaseUrl, exam, paths, OPT, quick, verbose, startApp, call, check, log, examNight, verifyAttempts, examChecks }) {
  if (process.env.DATABASE_URL) return check("replica", null, "skipped: DATABASE_URL is set; the replica check replicates the project-local MariaDB");
  if (localPort === 33061) {
    return check("replica", null, "skipped: the check restarts the local MariaDB with a binary log; give the stress run its own LOCAL_DB_PORT (e.g. 33095), not the shared default");
  }
  const name = new URL(databaseUrl).pathname.slice(1);
  const primaryRoot = `mysql://root@127.0.0.1:${localPort}`;
  const S = {
    students: quick ? 150 : 300,
    examSeconds: quick ? 60 : 120,
    lagSeconds: quick ? 6 : 12,
    downSeconds: quick ? 8 : 15,
    windowSeconds: quick ? 8 : 15,
    readers: quick ? 6 : 12,
    port: OPT.port + 7,
  };
  const figures = { options: S };
  const t0 = performance.now();
  log(`replica: starting a replica of ${name} …`);
  const replica = await startLocalReplica(name, { quiet: !verbose });
  figures.replicaStartSeconds = round((performance.now() - t0) / 1000, 1);
  log(`replica: on 127.0.0.1:${replica.port} in ${figures.replicaStartSeconds} s${replica.primaryRestarted ? " (the primary was restarted with a binary log)" : ""}`);
  const primaryConn = await mysql.createConnection({ uri: databaseUrl, charset: "utf8mb4" });
  let app = null;
  try {
    if (await portOpen(S.port)) throw new Error(`port ${S.port} is already in use`);
    // Without the page cache: a stored page would answer without asking any database, and the
    // check is about which database answers.
    app = startApp(S.port, databaseUrl, { DATABASE_REPLICA_URLS: replica.appUrl, DB_REPLICA_RETRY_MS: "2000", PAGE_CACHE: "0" });
    const base = `http://127.0.0.1:${S.port}`;
    await waitForHealth(base, app);

    // 1. Reads on the replica: public readers alone for a window, Com_select on both servers.
    const readers = publicReaders({ base, paths, n: S.readers, call });
    await sleep(2000);
    let before = { p: await selects(primaryRoot), r: await selects(replica.url) };
    let w = readers.window("replica up");
    await sleep(S.windowSeconds * 1000);
    let after = { p: await selects(primaryRoot), r: await selects(replica.url) };
    figures.up = { requests: w.requests, failed: w.failed, primarySelects: after.p - before.p, replicaSelects: after.r - before.r };
    check("replica: public reads are answered by the replica", figures.up.replicaSelects >= w.requests / 2 && figures.up.replicaSelects > figures.up.primarySelects,
      `${w.requests} public requests in ${S.windowSeconds} s: the replica answered ${figures.up.replicaSelects} SELECTs, the primary ${figures.up.primarySelects}`);

    // 2. An exam night beside the readers, with the replica's applying paused, then its server stopped and started.
    log(`replica: ${S.students} students over ${S.examSeconds} s, with the public readers …`);
    readers.window("exam night starts");
    const attempts = async () => Number((await primaryConn.query("SELECT COUNT(*) AS n FROM exam_attempts"))[0][0].n);
    const attemptsBefore = await attempts();
    const night = examNight({ base, exam, n: S.students, examSeconds: S.examSeconds, startWindow: 5, maxRetries: 8, label: "replica exam" });
    // The phases begin once every student has started (the start rush is the machine's busiest
    // moment, and what is measured below is the replica's part, not the rush), with a minute at most.
    const rushStart = performance.now();
    while ((await attempts()) < attemptsBefore + S.students && performance.now() - rushStart < 60_000) await sleep(500);
    figures.startRushSeconds = round((performance.now() - rushStart) / 1000, 1);
    await sleep(2000);

    // (a) Lag: the replica stops applying what the primary writes.
    const replicaRoot = await mysql.createConnection({ uri: replica.url });
    await replicaRoot.query("STOP SLAVE SQL_THREAD");
    log(`replica: applying paused for ${S.lagSeconds} s`);
    w = readers.window("replica lagging");
    const lagStart = performance.now();
    const probes = [];
    await Promise.all(Array.from({ length: 3 }, async () => {
      while (performance.now() - lagStart < S.lagSeconds * 1000) {
        probes.push(await readYourWrites({ base, exam, call }));
        await sleep(250);
      }
    }));
    const count = "SELECT (SELECT COUNT(*) FROM exam_attempts) AS attempts, (SELECT COUNT(*) FROM exam_attempt_answers) AS answers";
    const [[pCount]] = await primaryConn.query(count);
    await replicaRoot.query(`USE \`${name}\``);
    const [[rCount]] = await replicaRoot.query(count);
    const [[lagStatus]] = await replicaRoot.query("SHOW SLAVE STATUS");
    await replicaRoot.query("START SLAVE SQL_THREAD");
    await replicaRoot.end();
    const caughtUpAt = performance.now();
    await waitForCatchUp(primaryRoot, replica.url, name);
    figures.lag = {
      seconds: S.lagSeconds, publicRequests: w.requests, publicFailed: w.failed, attemptsOnPrimary: Number(pCount.attempts), attemptsOnReplica: Number(rCount.attempts), answersOnPrimary: Number(pCount.answers), answersOnReplica: Number(rCount.answers),
      relayLogSpace: Number(lagStatus?.Relay_Log_Space ?? 0), probes: probes.length, probesRight: probes.filter((p) => p.ok).length,
      catchUpSeconds: round((performance.now() - caughtUpAt) / 1000, 2),
    };
    check("replica lag: the replica was behind", figures.lag.attemptsOnReplica < figures.lag.attemptsOnPrimary && figures.lag.answersOnReplica < figures.lag.answersOnPrimary,
      `after ${S.lagSeconds} s without applying: ${figures.lag.attemptsOnReplica} attempts and ${figures.lag.answersOnReplica} answers on the replica, ${figures.lag.attemptsOnPrimary} and ${figures.lag.answersOnPrimary} on the primary; caught up ${figures.lag.catchUpSeconds} s after applying resumed`);
    check("replica lag: a student reads what they just saved", probes.length > 0 && probes.every((p) => p.ok),
      `${figures.lag.probesRight} of ${probes.length} start → save → reload probes showed the saved answer${probes.find((p) => !p.ok) ? `; ${probes.find((p) => !p.ok).why}` : ""}`);

    // (b) Down: the replica's server stops.
    before = { p: await selects(primaryRoot) };
    await replica.stop({ quiet: true });
    log(`replica: server stopped for ${S.downSeconds} s`);
    w = readers.window("replica down");
    await sleep(S.downSeconds * 1000);
    after = { p: await selects(primaryRoot) };
    figures.down = { seconds: S.downSeconds, publicRequests: w.requests, publicFailed: w.failed, primarySelects: after.p - before.p };
    check("replica down: public reads answered by the primary, none failed", w.failed === 0 && w.requests > 0 && figures.down.primarySelects >= w.requests / 2,
      `${w.requests} public requests while it was down, ${w.failed} failed; the primary answered ${figures.down.primarySelects} SELECTs (${figures.up.primarySelects} in the same time with the replica up, students' included now)`);

    // (c) Back: it starts again; reads move back.
    const upAt = performance.now();
    await replica.start();
    const startedSeconds = round((performance.now() - upAt) / 1000, 1);
    const r0 = await selects(replica.url);
    let backSeconds = null;
    while (performance.now() - upAt < 30_000) {
      if ((await selects(replica.url)) - r0 > 20) {
        backSeconds = round((performance.now() - upAt) / 1000, 1);
        break;
      }
      await sleep(250);
    }
    before = { p: await selects(primaryRoot), r: await selects(replica.url) };
    w = readers.window("replica back");
    await sleep(S.windowSeconds * 1000);
    after = { p: await selects(primaryRoot), r: await selects(replica.url) };
    figures.back = { serverStartSeconds: startedSeconds, readsBackSeconds: backSeconds, publicRequests: w.requests, publicFailed: w.failed, primarySelects: after.p - before.p, replicaSelects: after.r - before.r };
    check("replica back: public reads move back to it", backSeconds !== null && figures.back.replicaSelects >= w.requests / 2,
      `its server answered ${startedSeconds} s after the start, reads reached it ${backSeconds ?? "never (30 s)"} s after; then ${w.requests} public requests: the replica answered ${figures.back.replicaSelects} SELECTs, the primary ${figures.back.primarySelects}`);

    readers.window("rest of the exam night");
    const run = await night;
    await readers.stop();
    const v = await verifyAttempts(primaryConn, exam, run.students);
    figures.exam = { students: S.students, seconds: round(run.seconds, 1), requests: run.rec.count, latency: run.rec.summary(), failures: run.rec.failures, verify: v };
    // Latency is reported, not checked: this check shares the machine with a second MariaDB.
    examChecks("replica exam night", run, v, { latency: false });
    const ms = readers.stats.ms;
    figures.public = { requests: readers.stats.requests, failed: readers.stats.failed, statuses: readers.stats.statuses, p50: round(percentile(ms, 50), 0), p95: round(percentile(ms, 95), 0), max: round(Math.max(...ms), 0), windows: readers.stats.byWindow };
    check("replica: no public request failed through lag, stop and start", readers.stats.failed === 0,
      `${readers.stats.requests} public requests, statuses ${JSON.stringify(readers.stats.statuses)}, p50 ${figures.public.p50} ms, p95 ${figures.public.p95} ms, max ${figures.public.max} ms${readers.stats.firstErrors.length ? `; first: ${readers.stats.firstErrors.join("; ")}` : ""}`);
    figures.seconds = round((performance.now() - t0) / 1000, 1);
    return figures;
  } finally {
    await primaryConn.end().catch(() => {});
    if (app) await stopChild(app);
    await replica.stop({ quiet: true }).catch(() => {});
  }
}

/** Waits until the replica has applied everything the primary had written when called. */
async function waitForCatchUp(primaryUrl, replicaUrl, name, ms = 60_000) {
  const p = await mysql.createConnection({ uri: primaryUrl });
  const [[{ pos }]] = await p.query("SELECT @@gtid_binlog_pos AS pos");
  await p.end();
  const r = await mysql.createConnection({ uri: replicaUrl });
  try {
    await waitForReplication(replicaUrl);
    // MASTER_GTID_WAIT returns 0 once the replica has applied up to that position, -1 on timeout.
    const [[{ done }]] = await r.query("SELECT MASTER_GTID_WAIT(?, ?) AS done", [pos, ms / 1000]);
    if (Number(done) !== 0) throw new Error(`the replica of ${name} did not catch up with ${pos} in ${ms / 1000} s`);
  } finally {
    await r.end();
  }
}
