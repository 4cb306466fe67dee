// Step 3 of the make-question tool: what a teacher prints on the paper's header and how many sets.
// Read from the settings form (POST) or from a link's query (GET prefill); every value a visitor can
// type is checked here, by a zod schema per field. The form gets a message per field; a link's bad
// value just falls back.
import { toAsciiDigits, toBanglaDigits } from "~/lib/bangla-digits";
import { z } from "~/lib/input";
import { MAX_SETS } from "~/lib/paper-sets";

export type PaperSettings = {
  institution: string;
  exam: string;
  className: string;
  subject: string;
  /** "1": প্রথম পত্র, "2": দ্বিতীয় পত্র, "": none. */
  paper: "" | "1" | "2";
  subjectCode: string;
  /** YYYY-MM-DD or "". */
  date: string;
  minutes: number | null;
  fullMarks: number;
  instructions: string;
  sets: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** Print each question's board-year label. */
  showSources: boolean;
  /** Picks the later sets' shuffles: another number, other orders. */
  seed: number;
  /** "Answer any N" of the creative questions (null: all of them); the section's full marks follow. */
  creativeAnswer?: number | null;
  /** Each section's own time in minutes, printed with it (null: none). Older saved papers lack them. */
  mcqMinutes?: number | null;
  creativeMinutes?: number | null;
};

export type SettingsErrors = Partial<Record<keyof PaperSettings, string>>;

/** Form field names (short, they end up in URLs). */
export const FIELD = {
  institution: "institution",
  exam: "exam",
  className: "class",
  subject: "subject",
  paper: "paper",
  subjectCode: "code",
  date: "date",
  minutes: "time",
  fullMarks: "marks",
  instructions: "instructions",
  sets: "sets",
  shuffleQuestions: "shuffle_q",
  shuffleOptions: "shuffle_o",
  showSources: "sources",
  seed: "mix",
  creativeAnswer: "cq_n",
  mcqMinutes: "mcq_time",
  creativeMinutes: "cq_time",
} as const satisfies Record<keyof PaperSettings, string>;

export const LIMITS = { institution: 120, exam: 120, className: 60, subject: 120, subjectCode: 12, instructions: 1000 } as const;
export const MAX_MINUTES = 600;
export const MAX_MARKS = 1000;
export const MAX_SEED = 999_999;

const MCQ_NOTE =
  "সরবরাহকৃত বহুনির্বাচনি অভীক্ষার উত্তরপত্রে প্রশ্নের ক্রমিক নম্বরের বিপরীতে প্রদত্ত বর্ণসংবলিত বৃত্তসমূহ হতে সঠিক উত্তরের বৃত্তটি বল পয়েন্ট কলম দ্বারা সম্পূর্ণ ভরাট করো।";
const CREATIVE_NOTE = "ডান পাশের সংখ্যা প্রশ্নের পূর্ণমান জ্ঞাপক। প্রত্যেক প্রশ্নের উত্তর দিতে হবে।";

/** What the form shows before the teacher changes anything. */
export function defaultSettings(ctx: { subject: string; className: string; marks: number; mcq: number; creative: number }): PaperSettings {
  return {
    institution: "",
    exam: "শ্রেণি পরীক্ষা",
    className: ctx.className.slice(0, LIMITS.className),
    subject: ctx.subject.slice(0, LIMITS.subject),
    paper: "",
    subjectCode: "",
    date: "",
    // One minute per MCQ and 25 per creative question, as the boards allow.
    minutes: Math.min(MAX_MINUTES, ctx.mcq + 25 * ctx.creative) || null,
    fullMarks: Math.min(MAX_MARKS, Math.max(1, Math.round(ctx.marks))),
    instructions: [ctx.mcq ? MCQ_NOTE : "", ctx.creative ? CREATIVE_NOTE : ""].filter(Boolean).join("\n"),
    sets: Math.min(2, MAX_SETS),
    shuffleQuestions: true,
    shuffleOptions: true,
    showSources: true,
    seed: 1,
    creativeAnswer: null,
    mcqMinutes: null,
    creativeMinutes: null,
  };
}

/** One line of text: control characters and runs of spaces collapsed, trimmed. */
function line(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
}

/** Lines of text: each line cleaned, blank lines dropped, Windows line ends accepted. */
function lines(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map(line)
    .filter(Boolean)
    .join("\n");
}

