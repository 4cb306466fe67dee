import { describe, expect, it } from "vitest";
import { attemptOrder, attemptSeeds, mixSeed, passageBlocks, shuffleBlocks, shuffleQuestionOptions } from "~/lib/shuffle";

const KEYS = ["ক", "খ", "গ", "ঘ"];
type Q = { id: number; type: string; introHtml: string | null; options: { key: string; html: string }[] };
const mcq = (id: number, intro: string | null = null, options = KEYS.map((key) => ({ key, html: `<p>${id}${key}</p>` }))): Q => ({
  id,
  type: "mcq",
  introHtml: intro,
  options,
});
const ids = (qs: readonly { id: number }[]) => qs.map((q) => q.id);
const BOTH = { shuffleQuestions: true, shuffleOptions: true };
/** Attempt ids as startAttempt makes them (24 characters of base64url). */
const attemptId = (n: number) => `att${String(n).padStart(21, "0")}`;
/** A question's option order in attempt n, as attemptOrder draws it. */
const optionsIn = (n: number, questionId: number, options = EXAM[0].options) =>
  shuffleQuestionOptions(options, mixSeed(attemptSeeds(attemptId(n)).options, questionId));

// 1-30, with 5-7 sharing one passage and 20-21 another (and 22 a different passage of its own).
const EXAM: Q[] = Array.from({ length: 30 }, (_, i) => {
  const id = i + 1;
  return mcq(id, id >= 5 && id <= 7 ? "<p>উদ্দীপক ক</p>" : id === 20 || id === 21 ? "<p>উদ্দীপক খ</p>" : id === 22 ? "<p>উদ্দীপক গ</p>" : null);
});

describe("passage blocks", () => {
  it("keeps runs of MCQs that share a passage together, everything else alone", () => {
    expect(passageBlocks(EXAM).map(ids).filter((b) => b.length > 1)).toEqual([
      [5, 6, 7],
      [20, 21],
    ]);
    expect(passageBlocks(EXAM).flat()).toEqual(EXAM);
    // The same passage further on is another run; a creative question never joins one.
    const apart = [mcq(1, "<p>x</p>"), mcq(2), mcq(3, "<p>x</p>"), { ...mcq(4, "<p>x</p>"), type: "creative" }];
    expect(passageBlocks(apart).map(ids)).toEqual([[1], [2], [3], [4]]);
  });
});

describe("an attempt's order of questions", () => {
  it("is the same for the same attempt, a permutation, and keeps passage runs together in their order", () => {
    const a = attemptOrder(EXAM, attemptId(1), BOTH);
    expect(attemptOrder(EXAM, attemptId(1), BOTH)).toEqual(a);
    expect([...ids(a)].sort((x, y) => x - y)).toEqual(ids(EXAM));
    expect(ids(a)).not.toEqual(ids(EXAM));
    const at = (id: number) => ids(a).indexOf(id);
    expect([at(6) - at(5), at(7) - at(5)]).toEqual([1, 2]);
    expect(at(21) - at(20)).toBe(1);
    expect(EXAM.map((q) => q.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1)); // the input is left alone
  });

  it("differs between attempts", () => {
    const orders = new Set(Array.from({ length: 50 }, (_, n) => ids(attemptOrder(EXAM, attemptId(n), BOTH)).join(",")));
    expect(orders.size).toBe(50);
  });

  it("keeps the set's order when the exam does not shuffle questions", () => {
    expect(ids(attemptOrder(EXAM, attemptId(1), { shuffleQuestions: false, shuffleOptions: true }))).toEqual(ids(EXAM));
    expect(attemptOrder(EXAM, attemptId(1), { shuffleQuestions: false, shuffleOptions: false })).toEqual(EXAM);
  });

  it("puts every block in every place about equally often over many attempts", () => {
    // Four blocks have 24 orders: over 24 000 attempts each should come up about 1 000 times.
    const four = [mcq(1), mcq(2, "<p>p</p>"), mcq(3, "<p>p</p>"), mcq(4), mcq(5)];
    const counts = new Map<string, number>();
    for (let n = 0; n < 24_000; n++) {
      const order = ids(shuffleBlocks(passageBlocks(four), attemptSeeds(attemptId(n)).questions).flat()).join(",");
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    for (const c of counts.values()) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });

  it("moves only the question that staff add to the set, not the others", () => {
    const before = ids(attemptOrder(EXAM, attemptId(7), BOTH));
    const after = ids(attemptOrder([...EXAM.slice(0, 10), mcq(99), ...EXAM.slice(10)], attemptId(7), BOTH));
    expect(after.filter((id) => id !== 99)).toEqual(before);
  });
});

describe("an attempt's order of options", () => {
  it("is the same for the same attempt and question, keeps every option's key, and labels them ক খ গ ঘ from the top", () => {
    const a = optionsIn(1, 1);
    expect(optionsIn(1, 1)).toEqual(a);
    expect(a.map((o) => o.label)).toEqual(KEYS);
    expect(a.map((o) => o.key).sort()).toEqual([...KEYS].sort());
    for (const o of a) expect(o.html).toBe(`<p>1${o.key}</p>`); // an option's text stays with its key
  });

  it("differs between attempts and between questions", () => {
    const orders = (list: string[][]) => new Set(list.map((o) => o.join(""))).size;
    const byAttempt = Array.from({ length: 40 }, (_, n) => optionsIn(n, 1).map((o) => o.key));
    expect(orders(byAttempt)).toBeGreaterThan(15);
    const byQuestion = EXAM.map((q) => optionsIn(1, q.id).map((o) => o.key));
    expect(orders(byQuestion)).toBeGreaterThan(12);
  });

  it("puts each option in each place about equally often over many attempts", () => {
    const place = KEYS.map(() => KEYS.map(() => 0));
    for (let n = 0; n < 8000; n++) {
      optionsIn(n, 1).forEach((o, at) => place[KEYS.indexOf(o.key)][at]++);
    }
    for (const row of place) for (const c of row) expect(Math.abs(c - 2000)).toBeLessThan(200);
  });

  it("leaves options that speak about the others in their places", () => {
    const options = [...KEYS.slice(0, 3).map((key) => ({ key, html: `<p>${key}</p>` })), { key: "ঘ", html: "<p>উপরের সবগুলো</p>" }];
    for (let n = 0; n < 30; n++) expect(optionsIn(n, 1, options)[3]).toMatchObject({ key: "ঘ", label: "ঘ" });
    expect(new Set(Array.from({ length: 30 }, (_, n) => optionsIn(n, 1, options).map((o) => o.key).join(""))).size).toBeGreaterThan(4);
  });

  it("are shuffled for each question when the exam shuffles options, and only then", () => {
    const shuffled = attemptOrder(EXAM, attemptId(3), { shuffleQuestions: false, shuffleOptions: true });
    expect(shuffled.some((q) => q.options.map((o) => o.key).join("") !== KEYS.join(""))).toBe(true);
    expect(shuffled.every((q) => q.options.map((o) => (o as { label?: string }).label).join("") === KEYS.join(""))).toBe(true);
    const kept = attemptOrder(EXAM, attemptId(3), { shuffleQuestions: true, shuffleOptions: false });
    expect(kept.every((q) => q.options === EXAM.find((e) => e.id === q.id)!.options)).toBe(true);
  });
});
