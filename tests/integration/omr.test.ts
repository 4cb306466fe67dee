// A teacher's private page of a saved paper against a real database: who sees the keys (the token's
// holder, never the public link), that the page stays private, the upload's limits, a sheet of a
// roll already graded waiting for the teacher's word, the review of an uncertain bubble, and the
// results and their CSV.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { MAX_SHEETS, reserveSheets, storeSheet, type NewSheet } from "~/models/omr.server";
import { action as settingsAction } from "~/routes/make-question.$sname.$sid.$gid.settings";
import { loader as paperLoader } from "~/routes/questionpaper.p.$code";
import TeacherPaper, { action as teacherAction, loader as teacherLoader } from "~/routes/questionpaper.t.$token._index/route";
import { MAX_FILES } from "~/routes/questionpaper.t.$token._index/upload.server";
import { action as reviewAction, loader as reviewLoader } from "~/routes/questionpaper.t.$token.review";
import { loader as cropLoader } from "~/routes/questionpaper.t.$token.crop.$sheet.$q";
import { loader as csvLoader } from "~/routes/questionpaper.t.$token.results[.]csv";
import { call, closeDb, db, insertQuestions, resetTables, schema } from "./db";
import { html } from "../support/render";
import { fillSheet, photograph } from "../../scripts/omr/synth";
import { paperSheetLayout } from "~/lib/omr-paper";
import { qrPayload } from "~/lib/omr/layout";
import { getSavedPaper } from "~/models/make-question.server";
import { loader as settingsLoader } from "~/routes/make-question.$sname.$sid.$gid.settings";
import { loader as bankLoader } from "~/routes/make-question.$sname.$sid.$gid.questions";

const KEYS = ["ক", "খ", "গ", "ঘ"];
const P = { sname: "math", sid: "1", gid: "1" };
const BASE = "/make-question/math/1/1";
const QIDS = [8001, 8002, 8003, 8004];
const correctOf = (id: number) => KEYS[id % 4];
const post = (fields: [string, string][]): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let token = "";
let code = "";
let ownerId = 0;
const page = (q = "") => call(teacherLoader, `/questionpaper/t/${token}${q}`, { token });

/** A sheet as the reader would hand it over (set ক unless said), every answer sure unless listed. */
const sheet = (roll: string, marked: number[][], opts: { setIndex?: number | null; uncertain?: number[] } = {}): NewSheet => ({
  roll,
  rollUncertain: false,
  setIndex: opts.setIndex === undefined ? 0 : opts.setIndex,
  setUncertain: false,
  confidence: 0.9,
  image: PNG,
  rollCrop: PNG,
  originalName: `${roll}.jpg`,
  answers: marked.map((m, i) => ({ question: i + 1, marked: m, confidence: 0.9, uncertain: opts.uncertain?.includes(i + 1) ?? false, crop: PNG })),
});

beforeAll(async () => {
  await resetTables();
  await db.insert(schema.grades).values({ id: 1, name: "এসএসসি", sort: 1 });
  await db.insert(schema.subjects).values({ id: 1, name: "গণিত", slug: "math", icon: "square-root", sort: 1 });
  await db.insert(schema.subjectGrades).values({ subjectId: 1, gradeId: 1 });
  await db.insert(schema.categories).values({ id: 10, subjectId: 1, gradeId: 1, name: "বীজগণিত", sort: 1 });
  await insertQuestions(QIDS.map((id) => ({ id, chapterId: 10, subjectId: 1, gradeId: 1, body: `<p>প্রশ্ন ${id}</p>`, correctKey: correctOf(id) })));
  // Set ক only, in the chosen order: the key is the bank's (8001 খ, 8002 গ, 8003 ঘ, 8004 ক).
  const saved = await call(settingsAction, `${BASE}/settings`, P, post([...QIDS.map((id): [string, string] => ["q", String(id)]), ["sets", "1"], ["exam", "সাপ্তাহিক"]]));
  expect(saved.status).toBe(303);
  token = /^\/questionpaper\/t\/([0-9a-hjkmnp-tv-z]{32})\?saved=1$/.exec(saved.headers.get("Location")!)![1];
  const data = await (await page()).json();
  code = data.code;
  ownerId = (await db.select({ id: schema.paperOwners.id }).from(schema.paperOwners))[0].id;
});

