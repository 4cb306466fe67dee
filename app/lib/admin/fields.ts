// The fields of the admin content forms, and reading a posted form into checked values. Pure: the
// same definitions draw the form (components/admin-form.tsx) and check what comes back (models/admin).
import { notationFromSources, sourcesFromNotation, type Source } from "~/lib/board-year";
import { toAsciiDigits } from "~/lib/bangla-digits";

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
    | { kind: "select"; options: readonly Option[] }
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
export type FieldErrors = Record<string, string>;

export type OptionInput = { key: string; body: string; isCorrect: boolean };
export type PartInput = { label: string; body: string; marks: string };

export const OPTION_KEYS = ["ক", "খ", "গ", "ঘ", "ঙ"] as const;
export const PART_LABELS = ["ক", "খ", "গ", "ঘ"] as const;

const LIMITS = { html: 200_000, questionList: 1000 };

const msg = (bn: string, en: string) => `${bn} (${en})`;
export const REQUIRED = msg("এটি পূরণ করুন।", "Required.");

type FormLike = { get(name: string): string | null | File; getAll(name: string): (string | File)[] };

const str = (form: FormLike, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

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

/**
 * Reads a posted form for these fields: every value checked and converted, every error in words,
 * and everything as typed (so a refused save shows the form again with nothing lost).
 */
export function parseFields(fields: readonly FieldDef[], form: FormLike): Parsed {
  const values: Record<string, unknown> = {};
  const raw: RawValues = {};
  const errors: FieldErrors = {};
  for (const f of fields) {
    if (f.kind === "refs") {
      const ids = form.getAll(f.name).filter((v): v is string => typeof v === "string");
      raw[f.name] = ids;
      const nums = ids.map(Number).filter((n) => Number.isInteger(n) && n > 0);
      values[f.name] = [...new Set(nums)];
      continue;
    }
    if (f.kind === "options") {
      const options: OptionInput[] = [];
      const correct = str(form, `${f.name}.correct`);
      raw[`${f.name}.correct`] = correct;
      OPTION_KEYS.forEach((key, i) => {
        const body = str(form, `${f.name}.${i}`);
        raw[`${f.name}.${i}`] = body;
        if (body.trim()) options.push({ key, body: body.trim(), isCorrect: correct === String(i) });
      });
      values[f.name] = options;
      continue;
    }
    if (f.kind === "parts") {
      const parts: PartInput[] = [];
      PART_LABELS.forEach((label, i) => {
        const body = str(form, `${f.name}.${i}`);
        const marks = str(form, `${f.name}.${i}.marks`);
        raw[`${f.name}.${i}`] = body;
        raw[`${f.name}.${i}.marks`] = marks;
        if (body.trim()) {
          const m = Number(toAsciiDigits(marks.trim() || "0"));
          if (!Number.isFinite(m) || m < 0 || m > 100) errors[`${f.name}.${i}.marks`] = msg("নম্বর ০ থেকে ১০০ এর মধ্যে দিন।", "Marks must be 0–100.");
          parts.push({ label, body: body.trim(), marks: String(Number.isFinite(m) ? m : 0) });
        }
      });
      values[f.name] = parts;
      continue;
    }
    const text = str(form, f.name);
    raw[f.name] = text;
    const v = text.trim();
    if (f.kind === "bool") {
      values[f.name] = v === "1" || v === "on" || v === "true";
      continue;
    }
    if (!v) {
      if (f.required) errors[f.name] = REQUIRED;
      values[f.name] = f.kind === "sources" ? [] : f.kind === "questionList" ? [] : null;
      continue;
    }
    switch (f.kind) {
      case "text":
      case "textarea":
        if (v.length > f.max) errors[f.name] = msg(`সর্বোচ্চ ${f.max} অক্ষর।`, `At most ${f.max} characters.`);
        values[f.name] = f.kind === "text" ? v.replace(/\s+/g, " ") : v;
        break;
      case "html":
        if (v.length > (f.max ?? LIMITS.html)) errors[f.name] = msg("লেখাটি অনেক বড়।", "The text is too long.");
        values[f.name] = text;
        break;
      case "slug":
        if (v.length > f.max || !/^[a-z0-9][a-z0-9-]*$/.test(v)) {
          errors[f.name] = msg("শুধু ছোট হাতের ইংরেজি অক্ষর, অঙ্ক ও হাইফেন।", "Lowercase letters, digits and hyphens only.");
        }
        values[f.name] = v;
        break;
      case "email":
        if (v.length > f.max || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) errors[f.name] = msg("সঠিক ইমেইল দিন।", "Enter a valid email address.");
        values[f.name] = v;
        break;
      case "url":
      case "image":
        if ((f.kind === "url" && v.length > f.max) || v.length > 512) errors[f.name] = msg("ঠিকানাটি অনেক লম্বা।", "The address is too long.");
        else if (!/^(https?:\/\/[^\s]+|\/[^\s/][^\s]*|[a-z0-9_][a-z0-9_./-]*)$/i.test(v) || /^(javascript|data|vbscript):/i.test(v)) {
          errors[f.name] = msg("একটি http(s) ঠিকানা বা সাইটের একটি পথ দিন।", "Enter an http(s) address or a path on this site.");
        }
        values[f.name] = v;
        break;
      case "int":
      case "decimal": {
        const n = Number(toAsciiDigits(v));
        const ok = Number.isFinite(n) && (f.kind === "decimal" || Number.isInteger(n));
        if (!ok) errors[f.name] = f.kind === "int" ? msg("একটি পূর্ণসংখ্যা দিন।", "Enter a whole number.") : msg("একটি সংখ্যা দিন।", "Enter a number.");
        else if (f.min !== undefined && n < f.min) errors[f.name] = msg(`কমপক্ষে ${f.min}।`, `At least ${f.min}.`);
        else if (f.max !== undefined && n > f.max) errors[f.name] = msg(`সর্বোচ্চ ${f.max}।`, `At most ${f.max}.`);
        values[f.name] = ok ? (f.kind === "decimal" ? String(n) : n) : null;
        break;
      }
      case "select":
        if (!f.options.some((o) => o.value === v)) errors[f.name] = msg("তালিকা থেকে একটি বেছে নিন।", "Choose one from the list.");
        values[f.name] = v;
        break;
      case "ref": {
        const n = Number(v);
        if (!Number.isInteger(n) || n <= 0) errors[f.name] = msg("তালিকা থেকে একটি বেছে নিন।", "Choose one from the list.");
        values[f.name] = n;
        break;
      }
      case "datetime": {
        const d = dhakaInputToDate(v);
        if (!d) errors[f.name] = msg("তারিখ ও সময় দিন।", "Enter a date and time.");
        values[f.name] = d;
        break;
      }
      case "sources": {
        const sources = sourcesFromNotation(toAsciiDigits(v));
        if (!sources) errors[f.name] = msg("বোর্ড-সাল এভাবে লিখুন: dhaka, raj: 2019; cum: 21", "Write board-year like: dhaka, raj: 2019; cum: 21");
        values[f.name] = sources ?? [];
        break;
      }
      case "questionList": {
        const tokens = toAsciiDigits(v).split(/[\s,]+/).filter(Boolean);
        const ids = tokens.map(Number);
        if (ids.some((n) => !Number.isInteger(n) || n <= 0)) errors[f.name] = msg("প্রতি লাইনে একটি প্রশ্নের আইডি (সংখ্যা) দিন।", "One question id (a number) per line.");
        else if (new Set(ids).size !== ids.length) errors[f.name] = msg("একই প্রশ্ন দুবার আছে।", "A question is listed twice.");
        else if (ids.length > LIMITS.questionList) errors[f.name] = msg("অনেক বেশি প্রশ্ন।", `At most ${LIMITS.questionList} questions.`);
        values[f.name] = ids;
        break;
      }
    }
  }
  return { values, raw, errors };
}
