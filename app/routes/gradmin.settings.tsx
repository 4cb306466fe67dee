// /gradmin/settings: the site's name, tagline and default meta, and the social links. The footer's
// contact block, tweets and updates, and page meta per path are content sections of their own.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { flagText, parseFields, readQuery, versionStamp, z, type FieldErrors } from "~/lib/input";
import { SETTING_KEYS, socialPlatforms, type SettingKey, type SocialPlatform } from "~/lib/site-settings";
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
const MAX = { site_name: 120, tagline: 200, default_description: 500, default_keywords: 500 } satisfies Record<SettingKey, number>;
const REQUIRED = "এটি পূরণ করুন। (Required.)";

/** A value as typed (trimmed; blank when not sent): what the form shows again after a refusal. */
const typed = z.string().trim().catch("").default("");
const settingText = (k: SettingKey) => typed.pipe(z.string().max(MAX[k], `সর্বোচ্চ ${MAX[k]} অক্ষর। (At most ${MAX[k]} characters.)`));
const socialLink = typed.pipe(
  z.string().refine((v) => !v || (v.length <= 512 && /^https:\/\/[^\s]+$/i.test(v)), "একটি https:// ঠিকানা দিন, অথবা খালি রাখুন। (An https:// address, or blank.)"),
);

const SettingsTyped = z.object(Object.fromEntries([...SETTING_KEYS, ...socialPlatforms].map((k) => [k, typed])) as Record<keyof SettingsValues, typeof typed>);

/** The settings form: each text within its limit (the site's name required), each social link https or blank, and the versions the form was loaded at. */
const SettingsForm = z.object({
  ...(Object.fromEntries(SETTING_KEYS.map((k) => [k, settingText(k)])) as Record<SettingKey, ReturnType<typeof settingText>>),
  site_name: settingText("site_name").pipe(z.string().min(1, REQUIRED)),
  ...(Object.fromEntries(socialPlatforms.map((p) => [p, socialLink])) as Record<SocialPlatform, typeof socialLink>),
  // What loadSettings stamped.
  stamp: versionStamp,
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { csrf } = await requireStaff(request, "content");
  const { values, stamp } = await loadSettings();
  const { saved } = readQuery(z.object({ saved: flagText }), new URL(request.url).searchParams);
  return json({ csrf, values, stamp: JSON.stringify(stamp), saved });
}

export async function action({ request }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "content");
  const form = await requireAdminForm(request, csrf);
  const parsed = parseFields(SettingsForm, form);
  if (!parsed.ok) return json({ values: readQuery(SettingsTyped, form) as SettingsValues, errors: parsed.errors, conflict: false }, { status: 400 });
  const { stamp, ...values } = parsed.data;
  const result = await saveSettings(values, stamp as Stamp, staff.id);
  if (result === "conflict") return json({ values, errors: {} as FieldErrors, conflict: true }, { status: 409 });
  return redirect("/gradmin/settings?saved=1");
}

export const meta: MetaFunction = () => [{ title: "সাইট সেটিংস (Settings) — Admin" }];

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const values = (state?.values ?? data.values) as Record<string, string>;
  const errors: FieldErrors = state?.errors ?? {};
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
      <p>
        হোম পাতার অংশের শিরোনাম, ভর্তি অংশের লেখা ও বিভাগ, কপিরাইট: <a href="/gradmin/site-texts">সাইটের লেখা (Site texts)</a>
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
