// /gradmin/media/{id}/delete: asks before deleting an image for good, and refuses (naming each place)
// while content still uses it: a deleted image would leave a broken picture on a public page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { deleteMediaIfUnused, getMedia, type MediaUse } from "~/models/media.server";
import { requireAdminForm, requireStaff } from "~/utils/auth.server";

const Params = z.object({ id: idText });

// Deleting is for those who edit content (the images are theirs); moderators may upload and copy.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { csrf } = await requireStaff(request, "content");
  const { id } = paramsOr404(Params, params);
  const item = await getMedia(id);
  if (!item) throw notFound("ছবিটি নেই। (No such image.)");
  return json({ csrf, id, url: item.url, name: item.originalName, width: item.width, height: item.height, uses: item.uses });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "content");
  await requireAdminForm(request, csrf);
  const { id } = paramsOr404(Params, params);
  const result = await deleteMediaIfUnused(id, staff.id);
  if (result === "deleted") return redirect(`/gradmin/media?deleted=${id}`);
  if (result === "not-found") throw notFound("ছবিটি নেই। (No such image.)");
  return json({ uses: result }, { status: 409 });
}

export const meta: MetaFunction = () => [{ title: "ছবি মোছা (Delete image) — Admin" }];

function Uses({ uses }: { uses: MediaUse[] }) {
  return (
    <ul>
      {uses.map((u) => (
        <li key={`${u.what}-${u.id}`}>{u.link ? <a href={`/gradmin/content/${u.link}/${u.id}`}>{`${u.what} #${u.id}`}</a> : `${u.what} #${u.id}`}</li>
      ))}
    </ul>
  );
}

export default function DeleteMedia() {
  const d = useLoaderData<typeof loader>();
  const uses = useActionData<typeof action>()?.uses ?? d.uses;
  return (
    <>
      <p>
        <a href="/gradmin/media">← মিডিয়া লাইব্রেরি (Media library)</a>
      </p>
      <h1>ছবিটি মুছে ফেলবেন? (Delete this image?)</h1>
      <p className="media-thumb">
        <img src={d.url} alt={d.name || ""} width={d.width ?? undefined} height={d.height ?? undefined} />
      </p>
      <p>
        <strong>{d.name || d.url}</strong> <span className="muted">{d.url}</span>
      </p>
      {uses.length ? (
        <>
          <Notice kind="error">
            এই ছবিটি মোছা যাবে না: এটি এখনো ব্যবহার হচ্ছে। আগে এই জায়গাগুলো থেকে ছবিটি সরান। (This image cannot be deleted: it is still used. Remove it from these
            first.)
          </Notice>
          <Uses uses={uses} />
        </>
      ) : (
        <Form method="post" className="admin-form">
          <CsrfInput token={d.csrf} />
          <p>
            কোনো কনটেন্ট এটি ব্যবহার করছে না। মুছে ফেললে ছবিটি চিরতরে চলে যাবে, ফিরিয়ে আনা যাবে না। (No content uses it. Once deleted it is gone for good: it cannot be
            restored.)
          </p>
          <div className="form-actions">
            <button type="submit" className="btn-danger">
              হ্যাঁ, মুছে ফেলুন (Yes, delete)
            </button>
            <a href="/gradmin/media">না, রাখুন (No, keep it)</a>
          </div>
        </Form>
      )}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
