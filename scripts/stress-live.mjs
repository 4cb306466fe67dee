// `npm run stress -- --checks live`: one live exam at a fixed hour, as a country's students take it.
//
// A live copy of a 25-question model test (its own exam id, shuffled questions and options, a
// negative mark) starts `--live-wait` seconds after setup. Every simulated student, in the minutes
// before the start, opens the waiting page, the start form, registers with a name (the attempt row is
// made then) and lands on the registration's page. All of them open the questions within the first
// `--start-window` seconds after the start (the clock striking), then read their pages and save
// answers with think time (half save each choice in the background as the page's script does, half
// send the form only, as without JavaScript). One in 20 loses the connection after the first page and
// continues in a new browser with the resume code; one in 20 never presses Finish and runs out of
// time. The window closes and the merit list is asked for from several clients at once.
//
// Checks: no failed request; p95 ≤ 2 s for the start wave and ≤ 1 s for the waiting pages, the
// registration, pages, saves and finish (p99 reported); every acknowledged answer stored; every
// attempt scored exactly as its student's answers say; the merit list complete, ranked by net, then
// time taken, then start, and served within 10 s of the close.
import { performance } from "node:perf_hooks";
import { jitter, pick, Recorder, round, savedJson, sleep, thinkAndSave } from "./harness.mjs";

export const LIVE_EXAM_ID = 9900;
const NEGATIVE_MARK = 0.25;
const START_P95_MS = 2000;
const P95_MS = 1000;
const MERIT_WITHIN_MS = 10_000;
/** Seconds after the close before the list may be made: lib/attempt's GRACE_SECONDS. */
const GRACE_SECONDS = 10;


/** The live exam, made anew in the stress database from the first 25-question model test. */
async function prepareExam(conn, { waitSeconds, windowSeconds }) {
  const [[source]] = await conn.query(
    `SELECT e.id, e.question_set_id AS setId, e.full_marks AS fullMarks
     FROM exam_titles e JOIN set_questions sq ON sq.set_id = e.question_set_id JOIN questions q ON q.id = sq.question_id AND q.type = 'mcq'
     WHERE e.live_start_at IS NULL AND e.id <> ? GROUP BY e.id HAVING COUNT(*) = 25 ORDER BY e.id LIMIT 1`,
    [LIVE_EXAM_ID],
  );
  if (!source) throw new Error("no 25-question exam in the stress database to copy");
  await conn.query("DELETE FROM exam_attempts WHERE exam_id = ?", [LIVE_EXAM_ID]);
  // Every simulated student comes from 127.0.0.1, one client for the per-address limits: what an
  // earlier run left in the resume budget's window would refuse this run's right codes.
  await conn.query("DELETE FROM rate_limits WHERE `key` LIKE 'resume:%'");
  await conn.query("DELETE FROM exam_titles WHERE id = ?", [LIVE_EXAM_ID]);
  const start = new Date(Math.ceil((Date.now() + waitSeconds * 1000) / 1000) * 1000);
  const close = new Date(start.getTime() + windowSeconds * 1000);
  await conn.query(
    `INSERT INTO exam_titles (id, name, question_set_id, full_marks, duration_minutes, negative_mark, key_published, review_after_close,
       shuffle_questions, shuffle_options, live_start_at, live_close_at)
     VALUES (?, ?, ?, ?, ?, ?, 0, 1, 1, 1, ?, ?)`,
    [LIVE_EXAM_ID, "স্ট্রেস লাইভ মডেল টেস্ট", source.setId, source.fullMarks, Math.ceil(windowSeconds / 60), NEGATIVE_MARK, start, close],
  );
  // What a staff save does: every process forgets what it kept (the live exam list among it).
  await conn.query("UPDATE site_settings SET value = CAST(value AS UNSIGNED) + 1 WHERE `key` = 'content_version'");
  const [rows] = await conn.query(
    `SELECT sq.question_id AS id, o.opt_key AS k, o.is_correct AS correct
     FROM set_questions sq JOIN questions q ON q.id = sq.question_id AND q.type = 'mcq' JOIN question_options o ON o.question_id = q.id
     WHERE sq.set_id = ? ORDER BY sq.sort, sq.question_id, o.sort, o.id`,
    [source.setId],
  );
  const questions = new Map();
  for (const r of rows) {
    const q = questions.get(r.id) ?? { id: r.id, keys: [], correct: null };
    q.keys.push(r.k);
    if (r.correct && !q.correct) q.correct = r.k;
    questions.set(r.id, q);
  }
  return { id: LIVE_EXAM_ID, source: source.id, start, close, questions, total: questions.size, pages: Math.ceil(questions.size / 10) };
}


