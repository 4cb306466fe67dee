import { describe, expect, it } from "vitest";
import {
  answerKey,
  buildSets,
  hashSeed,
  isPinnedOption,
  OPTION_KEYS,
  pickRandom,
  questionUnits,
  seededRandom,
  shuffled,
  shuffleOptions,
  type SetInput,
} from "~/lib/paper-sets";

const KEYS = ["ক", "খ", "গ", "ঘ"];
const mcq = (n: number, correct: string | null = KEYS[n % 4], intro: string | null = null): SetInput => ({
  type: "mcq",
  introHtml: intro,
  options: KEYS.map((key) => ({ key, html: `<p>বিকল্প ${n}${key}</p>` })),
  correct,
});
const creative = (n: number): SetInput => ({ type: "creative", introHtml: `<p>উদ্দীপক ${n}</p>`, options: [], correct: null });

/** The text printed beside a printed key, for checking that a key points at the right option. */
const printedOption = (q: SetInput, options: number[], key: string) => q.options[options[OPTION_KEYS.indexOf(key as never)]];

describe("seeded randomness", () => {
  it("gives the same sequence for the same seed and another one for another seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    const c = seededRandom(43);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("hashes the same parts to the same seed, and order matters", () => {
    expect(hashSeed(1, "ক")).toBe(hashSeed(1, "ক"));
    expect(hashSeed(1, "ক")).not.toBe(hashSeed(1, "খ"));
    expect(hashSeed("1", "2")).not.toBe(hashSeed("2", "1"));
    expect(hashSeed("12")).not.toBe(hashSeed("1", "2"));
  });

  it("shuffles to a permutation, reproducibly", () => {
    const list = Array.from({ length: 30 }, (_, i) => i);
    const once = shuffled(list, seededRandom(7));
    expect([...once].sort((a, b) => a - b)).toEqual(list);
    expect(once).not.toEqual(list);
    expect(shuffled(list, seededRandom(7))).toEqual(once);
    expect(list).toEqual(Array.from({ length: 30 }, (_, i) => i)); // the input is left alone
  });

  it("picks n at random in the list's order, all when n is large, none when n <= 0", () => {
    const list = Array.from({ length: 20 }, (_, i) => i * 10);
    const five = pickRandom(list, 5, seededRandom(3));
    expect(five).toHaveLength(5);
    expect(new Set(five).size).toBe(5);
    expect([...five].sort((a, b) => a - b)).toEqual(five);
    expect(five.every((x) => list.includes(x))).toBe(true);
    expect(pickRandom(list, 5, seededRandom(3))).toEqual(five);
    expect(pickRandom(list, 5, seededRandom(4))).not.toEqual(five);
    expect(pickRandom(list, 50, seededRandom(3))).toEqual(list);
    expect(pickRandom(list, 0, seededRandom(3))).toEqual([]);
    expect(pickRandom(list, -2, seededRandom(3))).toEqual([]);
  });
});

describe("options that must stay in place", () => {
  it.each(["সবগুলো", "<p>উপরের সবগুলো</p>", "কোনোটিই নয়", "কোনটিই নয়", "i ও ii উভয়ই", "All of the above", "none of these"])(
    "pins %s",
    (html) => expect(isPinnedOption(html)).toBe(true),
  );
  it.each(["i ও ii", "<p>$x = 2$</p>", "ঢাকা", "Noun"])("lets %s move", (html) => expect(isPinnedOption(html)).toBe(false));

  it("keeps pinned options at their positions and moves the others", () => {
    const options = ["ক্ষ", "খ্য", "গ্র", "সবগুলো"].map((html) => ({ html }));
    for (let seed = 1; seed < 40; seed++) {
      const order = shuffleOptions(options, seededRandom(seed));
      expect(order[3]).toBe(3);
      expect([...order].sort()).toEqual([0, 1, 2, 3]);
    }
    const orders = new Set(Array.from({ length: 40 }, (_, seed) => shuffleOptions(options, seededRandom(seed)).join()));
    expect(orders.size).toBe(6); // every order of the three free options occurs
  });
});

describe("question units", () => {
  it("keeps MCQs next to each other that share an উদ্দীপক together", () => {
    const qs = [mcq(0), mcq(1, "ক", "<p>U</p>"), mcq(2, "ক", "<p>U</p>"), mcq(3, "ক", "<p>V</p>"), mcq(4), creative(5), creative(6)];
    expect(questionUnits(qs, [0, 1, 2, 3, 4])).toEqual([[0], [1, 2], [3], [4]]);
    // The same passage apart is two units; creative questions never join.
    expect(questionUnits(qs, [1, 0, 2])).toEqual([[1], [0], [2]]);
    expect(questionUnits(qs, [5, 6])).toEqual([[5], [6]]);
  });
});

