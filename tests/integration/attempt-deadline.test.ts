// The deadline without JavaScript: the attempt page's head carries a refresh to the result once the
// deadline and its grace have passed (worked out per request), opening the result then finishes the
// attempt, and the page says near its buttons that answers count only once a button sends them.
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { GRACE_SECONDS } from "~/lib/attempt";
import { browserHash } from "~/lib/exam-browser.server";
import { clearExamCache } from "~/models/attempts.server";
import AttemptPage, { loader as attemptLoader, meta as attemptMeta } from "~/routes/exampage.$grtid_.attempt.$attemptId/route";
import { loader as resultLoader } from "~/routes/exampage.$grtid_.attempt.$attemptId_.result";
import { call, closeDb, db, insertQuestions, resetTables, schema } from "./db";
import { html } from "../support/render";
import { byRole } from "../support/dom";



/** The page's <meta> tags as Remix's <Meta> renders the route's descriptors (each one a <meta {...descriptor}>). */
function metaTags(data: unknown) {
  const tags = attemptMeta({ data, matches: [] } as unknown as Parameters<typeof attemptMeta>[0]) as Record<string, string>[];
  return renderToStaticMarkup(
    createElement(Fragment, null, ...tags.filter((t) => !("title" in t) && !("tagName" in t)).map((t, i) => createElement("meta", { key: i, ...t }))),
  );
}

const EXAM = 800;
const KEY = "D".repeat(32);
const COOKIE = `grbd_exams=${KEY}`;

beforeAll(async () => {
  await resetTables();
  clearExamCache();
  await db.insert(schema.questionSets).values([{ id: 980, name: "সময়ের সেট" }]);
  await insertQuestions([8001, 8002, 8003].map((id, i) => ({ id, setId: 980, sort: i + 1, body: `<p>প্রশ্ন ${id}</p>`, correctKey: "ক" })));
  await db.insert(schema.examTitles).values([{ id: EXAM, name: "সময়ের পরীক্ষা", questionSetId: 980, fullMarks: 3, durationMinutes: 30 }]);
});

afterAll(closeDb);

let started = 0;
/** An attempt whose deadline is `secondsLeft` from now (negative: past it), with question 8001 answered right. */
async function attemptDue(secondsLeft: number) {
  const id = `deadline${String(++started).padStart(16, "0")}`;
  const deadline = Date.now() + secondsLeft * 1000;
  await db.insert(schema.examAttempts).values({
    id,
    examId: EXAM,
    browserHash: browserHash(KEY),
    startedAt: new Date(deadline - 30 * 60_000),
    deadlineAt: new Date(deadline),
  });
  await db.insert(schema.examAttemptAnswers).values({ attemptId: id, questionId: 8001, choice: "ক", savedAt: new Date() });
  return id;
}

const page = (id: string) => call(attemptLoader, `/exampage/${EXAM}/attempt/${id}`, { grtid: String(EXAM), attemptId: id }, { headers: { Cookie: COOKIE } });
const result = (path: string, id: string) => call(resultLoader, path, { grtid: String(EXAM), attemptId: id }, { headers: { Cookie: COOKIE } });

describe("the attempt page without JavaScript", () => {
  it("refreshes itself to the result when the deadline and its grace have passed, worked out per request", async () => {
    const id = await attemptDue(30 * 60);
    const res = await page(id);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store"); // never a stale countdown from a cache
    const data = await res.json();
    expect(data.remainingSeconds).toBeGreaterThan(30 * 60 - 5);
    const url = `/exampage/${EXAM}/attempt/${id}/result`;
    expect(metaTags(data)).toContain(`<meta http-equiv="refresh" content="${data.remainingSeconds + GRACE_SECONDS};url=${url}"/>`);

    // Five seconds before the deadline: five seconds and the grace.
    const soon = await attemptDue(5);
    const near = await (await page(soon)).json();
    expect(near.remainingSeconds).toBeLessThanOrEqual(5);
    expect(near.refresh.seconds).toBe(near.remainingSeconds + GRACE_SECONDS);
    expect(metaTags(near)).toContain(`content="${near.remainingSeconds + GRACE_SECONDS};url=/exampage/${EXAM}/attempt/${soon}/result"`);

    // Past the deadline but inside the grace: what is left of the grace.
    const inGrace = await attemptDue(-3);
    const late = await (await page(inGrace)).json();
    expect(late.remainingSeconds).toBe(0);
    expect(late.refresh.seconds).toBeGreaterThanOrEqual(GRACE_SECONDS - 4);
    expect(late.refresh.seconds).toBeLessThanOrEqual(GRACE_SECONDS - 2);
  });

  it("finishes the attempt when the refresh opens the result after the grace", async () => {
    const id = await attemptDue(-(GRACE_SECONDS + 1));
    const res = await result(`/exampage/${EXAM}/attempt/${id}/result`, id);
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.late).toBe(true);
    expect(data.score).toMatchObject({ right: 1, skipped: 2 });
    const [row] = await db.select().from(schema.examAttempts).where(sql`${schema.examAttempts.id} = ${id}`);
    expect(row.finishedAt!.getTime()).toBe(row.deadlineAt.getTime());
  });

  it("says near the buttons that answers count once a button sends them, and has a status region for the offline note", async () => {
    const id = await attemptDue(60);
    const doc = html(AttemptPage, await (await page(id)).json());
    const pager = doc.indexOf('class="attempt-pager"');
    const note = doc.indexOf('class="attempt-submit-note"');
    expect(pager).toBeGreaterThan(0);
    expect(note).toBeGreaterThan(pager);
    expect(doc).toContain("এই পৃষ্ঠার উত্তর জমা হয় কোনো বোতাম চাপলে");
    expect(doc).toContain("জমা না হওয়া উত্তর গণনা হবে না");
    // An empty live region the enhancement script fills when the connection drops.
    const status = byRole(doc, "status").filter((el) => el.attrs["data-offline"] === "true");
    expect(status.map((el) => el.text)).toEqual([""]);
  });
});