afterAll(closeDb);

describe("who sees the keys", () => {
  it("the public link holds no key in its data or page, and refuses ?only=keys with a 404", async () => {
    const res = await call(paperLoader, `/questionpaper/p/${code}`, { code });
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.paper.questions.map((q: { correct: string | null }) => q.correct)).toEqual([null, null, null, null]);
    const keys = await call(paperLoader, `/questionpaper/p/${code}?only=keys`, { code });
    expect(keys.status).toBe(404);
    expect(await keys.text()).toContain("উত্তরমালা এই ঠিকানায় দেখানো হয় না");
  });

  it("the private page shows the keys, says to keep the link after a save, and is private, uncached and not indexed", async () => {
    const res = await page("?saved=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Robots-Tag")).toMatch(/noindex/);
    const data = await res.json();
    expect(data.paper.questions.map((q: { correct: string | null }) => q.correct)).toEqual(QIDS.map(correctOf));
    const out = html(TeacherPaper, data);
    expect(out).toContain("এই পাতার লিংকটি রেখে দিন");
    expect([...out.matchAll(/class="mp-key-letter">([^<]+)</g)].map((m) => m[1])).toEqual(QIDS.map(correctOf));
    expect(out).toContain(`/questionpaper/p/${code}`);
    expect(html(TeacherPaper, await (await page()).json())).not.toContain("এই পাতার লিংকটি রেখে দিন");
  });

  it("stores only the token's hash, and a wrong or malformed token is a 404 on every private route", async () => {
    const rows = await db.select({ hash: schema.paperOwners.tokenHash }).from(schema.paperOwners);
    expect(rows.every((r) => r.hash !== token && /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
    const other = "0123456789abcdefghjkmnpqrstvwxyz";
    for (const t of [other, "short", `${token}x`, token.toUpperCase()]) {
      expect((await call(teacherLoader, `/questionpaper/t/${t}`, { token: t })).status).toBe(404);
      expect((await call(csvLoader, `/questionpaper/t/${t}/results.csv`, { token: t })).status).toBe(404);
      expect((await call(cropLoader, `/questionpaper/t/${t}/crop/1/1`, { token: t, sheet: "1", q: "1" })).status).toBe(404);
    }
  });
});

