import { describe, expect, it } from "vitest";
import {
  attemptPageCount,
  betterThanPercent,
  chapterBreakdown,
  clockBn,
  durationBn,
  effectiveChanges,
  marksBn,
  pageOfIndex,
  parseAttemptPage,
  readAnswerChanges,
  scoreAttempt,
  type ExamKeyQuestion,
} from "~/lib/attempt";

const KEYS = ["ক", "খ", "গ", "ঘ"];
const q = (id: number, correct: string | null = "ক", marks = 1, chapter = "c1"): ExamKeyQuestion => ({
  id,
  options: KEYS.map((key) => ({ key })),
  correct,
  marks,
  chapterKey: chapter,
  chapterName: `অধ্যায় ${chapter}`,
});
const byId = (qs: ExamKeyQuestion[]) => new Map(qs.map((x) => [x.id, x]));

describe("pages of an attempt", () => {
  it("has 10 questions a page", () => {
    expect(attemptPageCount(0)).toBe(1);
    expect(attemptPageCount(130)).toBe(13);
    expect(attemptPageCount(131)).toBe(14);
    expect([0, 9, 10, 129].map(pageOfIndex)).toEqual([1, 1, 2, 13]);
  });
  it("reads a page number from the URL, clamped; junk is page 1", () => {
    expect(parseAttemptPage("3", 130)).toBe(3);
    expect(parseAttemptPage("99", 130)).toBe(13);
    for (const v of [null, "", "0", "-1", "1.5", "abc", "1e3", " 2x"]) expect(parseAttemptPage(v, 130)).toBe(1);
  });
});

describe("readAnswerChanges", () => {
  const qs = byId([q(1), q(2), q(3)]);
  const form = (s: string) => new URLSearchParams(s);
  it("takes the shown questions of this exam only, with one valid option key each", () => {
    expect(readAnswerChanges(form("shown=1,2,3&q1=খ&q2=X&q3=ক&q3=খ&m2=1&q9=ক"), qs)).toEqual([
      { questionId: 1, choice: "খ", marked: false },
      { questionId: 2, choice: undefined, marked: true },
      { questionId: 3, choice: undefined, marked: false },
    ]);
  });
  it("ignores questions that were not shown, other exams' ids, junk ids and duplicates", () => {
    expect(readAnswerChanges(form("shown=1,99,abc,-2,1&shown=1&q2=ক"), qs)).toEqual([{ questionId: 1, choice: undefined, marked: false }]);
    expect(readAnswerChanges(form("q1=ক&m1=1"), qs)).toEqual([]);
  });
  it("clears a shown question's choice", () => {
    expect(readAnswerChanges(form("shown=1,2&q1=ক&clear=1"), qs)).toEqual([
      { questionId: 1, choice: null, marked: false },
      { questionId: 2, choice: undefined, marked: false },
    ]);
  });
  it("keeps only what differs from the stored answers", () => {
    const changes = readAnswerChanges(form("shown=1,2,3&q1=ক&q2=খ&m3=1"), qs);
    const stored = [
      { questionId: 1, choice: "ক", markedForReview: false },
      { questionId: 3, choice: "গ", markedForReview: false },
    ];
    expect(effectiveChanges(changes, stored).map((c) => c.questionId)).toEqual([2, 3]);
    expect(effectiveChanges(readAnswerChanges(form("shown=1"), qs), stored)).toEqual([]);
  });
});

describe("scoreAttempt", () => {
  it("scores the whole exam: right by marks, each wrong costs the negative mark, to the decimal", () => {
    const qs = Array.from({ length: 130 }, (_, i) => q(i + 1));
    const answers = new Map<number, string | null>();
    for (let i = 1; i <= 90; i++) answers.set(i, "ক");
    for (let i = 91; i <= 117; i++) answers.set(i, "খ");
    answers.set(118, null);
    expect(scoreAttempt(qs, answers, "0.25")).toEqual({
      total: 130,
      right: 90,
      wrong: 27,
      skipped: 13,
      score: 90,
      negativeMark: 0.25,
      deducted: 6.75,
      net: 83.25,
    });
    expect(scoreAttempt(qs, answers, "0.50").net).toBe(76.5);
    expect(scoreAttempt(qs, answers, 0).net).toBe(90);
  });
  it("counts a missing key or an unknown stored choice as skipped, a question listed twice once, marks per question", () => {
    const qs = [q(1, null), q(2), q(2), q(3, "খ", 2)];
    const s = scoreAttempt(qs, new Map([[1, "ক"], [2, "Z"], [3, "খ"]]), "1");
    expect(s).toMatchObject({ total: 3, right: 1, wrong: 0, skipped: 2, score: 2, net: 2 });
  });
  it("can go below zero", () => {
    expect(scoreAttempt([q(1), q(2)], new Map([[1, "খ"], [2, "খ"]]), "0.5").net).toBe(-1);
  });
});

describe("chapterBreakdown", () => {
  it("gives right, wrong and skipped per chapter in the order chapters first appear", () => {
    const qs = [q(1, "ক", 1, "b"), q(2, "ক", 1, "a"), q(3, "ক", 1, "b")];
    expect(chapterBreakdown(qs, new Map([[1, "ক"], [2, "খ"]]))).toEqual([
      { key: "b", name: "অধ্যায় b", total: 2, right: 1, wrong: 0, skipped: 1 },
      { key: "a", name: "অধ্যায় a", total: 1, right: 0, wrong: 1, skipped: 0 },
    ]);
  });
});

describe("wording", () => {
  it("better than N% of the other finished attempts", () => {
    expect(betterThanPercent(0, 0)).toBeNull();
    expect(betterThanPercent(1, 2)).toBe(50);
    expect(betterThanPercent(2, 3)).toBe(66);
    expect(betterThanPercent(5, 5)).toBe(100);
  });
  it("marks, durations and the countdown in Bangla digits", () => {
    expect(marksBn(83.25)).toBe("৮৩.২৫");
    expect(marksBn(10.5)).toBe("১০.৫");
    expect(marksBn(-1)).toBe("-১");
    expect(durationBn(0)).toBe("০ সেকেন্ড");
    expect(durationBn(45 * 60)).toBe("৪৫ মিনিট");
    expect(durationBn(3600 + 5 * 60 + 9)).toBe("১ ঘণ্টা ৫ মিনিট ৯ সেকেন্ড");
    expect(clockBn(7199)).toBe("১:৫৯:৫৯");
    expect(clockBn(309)).toBe("৫:০৯");
    expect(clockBn(-5)).toBe("০:০০");
  });
});
