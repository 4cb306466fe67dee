import { describe, expect, it } from "vitest";
import { itemAnalysis, paperKeys, rankScores, scoreSheet, type SetKey, type SheetMarks } from "~/lib/omr-results";
import type { PaperSet } from "~/lib/paper-sets";

const KEYS = ["ক", "খ", "গ", "ঘ"];
const q = (correct: string | null, marks = 1) => ({
  type: "mcq" as const,
  introHtml: null,
  options: KEYS.map((key) => ({ key, html: key })),
  correct,
  marks,
});
// Three questions; set ক prints them in order, set খ reverses the questions and the options of each.
const QUESTIONS = [q("ক"), q("খ"), q("গ", 2)];
const SETS: PaperSet[] = [
  { code: "ক", mcq: [0, 1, 2].map((i) => ({ q: i, options: [0, 1, 2, 3] })), creative: [] },
  { code: "খ", mcq: [2, 1, 0].map((i) => ({ q: i, options: [3, 2, 1, 0] })), creative: [] },
];
const keys: SetKey[] = paperKeys(QUESTIONS, SETS);
const sheet = (id: number, setIndex: number | null, answers: number[][], roll = String(id)): SheetMarks => ({ id, roll, setIndex, answers });

describe("paperKeys", () => {
  it("puts each set's key where its correct option is printed", () => {
    expect(keys[0].items.map((i) => i.correct)).toEqual([0, 1, 2]);
    // Set খ: question 2 first (stored গ = index 2, printed at 3-2 = 1), then 1 (খ -> 2), then 0 (ক -> 3).
    expect(keys[1].items.map((i) => [i.question, i.correct])).toEqual([
      [2, 1],
      [1, 2],
      [0, 3],
    ]);
  });
  it("gives no key to a question the bank has none for", () => {
    expect(paperKeys([q(null)], [{ code: "ক", mcq: [{ q: 0, options: [0, 1, 2, 3] }], creative: [] }])[0].items[0].correct).toBeNull();
  });
});

describe("scoreSheet", () => {
  it("counts right, wrong, blank and multiple marks, with marks per question and the negative mark", () => {
    const s = scoreSheet(sheet(1, 0, [[0], [2], [2]]), keys, 0.25);
    expect(s).toMatchObject({ right: 2, wrong: 1, blank: 0, multiple: 0, marks: 3, net: 2.75 });
    const t = scoreSheet(sheet(2, 0, [[], [1, 2], [2]]), keys, 0.5);
    expect(t).toMatchObject({ right: 1, wrong: 1, blank: 1, multiple: 1, marks: 2, net: 1.5 });
  });
  it("scores a sheet against its own set's key", () => {
    // Right answers on set খ: printed 1, 2, 3.
    expect(scoreSheet(sheet(3, 1, [[1], [2], [3]]), keys, 0)).toMatchObject({ right: 3, marks: 4, net: 4 });
    // The same bubbles are wrong on set ক.
    expect(scoreSheet(sheet(4, 0, [[1], [2], [3]]), keys, 0)).toMatchObject({ right: 0, wrong: 3 });
  });
  it("scores nothing while the set is unknown", () => {
    expect(scoreSheet(sheet(5, null, [[0], [1], [2]]), keys, 0)).toMatchObject({ right: 0, net: 0, rank: null });
  });
  it("does not count a question without a key", () => {
    const k = paperKeys([q(null), q("ক")], [{ code: "ক", mcq: [0, 1].map((i) => ({ q: i, options: [0, 1, 2, 3] })), creative: [] }]);
    expect(scoreSheet(sheet(6, 0, [[0], [0]]), k, 1)).toMatchObject({ right: 1, wrong: 0, blank: 0, net: 1 });
  });
});

describe("rankScores", () => {
  it("ranks by net score; ties share a rank and the next one skips; unknown sets get no rank", () => {
    const scores = [
      scoreSheet(sheet(1, 0, [[0], [1], [2]], "11"), keys, 0), // 4
      scoreSheet(sheet(2, 0, [[0], [1], []], "12"), keys, 0), // 2
      scoreSheet(sheet(3, 1, [[3], [2], [3]], "13"), keys, 0), // set খ: q2 wrong, q1 right, q0 right = 2
      scoreSheet(sheet(4, 0, [[], [], []], "14"), keys, 0), // 0
      scoreSheet(sheet(5, null, [[0], [1], [2]], "15"), keys, 0),
    ];
    const ranked = rankScores(scores);
    expect(ranked.map((s) => [s.roll, s.net, s.rank])).toEqual([
      ["11", 4, 1],
      ["12", 2, 2],
      ["13", 2, 2],
      ["14", 0, 4],
      ["15", 0, null],
    ]);
  });
});

describe("itemAnalysis", () => {
  it("reports share right, discrimination (upper and lower 27%) and the wrong option chosen most, in set ক's letters", () => {
    // Ten sheets: the top four get everything right; the bottom ones get question 1 wrong, choosing গ on set ক
    // and, on set খ, the option printed where set ক's গ stands (stored 2 -> printed 1 on set খ).
    const sheets: SheetMarks[] = [];
    for (let i = 0; i < 4; i++) sheets.push(sheet(i + 1, 0, [[0], [1], [2]]));
    for (let i = 4; i < 7; i++) sheets.push(sheet(i + 1, 1, [[1], [1], [3]])); // set খ: q2 right, q1 wrong (stored 2 = গ), q0 right
    for (let i = 7; i < 10; i++) sheets.push(sheet(i + 1, 0, [[], [2], [0]])); // q0 blank, q1 wrong গ, q2 wrong ক
    const stats = itemAnalysis(sheets, keys, 0);
    expect(stats.map((s) => s.number)).toEqual([1, 2, 3]);
    expect(stats[0].correctShare).toBeCloseTo(7 / 10);
    expect(stats[1].correctShare).toBeCloseTo(4 / 10);
    expect(stats[1].topWrong).toEqual({ letter: "গ", count: 6 });
    expect(stats[2].topWrong).toEqual({ letter: "ক", count: 3 });
    // Groups of round(10 * 0.27) = 3: the top three all right, the bottom three all wrong on questions 1 and 2.
    expect(stats[1].discrimination).toBe(1);
    expect(stats[0].discrimination).toBe(1);
    expect(stats[0].answered).toBe(7);
  });
  it("gives no share or discrimination without sheets or without a key", () => {
    expect(itemAnalysis([], keys, 0).every((s) => s.correctShare === null && s.discrimination === null)).toBe(true);
    const k = paperKeys([q(null)], [{ code: "ক", mcq: [{ q: 0, options: [0, 1, 2, 3] }], creative: [] }]);
    expect(itemAnalysis([sheet(1, 0, [[1]])], k, 0)[0]).toMatchObject({ correctShare: null, topWrong: null });
  });
});
