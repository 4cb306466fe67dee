// The fields of the admin content forms, and reading a posted form into checked values. Pure: the
// same definitions draw the form (components/admin-form.tsx) and check what comes back (models/admin).
import { notationFromSources, sourcesFromNotation, type Source } from "~/lib/board-year";
import { toAsciiDigits } from "~/lib/bangla-digits";
import { fieldsOf, z, type FieldErrors } from "~/lib/input";

export type { FieldErrors };

export type Option = { value: string; label: string };

type Base = {
  name: string;
  label: string;
  /** A blank value is refused (default: false). */
  required?: boolean;
  hint?: string;
};

export type FieldDef = Base &
  (
    | { kind: "text" | "textarea" | "slug" | "url" | "email"; max: number }
    /** Staff HTML with math: sanitised and typeset on save; the form offers a preview. */
    | { kind: "html"; max?: number }
    /** An image: a path or URL, or a file uploaded into the media store. */
    | { kind: "image" }
    | { kind: "int"; min?: number; max?: number }
    | { kind: "decimal"; min?: number; max?: number; step?: string }
    | { kind: "bool" }
    /** `noBlank`: the form offers no blank choice (its first option shows first); a blank post still takes the column's default. */
    | { kind: "select"; options: readonly Option[]; noBlank?: boolean }
    /** Another resource's row, chosen from a list the server loads (`refs`). */
    | { kind: "ref"; ref: string }
    /** Several rows of another resource (checkboxes), e.g. the grades a subject is taught in. */
    | { kind: "refs"; ref: string }
    /** A date and time in Bangladesh time (UTC+6, no daylight saving), stored in UTC. */
    | { kind: "datetime" }
    /** Board-year notation ("dhaka, raj: 2019; cum: 21"), stored as source rows. */
    | { kind: "sources" }
    /** An MCQ's options with the correct one. */
    | { kind: "options" }
    /** A creative question's parts ক–ঘ with marks. */
    | { kind: "parts" }
    /** An ordered list of bank question ids, one per line. */
    | { kind: "questionList" }
  );

export type FieldKind = FieldDef["kind"];

/** The values a form carries, as typed (strings), to show again after an error. */
export type RawValues = Record<string, string | string[]>;

export type OptionInput = { key: string; body: string; isCorrect: boolean };
export type PartInput = { label: string; body: string; marks: string };

export const OPTION_KEYS = ["ক", "খ", "গ", "ঘ", "ঙ"] as const;
export const PART_LABELS = ["ক", "খ", "গ", "ঘ"] as const;

/** The longest staff HTML a field (or the live preview) takes, in characters. */
export const HTML_MAX = 200_000;
const LIMITS = { html: HTML_MAX, questionList: 1000 };

const msg = (bn: string, en: string) => `${bn} (${en})`;
export const REQUIRED = msg("এটি পূরণ করুন।", "Required.");

/** Bangladesh time is UTC+6 all year. "2026-11-23T21:00" (Dhaka) -> Date. */
export function dhakaInputToDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h - 6, mi));
  // 2026-02-30 would roll over to March: refused, like every other impossible date.
  return dateToDhakaInput(date) === value.trim() ? date : null;
}

export function dateToDhakaInput(date: Date | string | null | undefined): string {
  if (!date) return "";
  const d = new Date(new Date(date).getTime() + 6 * 3600_000);
  if (Number.isNaN(d.getTime())) return "";
  return d.toISOString().slice(0, 16);
}

/** What a stored value looks like in its form field. */
export function toRaw(field: FieldDef, value: unknown): string | string[] {
  if (value === null || value === undefined) return field.kind === "refs" ? [] : "";
  switch (field.kind) {
    case "bool":
      return value ? "1" : "";
    case "datetime":
      return dateToDhakaInput(value as Date);
    case "refs":
      return (value as (string | number)[]).map(String);
    case "questionList":
      return (value as number[]).join("\n");
    default:
      return String(value);
  }
}

/** The keys a field posts (an options field posts one per option, plus the correct one). */
export function fieldKeys(f: FieldDef): string[] {
  if (f.kind === "options") return [...OPTION_KEYS.map((_, i) => `${f.name}.${i}`), `${f.name}.correct`];
  if (f.kind === "parts") return PART_LABELS.flatMap((_, i) => [`${f.name}.${i}`, `${f.name}.${i}.marks`]);
  return [f.name];
}

