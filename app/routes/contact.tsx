import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { FollowUs } from "~/components/sidebars";
import { seo } from "~/lib/meta";
import { useRootData } from "~/components/root-data";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { clientAddressOf } from "~/lib/http.server";
import { readSmallForm } from "~/lib/quiz.server";
import { CONTACT_LIMIT, getInfoPage, saveContactMessage } from "~/models/pages.server";
import { outlineHeadings } from "~/lib/headings";

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const page = await getInfoPage("contact");
  return json({
    title: page?.title.trim() || "Contact",
    content: outlineHeadings(page?.contentHtml?.trim() ?? ""), // under the page's <h1>
    sent: q.get("sent") === "1",
    email: (q.get("email") ?? "").slice(0, 255),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, { title: data?.title ?? "Contact", description: "প্রশ্ন, পরামর্শ বা ভুল জানাতে আমাদের লিখুন।" });

type Fields = { name: string; email: string; phone: string; message: string };
type Errors = Partial<Record<keyof Fields, string>> & { form?: string };

/** The longest value each field may hold; what is sent back for re-display is cut to this. */
const MAX_LENGTH: Record<keyof Fields, number> = { name: 120, email: 255, phone: 32, message: 5000 };

export function validateContact(form: FormData | URLSearchParams): { values: Fields; errors: Errors } {
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v.trim() : "";
  };
  const values = { name: get("name"), email: get("email"), phone: get("phone"), message: get("message") };
  const errors: Errors = {};
  if (!values.name) errors.name = "আপনার নাম লিখুন (name is required).";
  else if (values.name.length > 120) errors.name = "নাম ১২০ অক্ষরের মধ্যে লিখুন.";
  if (!values.email) errors.email = "ইমেইল ঠিকানা লিখুন (email is required).";
  else if (values.email.length > 255 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
    errors.email = "সঠিক ইমেইল ঠিকানা লিখুন (e.g. name@example.com).";
  if (values.phone && !/^\+?[0-9০-৯][0-9০-৯ -]{5,30}$/.test(values.phone))
    errors.phone = "সঠিক ফোন নম্বর লিখুন, অথবা ফাঁকা রাখুন.";
  if (values.message.length < 10) errors.message = "বার্তা কমপক্ষে ১০ অক্ষরের হতে হবে (message too short).";
  else if (values.message.length > 5000) errors.message = "বার্তা ৫০০০ অক্ষরের মধ্যে রাখুন.";
  return { values, errors };
}

/** What goes back into the form: never more than a field can hold (a huge post is not echoed). */
const echo = (values: Fields): Fields =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, MAX_LENGTH[k as keyof Fields])])) as Fields;

export async function action({ request, context }: ActionFunctionArgs) {
  // Read with a cap while it streams (413 past 64 KB); only url-encoded forms (400 otherwise).
  const form = await readSmallForm(request);
  // Bots fill every field; people never see this one.
  if (form.get("website")) return redirect("/contact?sent=1", 303);
  const { values, errors } = validateContact(form);
  if (Object.keys(errors).length) return json({ errors, values: echo(values) }, 400);
  const saved = await saveContactMessage({ ...values, clientAddress: clientAddressOf(context) });
  if (saved === "limited") {
    const tooMany = `এই ঠিকানা থেকে এক ঘণ্টায় ${toBanglaDigits(CONTACT_LIMIT)}টির বেশি বার্তা পাঠানো যায় না; পরে আবার চেষ্টা করুন। (Too many messages from your network; please try again later.)`;
    return json({ errors: { form: tooMany } as Errors, values: echo(values) }, { status: 429, headers: { "Retry-After": "3600" } });
  }
  return redirect("/contact?sent=1", 303);
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function ContactPage() {
  const { title, content, sent, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { footer, social } = useRootData();
  const v = result?.values ?? { name: "", email, phone: "", message: "" };
  const e: Errors = result?.errors ?? {};
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
              <input id="c-name" name="name" defaultValue={v.name} required maxLength={120} autoComplete="name" aria-invalid={e.name ? true : undefined} aria-describedby={described("name")} />
              {err("name")}
              <label htmlFor="c-email">ইমেইল (Email)</label>
              <input id="c-email" name="email" type="email" defaultValue={v.email} required maxLength={255} autoComplete="email" aria-invalid={e.email ? true : undefined} aria-describedby={described("email")} />
              {err("email")}
              <label htmlFor="c-phone">ফোন (Phone, ঐচ্ছিক)</label>
              <input id="c-phone" name="phone" type="tel" defaultValue={v.phone} maxLength={32} autoComplete="tel" aria-invalid={e.phone ? true : undefined} aria-describedby={described("phone")} />
              {err("phone")}
              <label htmlFor="c-message">বার্তা (Message)</label>
              <textarea id="c-message" name="message" rows={6} defaultValue={v.message} required maxLength={5000} aria-invalid={e.message ? true : undefined} aria-describedby={described("message")} />
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