describe("sheets, review and results", () => {
  it("a second sheet of a graded roll waits for the teacher; keeping or replacing is a plain form post", async () => {
    await reserveSheets({ ownerId, n: 3 });
    // Roll 101: all right on the first sheet; the second sheet of 101 has everything wrong.
    expect((await storeSheet({ ownerId, sheet: sheet("101", [[1], [2], [3], [0]]) })).replaces).toBe(false);
    const second = await storeSheet({ ownerId, sheet: sheet("101", [[0], [0], [0], [1]]) });
    expect(second.replaces).toBe(true);
    await storeSheet({ ownerId, sheet: sheet("102", [[1], [2], [], [1, 2]], { uncertain: [3] }) });
    let data = await (await page()).json();
    expect(data.pending).toEqual([{ id: second.id, roll: "101", name: "101.jpg" }]);
    expect(data.scores.find((s: { roll: string }) => s.roll === "101")).toMatchObject({ right: 4, net: 4, rank: 1 });
    const out = html(TeacherPaper, data);
    expect(out).toContain("নতুন উত্তরপত্রটি কি আগেরটির বদলে গণনা করবেন?");
    // Replace: the new sheet counts, the old one is gone.
    const res = await call(teacherAction, `/questionpaper/t/${token}`, { token }, post([["intent", "settle"], ["sheet", String(second.id)], ["choice", "replace"]]));
    expect(res.status).toBe(303);
    data = await (await page()).json();
    expect(data.pending).toEqual([]);
    expect(data.scores.find((s: { roll: string }) => s.roll === "101")).toMatchObject({ right: 0, wrong: 4, net: 0 });
    expect(data.sheetCount).toBe(2);
    // Another sheet's id is not this form's to settle: nothing changes.
    await call(teacherAction, `/questionpaper/t/${token}`, { token }, post([["intent", "settle"], ["sheet", "999999"], ["choice", "keep"]]));
    expect((await (await page()).json()).sheetCount).toBe(2);
  });

  it("the review screen shows an uncertain row's crop (private) and takes the teacher's reading; the score follows", async () => {
    const review = await (await call(reviewLoader, `/questionpaper/t/${token}/review`, { token })).json();
    expect(review.rows).toHaveLength(1);
    const row = review.rows[0];
    expect(row).toMatchObject({ roll: "102", question: 3, marked: [] });
    const crop = await call(cropLoader, `/x`, { token, sheet: String(row.sheetId), q: "3" });
    expect(crop.status).toBe(200);
    expect(crop.headers.get("Content-Type")).toBe("image/png");
    expect(crop.headers.get("Cache-Control")).toBe("private, no-store");
    // A sure row keeps no crop.
    expect((await call(cropLoader, `/x`, { token, sheet: String(row.sheetId), q: "1" })).status).toBe(404);
    // Out of range: refused, nothing stored.
    expect((await call(reviewAction, `/x`, { token }, post([[`a-${row.sheetId}-3`, "7"]]))).status).toBe(400);
    const before = (await (await page()).json()).scores.find((s: { roll: string }) => s.roll === "102");
    expect(before).toMatchObject({ right: 2, blank: 1, wrong: 1, multiple: 1, unchecked: 1 });
    const res = await call(reviewAction, `/x`, { token }, post([[`a-${row.sheetId}-3`, "3"]]));
    expect(res.status).toBe(303);
    expect((await (await call(reviewLoader, `/x`, { token })).json()).rows).toEqual([]);
    const after = (await (await page()).json()).scores.find((s: { roll: string }) => s.roll === "102");
    expect(after).toMatchObject({ right: 3, blank: 0, wrong: 1, unchecked: 0 });
  });

  it("takes off the negative mark set on the page, and ranks by net score", async () => {
    const res = await call(teacherAction, `/questionpaper/t/${token}`, { token }, post([["intent", "negative"], ["negative", "0.25"]]));
    expect(res.status).toBe(303);
    const data = await (await page()).json();
    expect(data.negative).toBe(0.25);
    expect(data.scores.map((s: { roll: string; net: number; rank: number }) => [s.roll, s.net, s.rank])).toEqual([
      ["102", 2.75, 1],
      ["101", -1, 2],
    ]);
    expect((await call(teacherAction, `/x`, { token }, post([["intent", "negative"], ["negative", "5"]]))).status).toBe(400);
  });

  it("exports the results as CSV with formula-looking cells made inert", async () => {
    await reserveSheets({ ownerId, n: 1 });
    await storeSheet({ ownerId, sheet: sheet("=1+2", [[1], [2], [3], [0]]) });
    const res = await call(csvLoader, `/x`, { token });
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("rank,roll,set,right,wrong,blank,multiple,net,unchecked");
    expect(lines[1]).toBe("1,'=1+2,ক,4,0,0,0,4,0");
    expect(lines.some((l) => l.startsWith("3,101,ক,0,4,0,0,'-1,0"))).toBe(true);
  });
});