/**
 * One request as a student's browser makes it, retried the way a person or the page would: a "busy"
 * answer (503 with Retry-After) is waited out and asked again, and the request's time is the whole
 * wait until it was served (what the student sees); any other bad answer is a failure, retried after a
 * pause. Returns the good response.
 */
async function step(ctx, s, jar, kind, url, opts, good) {
  const t0 = performance.now();
  for (let attempt = 0; ; attempt++) {
    const res = await ctx.call(url, { ...opts, jar });
    if (res.status === 503 && res.headers.get("retry-after")) {
      ctx.rec.busy++;
      await sleep(Number(res.headers.get("retry-after")) * 1000 * (0.5 + Math.random()));
      continue;
    }
    const why = good(res);
    if (why === true) {
      ctx.rec.ok(kind, performance.now() - t0);
      return res;
    }
    ctx.rec.fail(kind, res, why);
    if (attempt >= 6) throw new Error(`${kind} failed: ${why} (status ${res.status}${res.error ? `, ${res.error}` : ""})`);
    await sleep(Math.min(5000, 1000 * 2 ** Math.min(attempt, 3)) * (0.5 + Math.random()));
  }
}

const is200 = (r) => r.status === 200 || "not 200";
const redirectTo = (re) => (r) => (r.status === 303 && re.test(r.headers.get("location") ?? "")) || `not a 303 to ${re}`;
const attemptForm = (r) => (r.status === 200 && /name="shown"/.test(r.text)) || "no attempt form";

