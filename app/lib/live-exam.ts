// Live exams (a model test at a fixed hour) as pages show them: the window in Bangladesh time in
// Bangla, the phase, how long a copy of the page may be kept, and when a page without JavaScript
// should reload itself into the next phase. Pure: `now` is always passed in.
import { formatDhakaTime } from "~/lib/dhaka-time";
import { examPhase, type LiveWindow } from "~/lib/exam-phase";

const DAY_MONTH = new Intl.DateTimeFormat("bn-BD", { timeZone: "Asia/Dhaka", day: "numeric", month: "long" });

// The same few start and close times are shown on every page listing live exams; Intl formatting is
// the costly part of drawing that list, so each instant is formatted once (a bounded memo).
const formatted = new Map<number, string>();
const FORMATTED_KEPT = 1000;

/** "২৬ নভেম্বর, রাত্রি ৮:০০": day, month and time in Bangladesh, in Bangla. */
export function formatLiveTime(d: Date): string {
  const at = d.getTime();
  let text = formatted.get(at);
  if (text === undefined) {
    if (formatted.size >= FORMATTED_KEPT) formatted.clear();
    text = `${DAY_MONTH.format(d)}, ${formatDhakaTime(d)}`;
    formatted.set(at, text);
  }
  return text;
}

/** Whole seconds from `now` until `at`, rounded up (never 0 while `at` is still ahead). */
export const secondsUntil = (at: Date, now: Date) => Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));

/* ------------------------------------------------------------------ the staff form's checks */

const msg = (bn: string, en: string) => `${bn} (${en})`;

/**
 * What is wrong with an exam's live window as staff typed it, by field: both times or neither, the
 * close after the start, and room for the whole exam between them (a student who starts at the last
 * allowed moment still gets the full duration only if the window is at least that long).
 */
export function liveWindowErrors(v: { liveStartAt?: unknown; liveCloseAt?: unknown; durationMinutes?: unknown }): Record<string, string> {
  const start = v.liveStartAt instanceof Date ? v.liveStartAt : null;
  const close = v.liveCloseAt instanceof Date ? v.liveCloseAt : null;
  if (!start && !close) return {};
  const both = msg("লাইভ শুরু ও শেষ দুটোই দিন, অথবা দুটোই খালি রাখুন।", "Give both the live start and close, or leave both empty.");
  if (!start) return { liveStartAt: both };
  if (!close) return { liveCloseAt: both };
  if (close <= start) return { liveCloseAt: msg("শেষের সময় শুরুর পরে হতে হবে।", "The close must be after the start.") };
  const minutes = Number(v.durationMinutes);
  if (!Number.isFinite(minutes) || minutes <= 0) {
    return { durationMinutes: msg("লাইভ পরীক্ষার সময় (মিনিট) দিন।", "A live exam needs its duration.") };
  }
  if (close.getTime() - start.getTime() < minutes * 60_000) {
    return {
      liveCloseAt: msg(
        `শুরু থেকে শেষ পর্যন্ত অন্তত পরীক্ষার সময়, ${minutes} মিনিট, থাকতে হবে।`,
        `The window must be at least the exam's duration, ${minutes} minutes.`,
      ),
    };
  }
  return {};
}

/* ------------------------------------------------------------------ one exam's page */

export type LivePhase = "waiting" | "running" | "closed";

export type LiveExamState = {
  phase: LivePhase;
  startIso: string;
  closeIso: string;
  startBn: string;
  closeBn: string;
  /** Seconds until the start (waiting) or the close (running); 0 once closed. */
  secondsLeft: number;
  /** While waiting: reload the page after this many seconds (a `<meta http-equiv="refresh">`). */
  refreshSeconds: number | null;
  /** The page's Cache-Control, or null for the site's default. */
  cacheControl: string | null;
};

/** The longest a waiting page goes without reloading itself. */
export const MAX_REFRESH_SECONDS = 60;
/**
 * In the last two minutes before a start no copy of the waiting page is kept anywhere, so every
 * reload in that time is rendered fresh and its refresh lands on the start itself. Before that a copy
 * may be kept at most until those two minutes begin.
 */
