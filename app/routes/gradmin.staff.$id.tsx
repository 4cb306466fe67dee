// /gradmin/staff/{id} (super admins): change a member's role, disable or enable the account, set a
// new password. Super admins cannot lock themselves out (no self-disable, no self-demotion).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput, Field, Notice } from "~/components/admin";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { newPasswordFor, StaffAccessForm } from "~/lib/admin/staff-forms";
import { fieldsOr400, notFound } from "~/lib/http.server";
import { idText, parseFields, readQuery, z, type FieldErrors } from "~/lib/input";
import { MIN_PASSWORD_LENGTH, ROLES } from "~/lib/permissions";
import { requireAdminForm, requireStaff } from "~/utils/auth.server";
import { getStaff, resetStaffPassword, updateStaffAccess } from "~/models/staff.server";

async function member(idParam: string | undefined) {
  const id = idText.safeParse(idParam).data;
  const row = id ? await getStaff(id) : null;
  if (!row) throw notFound("এই স্টাফ পাওয়া যায়নি। (No such staff member.)");
  return row;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { staff: actor, csrf } = await requireStaff(request, "staff");
  const row = await member(params.id);
  const { saved } = readQuery(z.object({ saved: z.enum(["created", "access", "password"]).optional().catch(undefined) }), new URL(request.url).searchParams);
  return json({ csrf, member: row, self: row.id === actor.id, saved });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { staff: actor, csrf } = await requireStaff(request, "staff");
  const form = await requireAdminForm(request, csrf);
  const row = await member(params.id);
  const which = parseFields(z.object({ intent: z.enum(["access", "password"]) }), form);
  if (!which.ok) return json({ errors: { access: "Unknown action." } as FieldErrors }, { status: 400 });
  if (which.data.intent === "access") {
    const change = fieldsOr400(StaffAccessForm, form);
    if (row.id === actor.id && (change.disabled || !change.isSuperAdmin)) {
      return json({ errors: { access: "নিজের অ্যাকাউন্ট বন্ধ বা নিজের সুপার অ্যাডমিন ভূমিকা বাদ দেওয়া যায় না। (You cannot disable or demote yourself.)" } as FieldErrors }, { status: 400 });
    }
    await updateStaffAccess(row.id, change, actor.id);
    return redirect(`/gradmin/staff/${row.id}?saved=access`);
  }
  const parsed = parseFields(newPasswordFor(row.username), form);
  if (!parsed.ok) return json({ errors: parsed.errors }, { status: 400 });
  await resetStaffPassword(row.id, parsed.data.password, actor.id);
  return redirect(`/gradmin/staff/${row.id}?saved=password`);
}

const SAVED: Record<string, string> = {
  created: "অ্যাকাউন্ট তৈরি হয়েছে। (Account created.)",
  access: "ভূমিকা ও অবস্থা সংরক্ষিত হয়েছে। (Role and status saved.)",
  password: "নতুন পাসওয়ার্ড দেওয়া হয়েছে; তাঁর সব সেশন শেষ হয়েছে। (Password set; their sessions were signed out.)",
};

export default function StaffMember() {
  const { csrf, member: m, self, saved } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.errors ?? {};
  const role = m.isSuperAdmin ? 1 : m.role;
  return (
    <>
      <p>
        <a href="/gradmin/staff">← সব স্টাফ (All staff)</a>
      </p>
      <h1>{m.name}</h1>
      <p>
        {m.username} · {m.email}
      </p>
      {saved && SAVED[saved] ? <Notice kind="ok">{SAVED[saved]}</Notice> : null}

      <section className="panel" aria-labelledby="access-h">
        <h2 id="access-h">ভূমিকা ও অবস্থা (Role and status)</h2>
        {errors.access ? <Notice kind="error">{errors.access}</Notice> : null}
        <Form method="post" className="admin-form">
          <CsrfInput token={csrf} />
          <label>
            <span>ভূমিকা (Role)</span>
            <select name="role" defaultValue={String(role)}>
              {ROLES.map((r) => (
                <option key={r.role} value={r.role}>
                  {r.label}
                </option>
              ))}
              {ROLES.some((r) => r.role === role) ? null : <option value={role}>{`role ${role} (no access)`}</option>}
            </select>
          </label>
          <label className="check">
            <input type="checkbox" name="disabled" value="1" defaultChecked={!!m.disabledAt} disabled={self || undefined} />
            <span>অ্যাকাউন্ট বন্ধ — লগইন করা যাবে না (Disabled: cannot sign in)</span>
          </label>
          <small className="muted">
            মোছার উপায় নেই: ইতিহাস ও অডিট লগে নাম থেকে যায়, তাই বন্ধ করুন। (There is no delete: the history and the audit log keep the name, so disable
            instead.)
          </small>
          <button type="submit" name="intent" value="access" className="btn">
            সংরক্ষণ (Save)
          </button>
        </Form>
      </section>

      <section className="panel" aria-labelledby="reset-h">
        <h2 id="reset-h">নতুন পাসওয়ার্ড (Set a new password)</h2>
        <Form method="post" className="admin-form">
          <CsrfInput token={csrf} />
          <Field
            name="password"
            label="নতুন পাসওয়ার্ড (New password)"
            type="password"
            autoComplete="new-password"
            error={errors.password}
            hint={`কমপক্ষে ${toBanglaDigits(MIN_PASSWORD_LENGTH)} অক্ষর। তাঁর সব সেশন শেষ হবে। (All their sessions end.)`}
          />
          <button type="submit" name="intent" value="password" className="btn">
            পাসওয়ার্ড দিন (Set password)
          </button>
        </Form>
      </section>
    </>
  );
}