async function liveStudent(ctx, s) {
  const { base, exam } = ctx;
  let jar = { cookie: null };
  const go = (kind, url, opts, good) => step(ctx, s, jar, kind, url, opts, good);

  // The minutes before: the waiting page, the form, the registration, its page.
  await sleep(s.arrive);
  await go("waiting", `${base}/exampage/${exam.id}`, {}, is200);
  await go("waiting", `${base}/exampage/${exam.id}/start`, {}, is200);
  await sleep(jitter(3000));
  const form = new URLSearchParams({ displayName: `ছাত্র ${s.i}`, institution: `স্কুল ${s.i % 300}`, roll: String(100000 + s.i) });
  const reg = await go("register", `${base}/exampage/${exam.id}/start`, { method: "POST", body: form.toString() }, redirectTo(/\/attempt\/[A-Za-z0-9_-]{24}$/));
  s.attemptPath = reg.headers.get("location");
  s.attemptId = s.attemptPath.split("/").pop();
  s.browserKey = /grbd_exams=([^;]+)/.exec(jar.cookie ?? "")?.[1] ?? null;
  const attemptUrl = `${base}${s.attemptPath}`;
  const waiting = await go("waiting", attemptUrl, { text: true }, (r) => (r.status === 200 && r.text.includes("নিবন্ধন হয়েছে")) || "no registration page");
  s.code = /class="resume-code"[^>]*>([A-Z0-9-]+)</.exec(waiting.text)?.[1]?.replace("-", "") ?? null;
  // Where the page goes at the start (its refresh): the set's first page, the same for all of the set.
  const first = /http-equiv="refresh" content="\d+;url=([^"]+)"/.exec(waiting.text)?.[1] ?? s.attemptPath;

  // The clock strikes: every student opens the questions within the start window.
  const wait = exam.start.getTime() + s.startOffset - Date.now();
  if (wait > 0) await sleep(wait);
  let page = await go("start", `${base}${first}`, { text: true }, attemptForm);

  const think = ctx.thinkMs * s.pace;
  for (let p = 1; p <= exam.pages; p++) {
    const shown = (/name="shown" value="([^"]*)"/.exec(page.text)?.[1] ?? "").split(",").filter(Boolean).map(Number);
    // Where this page's form and background save go (the first page's: the student's own attempt via /mine).
    const action = `${base}${/action="([^"]+)" class="attempt-form"/.exec(page.text)?.[1]?.replace(/&amp;/g, "&") ?? s.attemptPath}`;
    const saveUrl = `${base}${/data-save-url="([^"]+)"/.exec(page.text)?.[1] ?? `${s.attemptPath}/save`}`;
    const answers = {};
    for (const id of shown) if (Math.random() < 0.9) answers[id] = pick(exam.questions.get(id)?.keys ?? ["ক"]);
    const body = (ids, extra = {}) => {
      const f = new URLSearchParams({ page: String(p), shown: shown.join(",") });
      for (const id of ids) if (answers[id]) f.append(`q${id}`, answers[id]);
      for (const [k, v] of Object.entries(extra)) f.append(k, v);
      return f.toString();
    };
    const ack = (ids) => {
      for (const id of ids) if (answers[id]) s.acked.set(id, answers[id]);
    };
    await thinkAndSave({
      js: s.js,
      ids: Object.keys(answers).map(Number),
      think,
      save: (batch) => go("save", saveUrl, { method: "POST", body: body(batch), text: true }, savedJson),
      ack,
    });
    const last = p === exam.pages;
    const moved = await go("save", action, { method: "POST", body: body(shown, last ? { intent: "finish" } : { go: String(p * 10 + 1) }) }, redirectTo(last ? /\?confirm=1$/ : new RegExp(`\\?page=${p + 1}(#|$)`)));
    ack(shown);
    if (p === 1 && s.drops) {
      // The connection is lost: another browser (no cookie) continues with the resume code.
      jar = { cookie: null };
      await sleep(jitter(2000));
      const resumed = await go("resume", `${base}/exampage/resume`, { method: "POST", body: new URLSearchParams({ code: s.code ?? "" }).toString() }, redirectTo(new RegExp(`${s.attemptPath}`)));
      s.resumed = !!resumed;
    }
    page = await go("page", `${base}${moved.headers.get("location").split("#")[0]}`, { text: true }, attemptForm);
  }
  if (s.runsOut) {
    // Never presses Finish: the close finishes the attempt with what was saved.
    s.done = true;
    return;
  }
  await sleep(jitter(think / 3));
  const done = await go("finish", attemptUrl, { method: "POST", body: new URLSearchParams({ intent: "confirm-finish" }).toString() }, redirectTo(/\/result$/));
  await go("result", `${base}${done.headers.get("location")}`, {}, is200);
  s.done = true;
}

