// /gradmin/account: every staff member's own page: change the password (which signs out the other
// sessions), see the signed-in sessions, sign out the others.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput, Field, Notice } from "~/components/admin";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { parseFields, readQuery, z, type FieldErrors } from "~/lib/input";
import { MIN_PASSWORD_LENGTH } from "~/lib/permissions";
import { endOtherSessions, listSessions, requireAdminForm, requireStaff, waitInMinutes } from "~/utils/auth.server";
import { recordAudit } from "~/models/history.server";
import { changeOwnPassword } from "~/models/staff.server";
// Read on the primary, never a replica: a staff screen shows what was just saved.
import { primary as db } from "~/db/client.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff, csrf, session } = await requireStaff(request, "account");
  const sessions = await listSessions(staff.id, session);
  return json({
    staff: { name: staff.name, username: staff.username, email: staff.email },
    csrf,
    notice: SAVED[readQuery(SavedQuery, new URL(request.url).searchParams).saved ?? ""] ?? null,
    sessions: sessions.map((s) => ({ ...s, createdAt: formatDhakaDateTime(s.createdAt), lastSeenAt: formatDhakaDateTime(s.lastSeenAt) })),
  });
}

const SavedQuery = z.object({ saved: z.enum(["password", "sessions"]).optional().catch(undefined) });

/** The own password change: the current one (checked by the model) and the new one typed twice. */
const OwnPasswordForm = z
  .object({ current: z.string().default(""), password: z.string().default(""), confirm: z.string().default("") })
  .refine((f) => f.password === f.confirm, { path: ["confirm"], message: "দুটি নতুন পাসওয়ার্ড মেলেনি। (The new passwords differ.)" });

export async function action({ request }: ActionFunctionArgs) {
  const { staff, csrf, session } = await requireStaff(request, "account");
  const form = await requireAdminForm(request, csrf);
  const which = parseFields(z.object({ intent: z.enum(["end-others", "password"]) }), form);
  if (!which.ok) return json({ errors: { form: "Unknown action." } as FieldErrors }, { status: 400 });
  if (which.data.intent === "end-others") {
    await endOtherSessions(staff.id, session);
    await db.transaction((tx) => recordAudit(tx, { staffId: staff.id, action: "end-sessions", entity: "session", entityId: null, summary: "others" }));
    return redirect("/gradmin/account?saved=sessions");
  }
  const parsed = parseFields(OwnPasswordForm, form);
  if (!parsed.ok) return json({ errors: parsed.errors }, { status: 400 });
  const { current, password: next } = parsed.data;
  const result = await changeOwnPassword({ staffId: staff.id, current, next });
  if ("waitSeconds" in result) {
    const wait = waitInMinutes(result.waitSeconds);
    const message = `বর্তমান পাসওয়ার্ড অনেকবার ভুল দেওয়া হয়েছে। ${wait.bn} পরে আবার চেষ্টা করুন। (Too many wrong current passwords. Try again in ${wait.en}.)`;
    return json({ errors: { form: message } as FieldErrors }, { status: 429 });
  }
  if (!result.changed) return json({ errors: result.errors as FieldErrors }, { status: 400 });
  // Whoever else holds a session (a stolen cookie, a forgotten computer) is out with the old password.
  await endOtherSessions(staff.id, session);
  return redirect("/gradmin/account?saved=password");
}

const SAVED: Record<string, string> = {
  password: "পাসওয়ার্ড বদলানো হয়েছে; অন্য সব জায়গা থেকে লগআউট করা হয়েছে। (Your password was changed and your other sessions were signed out.)",
  sessions: "অন্য সব সেশন থেকে লগআউট করা হয়েছে। (Your other sessions were signed out.)",
};

export default function Account() {
  const { staff, csrf, notice, sessions } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.errors ?? {};
  return (
    <>
      <h1>আমার অ্যাকাউন্ট (My account)</h1>
      <p>
        {staff.name} · {staff.username} · {staff.email}
      </p>
      {notice ? <Notice kind="ok">{notice}</Notice> : null}
      {errors.form ? <Notice kind="error">{errors.form}</Notice> : null}

      <section className="panel" aria-labelledby="pw-h">
        <h2 id="pw-h">পাসওয়ার্ড বদলান (Change password)</h2>
        <Form method="post" className="admin-form">
          <CsrfInput token={csrf} />
          <Field name="current" label="বর্তমান পাসওয়ার্ড (Current password)" type="password" autoComplete="current-password" error={errors.current} />
          <Field
            name="password"
            label="নতুন পাসওয়ার্ড (New password)"
            type="password"
            autoComplete="new-password"
            error={errors.password}
            hint={`কমপক্ষে ${toBanglaDigits(MIN_PASSWORD_LENGTH)} অক্ষর; ইউজারনেম বা প্রচলিত পাসওয়ার্ড নয়।`}
          />
          <Field name="confirm" label="নতুন পাসওয়ার্ড আবার (Repeat the new password)" type="password" autoComplete="new-password" error={errors.confirm} />
          <button type="submit" name="intent" value="password" className="btn">
            পাসওয়ার্ড বদলান (Change password)
          </button>
        </Form>
      </section>

      <section className="panel" aria-labelledby="sessions-h">
        <h2 id="sessions-h">যেখানে লগইন আছে (Where you are signed in)</h2>
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">ব্রাউজার (Browser)</th>
                <th scope="col">লগইন (Signed in)</th>
                <th scope="col">সর্বশেষ (Last seen)</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.key}>
                  <td>
                    {s.userAgent || "—"}
                    {s.current ? " · এই ব্রাউজার (this browser)" : ""}
                    {s.remember ? " · মনে রাখা (remembered)" : ""}
                  </td>
                  <td>{s.createdAt}</td>
                  <td>{s.lastSeenAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {sessions.length > 1 ? (
          <Form method="post">
            <CsrfInput token={csrf} />
            <button type="submit" name="intent" value="end-others" className="btn btn-secondary">
              অন্য সব জায়গা থেকে লগআউট (Sign out everywhere else)
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );
}
