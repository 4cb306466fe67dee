// /gradmin/staff (super admins): every staff account, and a form to create one.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput, Field, Notice } from "~/components/admin";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { NewStaffForm } from "~/lib/admin/staff-forms";
import { fieldsOr400 } from "~/lib/http.server";
import { readQuery, z } from "~/lib/input";
import { MIN_PASSWORD_LENGTH, ROLES } from "~/lib/permissions";
import { requireAdminForm, requireStaff } from "~/utils/auth.server";
import { checkNewStaff, createStaff, listStaff } from "~/models/staff.server";

/** ?saved= after a redirect: any word shows the notice; nothing else is read from it. */
const SavedQuery = z.object({ saved: z.string().max(20).optional().catch(undefined) });

export async function loader({ request }: LoaderFunctionArgs) {
  const { csrf } = await requireStaff(request, "staff");
  const staff = await listStaff();
  return json({ csrf, staff, saved: readQuery(SavedQuery, new URL(request.url).searchParams).saved });
}

export async function action({ request }: ActionFunctionArgs) {
  const { staff: actor, csrf } = await requireStaff(request, "staff");
  const form = await requireAdminForm(request, csrf);
  const input = fieldsOr400(NewStaffForm, form);
  const errors = await checkNewStaff(input);
  if (errors) {
    const { password: _p, ...typed } = input;
    return json({ errors: errors as Record<string, string>, typed }, { status: 400 });
  }
  const id = await createStaff(input, actor.id);
  return redirect(`/gradmin/staff/${id}?saved=created`);
}

export default function StaffList() {
  const { csrf, staff, saved } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const errors = failed?.errors ?? {};
  const typed = failed?.typed;
  return (
    <>
      <h1>স্টাফ (Staff)</h1>
      <p className="muted" id="staff-keep">
        স্টাফ অ্যাকাউন্ট মোছা যায় না, শুধু বন্ধ করা যায়: ইতিহাস ও অডিট লগে তাঁদের নাম থেকে যায়, যাতে কে কী বদলেছেন তা সবসময় জানা যায়। বন্ধ অ্যাকাউন্টে লগইন
        করা যায় না। (Staff accounts cannot be deleted, only disabled: the history and the audit log keep their name, so who changed what stays known. A
        disabled account cannot sign in.)
      </p>
      {saved ? <Notice kind="ok">সংরক্ষিত হয়েছে। (Saved.)</Notice> : null}
      <div className="table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">নাম (Name)</th>
              <th scope="col">ইউজারনেম (Username)</th>
              <th scope="col">ইমেইল (Email)</th>
              <th scope="col">ভূমিকা (Role)</th>
              <th scope="col">অবস্থা (Status)</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((s) => (
              <tr key={s.id}>
                <td>
                  <a href={`/gradmin/staff/${s.id}`}>{s.name}</a>
                </td>
                <td>{s.username}</td>
                <td>{s.email}</td>
                <td>{s.isSuperAdmin ? "Super Admin" : s.roleLabel || `role ${s.role}`}</td>
                <td>{s.disabledAt ? "বন্ধ (disabled)" : "চালু (active)"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="panel" aria-labelledby="new-h">
        <h2 id="new-h">নতুন স্টাফ (New staff member)</h2>
        {failed ? <Notice kind="error">ফর্মে ভুল আছে; নিচে দেখুন। (Please correct the fields below.)</Notice> : null}
        <Form method="post" className="admin-form">
          <CsrfInput token={csrf} />
          <Field name="name" label="নাম (Name)" defaultValue={typed?.name} error={errors.name} autoComplete="off" />
          <Field name="username" label="ইউজারনেম (Username)" defaultValue={typed?.username} error={errors.username} autoComplete="off" />
          <Field name="email" label="ইমেইল (Email)" type="email" defaultValue={typed?.email} error={errors.email} autoComplete="off" />
          <label>
            <span>ভূমিকা (Role)</span>
            <select name="role" defaultValue={String(typed?.role ?? 2)}>
              {ROLES.map((r) => (
                <option key={r.role} value={r.role}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
          <Field
            name="password"
            label="প্রথম পাসওয়ার্ড (First password)"
            type="password"
            autoComplete="new-password"
            error={errors.password}
            hint={`কমপক্ষে ${toBanglaDigits(MIN_PASSWORD_LENGTH)} অক্ষর; নতুন সদস্য পরে নিজের পাতায় বদলাতে পারবেন।`}
          />
          <button type="submit" className="btn">
            তৈরি করুন (Create)
          </button>
        </Form>
      </section>
    </>
  );
}
