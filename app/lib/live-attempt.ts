// Who takes a live exam and how an attempt follows its student to another device, the pure part:
// the identity a running live exam asks for, resume codes, whether an attempt counts for the merit
// list, and the merit list's paging. The server calls these with what it read itself.
import { toAsciiDigits } from "~/lib/bangla-digits";
import type { LiveWindow } from "~/lib/exam-phase";
import { echoFields, parseFields, z, type FieldErrors } from "~/lib/input";

/* ------------------------------------------------------------------ the identity form */

export const NAME_MIN = 2;
export const NAME_MAX = 80;
export const INSTITUTION_MAX = 120;
export const ROLL_MAX = 32;

// Control characters, line and paragraph separators and the bidirectional overrides: a name on the
// merit list must not break its row or turn the text around it. Zero-width joiners stay (Bangla
// spelling needs them).
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/u;

/** Trimmed, NFC, inner runs of spaces made one; length in characters as the database counts them. */
const clean = (value: unknown) => (typeof value === "string" ? value.normalize("NFC").replace(/[ \u00A0]+/g, " ").trim() : "");
const chars = (s: string) => [...s].length;

const text = (label: string, min: number, max: number) =>
  z
    .unknown()
    .transform(clean)
    .superRefine((s, ctx) => {
      if (FORBIDDEN.test(s)) ctx.addIssue({ code: "custom", message: `${label}-এ অচল চিহ্ন আছে; সাধারণ অক্ষরে লিখুন। (Invalid characters.)` });
      else if (min > 0 && chars(s) === 0) ctx.addIssue({ code: "custom", message: `${label} লিখুন। (Required.)` });
      else if (chars(s) < min) ctx.addIssue({ code: "custom", message: `${label} কমপক্ষে ${bnDigits(min)} অক্ষরের হতে হবে। (Too short.)` });
      else if (chars(s) > max) ctx.addIssue({ code: "custom", message: `${label} ${bnDigits(max)} অক্ষরের মধ্যে লিখুন। (Too long.)` });
    });

const bnDigits = (n: number) => String(n).replace(/[0-9]/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]);

export const identitySchema = z.object({
  displayName: text("নাম", NAME_MIN, NAME_MAX),
  institution: text("প্রতিষ্ঠানের নাম", 0, INSTITUTION_MAX),
  roll: text("রোল", 0, ROLL_MAX),
});

export type Identity = { displayName: string; institution: string | null; roll: string | null };
export type IdentityValues = { displayName: string; institution: string; roll: string };
export type IdentityErrors = FieldErrors;

const LIMITS = { displayName: NAME_MAX, institution: INSTITUTION_MAX, roll: ROLL_MAX } as const;

/**
 * The identity a live start form sent: the cleaned values, or the errors per field together with
 * what was typed (cut to what a field holds, so a huge post is never echoed back).
 */
export function readIdentity(form: URLSearchParams): { identity: Identity } | { errors: IdentityErrors; values: IdentityValues } {
  const parsed = parseFields(identitySchema, form);
  if (!parsed.ok) return { errors: parsed.errors, values: echoFields(form, LIMITS) };
  const { displayName, institution, roll } = parsed.data;
  return { identity: { displayName, institution: institution || null, roll: roll || null } };
}

/* ------------------------------------------------------------------ resume codes */

/** No 0/O, 1/I/L: a code read off one screen and typed on another is typed right. */
export const RESUME_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const RESUME_LENGTH = 8;

/**
 * A code from `random` bytes (at least RESUME_LENGTH of them; a byte is used only below the largest
 * multiple of the alphabet's size, so every character is equally likely). Null when the bytes ran
 * out before eight characters: the caller draws again.
 */
export function resumeCodeFrom(random: Uint8Array): string | null {
  const n = RESUME_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = "";
  for (const b of random) {
    if (b >= limit) continue;
    code += RESUME_ALPHABET[b % n];
    if (code.length === RESUME_LENGTH) return code;
  }
  return null;
}

/** What a student typed, as stored: case and dashes, spaces and Bangla digits do not matter. Null if it cannot be a code. */
export function normalizeResumeCode(input: string | null | undefined): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  const s = toAsciiDigits(input).replace(/[\s\-–—_.]/g, "").toUpperCase();
  if (s.length !== RESUME_LENGTH) return null;
  for (const c of s) if (!RESUME_ALPHABET.includes(c)) return null;
  return s;
}

/** "ABCD-EFGH": how a code is shown. */
export const formatResumeCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/* ------------------------------------------------------------------ counted attempts */

/**
 * Whether an attempt is on its exam's merit list: it was its browser's one counted attempt
 * (`countedFor`) and, for a live exam, it was started while the exam was running. Any other attempt
 * is practice.
 */
export function countsForMerit(attempt: { countedFor: string | null; startedAt: Date }, exam: LiveWindow): boolean {
  if (!attempt.countedFor) return false;
  if (!exam.liveStartAt || !exam.liveCloseAt) return true;
  return attempt.startedAt >= exam.liveStartAt && attempt.startedAt < exam.liveCloseAt;
}

/** An attempt of a live exam that is not on its merit list says so on every page. */
export const isLivePractice = (attempt: { countedFor: string | null; startedAt: Date }, exam: LiveWindow) =>
  !!exam.liveStartAt && !!exam.liveCloseAt && !countsForMerit(attempt, exam);

export const PRACTICE_NOTE = "অনুশীলন: মেধাতালিকায় গণনা হবে না";

/* ------------------------------------------------------------------ the merit list */

export const MERIT_PAGE_SIZE = 50;

/* ------------------------------------------------------------------ sets */

/**
 * A live exam is shuffled into LIVE_SETS sets, as the boards print sets ক–ঘ: each attempt takes the
 * order of its set (chosen by its id), so neighbours mostly hold different orders, and the first page
 * of each set is one page for every student holding it. That page is what every student opens in the
 * same seconds at the start, so it can be made once and served to all (routes/exampage.$grtid_.live.$set).
 */
export const LIVE_SETS = 4;
export const LIVE_SET_NAMES = ["ক", "খ", "গ", "ঘ"] as const;

/** The set (1..LIVE_SETS) an attempt of a live exam takes, from its id. */
export function liveSetOf(attemptId: string): number {
  let h = 0;
  for (let i = 0; i < attemptId.length; i++) h = (h * 31 + attemptId.charCodeAt(i)) >>> 0;
  return (h % LIVE_SETS) + 1;
}

/** The seed the shuffle of a set's order starts from (the same for every attempt of the set). */
export const liveSetSeed = (set: number) => `live-set-${set}`;
