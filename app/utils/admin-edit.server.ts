// The action of the create and edit screens: read the form, preview or save, and answer with what
// the form needs to show again (everything typed, every error, a conflict's "what changed").
import { json, redirect } from "@remix-run/node";
import { changedFields, describeValue, parseFields, rowToRaw, type FieldErrors, type RawValues } from "~/lib/admin/fields";
import type { ResourceDef } from "~/lib/admin/resources";
import { fieldsOr400 } from "~/lib/http.server";
import { intentOf, wholeText, z } from "~/lib/input";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { assetBaseOf, createRow, getRow, updateRow } from "~/models/admin/content.server";
import { readContentForm } from "~/utils/admin-form.server";
import { renderedOrNull } from "~/models/rendering.server";

/**
 * The controls every content form posts besides its fields: the button (Enter saves) and the version
 * the form was loaded at (undefined when missing or not a number, which only a create may be).
 */
const SaveControls = z.object({
  intent: intentOf(["save", "preview"], "save"),
  version: z
    .string()
    .optional()
    .transform((v) => wholeText().safeParse(v ?? "").data),
});

export type Change = { label: string; theirs: string; yours: string };
export type FormState = {
  raw: RawValues;
  errors: FieldErrors;
  previews?: Record<string, string | null>;
  /** The version the form saves against next (after a conflict: the stored one). */
  version?: number;
  conflict?: { by: string | null; at: string; version: number; changes: Change[] };
};

export async function saveContent(request: Request, def: ResourceDef, staffId: number, csrf: string, id: number | null) {
  const { form, uploadErrors } = await readContentForm(request, csrf, def, staffId, `${def.key} ${id === null ? "(new)" : `#${id}`}`);
  const parsed = parseFields(def.fields, form);
  const { intent, version } = fieldsOr400(SaveControls, form, ["intent"]);
  if (intent === "preview") {
    // A preview shows what was typed, even past a limit the save would refuse.
    const previews = Object.fromEntries(
      def.fields.filter((f) => f.kind === "html").map((f) => [f.name, renderedOrNull(String(parsed.raw[f.name] ?? "").trim() ? String(parsed.raw[f.name]) : null, assetBaseOf(def))]),
    );
    return json<FormState>({ raw: parsed.raw, errors: uploadErrors, previews, version });
  }
  const errors = { ...parsed.errors, ...uploadErrors };
  if (Object.keys(errors).length) return json<FormState>({ raw: parsed.raw, errors, version }, { status: 400 });

  const creating = id === null || (def.singleton && version === 0 && !(await getRow(def, 1)));
  const outcome = creating
    ? await createRow(def, parsed.values, staffId)
    : version !== undefined && version > 0
      ? await updateRow(def, id!, version, parsed.values, staffId)
      : ({ status: "invalid", errors: { form: "ফর্মটি অসম্পূর্ণ; পাতাটি আবার খুলুন। (The form is incomplete; open the page again.)" } } as const);
  switch (outcome.status) {
    case "saved":
      return redirect(`/gradmin/content/${def.key}/${outcome.id}?saved=${creating ? "created" : "1"}`);
    case "invalid":
      return json<FormState>({ raw: parsed.raw, errors: outcome.errors, version }, { status: 400 });
    case "not-found":
      throw new Response(`${def.one}: এটি আর নেই; হয়তো অন্য কেউ মুছে ফেলেছেন। (It no longer exists; someone may have deleted it.)`, { status: 404 });
    case "conflict": {
      const theirs = rowToRaw(def.fields, outcome.current);
      const changes = changedFields(def.fields, theirs, parsed.raw).map((f) => ({
        label: f.label,
        theirs: describeValue(f, theirs).slice(0, 2000),
        yours: describeValue(f, parsed.raw).slice(0, 2000),
      }));
      return json<FormState>(
        {
          raw: parsed.raw,
          errors: {},
          version: outcome.current.version,
          conflict: {
            by: outcome.by,
            at: formatDhakaDateTime(new Date(outcome.current.updatedAt as string)),
            version: outcome.current.version,
            changes,
          },
        },
        { status: 409 },
      );
    }
  }
}
