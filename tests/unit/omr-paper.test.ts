import { describe, expect, it } from "vitest";
import { keepValuesWithUnits, optionColumns } from "~/components/made-paper";
import { optionCount, paperSheetLayout } from "~/lib/omr-paper";

const mcq = (n: number) => ({ type: "mcq", options: Array.from({ length: n }, () => ({})) });
const sets = (count: number, questions: number) => Array.from({ length: count }, () => ({ mcq: Array.from({ length: questions }, (_, q) => ({ q, options: [] })) }));

describe("the paper's OMR sheet", () => {
  it("has 5 bubbles a row when any MCQ has a fifth option (ঙ), else 4", () => {
    expect(optionCount({ questions: [mcq(4), mcq(4)], sets: [] })).toBe(4);
    expect(optionCount({ questions: [mcq(4), mcq(5)], sets: [] })).toBe(5);
    const layout = paperSheetLayout({ questions: [mcq(4), mcq(5), { type: "creative", options: [] }], sets: sets(2, 2) })!;
    expect(layout.options).toBe(5);
    expect(layout.answers.bubbles.filter((b) => b.q === 1)).toHaveLength(5);
  });
  it("has a set block only for more than one set, and no sheet without MCQs", () => {
    expect(paperSheetLayout({ questions: [mcq(4)], sets: sets(1, 1) })!.set).toBeNull();
    expect(paperSheetLayout({ questions: [mcq(4)], sets: sets(3, 1) })!.set!.bubbles.map((b) => b.label)).toEqual(["ক", "খ", "গ"]);
    expect(paperSheetLayout({ questions: [], sets: sets(2, 0) })).toBeNull();
  });
});

describe("printed options", () => {
  it("go one per row when any is too long for half a column", () => {
    expect(optionColumns(["<p>৩২</p>", "<p>১৬</p>"])).toBe(2);
    expect(optionColumns(["<p>ক্ষারীয় মাধ্যমে দ্রবণের বিদ্যুৎ পরিবাহিতা বাড়ে</p>", "<p>১৬</p>"])).toBe(1);
  });
  it("keep a number with its unit, in text only", () => {
    expect(keepValuesWithUnits("<p>১০ মিটার ও 5 kg</p>")).toBe("<p>১০\u00a0মিটার ও 5\u00a0kg</p>");
    expect(keepValuesWithUnits('<span class="a1 b">২ ৩</span>')).toBe('<span class="a1 b">২ ৩</span>');
  });
});
