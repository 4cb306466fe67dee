// Exams that shuffle per attempt, driven through the routes with real Requests: each attempt has its own
// order of questions (a shared passage's questions stay together) and of options (labelled ক, খ, গ, ঘ
// from the top, while the choice stored is the option's own key); pages, "go to question N", the
// palette and the review follow that order, and scoring does not depend on it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryCount } from "~/db/client.server";
import { clearExamCache } from "~/models/attempts.server";
import { browserHash } from "~/lib/exam-browser.server";
import AttemptPage, { action as attemptAction, loader as attemptLoader } from "~/routes/exampage.$grtid_.attempt.$attemptId/route";
import ResultPage, { loader as resultLoader } from "~/routes/exampage.$grtid_.attempt.$attemptId_.result";
import { call, closeDb, db, insertQuestions, resetTables, schema } from "./db";
import { html } from "../support/render";
import { byRole } from "../support/dom";



const KEYS = ["ক", "খ", "গ", "ঘ"];
const correctOf = (qid: number) => KEYS[qid % 4];
const wrongOf = (qid: number) => KEYS[(qid + 1) % 4];

// Exam 700 shuffles questions and options; exam 701 is the same set in the set's order.
// 24 questions (7001-7024); 7005-7007 share one passage.
const SHUFFLED = 700;
const PLAIN = 701;
const SET = Array.from({ length: 24 }, (_, i) => 7001 + i);
const PASSAGE = [7005, 7006, 7007];
const KEY = "S".repeat(32);
const A = `grbd_exams=${KEY}`;

beforeAll(async () => {
  await resetTables();
  clearExamCache();
  await db.insert(schema.questionSets).values([{ id: 970, name: "এলোমেলো সেট" }]);
  await insertQuestions(
    SET.map((id, i) => ({
      id,
      setId: 970,
      sort: i + 1,
      body: `<p>প্রশ্ন ${id}</p>`,
      intro: PASSAGE.includes(id) ? "<p>নিচের অনুচ্ছেদটি পড়ে প্রশ্নগুলোর উত্তর দাও।</p>" : null,
      correctKey: correctOf(id),
    })),
  );
  const exam = { questionSetId: 970, fullMarks: 24, durationMinutes: 30, negativeMark: "0.25", keyPublished: true, reviewAfterFinish: true };
  await db.insert(schema.examTitles).values([
    { id: SHUFFLED, name: "এলোমেলো পরীক্ষা", shuffleQuestions: true, shuffleOptions: true, ...exam },
    { id: PLAIN, name: "সাজানো পরীক্ষা", ...exam },
  ]);
});

afterAll(closeDb);

const form = (fields: [string, string][]) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: A },
});

/** An attempt as the start route makes it (the row alone: starting is tested in attempts.test.ts). */
let started = 0;
async function start(grtid: number) {
  const id = `shuffle${String(++started).padStart(17, "0")}`;
  const now = Date.now();
  await db.insert(schema.examAttempts).values({
    id,
    examId: grtid,
    browserHash: browserHash(KEY),
    startedAt: new Date(now),
    deadlineAt: new Date(now + 30 * 60_000),
    negativeMark: "0.25",
  });
  return id;
}
const page = (grtid: number, id: string, qs = "") =>
  call(attemptLoader, `/exampage/${grtid}/attempt/${id}${qs}`, { grtid: String(grtid), attemptId: id }, { headers: { Cookie: A } });
const post = (grtid: number, id: string, fields: [string, string][]) =>
  call(attemptAction, `/exampage/${grtid}/attempt/${id}`, { grtid: String(grtid), attemptId: id }, form(fields));
const result = (grtid: number, id: string) =>
  call(resultLoader, `/exampage/${grtid}/attempt/${id}/result`, { grtid: String(grtid), attemptId: id }, { headers: { Cookie: A } });

type Shown = { id: number; serialBn: string; options: { key: string; html: string; label?: string }[] };
type PageData = { questions: Shown[]; palette: { n: number; id: number; page: number }[]; totalPages: number };

/** Every page of an attempt, in order, as the loader gives them. */
async function allPages(grtid: number, id: string): Promise<PageData[]> {
  const first: PageData = await (await page(grtid, id, "?page=1")).json();
  const rest = [];
  for (let p = 2; p <= first.totalPages; p++) rest.push(await (await page(grtid, id, `?page=${p}`)).json());
  return [first, ...rest];
}

