// Timed exam attempts, the pure part: pages of an attempt, reading a posted answer form
// against the exam's own questions, scoring the whole exam with negative marks, the chapter breakdown
// and the Bangla wording of times. The server calls these with what it loaded itself; of what the
// browser sends only question ids and option keys of this exam are believed.
import { toBanglaDigits } from "~/lib/bangla-digits";
import { wholeText, z } from "~/lib/input";
import { parseNegativeMark } from "~/lib/scoring";

/** Questions per page of an attempt: small pages load fast on slow mobile data. */
export const ATTEMPT_PAGE_SIZE = 10;
/** Answers that arrive this long after the deadline still count (a slow network at the last second). */
export const GRACE_SECONDS = 10;
/** How long attempts (and the browser cookie that finds them) are kept. */
export const ATTEMPT_KEEP_DAYS = 180;
/** An attempt id: 18 random bytes in base64url. */
export const ATTEMPT_ID = /^[A-Za-z0-9_-]{24}$/;

/** The last moment (ms) an answer to an attempt with this deadline counts. */
export const acceptsUntilMs = (deadline: Date) => deadline.getTime() + GRACE_SECONDS * 1000;

export const attemptIdText = z.string().regex(ATTEMPT_ID);

export const isAttemptId = (value: string | null | undefined): value is string => attemptIdText.safeParse(value).success;

export type StoredAnswer = { questionId: number; choice: string | null; markedForReview: boolean };

/** What a question of the exam needs for validating and scoring. */
export type ExamKeyQuestion = {
  id: number;
  options: readonly { key: string }[];
  correct: string | null;
  marks: number;
  /** The chapter it belongs to, for the breakdown. */
  chapterKey: string;
  chapterName: string;
};

export function attemptPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ATTEMPT_PAGE_SIZE));
}

/** The page (1-based) that holds the question at 0-based position `index`. */
export function pageOfIndex(index: number): number {
  return Math.floor(Math.max(0, index) / ATTEMPT_PAGE_SIZE) + 1;
}

/** A page number of an attempt, from the URL or a form: whole numbers only, anything else is page 1 (clampAttemptPage then clamps it). */
export const attemptPageText = wholeText({ digits: 6 }).catch(1);

/** A page number clamped to the attempt's pages. */
export const clampAttemptPage = (page: number, total: number) => Math.min(Math.max(1, page), attemptPageCount(total));

export function parseAttemptPage(value: string | null | undefined, total: number): number {
  return clampAttemptPage(attemptPageText.parse(value), total);
}

/**
 * One question's change in a save: `choice` undefined keeps what is stored, null clears it, a key
 * sets it. `marked` is always given: the form shows every question's review box.
 */
export type AnswerChange = { questionId: number; choice: string | null | undefined; marked: boolean };

/**
 * The changes a posted attempt form makes. Only questions listed in `shown` (the questions the form
 * showed) are touched, and only those of this exam; a `q{id}` field counts when it holds exactly one
 * value that is one of that question's option keys (two values for one question, or an unknown key,
 * change nothing); `m{id}=1` marks for review; `clear={id}` clears a choice. Everything else is ignored.
 */
export function readAnswerChanges(form: URLSearchParams, questions: ReadonlyMap<number, Pick<ExamKeyQuestion, "id" | "options">>): AnswerChange[] {
  const clear = new Set(form.getAll("clear").map(Number));
  const seen = new Set<number>();
  const changes: AnswerChange[] = [];
  for (const raw of form.getAll("shown")) {
    for (const part of raw.split(",")) {
      const s = part.trim();
      if (!/^\d{1,9}$/.test(s)) continue;
      const q = questions.get(Number(s));
      if (!q || seen.has(q.id)) continue;
      seen.add(q.id);
      const values = form.getAll(`q${q.id}`);
      let choice: string | null | undefined = undefined;
      if (clear.has(q.id)) choice = null;
      else if (values.length === 1 && q.options.some((o) => o.key === values[0])) choice = values[0];
      changes.push({ questionId: q.id, choice, marked: form.getAll(`m${q.id}`).includes("1") });
    }
  }
  return changes;
}