/** A stored row (with its children) as the form shows it. */
export function rowToRaw(fields: readonly FieldDef[], row: Record<string, unknown>): RawValues {
  const raw: RawValues = {};
  for (const f of fields) {
    const v = row[f.name];
    if (f.kind === "options") {
      const options = (v as OptionInput[] | undefined) ?? [];
      OPTION_KEYS.forEach((key, i) => {
        const o = options.find((x) => x.key === key) ?? options[i];
        raw[`${f.name}.${i}`] = o?.body ?? "";
        if (o?.isCorrect) raw[`${f.name}.correct`] = String(i);
      });
      raw[`${f.name}.correct`] ??= "";
    } else if (f.kind === "parts") {
      const parts = (v as PartInput[] | undefined) ?? [];
      PART_LABELS.forEach((label, i) => {
        const p = parts.find((x) => x.label === label) ?? parts[i];
        raw[`${f.name}.${i}`] = p?.body ?? "";
        raw[`${f.name}.${i}.marks`] = p ? String(Number(p.marks)) : "";
      });
    } else if (f.kind === "sources") {
      raw[f.name] = notationFromSources((v as Source[] | undefined) ?? []);
    } else {
      raw[f.name] = toRaw(f, v);
    }
  }
  return raw;
}

/** The fields whose values differ between two forms' worth of values (a conflict's "what changed"). */
export function changedFields(fields: readonly FieldDef[], a: RawValues, b: RawValues): FieldDef[] {
  const norm = (v: string | string[] | undefined) => (Array.isArray(v) ? [...v].sort().join(",") : (v ?? "").trim().replace(/\r\n/g, "\n"));
  return fields.filter((f) => fieldKeys(f).some((k) => norm(a[k]) !== norm(b[k])));
}

/** One line of what a field holds, for the conflict message. */
export function describeValue(f: FieldDef, raw: RawValues): string {
  if (f.kind === "options") {
    const correct = raw[`${f.name}.correct`];
    return OPTION_KEYS.map((k, i) => (raw[`${f.name}.${i}`] ? `${k}) ${raw[`${f.name}.${i}`]}${correct === String(i) ? " ✓" : ""}` : "")).filter(Boolean).join("  ");
  }
  if (f.kind === "parts") {
    return PART_LABELS.map((l, i) => (raw[`${f.name}.${i}`] ? `${l}) ${raw[`${f.name}.${i}`]} [${raw[`${f.name}.${i}.marks`]}]` : "")).filter(Boolean).join("  ");
  }
  const v = raw[f.name];
  if (f.kind === "bool") return v === "1" ? "হ্যাঁ (yes)" : "না (no)";
  return Array.isArray(v) ? v.join(", ") : v ?? "";
}

export type Parsed = { values: Record<string, unknown>; raw: RawValues; errors: FieldErrors };

const CHOOSE = msg("তালিকা থেকে একটি বেছে নিন।", "Choose one from the list.");
/** The longest address or path an image or link field keeps. */
const URL_MAX = 512;
const URL_SHAPE = /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*|[a-z0-9_][a-z0-9_./-]*)$/i;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const SLUG_SHAPE = /^[a-z0-9][a-z0-9-]*$/;

/** Text of a fixed shape within `max` characters: one message for both (too long is the wrong shape too). */
const shaped = (max: number, shape: RegExp, message: string) => z.string().trim().max(max, message).regex(shape, message);

/** A number as staff type it: Bangla digits read as ASCII; NaN when it is no number. */
const typedNumber = (s: string) => Number(toAsciiDigits(s));

/**
 * A one-value field: blank (after trimming) is `empty`, or REQUIRED when the field must be filled;
 * anything else is read by `filled`, whose first message is the field's.
 */
function blankOr(required: boolean | undefined, empty: unknown, filled: z.ZodTypeAny) {
  return z.string().transform((text, ctx) => {
    if (!text.trim()) {
      if (required) ctx.addIssue({ code: "custom", message: REQUIRED });
      return empty;
    }
    const read = filled.safeParse(text);
    if (read.success) return read.data as unknown;
    ctx.addIssue({ code: "custom", message: read.error.issues[0]?.message ?? REQUIRED });
    return z.NEVER;
  });
}

