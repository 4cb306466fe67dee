import sharp from "sharp";
import { omrLayout, qrPayload, type Layout } from "~/lib/omr/layout";
import { cropRegion, readSheet, type ReadOk, type ReadResult } from "~/lib/omr/read.server";
import { fillSheetWithTruth, photograph, type FillInput, type PhotoOptions } from "../../scripts/omr/synth";

const SETS = ["ক", "খ", "গ", "ঘ"];
const layout40 = omrLayout({ questions: 40, options: 4, sets: SETS });
const layout30x5 = omrLayout({ questions: 30, options: 5, sets: [] });

function answersFor(layout: Layout, seed: number): (number | number[] | null)[] {
  // Every kind of row: a single mark on each option, blanks and a double mark.
  return Array.from({ length: layout.questions }, (_, i) => (i % 9 === 4 ? null : i % 11 === 7 ? [0, layout.options - 1] : (i * 7 + seed) % layout.options));
}

function sheet(layout: Layout, extra: Partial<FillInput> = {}) {
  return fillSheetWithTruth({
    layout,
    header: { paperCode: "T3ST01", title: "গণিত — মডেল টেস্ট", set: null, qrText: qrPayload({ paperCode: "T3ST01", set: null, page: 1 }) },
    roll: "305172",
    set: 2,
    answers: answersFor(layout, 3),
    styles: { pen: "ballpen" },
    seed: 11,
    ...extra,
  });
}

const read = (image: Buffer, layout: Layout) => readSheet(image, { layoutFor: (qr) => (qr?.paperCode === "T3ST01" ? layout : null) });

function expectExact(r: ReadResult, layout: Layout, answers: (number | number[] | null)[], roll = "305172", set: number | null = 2): asserts r is ReadOk {
  if (!r.ok) throw new Error(`not read: ${r.reason}`);
  expect(r.qr).toEqual({ paperCode: "T3ST01", set: null, page: 1 });
  expect(r.roll.value).toBe(roll);
  expect(r.roll.uncertain).toBe(false);
  expect(r.set.value).toBe(set);
  expect(r.answers).toHaveLength(layout.questions);
  const got = r.answers.map((a) => a.marked);
  const want = answers.map((a) => (a === null ? [] : Array.isArray(a) ? a : [a]));
  expect(got).toEqual(want);
  for (const a of r.answers) {
    expect(a.uncertain, `q${a.q} fill ${a.fill.join(" ")}`).toBe(false);
    expect(a.status).toBe(a.marked.length === 0 ? "blank" : a.marked.length === 1 ? "single" : "multiple");
    expect(a.confidence).toBeGreaterThan(0.5);
  }
}

const photo = (o: Partial<PhotoOptions>): PhotoOptions => ({ perspectiveDeg: 12, rotationDeg: 0, blur: 1, jpegQuality: 70, light: { gradient: 0.3, shadow: 0.35 }, widthPx: 1600, seed: 5, ...o });