/** The changes that differ from what is stored: a save writes only those (and no empty rows). */
export function effectiveChanges(changes: readonly AnswerChange[], stored: readonly StoredAnswer[]): AnswerChange[] {
  const now = new Map(stored.map((a) => [a.questionId, a]));
  return changes.filter((c) => {
    const s = now.get(c.questionId);
    const choice = s?.choice ?? null;
    const marked = s?.markedForReview ?? false;
    return (c.choice !== undefined && c.choice !== choice) || c.marked !== marked;
  });
}

export type AttemptScore = {
  total: number;
  right: number;
  wrong: number;
  /** Not answered, or a question whose key is missing (nobody loses marks for our data error). */
  skipped: number;
  /** Marks of the right answers. */
  score: number;
  negativeMark: number;
  /** Marks lost to wrong answers. */
  deducted: number;
  /** score − deducted, two decimals. */
  net: number;
};

const round2 = (n: number) => {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? 0 : r;
};

type Scored = Pick<ExamKeyQuestion, "id" | "options" | "correct" | "marks">;

/** The verdict on one question: a stored choice that is not one of its options counts as not answered. */
export function verdict(q: Scored, choice: string | null | undefined): "right" | "wrong" | "skipped" {
  if (!choice || !q.correct || !q.options.some((o) => o.key === choice)) return "skipped";
  return choice === q.correct ? "right" : "wrong";
}

/** The whole exam: every question once, right ones by their marks, each wrong one costs the negative mark. */
export function scoreAttempt(questions: readonly Scored[], answers: ReadonlyMap<number, string | null>, negativeMark: number | string): AttemptScore {
  const neg = parseNegativeMark(negativeMark);
  const counted = new Set<number>();
  let right = 0;
  let wrong = 0;
  let skipped = 0;
  let score = 0;
  for (const q of questions) {
    if (counted.has(q.id)) continue;
    counted.add(q.id);
    const v = verdict(q, answers.get(q.id));
    if (v === "right") {
      right++;
      score += q.marks;
    } else if (v === "wrong") wrong++;
    else skipped++;
  }
  const deducted = round2(wrong * neg);
  return { total: counted.size, right, wrong, skipped, score: round2(score), negativeMark: neg, deducted, net: round2(score - deducted) };
}

export type ChapterRow = { key: string; name: string; total: number; right: number; wrong: number; skipped: number };

/** Right, wrong and skipped per chapter, chapters in the order their first question appears. */
export function chapterBreakdown(questions: readonly ExamKeyQuestion[], answers: ReadonlyMap<number, string | null>): ChapterRow[] {
  const rows = new Map<string, ChapterRow>();
  for (const q of questions) {
    let row = rows.get(q.chapterKey);
    if (!row) rows.set(q.chapterKey, (row = { key: q.chapterKey, name: q.chapterName, total: 0, right: 0, wrong: 0, skipped: 0 }));
    row.total++;
    row[verdict(q, answers.get(q.id))]++;
  }
  return [...rows.values()];
}

/** "better than N% of attempts": the share of the other finished attempts with a lower net score. */
export function betterThanPercent(below: number, others: number): number | null {
  if (others <= 0) return null;
  return Math.floor((Math.min(below, others) / others) * 100);
}

/** A number as the pages show it: Bangla digits, at most two decimals, no trailing zeros. */
export function marksBn(n: number): string {
  return toBanglaDigits(String(round2(n)));
}

/** "১ ঘণ্টা ৫ মিনিট ৯ সেকেন্ড" (parts that are zero are left out; "০ সেকেন্ড" for nothing). */
export function durationBn(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const parts = [h ? `${toBanglaDigits(h)} ঘণ্টা` : "", m ? `${toBanglaDigits(m)} মিনিট` : "", sec || (!h && !m) ? `${toBanglaDigits(sec)} সেকেন্ড` : ""];
  return parts.filter(Boolean).join(" ");
}

/** "১:০৫:০৯" or "৫:০৯": a countdown's text. */
export function clockBn(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, "0");
  return toBanglaDigits(h ? `${h}:${mm.padStart(2, "0")}:${ss}` : `${mm}:${ss}`);
}