/** The database against what each student was told, and the merit list against the rule. */
async function verify(conn, exam, students) {
  const ids = students.filter((s) => s.attemptId).map((s) => s.attemptId);
  const rows = new Map();
  const answers = new Map();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const [a] = await conn.query(
      `SELECT id, finished_at, right_count, wrong_count, skipped_count, net, merit_rank, counted_for, waiting,
         TIMESTAMPDIFF(MICROSECOND, started_at, finished_at) AS took, started_at FROM exam_attempts WHERE id IN (?)`,
      [chunk],
    );
    for (const r of a) rows.set(r.id, r);
    const [b] = await conn.query("SELECT attempt_id, question_id, choice FROM exam_attempt_answers WHERE attempt_id IN (?)", [chunk]);
    for (const r of b) (answers.get(r.attempt_id) ?? answers.set(r.attempt_id, new Map()).get(r.attempt_id)).set(r.question_id, r.choice);
  }
  const [[{ n: total }]] = await conn.query("SELECT COUNT(*) AS n FROM exam_attempts WHERE exam_id = ?", [exam.id]);
  let acked = 0, lost = 0, changed = 0, scoredRight = 0, finished = 0, ranked = 0;
  const problems = [];
  for (const s of students) {
    const row = rows.get(s.attemptId);
    if (!row) continue;
    const stored = answers.get(s.attemptId) ?? new Map();
    for (const [qid, choice] of s.acked) {
      acked++;
      if (!stored.has(qid)) lost++;
      else if (stored.get(qid) !== choice) changed++;
    }
    let right = 0, wrong = 0;
    for (const q of exam.questions.values()) {
      const c = s.acked.get(q.id);
      if (!c || !q.correct) continue;
      if (c === q.correct) right++;
      else wrong++;
    }
    const net = round(right - wrong * NEGATIVE_MARK, 2);
    if (row.finished_at) finished++;
    if (row.merit_rank !== null) ranked++;
    if (row.finished_at && row.right_count === right && row.wrong_count === wrong && Number(row.net) === net && row.counted_for) scoredRight++;
    else if (problems.length < 5) problems.push(`${s.attemptId}: stored ${row.right_count}/${row.wrong_count} net ${row.net}${row.counted_for ? "" : " (not counted)"}, expected ${right}/${wrong} net ${net}`);
  }
  // The rule: net descending, then time taken, then start; equal on all three share a rank.
  const listed = [...rows.values()].filter((r) => r.merit_rank !== null);
  listed.sort((a, b) => Number(b.net) - Number(a.net) || Number(a.took) - Number(b.took) || a.started_at - b.started_at);
  let misranked = 0;
  listed.forEach((r, i) => {
    const prev = listed[i - 1];
    const tie = prev && Number(prev.net) === Number(r.net) && Number(prev.took) === Number(r.took) && +prev.started_at === +r.started_at;
    const expected = tie ? prev.merit_rank : i + 1;
    if (r.merit_rank !== expected) misranked++;
  });
  return { students: students.length, registered: ids.length, attempts: Number(total), finished, scoredRight, ranked, misranked, acked, lost, changed, problems };
}

