// /gradmin/site-texts: the home page's section headings, the admission sections' headings, blurbs and
// MCQ categories, and the footer's copyright owner (lib/site-texts.ts). Every field starts at what the
// public pages show; a save shows on them at once (it raises the content version).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { ADMISSION_SECTIONS, type AdmissionSection } from "~/lib/admission-filters";
import { fieldsOf, intentOf, parseFields, readQuery, typedText, versionStamp, z, type FieldErrors } from "~/lib/input";
import { SITE_TEXT_GROUPS, SITE_TEXTS, type SiteTextValues } from "~/lib/site-texts";
import { loadSiteTextsForm, saveSiteTexts, type TextStamp } from "~/models/site-texts.server";
import { requireAdminForm, requireStaff } from "~/utils/auth.server";

const REQUIRED = "এটি পূরণ করুন। (Required.)";
const UNKNOWN_CATEGORY = "তালিকায় নেই এমন বিভাগ বাছা হয়েছে; পাতাটি নতুন করে খুলুন। (A category that is not in the list was chosen; reload the page.)";
/** A section's tick boxes: `cat_{section}`, one value per chosen category. */
const catField = (s: AdmissionSection) => `cat_${s}`;
const CAT_FIELDS = ADMISSION_SECTIONS.map((s) => catField(s.key));
/** More boxes than any list of categories has: a body that sends more is not from this form. */
const MAX_CHOSEN = 500;

/** The form: each text required and within its limit, each section's boxes ids of categories the screen listed. */
function siteTextsForm(known: Set<number>) {
  const chosenIds = z
    .array(z.string())
    .max(MAX_CHOSEN, UNKNOWN_CATEGORY)
    .transform((values) => values.map((v) => (/^\d{1,9}$/.test(v) ? Number(v) : 0)))
    .refine((ids) => ids.every((id) => known.has(id)), UNKNOWN_CATEGORY);
  return z.object({
    ...Object.fromEntries(
      SITE_TEXTS.map((t) => [
        t.key,
        z
          .string()
          .default("")
          .pipe(typedText(t.max, `সর্বোচ্চ ${t.max} অক্ষর। (At most ${t.max} characters.)`))
          .pipe(z.string().min(1, REQUIRED)),
      ]),
    ),
    ...Object.fromEntries(CAT_FIELDS.map((f) => [f, chosenIds])),
    stamp: versionStamp,
  });
}

const Intent = z.object({ intent: intentOf(["save", "defaults"], "save") });

type Echo = { texts: SiteTextValues; chosen: Record<string, number[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  const { csrf } = await requireStaff(request, "content");
  const form = await loadSiteTextsForm();
  const { saved } = readQuery(z.object({ saved: z.enum(["1", "defaults", "unchanged"]).optional().catch(undefined) }), new URL(request.url).searchParams);
  return json({ csrf, ...form, stamp: JSON.stringify(form.stamp), saved });
}

export async function action({ request }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "content");
  const form = await requireAdminForm(request, csrf);
  const intent = Intent.safeParse(fieldsOf(form, ["intent"]));
  if (!intent.success) throw new Response("অজানা কাজ। (Unknown intent.)", { status: 400 });
  const stamp = versionStamp.parse(fieldsOf(form).stamp) as TextStamp;
  if (intent.data.intent === "defaults") {
    const result = await saveSiteTexts("defaults", stamp, staff.id);
    if (result === "conflict") return json({ echo: null as Echo | null, errors: {} as FieldErrors, conflict: true }, { status: 409 });
    return redirect(`/gradmin/site-texts?saved=${result === "saved" ? "defaults" : "unchanged"}`);
  }
  const { categories } = await loadSiteTextsForm();
  const parsed = parseFields(siteTextsForm(new Set(categories.map((c) => c.id))), form, CAT_FIELDS);
  // What was typed and ticked, shown again after a refusal (nothing typed is lost).
  const fields = fieldsOf(form, CAT_FIELDS);
  const echo: Echo = {
    texts: Object.fromEntries(SITE_TEXTS.map((t) => [t.key, String(fields[t.key] ?? "").slice(0, t.max * 2)])),
    chosen: Object.fromEntries(ADMISSION_SECTIONS.map((s) => [s.key, (fields[catField(s.key)] as string[]).slice(0, MAX_CHOSEN).map(Number).filter(Number.isInteger)])),
  };
  if (!parsed.ok) return json({ echo, errors: parsed.errors, conflict: false }, { status: 400 });
  const data = parsed.data as Record<string, unknown>;
  const result = await saveSiteTexts(
    {
      texts: Object.fromEntries(SITE_TEXTS.map((t) => [t.key, data[t.key] as string])),
      chosen: Object.fromEntries(ADMISSION_SECTIONS.map((s) => [s.key, data[catField(s.key)] as number[]])) as Record<AdmissionSection, number[]>,
    },
    stamp,
    staff.id,
  );
  if (result === "conflict") return json({ echo, errors: {} as FieldErrors, conflict: true }, { status: 409 });
  return redirect(`/gradmin/site-texts?saved=${result === "saved" ? "1" : "unchanged"}`);
}

export const meta: MetaFunction = () => [{ title: "সাইটের লেখা (Site texts) — Admin" }];

