// What loaders and actions read from a URL or a posted form, described by zod schemas: route params,
// query values and form fields. One error shape for every form (`FieldErrors`: one message per
// field, and `form` for the form as a whole), so each page shows errors the same way, with JavaScript
// or without. Limits are written once, in the schema, and what a form sends back for re-display is
// cut to them.
import { z } from "zod";
import { toAsciiDigits } from "~/lib/bangla-digits";

export { z };

/** A positive integer id as a URL carries it: "12", never "1.5", "1e3", "0x10", "-1", "" or 10 digits. */
export const idText = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().int().positive());

/** An id that may be left out: undefined when absent, null when given but not an id, else the id. */
export const optionalIdText = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? undefined : (idText.safeParse(value).data ?? null)));

/**
 * A whole number as typed: digits only, at most `digits` of them (Bangla digits too when `bangla`),
 * surrounding spaces ignored. What range a value may take is the caller's rule (pipe or transform).
 */
export const wholeText = ({ digits = 9, bangla = false }: { digits?: number; bangla?: boolean } = {}) =>
  z
    .string()
    .trim()
    .transform((s) => (bangla ? toAsciiDigits(s) : s))
    .pipe(z.string().regex(new RegExp(`^\\d{1,${digits}}$`)))
    .transform(Number);

/** A yes/no switch in a URL (?mine=1, ?random=1): yes only when it is 1. */
export const flagText = z
  .string()
  .optional()
  .transform((v) => v === "1")
  .catch(false);

/**
 * The version stamp a form carries back (JSON of name → version, as its loader wrote it): anything else
 * reads as no stamp, which a save takes for a conflict.
 */
export const versionStamp = z
  .string()
  .default("{}")
  .transform((s): unknown => {
    try {
      return JSON.parse(s);
    } catch {
      return {};
    }
  })
  .pipe(z.record(z.number()).catch({}));

/** A page number from a URL: a whole number from 1; anything else is page 1 (pages past the end clamp later). */
export const pageNumber = wholeText().pipe(z.number().min(1)).catch(1);

export const UNKNOWN_INTENT = "Unknown intent.";

/**
 * A form's `intent` (read as a list: `fieldsOf(form, ["intent"])`): the clicked button, or `fallback`
 * when none was (Enter submits the form). Two values, or one not in `intents`, is an unknown intent.
 */
export const intentOf = <T extends string>(intents: readonly [T, ...T[]], fallback: T) =>
  z
    .array(z.string())
    .max(1, UNKNOWN_INTENT)
    .transform((values) => values[0] ?? fallback)
    .pipe(z.enum(intents as [T, ...T[]], { message: UNKNOWN_INTENT }));

/** Text a person typed: trimmed, with control characters other than line breaks and tabs refused. */
export const typedText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), "অচেনা নিয়ন্ত্রণ-অক্ষর আছে; সাধারণ লেখা দিন। (Control characters are not allowed.)");

export type FieldErrors = Partial<Record<string, string>> & { form?: string };

/**
 * The fields of a form as an object: each key's last value (a hidden default before a tick box is
 * overridden by the box), or every value for the keys in `lists` (repeated fields, e.g. tick boxes).
 * Keys the schema does not name are dropped by it.
 */
export function fieldsOf(source: URLSearchParams, lists: readonly string[] = []): Record<string, string | string[]> {
  return collect(source, lists, (values) => values.at(-1) ?? "");
}

/** The values of a URL's query as an object: each key's first value (as `URLSearchParams.get` reads it), or every value for `lists`. */
export function queryFieldsOf(source: URLSearchParams, lists: readonly string[] = []): Record<string, string | string[]> {
  return collect(source, lists, (values) => values[0] ?? "");
}

function collect(source: URLSearchParams, lists: readonly string[], one: (values: string[]) => string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(source.keys())) out[key] = lists.includes(key) ? source.getAll(key) : one(source.getAll(key));
  for (const key of lists) out[key] ??= [];
  return out;
}

/**
 * A query read by a schema that takes anything: each field falls back to its default (`.catch`), so a
 * value that does not parse is ignored, never an error (a schema that can fail is a bug, thrown).
 */
export function readQuery<S extends z.ZodTypeAny>(schema: S, source: URLSearchParams, lists: readonly string[] = []): z.output<S> {
  return schema.parse(queryFieldsOf(source, lists));
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** A form (or query) read by its schema: the typed data, or the first message for each field. */
export function parseFields<S extends z.ZodTypeAny>(schema: S, source: URLSearchParams, lists: readonly string[] = []): Parsed<z.output<S>> {
  const result = schema.safeParse(fieldsOf(source, lists));
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrorsOf(result.error) };
}

/** A schema's refusal in the one error shape: the first message of each field (of the form: `form`). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[issue.path.length ? String(issue.path[0]) : "form"] ??= issue.message;
  return errors;
}

/** The values a form sends back for re-display: only the named fields, each cut to its limit. */
export function echoFields<K extends string>(source: URLSearchParams, limits: Record<K, number>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(limits) as K[]) out[key] = (source.getAll(key).at(-1) ?? "").trim().slice(0, limits[key]);
  return out;
}
