import { allBubbles, omrLayout, OPTION_LABELS, parseQrPayload, qrPayload, type Layout, type Rect } from "~/lib/omr/layout";

const SETS = ["ক", "খ", "গ", "ঘ"];
const variants: Layout[] = [];
for (const questions of [1, 10, 25, 26, 30, 50, 51, 75, 76, 99, 100]) {
  for (const options of [4, 5] as const) {
    for (const sets of [[], SETS]) variants.push(omrLayout({ questions, options, sets }));
  }
}

const squareRect = (s: { cx: number; cy: number; size: number }): Rect => ({ x: s.cx - s.size / 2, y: s.cy - s.size / 2, w: s.size, h: s.size });
const circleRect = (b: { cx: number; cy: number; r: number }): Rect => ({ x: b.cx - b.r, y: b.cy - b.r, w: 2 * b.r, h: 2 * b.r });
const overlaps = (a: Rect, b: Rect, gap = 0) => a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
const inside = (r: Rect, m: number) => r.x >= m && r.y >= m && r.x + r.w <= 210 - m && r.y + r.h <= 297 - m;

describe("omrLayout", () => {
  it("puts everything printed inside the printable margins", () => {
    for (const l of variants) {
      const rects = [...l.corners.map(squareRect), squareRect(l.orientation), l.qr, ...allBubbles(l).map(circleRect), ...l.answers.timing, ...l.roll.boxes, ...l.answers.rows];
      for (const r of rects) expect(inside(r, l.margin), `${l.questions}q ${JSON.stringify(r)}`).toBe(true);
    }
  });

  it("keeps bubbles apart from each other and from the marks the reader looks for", () => {
    for (const l of variants) {
      const bubbles = allBubbles(l);
      const close: string[] = [];
      for (let i = 0; i < bubbles.length; i++) {
        for (let j = i + 1; j < bubbles.length; j++) {
          const d = Math.hypot(bubbles[i].cx - bubbles[j].cx, bubbles[i].cy - bubbles[j].cy);
          if (d < bubbles[i].r + bubbles[j].r + 1) close.push(`${bubbles[i].label}@${bubbles[i].cx},${bubbles[i].cy} ${bubbles[j].label}@${bubbles[j].cx},${bubbles[j].cy}`);
        }
      }
      expect(close, `${l.questions}q ${l.options} options`).toEqual([]);
      const solid = [...l.corners.map(squareRect), squareRect(l.orientation), l.qr, ...l.answers.timing];
      const touching = bubbles.filter((b) => solid.some((s) => overlaps(circleRect(b), s, 0.8)));
      expect(touching, `${l.questions}q`).toEqual([]);
      // The fiducials, the orientation square and the QR stand alone: the reader finds them by shape.
      const marks = [...l.corners.map(squareRect), squareRect(l.orientation), l.qr];
      for (let i = 0; i < marks.length; i++) for (let j = i + 1; j < marks.length; j++) expect(overlaps(marks[i], marks[j], 3)).toBe(false);
    }
  });

  it("has one row per question with the asked number of options, labelled in Bangla", () => {
    const l = omrLayout({ questions: 100, options: 5, sets: SETS });
    expect(l.answers.bubbles).toHaveLength(500);
    expect(l.answers.columns).toHaveLength(4);
    for (let q = 1; q <= 100; q++) {
      const row = l.answers.bubbles.filter((b) => b.q === q);
      expect(row.map((b) => b.label)).toEqual([...OPTION_LABELS]);
      expect(new Set(row.map((b) => b.cy)).size).toBe(1);
    }
    expect(l.answers.numbers.find((n) => n.q === 100)?.text).toBe("১০০");
    expect(l.roll.columns).toHaveLength(6);
    expect(l.roll.columns[0].bubbles.map((b) => b.label).join("")).toBe("০১২৩৪৫৬৭৮৯");
    expect(l.set?.bubbles.map((b) => b.label)).toEqual(SETS);
    expect(omrLayout({ questions: 40, options: 4, sets: [] }).set).toBeNull();
    expect(omrLayout({ questions: 40 }).answers.bubbles.filter((b) => b.q === 1)).toHaveLength(4);
  });

  it("uses one column up to 25 questions and at most four", () => {
    expect(omrLayout({ questions: 25 }).answers.columns).toHaveLength(1);
    expect(omrLayout({ questions: 26 }).answers.columns.map((c) => c.questions.length)).toEqual([13, 13]);
    expect(omrLayout({ questions: 100 }).answers.columns.map((c) => c.questions.length)).toEqual([25, 25, 25, 25]);
  });

  it("keeps the fiducials and QR in the same place on every sheet", () => {
    const a = omrLayout({ questions: 10 });
    const b = omrLayout({ questions: 100, options: 5, sets: SETS, rollDigits: 8 });
    expect(b.corners).toEqual(a.corners);
    expect(b.orientation).toEqual(a.orientation);
    expect(b.qr).toEqual(a.qr);
  });

  it("refuses sizes it cannot print", () => {
    expect(() => omrLayout({ questions: 0 })).toThrow(RangeError);
    expect(() => omrLayout({ questions: 101 })).toThrow(RangeError);
    expect(() => omrLayout({ questions: 10, options: 3 })).toThrow(RangeError);
  });
});

describe("qrPayload", () => {
  it("round-trips paper code, set and page in a short string", () => {
    for (const v of [
      { paperCode: "P7K2QX", set: 0, page: 1 },
      { paperCode: "abc_12-Z", set: null, page: 2 },
      { paperCode: "X".repeat(24), set: 9, page: 99 },
    ]) {
      const text = qrPayload(v);
      expect(text.length).toBeLessThanOrEqual(40);
      expect(parseQrPayload(text)).toEqual(v);
    }
    expect(qrPayload({ paperCode: "P7K2QX", set: 2, page: 1 })).toBe("GRBD1|P7K2QX|2|1");
  });

  it("rejects other QR codes and bad values", () => {
    for (const t of ["", "https://example.com", "GRBD2|P|1|1", "GRBD1|P|x|1", "GRBD1|P|1|0", "GRBD1||1|1", "GRBD1|a b|1|1"]) expect(parseQrPayload(t)).toBeNull();
    expect(() => qrPayload({ paperCode: "a|b", set: null, page: 1 })).toThrow(RangeError);
    expect(() => qrPayload({ paperCode: "P", set: 10, page: 1 })).toThrow(RangeError);
  });
});