export default function SiteTexts() {
  const data = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const texts = state?.echo?.texts ?? data.texts;
  const chosen = (state?.echo?.chosen ?? data.chosen) as Record<string, number[]>;
  const errors: FieldErrors = state?.errors ?? {};
  return (
    <>
      <h1>সাইটের লেখা (Site texts)</h1>
      <p>
        <a href="/gradmin/settings">← সাইট সেটিংস (Settings)</a>
      </p>
      <p className="muted">
        খালি ডেটাবেসে যা দেখায় সেটিই ডিফল্ট; সংরক্ষণ করলে পাবলিক পাতায় সঙ্গে সঙ্গে দেখাবে। (The defaults are what the site shows out of the box; a save shows on
        the public pages at once.)
      </p>
      {data.saved === "1" ? <Notice kind="ok">সংরক্ষিত হয়েছে। (Saved.)</Notice> : null}
      {data.saved === "defaults" ? <Notice kind="ok">সব লেখা ও বিভাগ ডিফল্টে ফিরেছে। (Everything is back to the defaults.)</Notice> : null}
      {data.saved === "unchanged" ? <Notice kind="ok">কিছু বদলায়নি। (Nothing changed.)</Notice> : null}
      {state?.conflict ? (
        <Notice kind="error">
          এর মধ্যে অন্য কেউ সাইটের লেখা বদলেছেন; কিছুই সংরক্ষণ হয়নি। আপনার লেখা নিচে আছে; পাতাটি নতুন করে খুলে আবার দিন। (Someone else changed the site texts
          meanwhile; nothing was saved. Reload the page and apply your changes again.)
        </Notice>
      ) : state?.errors && Object.keys(state.errors).length ? (
        <Notice kind="error">সংরক্ষণ হয়নি: চিহ্নিত ঘরগুলো ঠিক করুন। (Not saved: fix the marked fields.)</Notice>
      ) : null}
      <Form method="post" className="admin-form wide" key={data.stamp}>
        <CsrfInput token={data.csrf} />
        <input type="hidden" name="stamp" value={data.stamp} />
        {SITE_TEXT_GROUPS.map((g) => (
          <fieldset key={g.id} id={`texts-${g.id}`}>
            <legend>{g.admission ? `ভর্তি অংশ (Admission section): ${g.legend}` : g.legend}</legend>
            {g.texts.map((t) => (
              <label key={t.key}>
                <span>{g.admission ? `${t.label} — ${g.legend}` : t.label}</span>
                {t.long ? (
                  <textarea name={t.key} rows={2} defaultValue={texts[t.key]} aria-invalid={errors[t.key] ? true : undefined} aria-describedby={errors[t.key] ? `${t.key}-error` : `${t.key}-default`} />
                ) : (
                  <input type="text" name={t.key} defaultValue={texts[t.key]} aria-invalid={errors[t.key] ? true : undefined} aria-describedby={errors[t.key] ? `${t.key}-error` : `${t.key}-default`} />
                )}
                <small className="muted" id={`${t.key}-default`}>
                  ডিফল্ট (Default): {t.defaultValue}
                </small>
                {errors[t.key] ? (
                  <span className="field-error" id={`${t.key}-error`}>
                    {errors[t.key]}
                  </span>
                ) : null}
              </label>
            ))}
            {g.admission ? <CategoryChoice section={g.admission} legend={g.legend} chosen={chosen[g.admission] ?? []} error={errors[catField(g.admission)]} data={data} /> : null}
          </fieldset>
        ))}
        <div className="form-actions">
          <button type="submit" name="intent" value="save" className="btn-primary">
            সংরক্ষণ করুন (Save)
          </button>
        </div>
      </Form>
      <Form method="post" className="admin-form wide">
        <CsrfInput token={data.csrf} />
        <input type="hidden" name="stamp" value={data.stamp} />
        <p className="muted">
          সব লেখা ও প্রতিটি ভর্তি অংশের বিভাগ ডিফল্টে ফেরাতে (নাম মিলিয়ে বাছাই)। (Put every text and every admission section&apos;s categories back to the defaults:
          the categories chosen by name.)
        </p>
        <div className="form-actions">
          <button type="submit" name="intent" value="defaults" className="btn-secondary">
            ডিফল্টে ফেরান (Restore the defaults)
          </button>
        </div>
      </Form>
    </>
  );
}

/** A section's categories as tick boxes (a plain form field: works without JavaScript), the name match's marked. */
function CategoryChoice({
  section,
  legend,
  chosen,
  error,
  data,
}: {
  section: AdmissionSection;
  legend: string;
  chosen: number[];
  error?: string;
  data: { matched: Record<string, number[]>; custom: Record<string, boolean>; categories: { id: number; name: string }[] };
}) {
  const name = catField(section);
  const picked = new Set(chosen);
  const matched = new Set(data.matched[section]);
  return (
    <fieldset aria-describedby={error ? `${name}-error` : `${name}-hint`}>
      <legend>বিভাগসমূহ (MCQ categories) — {legend}</legend>
      <small className="muted" id={`${name}-hint`}>
        {data.custom[section] ? "স্টাফের বাছাই। (Chosen by staff.)" : "এখন নাম মিলিয়ে বাছাই (ডিফল্ট)। (Now chosen by name: the default.)"} “নাম মেলে (name match)” চিহ্নিতগুলো ডিফল্ট।
        (Those marked “name match” are the default.)
      </small>
      {error ? (
        <span className="field-error" id={`${name}-error`}>
          {error}
        </span>
      ) : null}
      {data.categories.length === 0 ? (
        <p className="empty">কোনো MCQ বিভাগ নেই। (No MCQ categories.)</p>
      ) : (
        <div className="filter-grid">
          {data.categories.map((c) => (
            <label key={c.id} className="check">
              <input type="checkbox" name={name} value={c.id} defaultChecked={picked.has(c.id)} />
              <span>
                {c.name}
                {matched.has(c.id) ? <small className="muted"> · নাম মেলে (name match)</small> : null}
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
