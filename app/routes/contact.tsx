import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { FollowUs } from "~/components/sidebars";
import { seo } from "~/lib/meta";
import { useRootData } from "~/components/root-data";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { clientAddressOf, readForm } from "~/lib/http.server";
import { echoFields, flagText, parseFields, readQuery, typedText, z, type FieldErrors } from "~/lib/input";
import { CONTACT_LIMIT, getInfoPage, saveContactMessage } from "~/models/pages.server";
import { isStaffPreview } from "~/utils/preview.server";
import { outlineHeadings } from "~/lib/headings";

export async function loader({ request }: LoaderFunctionArgs) {
  const q = readQuery(ContactQuery, new URL(request.url).searchParams);
  const page = await getInfoPage("contact", { preview: await isStaffPreview(request) });
  return json({
    title: page?.title.trim() || "Contact",
    content: outlineHeadings(page?.contentHtml?.trim() ?? ""), // under the page's <h1>
    sent: q.sent,
    email: q.email,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, { title: data?.title ?? "Contact", description: "প্রশ্ন, পরামর্শ বা ভুল জানাতে আমাদের লিখুন।" });

/** The longest value each field may hold; what is sent back for re-display is cut to this. */
const LIMITS = { name: 120, email: 255, phone: 32, message: 5000 } as const;

const ContactForm = z.object({
  name: typedText(LIMITS.name, `নাম ${toBanglaDigits(LIMITS.name)} অক্ষরের মধ্যে লিখুন.`).pipe(z.string().min(1, "আপনার নাম লিখুন (name is required).")),
  email: z
    .string()
    .trim()
    .min(1, "ইমেইল ঠিকানা লিখুন (email is required).")
    .max(LIMITS.email, "সঠিক ইমেইল ঠিকানা লিখুন (e.g. name@example.com).")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "সঠিক ইমেইল ঠিকানা লিখুন (e.g. name@example.com)."),
  phone: z
    .string()
    .trim()
    .max(LIMITS.phone, "সঠিক ফোন নম্বর লিখুন, অথবা ফাঁকা রাখুন.")
    .regex(/^(?:\+?[0-9০-৯][0-9০-৯ -]{5,30})?$/, "সঠিক ফোন নম্বর লিখুন, অথবা ফাঁকা রাখুন.")
    .default(""),
  message: typedText(LIMITS.message, `বার্তা ${toBanglaDigits(LIMITS.message)} অক্ষরের মধ্যে রাখুন.`).pipe(
    z.string().min(10, "বার্তা কমপক্ষে ১০ অক্ষরের হতে হবে (message too short)."),
  ),
});

/** ?sent=1 after a message went; ?email= fills the address in (cut to its limit). */
const ContactQuery = z.object({
  sent: flagText,
  email: z
    .string()
    .transform((email) => email.slice(0, LIMITS.email))
    .catch(""),
});

type Fields = Record<keyof typeof LIMITS, string>;

export async function action({ request, context }: ActionFunctionArgs) {
  // Read with a cap while it streams (413 past 64 KB); only url-encoded forms (400 otherwise).
  const form = await readForm(request);
  // Bots fill every field; people never see this one.
  if (form.get("website")) return redirect("/contact?sent=1", 303);
  const values: Fields = echoFields(form, LIMITS);
  const parsed = parseFields(ContactForm, form);
  if (!parsed.ok) return json({ errors: parsed.errors, values }, 400);
  const saved = await saveContactMessage({ ...parsed.data, clientAddress: clientAddressOf(context) });
  if (saved === "limited") {
    const tooMany = `এই ঠিকানা থেকে এক ঘণ্টায় ${toBanglaDigits(CONTACT_LIMIT)}টির বেশি বার্তা পাঠানো যায় না; পরে আবার চেষ্টা করুন। (Too many messages from your network; please try again later.)`;
    return json({ errors: { form: tooMany } as FieldErrors, values }, { status: 429, headers: { "Retry-After": "3600" } });
  }
  return redirect("/contact?sent=1", 303);
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function ContactPage() {
  const { title, content, sent, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { footer, social } = useRootData();
  const v = result?.values ?? { name: "", email, phone: "", message: "" };
  const e: FieldErrors = result?.errors ?? {};
  const err = (k: keyof Fields) =>
    e[k] ? (
      <p className="field-error" id={`${k}-error`}>
        {e[k]}
      </p>
    ) : null;
  const described = (k: keyof Fields) => (e[k] ? `${k}-error` : undefined);
  return (
    <div className="container with-sidebar">
      <article className="content panel">
        <h1>{title}</h1>
        {content ? <div className="prose" dangerouslySetInnerHTML={{ __html: content }} /> : null}
        <address className="contact-details">
          {footer.contactAddress ? (
            <p><Icon name="map-pin" /> {footer.contactAddress}</p>
          ) : null}
          {footer.contactEmail ? (
            <p><Icon name="mail" /> <a href={`mailto:${footer.contactEmail}`}>{footer.contactEmail}</a></p>
          ) : null}
          {footer.contactPhone ? (
            <p><Icon name="phone" /> <a href={`tel:${footer.contactPhone.replace(/[^+\d]/g, "")}`}>{footer.contactPhone}</a></p>
          ) : null}
        </address>
        <div id="contact-form">
          {sent ? (
            <div className="notice success" role="status">
              <h2>ধন্যবাদ! Thank you.</h2>
              <p>আপনার বার্তা আমরা পেয়েছি; শীঘ্রই উত্তর দেব। Your message has been received.</p>
              <p>
                <a href="/contact">আরেকটি বার্তা পাঠান</a>
              </p>
            </div>
          ) : (
            <form method="post" className="form" data-swap="#contact-form" noValidate>
              <h2>আমাদের লিখুন</h2>
              {e.form ? (
                <p className="notice error" role="alert">
                  {e.form}
                </p>
              ) : Object.keys(e).length ? (
                <p className="notice error" role="alert">
                  ফর্মে কিছু ভুল আছে, নিচে দেখুন। Please correct the fields below.
                </p>
              ) : null}
              <label htmlFor="c-name">নাম (Name)</label>
              <input id="c-name" name="name" defaultValue={v.name} required maxLength={LIMITS.name} autoComplete="name" aria-invalid={e.name ? true : undefined} aria-describedby={described("name")} />
              {err("name")}
              <label htmlFor="c-email">ইমেইল (Email)</label>
              <input id="c-email" name="email" type="email" defaultValue={v.email} required maxLength={LIMITS.email} autoComplete="email" aria-invalid={e.email ? true : undefined} aria-describedby={described("email")} />
              {err("email")}
              <label htmlFor="c-phone">ফোন (Phone, ঐচ্ছিক)</label>
              <input id="c-phone" name="phone" type="tel" defaultValue={v.phone} maxLength={LIMITS.phone} autoComplete="tel" aria-invalid={e.phone ? true : undefined} aria-describedby={described("phone")} />
              {err("phone")}
              <label htmlFor="c-message">বার্তা (Message)</label>
              <textarea id="c-message" name="message" rows={6} defaultValue={v.message} required maxLength={LIMITS.message} aria-invalid={e.message ? true : undefined} aria-describedby={described("message")} />
              {err("message")}
              <div className="hp" aria-hidden="true">
                <label htmlFor="c-website">Website</label>
                <input id="c-website" name="website" tabIndex={-1} autoComplete="off" />
              </div>
              <button type="submit" className="btn">
                পাঠান (Send)
              </button>
            </form>
          )}
        </div>
      </article>
      <aside className="sidebar" aria-label="Sidebar">
        <FollowUs social={social} />
      </aside>
    </div>
  );
}
