// /gradmin/content/{resource}/{id}/delete: asks before deleting (to the trash, restorable for 30 days),
// and refuses (saying what and where) when other content refers to the row.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { notFound } from "~/lib/http.server";
import { requireAdminForm } from "~/utils/auth.server";
import { requireResource, requireRow } from "~/utils/admin-access.server";
import { blockersOf, deleteRow, rowName, type Blocker } from "~/models/admin/content.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { def, csrf } = await requireResource(request, params.resource);
  if (def.singleton) throw notFound();
  const row = await requireRow(def, params.id);
  return json({ key: def.key, one: def.one, id: row.id, name: rowName(row, 120), blockers: await blockersOf(def, row.id), csrf });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { def, staff, csrf } = await requireResource(request, params.resource);
  if (def.singleton) throw notFound();
  await requireAdminForm(request, csrf);
  const row = await requireRow(def, params.id);
  const result = await deleteRow(def, row.id, staff.id);
  if (result === "deleted") return redirect(`/gradmin/content/${def.key}?deleted=${row.id}`);
  if (result === "not-found") throw notFound();
  return json({ blockers: result as Blocker[] }, { status: 409 });
}

export const meta: MetaFunction = () => [{ title: "মুছে ফেলা (Delete) — Admin" }];

export default function DeleteResource() {
  const data = useLoaderData<typeof loader>();
  const blockers = useActionData<typeof action>()?.blockers ?? data.blockers;
  return (
    <>
      <p>
        <a href={`/gradmin/content/${data.key}/${data.id}`}>← ফিরে যান (Back)</a>
      </p>
      <h1>
        মুছে ফেলবেন? (Delete?) {data.one} #{data.id}
      </h1>
      <p>
        <strong>{data.name || "—"}</strong>
      </p>
      {blockers.length ? (
        <>
          <Notice kind="error">
            এটি মোছা যাবে না: অন্য কনটেন্ট এর উপর নির্ভর করে। আগে সেগুলো সরান বা মুছুন। (It cannot be deleted: other content refers to it. Move or delete
            that first.)
          </Notice>
          <ul>
            {blockers.map((b) => (
              <li key={b.what}>
                {b.resource && b.filter ? <a href={`/gradmin/content/${b.resource}?${b.filter}=${data.id}`}>{b.what}</a> : b.what}: {toBanglaDigits(b.count)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Form method="post" className="admin-form">
          <CsrfInput token={data.csrf} />
          <p>
            এটি মুছে ফেললে সাথে সাথে পাবলিক সাইট থেকে সরে যাবে; ৩০ দিন পর্যন্ত <a href="/gradmin/trash">ট্র্যাশ</a> থেকে ফিরিয়ে আনা যাবে। (Once deleted, it is gone from the
            public site at once; it can be restored from the <a href="/gradmin/trash">Trash</a> for 30 days.)
          </p>
          <div className="form-actions">
            <button type="submit" className="btn-danger">
              হ্যাঁ, মুছে ফেলুন (Yes, delete)
            </button>
            <a href={`/gradmin/content/${data.key}/${data.id}`}>না, রাখুন (No, keep it)</a>
          </div>
        </Form>
      )}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