describe("buildSets and answerKey", () => {
  const questions: SetInput[] = [
    ...Array.from({ length: 10 }, (_, i) => mcq(i)),
    mcq(10, "খ", "<p>শেয়ার্ড</p>"),
    mcq(11, "গ", "<p>শেয়ার্ড</p>"),
    { ...mcq(12, "ঘ"), options: ["$1$", "$2$", "$3$", "উপরের সবগুলো"].map((html, k) => ({ key: KEYS[k], html })) },
    creative(13),
    creative(14),
    creative(15),
  ];
  const opts = { count: 4, shuffleQuestions: true, shuffleOptions: true, seed: 99 };
  const sets = buildSets(questions, opts);

  it("makes the asked number of sets, ক খ গ ঘ, each with every question exactly once", () => {
    expect(sets.map((s) => s.code)).toEqual(["ক", "খ", "গ", "ঘ"]);
    for (const s of sets) {
      expect(s.mcq.map((i) => i.q).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(s.creative.map((i) => i.q).sort((a, b) => a - b)).toEqual([13, 14, 15]);
      for (const item of s.mcq) expect([...item.options].sort()).toEqual([0, 1, 2, 3]);
    }
    expect(buildSets(questions, { ...opts, count: 1 })).toHaveLength(1);
    expect(buildSets(questions, { ...opts, count: 9 })).toHaveLength(4);
    expect(buildSets(questions, { ...opts, count: 0 })).toHaveLength(1);
    expect(buildSets(questions, { ...opts, count: Number.NaN })).toHaveLength(1);
  });

  it("set ক keeps the teacher's order and the stored option order", () => {
    expect(sets[0].mcq.map((i) => i.q)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(sets[0].mcq.every((i) => i.options.join() === "0,1,2,3")).toBe(true);
    expect(sets[0].creative.map((i) => i.q)).toEqual([13, 14, 15]);
  });

  it("gives every later set its own question order and option order", () => {
    const orders = sets.map((s) => [...s.mcq, ...s.creative].map((i) => i.q).join());
    expect(new Set(orders).size).toBe(4);
    for (const s of sets.slice(1)) expect(s.mcq.some((i) => i.options.join() !== "0,1,2,3")).toBe(true);
  });

  it("keeps a shared উদ্দীপক's questions together and in order in every set", () => {
    for (const s of sets) {
      const at = s.mcq.findIndex((i) => i.q === 10);
      expect(s.mcq[at + 1].q).toBe(11);
    }
  });

  it("keeps 'উপরের সবগুলো' last in every set", () => {
    for (const s of sets) expect(s.mcq.find((i) => i.q === 12)!.options[3]).toBe(3);
  });

  it("is the same for the same seed, and another for another seed", () => {
    expect(buildSets(questions, opts)).toEqual(sets);
    expect(buildSets(questions, { ...opts, seed: 100 })).not.toEqual(sets);
  });

  it("shuffles nothing when told not to", () => {
    const plain = buildSets(questions, { ...opts, shuffleQuestions: false, shuffleOptions: false });
    for (const s of plain.slice(1)) {
      expect(s.mcq).toEqual(plain[0].mcq);
      expect(s.creative).toEqual(plain[0].creative);
    }
    const onlyOptions = buildSets(questions, { ...opts, shuffleQuestions: false });
    expect(onlyOptions[1].mcq.map((i) => i.q)).toEqual(plain[0].mcq.map((i) => i.q));
    expect(onlyOptions[1].mcq.some((i) => i.options.join() !== "0,1,2,3")).toBe(true);
  });

  it("gives each set the key of its own option order: the printed key names the stored correct option", () => {
    for (const s of sets) {
      const key = answerKey(questions, s);
      expect(key).toHaveLength(13);
      s.mcq.forEach((item, n) => {
        const q = questions[item.q];
        expect(printedOption(q, item.options, key[n]!).key, `set ${s.code} question ${n + 1}`).toBe(q.correct);
      });
    }
    // The keys differ between sets: a key that ignored the shuffle would be the same for all.
    const keys = sets.map((s) => answerKey(questions, s).join(""));
    expect(new Set(keys).size).toBe(4);
  });

  it("computes the key by hand for a known order", () => {
    const q = [mcq(0, "খ"), mcq(1, "ঘ")];
    const set = { code: "খ" as const, mcq: [{ q: 1, options: [3, 0, 1, 2] }, { q: 0, options: [2, 1, 0, 3] }], creative: [] };
    expect(answerKey(q, set)).toEqual(["ক", "খ"]);
  });

  it("leaves the key blank for a question the bank has no answer for", () => {
    const q = [mcq(0, null), mcq(1, "ক")];
    expect(answerKey(q, buildSets(q, { ...opts, count: 1 })[0])).toEqual([null, "ক"]);
  });

  it("copes with no questions, one question and creative-only papers", () => {
    expect(buildSets([], opts).map((s) => s.mcq.length + s.creative.length)).toEqual([0, 0, 0, 0]);
    const one = buildSets([mcq(0)], opts);
    expect(one.every((s) => s.mcq[0].q === 0)).toBe(true);
    const cq = buildSets([creative(0), creative(1), creative(2)], opts);
    expect(cq.every((s) => s.mcq.length === 0 && s.creative.length === 3)).toBe(true);
    expect(answerKey([creative(0)], buildSets([creative(0)], opts)[0])).toEqual([]);
  });
});
