// The sets of a teacher's paper (ক, খ, গ, ঘ): the same questions, each set in its own seeded order with
// its own option order, and the answer key that follows that set's order. Pure, so the rules are unit
// tested; the make-question tool stores what buildSets returns with the paper, so a saved paper never
// changes even if these rules do.

/** Set codes in print order; a paper has 1 to 4 sets. */
export const SET_CODES = ["ক", "খ", "গ", "ঘ"] as const;
export type SetCode = (typeof SET_CODES)[number];
export const MAX_SETS = SET_CODES.length;

/** Printed option keys by position: the printed key of an option is where it stands, not its stored key. */
export const OPTION_KEYS = ["ক", "খ", "গ", "ঘ", "ঙ", "চ"] as const;

/* ------------------------------------------------------------------ seeded randomness */

/** FNV-1a over the parts' text: a 32-bit seed from anything a URL holds. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join("\u0001")) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a small, fast generator with good spread; the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates on a copy. */
export function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = list.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `n` of `list` chosen at random, kept in the list's order (a teacher's "5 random questions per chapter"). */
export function pickRandom<T>(list: readonly T[], n: number, random: () => number): T[] {
  if (n <= 0) return [];
  if (n >= list.length) return list.slice();
  const chosen = new Set(shuffled(list.map((_, i) => i), random).slice(0, n));
  return list.filter((_, i) => chosen.has(i));
}

/* ------------------------------------------------------------------ sets */

/** What buildSets needs of a question (the stored snapshot has more). */
export type SetInput = {
  type: "mcq" | "creative";
  introHtml: string | null;
  options: { key: string; html: string }[];
  correct: string | null;
};

/** One printed question of a set: `q` indexes the paper's questions; `options` lists the stored options' indexes in printed order. */
export type SetItem = { q: number; options: number[] };
export type PaperSet = { code: SetCode; mcq: SetItem[]; creative: SetItem[] };

export type SetOptions = {
  count: number;
  /** Sets after the first get their own question order. */
  shuffleQuestions: boolean;
  /** Sets after the first get their own option order. */
  shuffleOptions: boolean;
  seed: number;
};

// Options that speak about the other options stay where they are ("সবগুলো", "কোনোটিই নয়", "i ও ii" style
// answers are self-contained and may move; "all of the above" may not).
const PINNED = /সবগুলো|সবকয়টি|সবকটি|সবকটিই|কোনোটিই|কোনটিই|উপরের|ওপরের|উভয়|all of (the )?(above|these)|none of (the )?(above|these)|both/i;
const text = (html: string) => html.replace(/<annotation\b[\s\S]*?<\/annotation>/g, " ").replace(/<[^>]*>/g, " ");

/** Whether an option must keep its place when options are shuffled. */
export function isPinnedOption(html: string): boolean {
  return PINNED.test(text(html));
}

/**
 * Runs that must stay together, in paper order: MCQs next to each other that share one উদ্দীপক are
 * one unit (the passage is printed once, above them); every other question is a unit of its own.
 */
export function questionUnits(questions: readonly SetInput[], indexes: readonly number[]): number[][] {
  const units: number[][] = [];
  for (const i of indexes) {
    const prev = units.at(-1);
    const q = questions[i];
    const last = prev ? questions[prev.at(-1)!] : null;
    if (prev && last && q.type === "mcq" && last.type === "mcq" && q.introHtml && q.introHtml === last.introHtml) prev.push(i);
    else units.push([i]);
  }
  return units;
}

/** A new order of the options' indexes; pinned options keep their positions. */
export function shuffleOptions(options: readonly { html: string }[], random: () => number): number[] {
  const positions = options.map((o, i) => (isPinnedOption(o.html) ? -1 : i)).filter((i) => i >= 0);
  const moved = shuffled(positions, random);
  return options.map((_, i) => (positions.includes(i) ? moved[positions.indexOf(i)] : i));
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The paper's sets. Set ক prints the questions in the teacher's order with the stored option order;
 * every later set gets, from `seed` and its position, its own order of units (MCQs and creative
 * questions each within their own section) and of each MCQ's options. A set's question order differs
 * from every earlier set's when the units allow it (a few retries; two units have only two orders).
 */
export function buildSets(questions: readonly SetInput[], opts: SetOptions): PaperSet[] {
  const count = Math.max(1, Math.min(MAX_SETS, Math.trunc(opts.count) || 1));
  const all = questions.map((_, i) => i);
  const mcqUnits = questionUnits(questions, all.filter((i) => questions[i].type === "mcq"));
  const creativeUnits = questionUnits(questions, all.filter((i) => questions[i].type === "creative"));
  const identity = (i: number) => questions[i].options.map((_, k) => k);
  const sets: PaperSet[] = [];
  for (let s = 0; s < count; s++) {
    const code = SET_CODES[s];
    if (s === 0) {
      sets.push({
        code,
        mcq: mcqUnits.flat().map((q) => ({ q, options: identity(q) })),
        creative: creativeUnits.flat().map((q) => ({ q, options: [] })),
      });
      continue;
    }
    const random = seededRandom(hashSeed(opts.seed, code));
    let mcqOrder = mcqUnits.flat();
    let creativeOrder = creativeUnits.flat();
    if (opts.shuffleQuestions) {
      const earlier = sets.map((x) => [...x.mcq, ...x.creative].map((i) => i.q));
      for (let attempt = 0; attempt < 12; attempt++) {
        mcqOrder = shuffled(mcqUnits, random).flat();
        creativeOrder = shuffled(creativeUnits, random).flat();
        const order = [...mcqOrder, ...creativeOrder];
        if (!earlier.some((e) => same(e, order))) break;
      }
    }
    sets.push({
      code,
      mcq: mcqOrder.map((q) => ({ q, options: opts.shuffleOptions ? shuffleOptions(questions[q].options, random) : identity(q) })),
      creative: creativeOrder.map((q) => ({ q, options: [] })),
    });
  }
  return sets;
}

/**
 * A set's answer key: for each MCQ in the set's order, the printed key of its correct option (where the
 * stored correct option stands in this set's option order), or null when the bank has no answer.
 */
export function answerKey(questions: readonly SetInput[], set: PaperSet): (string | null)[] {
  return set.mcq.map(({ q, options }) => {
    const question = questions[q];
    const correct = question.options.findIndex((o) => o.key === question.correct);
    const at = correct < 0 ? -1 : options.indexOf(correct);
    return at < 0 ? null : (OPTION_KEYS[at] ?? null);
  });
}