/** A number typed into an int or decimal field, within the field's bounds. */
function numberSchema(f: Extract<FieldDef, { kind: "int" | "decimal" }>) {
  const whole = f.kind === "int";
  let n = z.number({ message: whole ? msg("একটি পূর্ণসংখ্যা দিন।", "Enter a whole number.") : msg("একটি সংখ্যা দিন।", "Enter a number.") }).finite();
  if (whole) n = n.int(msg("একটি পূর্ণসংখ্যা দিন।", "Enter a whole number."));
  if (f.min !== undefined) n = n.min(f.min, msg(`কমপক্ষে ${f.min}।`, `At least ${f.min}.`));
  if (f.max !== undefined) n = n.max(f.max, msg(`সর্বোচ্চ ${f.max}।`, `At most ${f.max}.`));
  return z
    .string()
    .trim()
    .transform(typedNumber)
    .pipe(n)
    .transform((v) => (whole ? v : String(v)));
}

/** A part's marks: blank is 0; a number from 0 to 100 (Bangla digits too). */
const partMarks = z
  .string()
  .trim()
  .transform((s) => typedNumber(s || "0"))
  .pipe(z.number().finite().min(0).max(100));

const optionsSchema = z.record(z.string()).transform((posted) => {
    const correct = posted.correct ?? "";
    return OPTION_KEYS.flatMap((key, i) => {
      const body = (posted[i] ?? "").trim();
      return body ? [{ key, body, isCorrect: correct === String(i) } satisfies OptionInput] : [];
    });
  });

const partsSchema = z.record(z.string()).transform((posted, ctx) =>
  PART_LABELS.flatMap((label, i) => {
    const body = (posted[i] ?? "").trim();
    if (!body) return [];
    const marks = partMarks.safeParse(posted[`${i}.marks`] ?? "");
    if (!marks.success) ctx.addIssue({ code: "custom", path: [`${i}.marks`], message: msg("নম্বর ০ থেকে ১০০ এর মধ্যে দিন।", "Marks must be 0–100.") });
    return [{ label, body, marks: String(marks.data ?? 0) } satisfies PartInput];
  }),
);

/**
 * The schema of one field: what its posted value (a string; a list for refs; for options and parts an
 * object of its keys without the field's name, e.g. {"0": "...", "correct": "1"}) must be, and the
 * value it is saved as. Every message is the field's, in Bangla and English.
 */