const FRESH_BEFORE_SECONDS = 120;
/** Below this, a copy is not worth keeping at all. */
const MIN_KEEP_SECONDS = 5;

/**
 * Seconds until a waiting page reloads itself: at most a minute, and the last step lands exactly on
 * the start (from two minutes out, one reload a minute before it, then one at it).
 */
export function refreshSecondsFor(secondsToStart: number): number {
  if (secondsToStart <= MAX_REFRESH_SECONDS) return Math.max(1, secondsToStart);
  return Math.min(MAX_REFRESH_SECONDS, secondsToStart - MAX_REFRESH_SECONDS);
}

/** A public Cache-Control kept at most `seconds` (and a minute), or none for a moment too short to keep. */
export const keep = (seconds: number) => (seconds >= MIN_KEEP_SECONDS ? `public, max-age=${Math.min(60, seconds)}` : "private, no-store");

/** Whether the exam page leaves out the questions: a live exam's are its paper until the window closes. */
export const hidesQuestions = (live: Pick<LiveExamState, "phase"> | null) => live !== null && live.phase !== "closed";

/** The live window of an exam as its page shows it at `now`; null when the exam has no live window. */
export function liveExamState(exam: LiveWindow, now: Date): LiveExamState | null {
  const phase = examPhase(exam, now);
  if (phase === "open") return null;
  const start = exam.liveStartAt!;
  const close = exam.liveCloseAt!;
  const toStart = secondsUntil(start, now);
  const toClose = secondsUntil(close, now);
  return {
    phase,
    startIso: start.toISOString(),
    closeIso: close.toISOString(),
    startBn: formatLiveTime(start),
    closeBn: formatLiveTime(close),
    secondsLeft: phase === "waiting" ? toStart : phase === "running" ? toClose : 0,
    refreshSeconds: phase === "waiting" ? refreshSecondsFor(toStart) : null,
    // A page kept past the start would still say "waiting"; past the close, still "running".
    cacheControl: phase === "waiting" ? keep(toStart - FRESH_BEFORE_SECONDS) : phase === "running" ? keep(toClose) : null,
  };
}

/* ------------------------------------------------------------------ the lists of upcoming and running exams */

export type LiveExamRow = LiveWindow & { id: number; name: string };
export type LiveListItem = { id: number; name: string; running: boolean; startIso: string; closeIso: string; startBn: string; closeBn: string };

/** How far ahead the public lists look. */
export const UPCOMING_DAYS = 7;

/** The exams running at `now`, then those starting within UPCOMING_DAYS, soonest first. */
export function liveListing(rows: readonly LiveExamRow[], now: Date): LiveListItem[] {
  const horizon = now.getTime() + UPCOMING_DAYS * 86_400_000;
  const items: LiveListItem[] = [];
  for (const r of rows) {
    const phase = examPhase(r, now);
    if (phase !== "running" && !(phase === "waiting" && r.liveStartAt!.getTime() <= horizon)) continue;
    items.push({
      id: r.id,
      name: r.name,
      running: phase === "running",
      startIso: r.liveStartAt!.toISOString(),
      closeIso: r.liveCloseAt!.toISOString(),
      startBn: formatLiveTime(r.liveStartAt!),
      closeBn: formatLiveTime(r.liveCloseAt!),
    });
  }
  return items.sort((a, b) => Number(b.running) - Number(a.running) || a.startIso.localeCompare(b.startIso) || a.id - b.id);
}

/**
 * Cache-Control for a page listing these exams: the default (null) unless one of them starts or closes
 * within the minute, then no copy outlives that moment ("শুরু হবে" must not be shown past the start).
 */
export function listingCacheControl(items: readonly LiveListItem[], now: Date): string | null {
  let next = Infinity;
  for (const i of items) next = Math.min(next, secondsUntil(new Date(i.running ? i.closeIso : i.startIso), now));
  return next < 60 ? keep(next) : null;
}
