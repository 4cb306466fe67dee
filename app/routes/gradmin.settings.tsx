// /gradmin/settings: the site's name, tagline and default meta, and the social links. The footer's
// contact block, tweets and updates, and page meta per path are content sections of their own.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { SETTING_KEYS, socialPlatforms } from "~/lib/site-settings";
import { requireAdminForm, requireStaff } from "~/utils/auth.server";
import { loadSettings, saveSettings, type SettingsValues, type Stamp } from "~/models/settings.server";

const LABELS: Record<string, string> = {
  site_name: "সাইটের নাম (Site name)",
  tagline: "ট্যাগলাইন (Tagline)",
  default_description: "ডিফল্ট বিবরণ (Default description)",
  default_keywords: "ডিফল্ট কীওয়ার্ড (Default keywords)",
  facebook: "Facebook",
  twitter: "Twitter / X",
  googleplus: "Google+",
  instagram: "Instagram",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  tumblr: "Tumblr",
  pinterest: "Pinterest",
};
const MAX: Record<string, number> = { site_name: 120, tagline: 200, default_description: 500, default_keywords: 500 };

export async function loader({ request }: LoaderFunctionArgs) {
  const { csrf } = await requireStaff(request, "content");
  const { values, stamp } = await loadSettings();
  return json({ csrf, values, stamp: JSON.stringify(stamp), saved: new URL(request.url).searchParams.get("saved") === "1" });
}

export async function action({ request }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "content");
  const form = await requireAdminForm(request, csrf);
  const values = {} as SettingsValues;
  const errors: Record<string, string> = {};
  for (const k of SETTING_KEYS) {
    values[k] = (form.get(k) ?? "").trim();
    if (values[k].length > MAX[k]) errors[k] = `সর্বোচ্চ ${MAX[k]} অক্ষর। (At most ${MAX[k]} characters.)`;
  }
  if (!values.site_name) errors.site_name = "এটি পূরণ করুন। (Required.)";
  for (const p of socialPlatforms) {
    values[p] = (form.get(p) ?? "").trim();
    if (values[p] && (!/^https:\/\/[^\s]+$/i.test(values[p]) || values[p].length > 512)) errors[p] = "একটি https:// ঠিকানা দিন, অথবা খালি রাখুন। (An https:// address, or blank.)";
  }
  let stamp: Stamp = {};
  try {
    stamp = JSON.parse(form.get("stamp") ?? "{}");
  } catch {
    stamp = {};
  }
  if (Object.keys(errors).length) return json({ values, errors, conflict: false }, { status: 400 });
  const result = await saveSettings(values, stamp, staff.id);
  if (result === "conflict") return json({ values, errors, conflict: true }, { status: 409 });
  return redirect("/gradmin/settings?saved=1");
}

export const meta: MetaFunction = () => [{ title: "সাইট সেটিংস (Settings) — Admin" }];

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const values = (state?.values ?? data.values) as Record<string, string>;
  const errors = (state?.errors ?? {}) as Record<string, string>;
  const field = (k: string, type: "text" | "url" = "text") => (
    <label key={k}>
      <span>{LABELS[k]}</span>
      <input type="text" inputMode={type === "url" ? "url" : undefined} name={k} defaultValue={values[k]} aria-invalid={errors[k] ? true : undefined} aria-describedby={errors[k] ? `${k}-error` : undefined} />
      {errors[k] ? (
        <span className="field-error" id={`${k}-error`}>
          {errors[k]}
        </span>
      ) : null}
    </label>
  );
  return (
    <>
      <h1>সাইট সেটিংস (Settings)</h1>
      <p>
        ফুটারের যোগাযোগ, টুইট ও আপডেট, এবং পাতাভিত্তিক মেটা: <a href="/gradmin/content/footer">ফুটার (Footer)</a> ·{" "}
        <a href="/gradmin/content/footer-tweets">টুইট (Tweets)</a> · <a href="/gradmin/content/footer-updates">আপডেট (Updates)</a> ·{" "}
        <a href="/gradmin/content/page-meta">মেটা (Page meta)</a>
      </p>
      {data.saved ? <Notice kind="ok">সংরক্ষিত হয়েছে। (Saved.)</Notice> : null}
      {state?.conflict ? (
        <Notice kind="error">
          এর মধ্যে অন্য কেউ সেটিংস বদলেছেন; কিছুই সংরক্ষণ হয়নি। আপনার লেখা নিচে আছে; পাতাটি নতুন করে খুলে আবার দিন। (Someone else changed the settings
          meanwhile; nothing was saved. Reload the page and apply your changes again.)
        </Notice>
      ) : state?.errors && Object.keys(state.errors).length ? (
        <Notice kind="error">সংরক্ষণ হয়নি: চিহ্নিত ঘরগুলো ঠিক করুন। (Not saved: fix the marked fields.)</Notice>
      ) : null}
      <Form method="post" className="admin-form wide">
        <CsrfInput token={data.csrf} />
        <input type="hidden" name="stamp" value={data.stamp} />
        <fieldset>
          <legend>সাইট (Site)</legend>
          {SETTING_KEYS.map((k) => field(k))}
        </fieldset>
        <fieldset>
          <legend>সোশ্যাল লিংক (Social links)</legend>
          <small className="muted">খালি রাখলে লিংকটি দেখাবে না। (Blank: not shown.)</small>
          {socialPlatforms.map((p) => field(p, "url"))}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="btn-primary">
            সংরক্ষণ করুন (Save)
          </button>
        </div>
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
