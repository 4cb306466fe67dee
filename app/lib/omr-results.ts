// The results of a printed paper's scanned OMR sheets: each roll's score (right, wrong, blank, net
// with the paper's negative mark), ranks, and the item analysis a teacher reads to find bad
// questions. Pure, so the rules are unit tested; models/omr.server.ts feeds it what is stored.
import { OPTION_KEYS, type PaperSet, type SetInput } from "~/lib/paper-sets";

/** One MCQ of a set as printed: which paper question it is, its key and marks, and the printed→stored option map. */
export type KeyItem = { question: number; correct: number | null; marks: number; options: number[] };
export type SetKey = { code: string; items: KeyItem[] };

/** Each set's MCQs in its printed order with the printed position of the correct option (null: no key in the bank). */
export function paperKeys(questions: readonly (SetInput & { marks: number })[], sets: readonly PaperSet[]): SetKey[] {
  return sets.map((set) => ({
    code: set.code,
    items: set.mcq.map(({ q, options }) => {
      const question = questions[q];
      const stored = question.options.findIndex((o) => o.key === question.correct);
      const at = stored < 0 ? -1 : options.indexOf(stored);
      return { question: q, correct: at < 0 ? null : at, marks: question.marks, options };
    }),
  }));
}

/** A sheet as read: its set (index into the sets; null when unread) and per printed question the marked options. */
export type SheetMarks = { id: number; roll: string; setIndex: number | null; answers: (readonly number[])[] };

export type SheetScore = {
  id: number;
  roll: string;
  setIndex: number | null;
  right: number;
  wrong: number;
  blank: number;
  /** Questions with more than one bubble filled: counted as wrong. */
  multiple: number;
  marks: number;
  net: number;
  rank: number | null;
};

/** Marks are printed to two decimals; sums of quarters stay exact after rounding. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * One sheet's score against its set's key. A question with one bubble is right or wrong; none is
 * blank; more than one is wrong (the boards' rule). Questions the bank has no key for count for
 * nobody. A sheet whose set is unknown scores nothing (its rank is null): the teacher sets it first.
 */
export function scoreSheet(sheet: SheetMarks, keys: readonly SetKey[], negative: number): SheetScore {
  const base = { id: sheet.id, roll: sheet.roll, setIndex: sheet.setIndex, right: 0, wrong: 0, blank: 0, multiple: 0, marks: 0, net: 0, rank: null };
  const key = sheet.setIndex === null ? undefined : keys[sheet.setIndex];
  if (!key) return base;
  const s = { ...base };
  key.items.forEach((item, i) => {
    if (item.correct === null) return;
    const marked = sheet.answers[i] ?? [];
    if (marked.length === 0) s.blank++;
    else if (marked.length > 1) {
      s.wrong++;
      s.multiple++;
    } else if (marked[0] === item.correct) {
      s.right++;
      s.marks += item.marks;
    } else s.wrong++;
  });
  s.marks = round2(s.marks);
  s.net = round2(s.marks - s.wrong * negative);
  return s;
}

/** Ranks by net score, highest first; equal scores share a rank and the next rank skips (1, 1, 3). Unscored sheets get none. */
export function rankScores(scores: readonly SheetScore[]): SheetScore[] {
  const ranked = scores.filter((s) => s.setIndex !== null).sort((a, b) => b.net - a.net || a.roll.localeCompare(b.roll, "en", { numeric: true }));
  let rank = 0;
  ranked.forEach((s, i) => {
    if (i === 0 || s.net !== ranked[i - 1].net) rank = i + 1;
    s.rank = rank;
  });
  const unranked = scores.filter((s) => s.setIndex === null).map((s) => ({ ...s, rank: null }));
  return [...ranked, ...unranked.sort((a, b) => a.roll.localeCompare(b.roll, "en", { numeric: true }))];
}

export type ItemStat = {
  /** The paper question (index into the paper's questions); numbered as set ক prints it. */
  question: number;
  number: number;
  answered: number;
  /** Share of scored sheets that got it right, 0..1 (null: no sheet, or no key). */
  correctShare: number | null;
  /** Upper group's share right minus the lower group's (each the top and bottom 27% by net score). */
  discrimination: number | null;
  /** The wrong option chosen most (its letter as set ক prints it) and by how many; null when nobody chose a wrong one. */
  topWrong: { letter: string; count: number } | null;
};

/**
 * Per question of the paper (in set ক's order): how many got it right, how well it tells the strong
 * from the weak (discrimination index, upper and lower 27% by net score, at least one sheet each),
 * and the wrong option chosen most, named as set ক prints it (other sets' options are mapped back).
 */
export function itemAnalysis(sheets: readonly SheetMarks[], keys: readonly SetKey[], negative: number): ItemStat[] {
  const first = keys[0];
  if (!first) return [];
  const scored = sheets
    .filter((s) => s.setIndex !== null && keys[s.setIndex])
    .map((s) => ({ sheet: s, score: scoreSheet(s, keys, negative) }))
    .sort((a, b) => b.score.net - a.score.net || a.sheet.roll.localeCompare(b.sheet.roll, "en", { numeric: true }));
  const groupSize = scored.length ? Math.max(1, Math.round(scored.length * 0.27)) : 0;
  const upper = new Set(scored.slice(0, groupSize).map((s) => s.sheet.id));
  const lower = new Set(scored.slice(scored.length - groupSize).map((s) => s.sheet.id));
  // Where each stored option stands in set ক: the letter a teacher reads on the first set's paper.
  return first.items.map((firstItem, n) => {
    let right = 0;
    let answered = 0;
    let upRight = 0;
    let lowRight = 0;
    const wrong = new Map<number, number>();
    for (const { sheet } of scored) {
      const key = keys[sheet.setIndex!];
      const at = key.items.findIndex((it) => it.question === firstItem.question);
      if (at < 0) continue;
      const item = key.items[at];
      const marked = sheet.answers[at] ?? [];
      if (marked.length) answered++;
      const ok = item.correct !== null && marked.length === 1 && marked[0] === item.correct;
      if (ok) {
        right++;
        if (upper.has(sheet.id)) upRight++;
        if (lower.has(sheet.id)) lowRight++;
      } else if (marked.length === 1) {
        const stored = item.options[marked[0]];
        if (stored !== undefined) wrong.set(stored, (wrong.get(stored) ?? 0) + 1);
      }
    }
    const hasKey = firstItem.correct !== null;
    let topWrong: ItemStat["topWrong"] = null;
    for (const [stored, count] of wrong) {
      const printed = firstItem.options.indexOf(stored);
      if (!topWrong || count > topWrong.count) topWrong = { letter: OPTION_KEYS[printed] ?? "?", count };
    }
    return {
      question: firstItem.question,
      number: n + 1,
      answered,
      correctShare: hasKey && scored.length ? right / scored.length : null,
      discrimination: hasKey && groupSize ? round2((upRight - lowRight) / groupSize) : null,
      topWrong: hasKey ? topWrong : null,
    };
  });
}