describe("reading photos of the printed sheet", () => {
  it("reads each uploaded photo (roll, set, answers), refuses another paper's sheet, and scores them", async () => {
    const paper = (await getSavedPaper(code))!;
    const layout = paperSheetLayout(paper)!;
    const photo = async (paperCode: string, roll: string, answers: (number | null)[], seed: number) =>
      photograph(
        await fillSheet({
          layout,
          header: { paperCode, title: "সাপ্তাহিক", set: null, qrText: qrPayload({ paperCode, set: null, page: 1 }) },
          roll,
          set: null,
          answers,
          seed,
        }),
        { perspectiveDeg: 6, rotationDeg: 2, blur: 0.6, jpegQuality: 85, light: { gradient: 0.2, shadow: 0.1 }, widthPx: 1600, seed },
      );
    const res = await upload([
      ["a.jpg", await photo(code, "000201", [1, 2, 3, 0], 1)],
      ["b.jpg", await photo(code, "000202", [1, 0, null, 0], 2)],
      ["other.jpg", await photo("zzzzzzzzzz", "000203", [1, 2, 3, 0], 3)],
    ]);
    expect(res.status).toBe(303);
    const q = new URL(res.headers.get("Location")!, "http://x").searchParams;
    expect(q.get("read")).toBe("2");
    expect(q.getAll("failed")).toEqual(["other.jpg|other-paper"]);
    const data = await (await page()).json();
    const byRoll = (roll: string) => data.scores.find((s: { roll: string }) => s.roll === roll);
    expect(byRoll("000201")).toMatchObject({ right: 4, wrong: 0, blank: 0, rank: 1 });
    expect(byRoll("000202")).toMatchObject({ right: 2, wrong: 1, blank: 1 });
  }, 60_000);
});

describe("one question printed once", () => {
  it("a copy of a chosen question under another id is left out, and the page says so", async () => {
    await insertQuestions([{ id: 8005, chapterId: 10, subjectId: 1, gradeId: 1, body: "<p>প্রশ্ন 8001</p>", correctKey: "খ", options: KEYS.map((k) => `বিকল্প ${k} (8001)`) }]);
    const data = await (await call(settingsLoader, `${BASE}/settings?q=8001&q=8005&q=8002`, P)).json();
    expect(data.questions.map((q: { id: number }) => q.id)).toEqual([8001, 8002]);
    expect(data.duplicates).toBe(1);
    // The bank lists it once, with the count, and a random pick never takes both.
    const bank = await (await call(bankLoader, `${BASE}/questions?ch=10`, P)).json();
    const listed = bank.lists.find((l: { type: string }) => l.type === "mcq").questions;
    expect(listed.map((q: { id: number }) => q.id)).toEqual([8001, 8002, 8003, 8004]);
    expect(listed[0].copies).toBe(2);
    const picked = await (await call(bankLoader, `${BASE}/questions?ch=10&random=1&nm=5&nc=0&seed=2`, P)).json();
    expect(picked.selected.ids.sort()).toEqual([8001, 8002, 8003, 8004]);
  });
});

describe("limits", () => {
  it(`holds the ${MAX_SHEETS}-sheet limit when uploads come at once`, async () => {
    await db.update(schema.paperOwners).set({ sheetCount: MAX_SHEETS - 3 }).where(eq(schema.paperOwners.id, ownerId));
    const taken = await Promise.all(Array.from({ length: 10 }, () => reserveSheets({ ownerId, n: 1 })));
    expect(taken.filter(Boolean)).toHaveLength(3);
    const [row] = await db.select({ n: schema.paperOwners.sheetCount }).from(schema.paperOwners).where(eq(schema.paperOwners.id, ownerId));
    expect(row.n).toBe(MAX_SHEETS);
    // A full copy refuses an upload with a message, before reading any picture.
    const full = await upload([["a.png", PNG]]);
    expect(full.status).toBe(409);
    expect((await full.json()).error).toContain(`সর্বোচ্চ`);
    await db.update(schema.paperOwners).set({ sheetCount: 3 }).where(eq(schema.paperOwners.id, ownerId));
  });

  it("refuses too many files and too large a request with a Bangla message, and names a file that is too large or not a picture", async () => {
    const many = await upload(Array.from({ length: MAX_FILES + 1 }, (_, i): [string, Buffer] => [`${i}.png`, PNG]));
    expect(many.status).toBe(413);
    expect((await many.json()).error).toContain("একবারে সর্বোচ্চ");
    const declared = await call(teacherAction, `/x`, { token }, {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data; boundary=b", "Content-Length": String(200 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toContain("MB");
    const mixed = await upload([
      ["notes.txt", Buffer.from("not a picture")],
      ["huge.jpg", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(9 * 1024 * 1024)])],
      ["a|broken.jpg", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)])],
    ]);
    expect(mixed.status).toBe(303);
    const failed = new URL(mixed.headers.get("Location")!, "http://x").searchParams.getAll("failed");
    expect(failed).toEqual(["notes.txt|type", "huge.jpg|size", "a|broken.jpg|unreadable"]);
    const shown = html(TeacherPaper, await (await page(new URL(mixed.headers.get("Location")!, "http://x").search)).json());
    expect(shown).toContain("এটি JPEG, PNG বা WebP ছবি নয়।");
    expect(shown).toContain("MB-এর বেশি বড়");
    expect(shown).toContain("<strong>a|broken.jpg</strong>: ছবিটি খোলা বা পড়া যায়নি");
    // Nothing was stored, and no room stays taken.
    const [row] = await db.select({ n: schema.paperOwners.sheetCount }).from(schema.paperOwners).where(eq(schema.paperOwners.id, ownerId));
    expect(row.n).toBe(3);
  });

  it("deletes every sheet and result when the teacher asks, and only with the box ticked", async () => {
    expect((await call(teacherAction, `/x`, { token }, post([["intent", "delete"]]))).status).toBe(400);
    expect((await call(teacherAction, `/x`, { token }, post([["intent", "delete"], ["confirm", "yes"]]))).status).toBe(303);
    const [n] = await db.select({ n: sql<number>`count(*)` }).from(schema.omrSheets);
    expect(Number(n.n)).toBe(0);
    expect((await (await page()).json()).scores).toEqual([]);
  });
});