export async function liveCheck({ base, conn, call, check, log, n, waitSeconds, startWindow, examSeconds }) {
  const windowSeconds = startWindow + examSeconds + 60;
  const exam = await prepareExam(conn, { waitSeconds, windowSeconds });
  log(`live exam ${exam.id} (a copy of ${exam.source}, ${exam.total} questions, shuffled): ${n} students register in the ${waitSeconds} s before its start at ${exam.start.toISOString()}, open it within ${startWindow} s, answer for up to ${examSeconds} s; it closes at ${exam.close.toISOString()}`);
  const rec = new Recorder();
  const ctx = { base, exam, rec, call, thinkMs: (examSeconds * 1000) / (exam.pages + 1) };
  const lead = Math.max(5_000, waitSeconds * 1000 - 15_000);
  const students = Array.from({ length: n }, (_, i) => ({
    i,
    js: i % 2 === 0,
    drops: i % 20 === 7,
    runsOut: i % 20 === 13,
    arrive: Math.random() * lead,
    startOffset: Math.random() * startWindow * 1000,
    pace: 0.6 + Math.random() * 0.4,
    acked: new Map(),
    done: false,
    error: null,
  }));
  const t0 = performance.now();
  const progress = setInterval(() => {
    const done = students.filter((s) => s.done || s.error).length;
    log(`live ${n}: ${Math.round((performance.now() - t0) / 1000)} s, ${rec.count} requests, ${done}/${n} done, ${rec.totalFailures()} failed, ${rec.busy} busy answers`);
  }, 15_000);
  await Promise.all(students.map((s) => liveStudent(ctx, s).catch((e) => { s.error = e.message; })));
  clearInterval(progress);

  // The close: the merit list, asked for by 20 readers at once from the moment it may be made.
  const availableAt = exam.close.getTime() + GRACE_SECONDS * 1000;
  if (availableAt > Date.now()) await sleep(availableAt - Date.now());
  const asked = Date.now();
  let servedMs = null;
  const readers = Array.from({ length: 20 }, async () => {
    for (;;) {
      const r = await call(`${base}/exampage/${exam.id}/merit`, { text: true, timeoutMs: 30_000 });
      if (r.status === 200 && /merit-table/.test(r.text)) {
        rec.ok("merit", r.ms);
        servedMs ??= Date.now() - asked;
        return;
      }
      if (r.status === 0 || r.status >= 500) rec.fail("merit", r, "no answer or 5xx");
      if (Date.now() - asked > 60_000) {
        rec.fail("merit", r, "no list within 60 s");
        return;
      }
      await sleep(500);
    }
  });
  await Promise.all(readers);
  const v = await verify(conn, exam, students);
  const sum = rec.summary();
  const prefix = `live exam (${n} students)`;
  let ok = check(`${prefix}: failed requests`, rec.totalFailures() === 0,
    `${rec.totalFailures()} of ${rec.count} (${JSON.stringify(rec.failures)}); ${rec.busy} "busy, retry" answers${rec.firstErrors.length ? `; first: ${rec.firstErrors.slice(0, 3).join("; ")}` : ""}`);
  for (const [kind, limit] of [["start", START_P95_MS], ["waiting", P95_MS], ["register", P95_MS], ["page", P95_MS], ["save", P95_MS], ["finish", P95_MS]]) {
    const k = sum[kind];
    ok = check(`${prefix}: ${kind} p95 ≤ ${limit} ms`, !!k && k.p95 !== null && k.p95 <= limit, k ? `p50 ${k.p50} ms, p95 ${k.p95} ms, p99 ${k.p99} ms, max ${k.max} ms over ${k.n}` : "no requests") && ok;
  }
  const gaveUp = students.filter((s) => s.error);
  ok = check(`${prefix}: every attempt scored once, as its student's answers say`,
    v.registered === n && v.attempts === n && v.finished === n && v.scoredRight === n && gaveUp.length === 0,
    `${n} students, ${v.registered} registered, ${v.attempts} attempt rows, ${v.finished} finished, ${v.scoredRight} scored as expected, ${gaveUp.length} gave up${gaveUp.length ? ` (${[...new Set(gaveUp.map((s) => s.error))].slice(0, 3).join("; ")})` : ""}${v.problems.length ? `; ${v.problems.join("; ")}` : ""}`) && ok;
  ok = check(`${prefix}: every acknowledged answer in the database`, v.lost === 0 && v.changed === 0, `${v.acked} acknowledged, ${v.lost} missing, ${v.changed} different`) && ok;
  ok = check(`${prefix}: the merit list complete and ranked within ${MERIT_WITHIN_MS / 1000} s of the close`,
    v.ranked === n && v.misranked === 0 && servedMs !== null && servedMs <= MERIT_WITHIN_MS,
    `${v.ranked} of ${n} ranked, ${v.misranked} out of order, first served ${servedMs ?? "never"} ms after it could be made (close + ${GRACE_SECONDS} s grace)`) && ok;
  return {
    ok,
    n,
    exam: { id: exam.id, source: exam.source, questions: exam.total, windowSeconds },
    seconds: round((performance.now() - t0) / 1000, 1),
    requests: rec.count,
    busy: rec.busy,
    latency: sum,
    failures: rec.failures,
    meritServedMs: servedMs,
    verify: { ...v, problems: v.problems.slice(0, 3) },
    drops: students.filter((s) => s.drops).length,
    ranOut: students.filter((s) => s.runsOut).length,
  };
}