/** What the student reads: the option texts in order, with the labels beside them. */
const optionText = (q: Shown) => q.options.map((o) => o.html.replace(/<[^>]+>/g, ""));
/** The option whose text is the right answer's (what a student who knows it picks), by its key. */
const pick = (q: Shown, right: boolean) => q.options.find((o) => o.html.includes(`বিকল্প ${right ? correctOf(q.id) : wrongOf(q.id)} (`))!.key;

async function answered(id: string) {
  const rows = await db
    .select({ q: schema.examAttemptAnswers.questionId, c: schema.examAttemptAnswers.choice })
    .from(schema.examAttemptAnswers)
    .where(sql`${schema.examAttemptAnswers.attemptId} = ${id}`);
  return new Map(rows.map((r) => [r.q, r.c]));
}

describe("an exam that shuffles per attempt", () => {
  let a = "";
  let b = "";
  let pagesA: PageData[] = [];
  let pagesB: PageData[] = [];
  const order = (pages: PageData[]) => pages.flatMap((p) => p.questions.map((q) => q.id));

  beforeAll(async () => {
    a = await start(SHUFFLED);
    b = await start(SHUFFLED);
    pagesA = await allPages(SHUFFLED, a);
    pagesB = await allPages(SHUFFLED, b);
  });

  it("gives each attempt its own order of questions, the same on every request, with a passage's questions together", async () => {
    const [oa, ob] = [order(pagesA), order(pagesB)];
    expect(oa).not.toEqual(ob);
    expect(oa).not.toEqual(SET);
    for (const o of [oa, ob]) {
      expect([...o].sort()).toEqual(SET);
      expect(o.slice(o.indexOf(7005), o.indexOf(7005) + 3)).toEqual(PASSAGE);
    }
    expect(pagesA.map((p) => p.questions.length)).toEqual([10, 10, 4]);
    // Numbers run 1..24 in the attempt's order, on the pages and in the palette.
    expect(pagesA.flatMap((p) => p.questions.map((q) => q.serialBn))).toEqual(SET.map((_, i) => (i + 1).toLocaleString("bn-BD", { useGrouping: false })));
    expect(pagesA[0].palette.map((p) => p.id)).toEqual(oa);
    expect(pagesA[0].palette.find((p) => p.n === 15)).toMatchObject({ id: oa[14], page: 2 });
    // Again, another time: the same.
    expect(order(await allPages(SHUFFLED, a))).toEqual(oa);
    expect(await allPages(SHUFFLED, a)).toEqual(pagesA);
  });

  it("costs no query more than an exam in the set's order", async () => {
    const plain = await start(PLAIN);
    await page(PLAIN, plain, "?page=2"); // both exams' questions are in the cache now
    await page(SHUFFLED, a, "?page=2");
    let before = queryCount();
    await page(PLAIN, plain, "?page=2");
    const plainQueries = queryCount() - before;
    before = queryCount();
    await page(SHUFFLED, a, "?page=2");
    expect(queryCount() - before).toBe(plainQueries);
  });

  it("gives each attempt its own order of options, labelled ক খ গ ঘ from the top, each with its own key as the value", async () => {
    const all = (pages: PageData[]) => new Map(pages.flatMap((p) => p.questions.map((q) => [q.id, q] as const)));
    const [qa, qb] = [all(pagesA), all(pagesB)];
    const keys = (q: Shown) => q.options.map((o) => o.key).join("");
    expect(SET.filter((id) => keys(qa.get(id)!) !== keys(qb.get(id)!)).length).toBeGreaterThan(12);
    expect(SET.filter((id) => keys(qa.get(id)!) !== KEYS.join("")).length).toBeGreaterThan(12);
    for (const q of [...qa.values(), ...qb.values()]) {
      expect(q.options.map((o) => o.label)).toEqual(KEYS);
      expect(optionText(q).every((t, i) => t === `বিকল্প ${q.options[i].key} (${q.id})`)).toBe(true); // a text stays with its key
    }
    // The page: the first option reads ক whatever its key; the radio sends the key.
    const doc = html(AttemptPage, pagesA[0]);
    const q = pagesA[0].questions.find((x) => x.options[0].key !== "ক")!;
    // The first option reads ক whatever its own key, and posts its own key.
    const first = byRole(doc, "radio").filter((r) => r.attrs.name === `q${q.id}`)[0];
    expect(first.attrs.value).toBe(q.options[0].key);
    expect(first.name).toMatch(/^ক/);
  });

  it("goes to question N of the attempt's own order", async () => {
    const oa = order(pagesA);
    const res = await post(SHUFFLED, a, [["shown", ""], ["page", "1"], ["go", "15"]]);
    expect(res.headers.get("Location")).toBe(`/exampage/${SHUFFLED}/attempt/${a}?page=2#q-${oa[14]}`);
  });

  it("scores each attempt right when it answers in its own order, and stores the options' own keys", async () => {
    // A: every question right. B: its first 10 right, the next 4 wrong, the rest unanswered.
    for (const [id, pages, rightUpTo, wrongUpTo] of [
      [a, pagesA, 24, 24],
      [b, pagesB, 10, 14],
    ] as const) {
      let n = 0;
      for (const [i, p] of pages.entries()) {
        const fields: [string, string][] = [["page", String(i + 1)], ["shown", p.questions.map((q) => q.id).join(",")]];
        for (const q of p.questions) {
          n++;
          if (n <= rightUpTo) fields.push([`q${q.id}`, pick(q, true)]);
          else if (n <= wrongUpTo) fields.push([`q${q.id}`, pick(q, false)]);
        }
        await post(SHUFFLED, id, [...fields, ["intent", "save"]]);
      }
      const res = await post(SHUFFLED, id, [["intent", "confirm-finish"]]);
      expect(res.headers.get("Location")).toBe(`/exampage/${SHUFFLED}/attempt/${id}/result`);
    }
    const storedA = await answered(a);
    expect(SET.every((qid) => storedA.get(qid) === correctOf(qid))).toBe(true);
    const rows = await db.select().from(schema.examAttempts).where(sql`${schema.examAttempts.id} in (${a}, ${b})`);
    const row = (id: string) => rows.find((r) => r.id === id);
    expect(row(a)).toMatchObject({ rightCount: 24, wrongCount: 0, skippedCount: 0, net: "24.00" });
    expect(row(b)).toMatchObject({ rightCount: 10, wrongCount: 4, skippedCount: 10, net: "9.00" });
    const oB = order(pagesB);
    expect(new Set((await answered(b)).keys())).toEqual(new Set(oB.slice(0, 14)));
  });

  it("reviews the questions and options in the attempt's own order", async () => {
    const data = await (await result(SHUFFLED, b)).json();
    expect(data.score).toMatchObject({ right: 10, wrong: 4, skipped: 10, net: 9 });
    const shown = pagesB.flatMap((p) => p.questions);
    expect(data.questions.map((q: Shown) => q.id)).toEqual(shown.map((q) => q.id));
    expect(data.questions.map((q: Shown) => q.options)).toEqual(shown.map((q) => q.options));
    expect(data.questions.map((q: Shown) => q.serialBn)).toEqual(shown.map((q) => q.serialBn));
    // The right option is marked where the student saw it, under the label the student saw.
    const doc = html(ResultPage, data);
    const first = shown[0];
    const at = first.options.findIndex((o) => o.key === correctOf(first.id));
    expect(doc).toMatch(
      new RegExp(`class="q-option is-chosen is-correct"><input type="radio" name="q${first.id}"[^>]* value="${correctOf(first.id)}"/><span class="opt-key">${KEYS[at]}</span>`),
    );
  });

  it("leaves an exam that does not shuffle in the set's order, with its options' own keys as labels", async () => {
    const plain = await start(PLAIN);
    const pages = await allPages(PLAIN, plain);
    expect(order(pages)).toEqual(SET);
    for (const q of pages.flatMap((p) => p.questions)) {
      expect(q.options.map((o) => o.key)).toEqual(KEYS);
      expect(q.options.every((o) => o.label === undefined)).toBe(true);
    }
    expect(byRole(html(AttemptPage, pages[0]), "radio").filter((r) => r.attrs.value === "খ").every((r) => r.name.startsWith("খ"))).toBe(true);
    expect(byRole(html(AttemptPage, pages[0]), "radio").some((r) => r.attrs.value === "খ")).toBe(true);
  });
});