export function fieldSchema(f: FieldDef): z.ZodTypeAny {
  switch (f.kind) {
    case "refs":
      return z.array(z.string()).transform((ids) => [...new Set(ids.map(Number).filter((n) => Number.isInteger(n) && n > 0))]);
    case "options":
      return optionsSchema;
    case "parts":
      return partsSchema;
    case "bool":
      return z.string().transform((v) => ["1", "on", "true"].includes(v.trim()));
    case "text":
    case "textarea":
      return blankOr(
        f.required,
        null,
        z
          .string()
          .trim()
          .max(f.max, msg(`সর্বোচ্চ ${f.max} অক্ষর।`, `At most ${f.max} characters.`))
          .transform((v) => (f.kind === "text" ? v.replace(/\s+/g, " ") : v)),
      );
    case "html":
      // Kept as typed (untrimmed): the sanitiser and the typesetter see what the staff member wrote.
      return blankOr(f.required, null, z.string().refine((v) => v.trim().length <= (f.max ?? LIMITS.html), msg("লেখাটি অনেক বড়।", "The text is too long.")));
    case "slug":
      return blankOr(f.required, null, shaped(f.max, SLUG_SHAPE, msg("শুধু ছোট হাতের ইংরেজি অক্ষর, অঙ্ক ও হাইফেন।", "Lowercase letters, digits and hyphens only.")));
    case "email":
      return blankOr(f.required, null, shaped(f.max, EMAIL_SHAPE, msg("সঠিক ইমেইল দিন।", "Enter a valid email address.")));
    case "url":
    case "image":
      return blankOr(
        f.required,
        null,
        z
          .string()
          .trim()
          .max(Math.min(f.kind === "url" ? f.max : URL_MAX, URL_MAX), msg("ঠিকানাটি অনেক লম্বা।", "The address is too long."))
          .refine((v) => URL_SHAPE.test(v) && !/^(javascript|data|vbscript):/i.test(v), msg("একটি http(s) ঠিকানা বা সাইটের একটি পথ দিন।", "Enter an http(s) address or a path on this site.")),
      );
    case "int":
    case "decimal":
      return blankOr(f.required, null, numberSchema(f));
    case "select":
      return blankOr(
        f.required,
        null,
        z
          .string()
          .trim()
          .refine((v) => f.options.some((o) => o.value === v), CHOOSE),
      );
    case "ref":
      return blankOr(f.required, null, z.string().trim().transform(Number).pipe(z.number({ message: CHOOSE }).int(CHOOSE).positive(CHOOSE)));
    case "datetime":
      return blankOr(
        f.required,
        null,
        z
          .string()
          .transform((v) => dhakaInputToDate(v))
          .pipe(z.date({ message: msg("তারিখ ও সময় দিন।", "Enter a date and time.") })),
      );
    case "sources":
      return blankOr(
        f.required,
        [],
        z
          .string()
          .trim()
          .transform((v) => sourcesFromNotation(toAsciiDigits(v)))
          .pipe(z.array(z.any(), { message: msg("বোর্ড-সাল এভাবে লিখুন: dhaka, raj: 2019; cum: 21", "Write board-year like: dhaka, raj: 2019; cum: 21") })),
      );
    case "questionList":
      return blankOr(
        f.required,
        [],
        z
          .string()
          .transform((v) => toAsciiDigits(v).split(/[\s,]+/).filter(Boolean).map(Number))
          .pipe(
            z
              .array(z.union([z.number(), z.nan()]))
              .refine((ids) => ids.every((n) => Number.isInteger(n) && n > 0), msg("প্রতি লাইনে একটি প্রশ্নের আইডি (সংখ্যা) দিন।", "One question id (a number) per line."))
              .refine((ids) => new Set(ids).size === ids.length, msg("একই প্রশ্ন দুবার আছে।", "A question is listed twice."))
              .refine((ids) => ids.length <= LIMITS.questionList, msg("অনেক বেশি প্রশ্ন।", `At most ${LIMITS.questionList} questions.`)),
          ),
      );
  }
}

/** What a field is saved as when its value is refused (the form is shown again, nothing saved). */
const fallbackOf = (f: FieldDef) => (f.kind === "sources" || f.kind === "questionList" || f.kind === "refs" || f.kind === "options" || f.kind === "parts" ? [] : f.kind === "bool" ? false : null);

/** The posted value a field's schema reads: its own key's (a list for refs), or its keys' as one object. */
function postedFor(f: FieldDef, posted: Record<string, string | string[]>): unknown {
  if (f.kind !== "options" && f.kind !== "parts") return posted[f.name] ?? (f.kind === "refs" ? [] : "");
  const prefix = `${f.name}.`;
  return Object.fromEntries(fieldKeys(f).map((k) => [k.slice(prefix.length), String(posted[k] ?? "")]));
}

/**
 * Reads a posted form for these fields through their schemas (fieldSchema): every value checked and
 * converted, every error in words (the one error shape of forms, keyed by the field's name, or its
 * key within the field: "parts.0.marks"), and everything as typed (so a refused save shows the form
 * again with nothing lost).
 */
export function parseFields(fields: readonly FieldDef[], form: URLSearchParams): Parsed {
  const posted = fieldsOf(
    form,
    fields.filter((f) => f.kind === "refs").map((f) => f.name),
  );
  const values: Record<string, unknown> = {};
  const raw: RawValues = {};
  const errors: FieldErrors = {};
  for (const f of fields) {
    for (const key of fieldKeys(f)) raw[key] = posted[key] ?? (f.kind === "refs" ? [] : "");
    const read = fieldSchema(f).safeParse(postedFor(f, posted));
    if (read.success) {
      values[f.name] = read.data;
      continue;
    }
    values[f.name] = fallbackOf(f);
    for (const issue of read.error.issues) errors[[f.name, ...issue.path].join(".")] ??= issue.message;
  }
  return { values, raw, errors };
}
