// What loaders and actions read from a URL or a posted form, described by zod schemas: route params,
// query values and form fields. One error shape for every form (`FieldErrors`: one message per
// field, and `form` for the form as a whole), so each page shows errors the same way, with JavaScript
// or without. Limits are written once, in the schema, and what a form sends back for re-display is
// cut to them.
import { z } from "zod";

export { z };

/** A positive integer id as a URL carries it: "12", never "1.5", "1e3", "0x10", "-1", "" or 10 digits. */
export const idText = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().int().positive());

/** Text a person typed: trimmed, with control characters other than line breaks and tabs refused. */
export const typedText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), "অচেনা নিয়ন্ত্রণ-অক্ষর আছে; সাধারণ লেখা দিন। (Control characters are not allowed.)");

export type FieldErrors = Partial<Record<string, string>> & { form?: string };

/**
 * The fields of a form or query as an object: each key's last value, or every value for the keys in
 * `lists` (repeated fields, e.g. tick boxes). Keys the schema does not name are dropped by it.
 */
export function fieldsOf(source: URLSearchParams, lists: readonly string[] = []): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(source.keys())) out[key] = lists.includes(key) ? source.getAll(key) : (source.getAll(key).at(-1) ?? "");
  for (const key of lists) out[key] ??= [];
  return out;
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** A form (or query) read by its schema: the typed data, or the first message for each field. */
export function parseFields<S extends z.ZodTypeAny>(schema: S, source: URLSearchParams, lists: readonly string[] = []): Parsed<z.output<S>> {
  const result = schema.safeParse(fieldsOf(source, lists));
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "form";
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The values a form sends back for re-display: only the named fields, each cut to its limit. */
export function echoFields<K extends string>(source: URLSearchParams, limits: Record<K, number>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(limits) as K[]) out[key] = (source.getAll(key).at(-1) ?? "").trim().slice(0, limits[key]);
  return out;
}
