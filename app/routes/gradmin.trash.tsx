// /gradmin/trash: deleted content, newest first, each restorable (with its id and what was edited
// with it) until it is purged 30 days after the delete. Staff see what they may manage.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { PAGE_SIZE, RESOURCES, resourceDef } from "~/lib/admin/resources";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { fieldsOr400, notFound } from "~/lib/http.server";
import { idText, intentOf, pageNumber, readQuery, z } from "~/lib/input";
import { can } from "~/lib/permissions";
import { listTrash, restoreFromTrash, TRASH_DAYS } from "~/models/admin/content.server";
import { requireAdminForm, requireStaff } from "~/utils/auth.server";
import { Pager } from "~/components/admin-pager";

const keysFor = (staff: Parameters<typeof can>[0]) => RESOURCES.filter((r) => !r.singleton && can(staff, r.permission)).map((r) => r.key);

const TrashQuery = z.object({
  page: pageNumber,
  restored: z.string().regex(/^[a-z-]{1,40}:\d{1,9}$/).optional().catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "media");
  const { page, restored } = readQuery(TrashQuery, new URL(request.url).searchParams);
  const { items, total } = await listTrash(keysFor(staff), page);
  const [restoredKey, restoredId] = restored?.split(":") ?? [];
  const restoredDef = resourceDef(restoredKey);
  return json({
    csrf,
    days: TRASH_DAYS,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    items: items.map((i) => ({
      id: i.id,
      kind: resourceDef(i.entity)?.one ?? i.entity,
      entityId: i.entityId,
      name: i.name,
      deletedAt: formatDhakaDateTime(i.deletedAt),
      deletedBy: i.deletedBy,
      purgeAt: formatDhakaDateTime(i.purgeAt),
    })),
    restored: restoredDef ? { href: `/gradmin/content/${restoredDef.key}/${restoredId}`, label: `${restoredDef.one} #${restoredId}` } : null,
  });
}

const RestoreForm = z.object({ intent: intentOf(["restore"], "restore"), id: idText });

export async function action({ request }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "media");
  const form = await requireAdminForm(request, csrf);
  const { id } = fieldsOr400(RestoreForm, form, ["intent"]);
  const outcome = await restoreFromTrash(id, keysFor(staff), staff.id);
  if (outcome.status === "not-found") throw notFound("ট্র্যাশে এটি আর নেই। (It is no longer in the trash.)");
  if (outcome.status === "refused") return json({ error: outcome.message, id }, { status: 409 });
  return redirect(`/gradmin/trash?restored=${outcome.resource}:${outcome.id}`);
}

export const meta: MetaFunction = () => [{ title: "ট্র্যাশ (Trash) — Admin" }];

export default function Trash() {
  const d = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <>
      <p>
        <a href="/gradmin/content">← কনটেন্ট (Content)</a>
      </p>
      <h1>
        ট্র্যাশ (Trash) <span className="muted">({toBanglaDigits(d.total)})</span>
      </h1>
      <p className="muted">
        মুছে ফেলা কনটেন্ট এখানে {toBanglaDigits(d.days)} দিন থাকে, তারপর চিরতরে মুছে যায়। পাবলিক সাইটে এগুলো দেখা যায় না। (Deleted content stays here for {d.days} days,
        then it is purged. The public site never shows it.)
      </p>
      {d.restored ? (
        <Notice kind="ok">
          ফিরিয়ে আনা হয়েছে (Restored): <a href={d.restored.href}>{d.restored.label}</a>
        </Notice>
      ) : null}
      {refused?.error ? <Notice kind="error">{refused.error}</Notice> : null}
      {d.items.length === 0 ? (
        <p className="empty">ট্র্যাশ খালি। (The trash is empty.)</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table stack-table">
            <thead>
              <tr>
                <th>কী (What)</th>
                <th>নাম (Name)</th>
                <th>মুছেছেন (Deleted)</th>
                <th>চিরতরে মুছবে (Purged)</th>
                <th>
                  <span className="sr-only">ফিরিয়ে আনুন (Restore)</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.items.map((i) => (
                <tr key={i.id}>
                  <td data-label="কী (What)">
                    {i.kind} #{i.entityId}
                  </td>
                  <td className="row-title">{i.name}</td>
                  <td data-label="মুছেছেন (Deleted)">
                    {i.deletedAt}
                    {i.deletedBy ? ` · ${i.deletedBy}` : ""}
                  </td>
                  <td data-label="চিরতরে মুছবে (Purged)">{i.purgeAt}</td>
                  <td className="row-end">
                    <Form method="post">
                      <CsrfInput token={d.csrf} />
                      <input type="hidden" name="id" value={i.id} />
                      <button type="submit" name="intent" value="restore" className="btn-secondary" aria-label={`ফিরিয়ে আনুন (Restore) ${i.kind} #${i.entityId}`}>
                        ফিরিয়ে আনুন (Restore)
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={d.page} pages={d.pages} q={{}} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