describe("readSheet", () => {
  it("reads a flat ballpoint sheet exactly: roll, set, blanks, single and double marks", async () => {
    const { png } = await sheet(layout40);
    expectExact(await read(png, layout40), layout40, answersFor(layout40, 3));
  });

  it("reads a flat pencil sheet with five options exactly", async () => {
    const answers = answersFor(layout30x5, 1);
    const { png } = await sheet(layout30x5, { styles: { pen: "pencil" }, answers, set: null, seed: 4 });
    const r = await read(png, layout30x5);
    expectExact(r, layout30x5, answers, "305172", null);
    expect(r.set).toMatchObject({ value: null, uncertain: false });
  });

  it("reads phone photos turned 0, 90, 180 and 270 degrees, tilted, shadowed, blurred and bent", async () => {
    const { png } = await sheet(layout40, { styles: { pen: "pencil" } });
    for (const [i, rotationDeg] of [3, 88, 182, 271].entries()) {
      // The second photo's page bulges 3 mm in the middle: the timing bars have to be followed.
      const curl = i === 1 ? 3 : 0;
      const jpg = await photograph(png, photo({ rotationDeg, seed: i + 1, widthPx: [1300, 2000, 2600, 1600][i], curl }));
      const r = await read(jpg, layout40);
      expectExact(r, layout40, answersFor(layout40, 3));
      expect(r.quality.rotation).toBe(Math.round(rotationDeg / 90) * 90 % 360);
      if (curl) expect(r.quality.bendMm).toBeGreaterThan(1);
    }
  });

  it("flags erased and crossed-out marks instead of counting them", async () => {
    const { png, truth } = await sheet(layout40, { styles: { pen: "pencil", erased: 0.5, crossedOut: 0.5 }, seed: 21 });
    const r = await read(png, layout40);
    if (!r.ok) throw new Error(r.reason);
    let checked = 0;
    for (const [q, marks] of truth.marks) {
      const a = r.answers[q - 1];
      for (const [option, kind] of marks) {
        if (kind !== "erased" && kind !== "crossed") continue;
        checked++;
        // Never silently counted: either not marked, or the row is flagged.
        expect(!a.marked.includes(option) || a.uncertain, `q${q} ${kind} ${a.fill.join(" ")}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(5);
    // Marks a pupil meant are still read.
    for (let q = 1; q <= layout40.questions; q++) for (const o of truth.answers[q - 1]) expect(r.answers[q - 1].marked).toContain(o);
    expect(r.answers.some((a) => a.uncertain)).toBe(true);
  });

  it("crops a question's row and the roll, straightened, for the review screen", async () => {
    const { png } = await sheet(layout40);
    const jpg = await photograph(png, photo({ rotationDeg: 90, seed: 8 }));
    const r = await read(jpg, layout40);
    if (!r.ok) throw new Error(r.reason);
    const row = await cropRegion(jpg, r, { q: 7 });
    const meta = await sharp(row).metadata();
    expect(meta.format).toBe("png");
    const rect = layout40.answers.rows.find((x) => x.q === 7)!;
    expect(meta.width).toBe(Math.round(rect.w * 10));
    expect(meta.height).toBe(Math.round(rect.h * 10));
    // The marked bubble is dark in the crop where the layout puts it.
    const { data, info } = await sharp(row).greyscale().raw().toBuffer({ resolveWithObject: true });
    const marked = layout40.answers.bubbles.find((b) => b.q === 7 && b.option === r.answers[6].marked[0])!;
    const at = (mmX: number, mmY: number) => data[Math.round((mmY - rect.y) * 10) * info.width + Math.round((mmX - rect.x) * 10)];
    expect(at(marked.cx, marked.cy)).toBeLessThan(120);
    const roll = await sharp(await cropRegion(jpg, r, { roll: true })).metadata();
    expect(roll.width).toBe(Math.round(layout40.roll.area.w * 10));
  });

  it("answers in Bangla when the photo has no sheet, cannot be opened, or belongs to another paper", async () => {
    const blank = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#c8c8c8" } }).jpeg().toBuffer();
    const none = await read(blank, layout40);
    expect(none).toMatchObject({ ok: false, reason: "no-sheet" });
    expect(!none.ok && none.message).toMatch(/কোণের/);
    expect(await read(Buffer.from("not an image"), layout40)).toMatchObject({ ok: false, reason: "unreadable" });
    const { png } = await sheet(layout40);
    const other = await readSheet(png, { layoutFor: () => null });
    expect(other).toMatchObject({ ok: false, reason: "unknown-paper" });
    // A QR naming another paper is refused even with an expected layout; an unreadable QR falls back to it.
    expect(await readSheet(png, { layoutFor: () => null, expectedLayout: layout40 })).toMatchObject({ ok: false, reason: "unknown-paper" });
    const { png: foreign } = await sheet(layout40, { header: { paperCode: "T3ST01", title: "গণিত", set: null, qrText: "https://example.com/x" } });
    expect(await readSheet(foreign, { layoutFor: () => null })).toMatchObject({ ok: false, reason: "no-qr" });
    const fallback = await readSheet(foreign, { layoutFor: () => null, expectedLayout: layout40 });
    expect(fallback.ok && fallback.qr === null && fallback.roll.value).toBe("305172");
  });
});
