// When an exam's answer key may be seen, and which phase a live exam is in. One rule, used by every
// page that could show a key (through app/models/answer-keys.server.ts) and by the attempt pages.

export type LiveWindow = { liveStartAt: Date | null; liveCloseAt: Date | null };
export type KeyPolicy = LiveWindow & { keyPublished: boolean; reviewAfterClose: boolean };

/** open: no live window (practice at any time); waiting: before the start; running; closed. */
export type ExamPhase = "open" | "waiting" | "running" | "closed";

export function examPhase(exam: LiveWindow, now: Date): ExamPhase {
  if (!exam.liveStartAt || !exam.liveCloseAt) return "open";
  if (now < exam.liveStartAt) return "waiting";
  if (now < exam.liveCloseAt) return "running";
  return "closed";
}

/**
 * Whether the exam's key (correct options and explanations) is sealed at `now`. An exam without a
 * live window is sealed until staff publish its key. A live exam is sealed until its window closes
 * whatever else is set, so no one still answering can read it; then it opens if staff published the
 * key or chose "key and explanations after close".
 */
export function keySealed(exam: KeyPolicy, now: Date): boolean {
  const phase = examPhase(exam, now);
  if (phase === "open") return !exam.keyPublished;
  if (phase !== "closed") return true;
  return !exam.keyPublished && !exam.reviewAfterClose;
}

/**
 * The moment a sealed exam's key opens by itself (its live window's close), or null when only a
 * staff save can open it (or it is not sealed).
 */
export function keyOpensAt(exam: KeyPolicy, now: Date): Date | null {
  if (!keySealed(exam, now)) return null;
  const phase = examPhase(exam, now);
  if ((phase === "waiting" || phase === "running") && (exam.keyPublished || exam.reviewAfterClose)) return exam.liveCloseAt;
  return null;
}

/**
 * What a finished attempt's review shows: "key" (each question's correct option and explanation) or
 * "score" only. Never the key while it is sealed; after a live window closes, the key when the
 * exam opens it then; otherwise as staff chose for "right after finishing".
 */
export function attemptReview(exam: KeyPolicy & { reviewAfterFinish: boolean }, now: Date): "key" | "score" {
  if (keySealed(exam, now)) return "score";
  if (examPhase(exam, now) === "closed") return "key";
  return exam.reviewAfterFinish ? "key" : "score";
}

/** What a page says instead of a sealed key: when it opens, in Bangladesh time, or that staff will publish it. */
export function sealedKeyNotice(opensAt: Date | null, formatDateTime: (d: Date) => string): string {
  return opensAt
    ? `এই প্রশ্নগুলোর উত্তর ও ব্যাখ্যা পরীক্ষা শেষ হলে, ${formatDateTime(opensAt)}-এ প্রকাশ হবে। ততক্ষণ নম্বর বা সঠিক উত্তর দেখানো হবে না।`
    : "এই প্রশ্নগুলো একটি মডেল টেস্টের; উত্তর ও ব্যাখ্যা এখনও প্রকাশ হয়নি, তাই নম্বর বা সঠিক উত্তর দেখানো হবে না।";
}