/** Posts pictures as the upload form does (multipart, field "sheets"). */
function upload(files: [string, Buffer][]) {
  const form = new FormData();
  for (const [name, bytes] of files) form.append("sheets", new Blob([new Uint8Array(bytes)]), name);
  return call(teacherAction, `/questionpaper/t/${token}`, { token }, { method: "POST", body: form });
}

describe("a roll or set the reader could not read", () => {
  it("goes to the review screen with the roll's crop; the teacher's roll and set count, and a roll already counted waits for the replace question", async () => {
    await db.update(schema.paperOwners).set({ sheetCount: 0 }).where(eq(schema.paperOwners.id, ownerId));
    await reserveSheets({ ownerId, n: 2 });
    await storeSheet({ ownerId, sheet: sheet("301", [[1], [2], [3], [0]]) });
    const unsure = await storeSheet({ ownerId, sheet: { ...sheet("3?2", [[1], [2], [3], [0]], { setIndex: null }), rollUncertain: true, setUncertain: true } });
    let review = await (await call(reviewLoader, `/x`, { token })).json();
    expect(review.sheets).toEqual([{ id: unsure.id, roll: "3?2", setIndex: null, rollUncertain: true, setUncertain: true }]);
    expect((await call(cropLoader, `/x`, { token, sheet: String(unsure.id), q: "roll" })).status).toBe(200);
    const page1 = html(TeacherPaper, await (await page()).json());
    expect(page1).toContain("১টি উত্তরপত্রের রোল বা সেট যাচাই করুন");
    expect((await (await page()).json()).scores.find((s: { roll: string }) => s.roll === "3?2")).toMatchObject({ rank: null });
    // A roll that is not digits is refused; Bangla digits are read.
    expect((await call(reviewAction, `/x`, { token }, post([[`r-${unsure.id}`, "3x2"], [`s-${unsure.id}`, "0"]]))).status).toBe(400);
    expect((await call(reviewAction, `/x`, { token }, post([[`r-${unsure.id}`, "৩০২"], [`s-${unsure.id}`, "0"]]))).status).toBe(303);
    review = await (await call(reviewLoader, `/x`, { token })).json();
    expect(review.sheets).toEqual([]);
    expect((await (await page()).json()).scores.find((s: { roll: string }) => s.roll === "302")).toMatchObject({ right: 4, rank: 1 });
    // Corrected to a roll already counted: it waits for the teacher's word.
    await call(reviewAction, `/x`, { token }, post([[`r-${unsure.id}`, "301"], [`s-${unsure.id}`, "0"]]));
    expect((await (await page()).json()).pending).toEqual([{ id: unsure.id, roll: "301", name: "3?2.jpg" }]);
  });
});