/** "2025-03-15" or "15/03/2025" (Bangla digits too) -> "2025-03-15"; "" when empty; anything else is no date. */
export const dateText = z.string().transform((value, ctx) => {
  const s = toAsciiDigits(value.trim());
  if (!s) return "";
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  let y = 0,
    mo = 0,
    d = 0;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s))) [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (!m || y < 2000 || y > 2100 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    ctx.addIssue({ code: "custom", message: "তারিখটি বোঝা যায়নি: যেমন ২০২৫-০৩-১৫ বা ১৫/০৩/২০২৫ লিখুন।" });
    return z.NEVER;
  }
  return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
});

/** "2025-03-15" -> itself, "15/03/2025" -> "2025-03-15", "" -> ""; null when it is no date. */
export function parseDate(value: string | null): string | null {
  const result = dateText.safeParse(value ?? "");
  return result.success ? result.data : null;
}

/** A whole number (Bangla digits too) in [min, max], or null when left empty; anything else gets `message`. */
const wholeOrEmpty = (min: number, max: number, message: string) =>
  z.string().transform((value, ctx) => {
    const s = toAsciiDigits(value.trim());
    if (!s) return null;
    const n = /^\d{1,6}$/.test(s) ? Number(s) : NaN;
    if (!(n >= min && n <= max)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

const oneLine = (max: number, label: string) => z.string().transform(line).pipe(z.string().max(max, `${label} সর্বোচ্চ ${toBanglaDigits(max)} অক্ষরের হতে পারে।`));

const setsMessage = `সেট ১ থেকে ${toBanglaDigits(MAX_SETS)}টি হতে পারে (ক, খ, গ, ঘ)।`;
const seedMessage = `এলোমেলো ক্রমের নম্বর ১ থেকে ${toBanglaDigits(MAX_SEED)} এর মধ্যে হতে হবে।`;

/**
 * Each typed setting's schema, by the setting it sets (its form field is FIELD[setting]); the message
 * is what the form shows beside the field. Full marks left empty (null) are the questions' marks again.
 */
const SETTING_FIELDS = {
  institution: oneLine(LIMITS.institution, "প্রতিষ্ঠানের নাম"),
  exam: oneLine(LIMITS.exam, "পরীক্ষার নাম"),
  className: oneLine(LIMITS.className, "শ্রেণি"),
  subject: oneLine(LIMITS.subject, "বিষয়"),
  subjectCode: oneLine(LIMITS.subjectCode, "বিষয় কোড"),
  paper: z
    .string()
    .trim()
    .pipe(z.enum(["", "1", "2"], { message: "পত্র বেছে নিন: প্রথম, দ্বিতীয় বা কোনোটিই নয়।" })),
  date: dateText,
  minutes: wholeOrEmpty(1, MAX_MINUTES, `সময় ১ থেকে ${toBanglaDigits(MAX_MINUTES)} মিনিটের মধ্যে একটি পূর্ণসংখ্যা হতে হবে।`),
  fullMarks: wholeOrEmpty(1, MAX_MARKS, `পূর্ণমান ১ থেকে ${toBanglaDigits(MAX_MARKS)} এর মধ্যে একটি পূর্ণসংখ্যা হতে হবে।`),
  instructions: z
    .string()
    .transform(lines)
    .pipe(z.string().max(LIMITS.instructions, `নির্দেশনা সর্বোচ্চ ${toBanglaDigits(LIMITS.instructions)} অক্ষরের হতে পারে।`)),
  sets: wholeOrEmpty(1, MAX_SETS, setsMessage).pipe(z.number({ message: setsMessage })),
  seed: wholeOrEmpty(1, MAX_SEED, seedMessage).pipe(z.number({ message: seedMessage })),
  creativeAnswer: wholeOrEmpty(1, 99, "যতটির উত্তর দিতে হবে তা ১ বা তার বেশি একটি পূর্ণসংখ্যা হতে হবে (খালি রাখলে সবগুলো)।"),
  mcqMinutes: wholeOrEmpty(1, MAX_MINUTES, `বহুনির্বাচনি অংশের সময় ১ থেকে ${toBanglaDigits(MAX_MINUTES)} মিনিটের মধ্যে হতে হবে।`),
  creativeMinutes: wholeOrEmpty(1, MAX_MINUTES, `সৃজনশীল অংশের সময় ১ থেকে ${toBanglaDigits(MAX_MINUTES)} মিনিটের মধ্যে হতে হবে।`),
} satisfies Partial<Record<keyof PaperSettings, z.ZodTypeAny>>;

/**
 * The settings in `fields`, over `defaults`. `form`: a submitted settings form, where an unticked
 * checkbox means no and every bad value gets a message; otherwise a link's query, where only the
 * values it holds replace the defaults and bad ones are ignored.
 */
export function readSettings(fields: URLSearchParams, defaults: PaperSettings, { form }: { form: boolean }) {
  const errors: SettingsErrors = {};
  const s: PaperSettings = { ...defaults };
  const has = (k: keyof PaperSettings) => fields.has(FIELD[k]);
  for (const k of Object.keys(SETTING_FIELDS) as (keyof typeof SETTING_FIELDS)[]) {
    if (!has(k)) continue;
    const result = SETTING_FIELDS[k].safeParse(fields.get(FIELD[k]));
    if (result.success) Object.assign(s, { [k]: k === "fullMarks" ? (result.data ?? defaults.fullMarks) : result.data });
    else if (form) errors[k] = result.error.issues[0].message;
  }
  // Checkboxes send nothing when unticked: in a submitted form (or a link that carries settings) absence is "no".
  const ticks = form || has("sets");
  for (const k of ["shuffleQuestions", "shuffleOptions", "showSources"] as const) {
    if (ticks) s[k] = has(k);
  }
  return { settings: s, errors };
}

/** The settings as query pairs: a link that opens the settings form filled in the same way. */
export function settingsQuery(s: PaperSettings): [string, string][] {
  const out: [string, string][] = [
    [FIELD.institution, s.institution],
    [FIELD.exam, s.exam],
    [FIELD.className, s.className],
    [FIELD.subject, s.subject],
    [FIELD.paper, s.paper],
    [FIELD.subjectCode, s.subjectCode],
    [FIELD.date, s.date],
    [FIELD.minutes, s.minutes === null ? "" : String(s.minutes)],
    [FIELD.fullMarks, String(s.fullMarks)],
    [FIELD.instructions, s.instructions],
    [FIELD.sets, String(s.sets)],
    [FIELD.seed, String(s.seed)],
    [FIELD.creativeAnswer, s.creativeAnswer ? String(s.creativeAnswer) : ""],
    [FIELD.mcqMinutes, s.mcqMinutes ? String(s.mcqMinutes) : ""],
    [FIELD.creativeMinutes, s.creativeMinutes ? String(s.creativeMinutes) : ""],
  ];
  if (s.shuffleQuestions) out.push([FIELD.shuffleQuestions, "1"]);
  if (s.shuffleOptions) out.push([FIELD.shuffleOptions, "1"]);
  if (s.showSources) out.push([FIELD.showSources, "1"]);
  return out;
}

/* ------------------------------------------------------------------ printing them */

export const PAPER_LABEL = { "": "", "1": "প্রথম পত্র", "2": "দ্বিতীয় পত্র" } as const;

/**
 * The creative section's full marks when only `answer` of the questions are answered: the `answer`
 * largest marks (the boards' questions carry equal marks; with unequal ones a pupil may pick the largest).
 */
export function answerAnyMarks(marks: number[], answer: number | null | undefined): number {
  const sorted = [...marks].sort((a, b) => b - a);
  return sorted.slice(0, answer && answer < sorted.length ? answer : sorted.length).reduce((n, m) => n + m, 0);
}

/** 40 -> "৪০ মিনিট", 120 -> "২ ঘণ্টা", 155 -> "২ ঘণ্টা ৩৫ মিনিট". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${toBanglaDigits(h)} ঘণ্টা` : "", m || !h ? `${toBanglaDigits(m)} মিনিট` : ""].filter(Boolean).join(" ");
}

/** "2025-03-15" -> "১৫/০৩/২০২৫". */
export function formatDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? toBanglaDigits(`${m[3]}/${m[2]}/${m[1]}`) : "";
}

/** Marks as printed: whole numbers plainly, halves with their decimals, in Bangla digits. */
export function formatMarks(marks: number): string {
  return toBanglaDigits(Number.isInteger(marks) ? String(marks) : String(Math.round(marks * 100) / 100));
}
