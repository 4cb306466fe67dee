// /gradmin/media: the media library. Every uploaded image, newest first, with where content uses it,
// its URL and a ready <img> snippet to paste; several images can be uploaded at once (each checked as
// any upload is, each refusal named); an unused image can be deleted (on its own page, after a
// question). The editors' image button loads this page's data and posts uploads here (picker=1: the
// answer is the results, not a redirect).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { CopyField } from "~/components/copy-field";
import { imageSnippet } from "~/lib/admin/media-snippet";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { pageNumber, readQuery, z } from "~/lib/input";
import { can } from "~/lib/permissions";
import { listMedia, MAX_IMAGE_BYTES, storeImage } from "~/models/media.server";
import { readContentForm, tooLargeFile } from "~/utils/admin-form.server";
import { requireStaff } from "~/utils/auth.server";

/** The upload input's name: files of fields ending in ".file" are kept by the form reader. */
export const UPLOAD_FIELD = "images.file";
/** At most this many images in one upload (the form's size cap holds the total too). */
const MAX_FILES = 10;

const MediaQuery = z.object({
  page: pageNumber,
  uploaded: z.coerce.number().int().min(1).max(MAX_FILES).optional().catch(undefined),
  deleted: z.string().regex(/^\d{1,9}$/).optional().catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "media");
  const { page, uploaded, deleted } = readQuery(MediaQuery, new URL(request.url).searchParams);
  const list = await listMedia(page);
  return json(
    {
      csrf,
      page: Math.min(page, list.pages),
      pages: list.pages,
      total: list.total,
      canDelete: can(staff, "content"),
      uploaded: uploaded ?? 0,
      deleted: deleted ?? null,
      items: list.items.map((m) => ({
        id: m.id,
        url: m.url,
        width: m.width,
        height: m.height,
        mime: m.mime,
        size: m.size,
        name: m.originalName,
        uploadedAt: formatDhakaDateTime(m.createdAt),
        uploadedBy: m.uploadedBy,
        uses: m.uses,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export type UploadResult = { name: string } & ({ url: string; width: number | null; height: number | null } | { error: string });

export async function action({ request }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "media");
  const { form, fileList = [], droppedFiles = [] } = await readContentForm(request, csrf, null, staff.id);
  const picker = form.get("picker") === "1";
  const results: UploadResult[] = droppedFiles
    .filter((d) => d.field === UPLOAD_FIELD)
    .map((d) => ({ name: d.filename, error: tooLargeFile(MAX_IMAGE_BYTES) }));
  const files = fileList.filter((f) => f.field === UPLOAD_FIELD);
  for (const [i, { file }] of files.entries()) {
    if (i >= MAX_FILES) {
      results.push({ name: file.name, error: `একবারে ${toBanglaDigits(MAX_FILES)}টির বেশি ছবি নয়। (At most ${MAX_FILES} images at once.)` });
      continue;
    }
    results.push({ name: file.name, ...(await storeImage(file, { staffId: staff.id, where: picker ? "media library (editor's image button)" : "media library" })) });
  }
  if (!results.length) {
    return json({ results, error: "কোনো ছবি বেছে নেওয়া হয়নি। (No image was chosen.)" }, { status: 400 });
  }
  const refused = results.some((r) => "error" in r);
  if (picker || refused) return json({ results, error: null }, { status: refused ? 400 : 200 });
  return redirect(`/gradmin/media?uploaded=${results.length}`);
}

export const meta: MetaFunction = () => [{ title: "মিডিয়া লাইব্রেরি (Media library) — Admin" }];

const kb = (bytes: number) => `${toBanglaDigits(Math.max(1, Math.round(bytes / 1024)))} KB`;
const typeOf = (mime: string) => mime.replace("image/", "").toUpperCase();

export default function MediaLibrary() {
  const d = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return (
    <>
      <h1>
        মিডিয়া লাইব্রেরি (Media library) <span className="muted">({toBanglaDigits(d.total)})</span>
      </h1>
      <p className="muted">
        আপলোড করা ছবি। কনটেন্টে বসাতে ছবির ঠিকানা বা &lt;img&gt; লেখাটি কপি করে HTML ঘরে বসান, অথবা সম্পাদকের "ছবি" বোতাম ব্যবহার করুন। (Uploaded images. To use one,
        copy its address or its &lt;img&gt; snippet into an HTML field, or use the editor's Image button.)
      </p>
      {d.uploaded ? <Notice kind="ok">আপলোড হয়েছে: {toBanglaDigits(d.uploaded)}টি ছবি। (Uploaded: {d.uploaded} image(s).)</Notice> : null}
      {d.deleted ? <Notice kind="ok">ছবিটি মুছে ফেলা হয়েছে। (The image was deleted.)</Notice> : null}
      {posted?.error ? <Notice kind="error">{posted.error}</Notice> : null}
      {posted?.results.length ? (
        <div className="notice error" role="alert">
          <p>
            <strong>কিছু ছবি নেওয়া হয়নি। (Some images were refused.)</strong>
          </p>
          <ul>
            {posted.results.map((r, i) => (
              <li key={i}>
                <strong>{r.name || "—"}</strong>: {"error" in r ? r.error : "আপলোড হয়েছে (uploaded)"}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-form media-upload">
        <CsrfInput token={d.csrf} />
        <label>
          <span>ছবি আপলোড (Upload images): PNG, JPEG, WebP বা GIF, প্রতিটি অনূর্ধ্ব ২ MB; একবারে কয়েকটি বেছে নেওয়া যায় (several at once)</span>
          <input type="file" name={UPLOAD_FIELD} multiple accept="image/png,image/jpeg,image/webp,image/gif" required />
        </label>
        <div className="form-actions">
          <button type="submit" className="btn-primary">
            আপলোড (Upload)
          </button>
        </div>
      </Form>
      {d.items.length === 0 ? (
        <p className="empty">এখনো কোনো ছবি আপলোড হয়নি। (No images uploaded yet.)</p>
      ) : (
        <ul className="media-grid">
          {d.items.map((m) => (
            <li key={m.id} className="media-card">
              <a href={m.url} className="media-thumb">
                <img src={m.url} alt={m.name || ""} width={m.width ?? undefined} height={m.height ?? undefined} loading="lazy" />
              </a>
              <div className="media-facts">
                <p className="media-name">{m.name || m.url.slice(7)}</p>
                <p className="muted">
                  {typeOf(m.mime)} · {kb(m.size)}
                  {m.width && m.height ? ` · ${toBanglaDigits(m.width)}×${toBanglaDigits(m.height)}` : ""}
                </p>
                <p className="muted">
                  {m.uploadedAt}
                  {m.uploadedBy ? ` · ${m.uploadedBy}` : ""}
                </p>
                {m.uses.length ? (
                  <details>
                    <summary>ব্যবহার হয়েছে {toBanglaDigits(m.uses.length)} জায়গায় (Used in {m.uses.length})</summary>
                    <ul>
                      {m.uses.map((u) => (
                        <li key={`${u.what}-${u.id}`}>{u.link ? <a href={`/gradmin/content/${u.link}/${u.id}`}>{`${u.what} #${u.id}`}</a> : `${u.what} #${u.id}`}</li>
                      ))}
                    </ul>
                  </details>
                ) : (
                  <p className="muted">কোথাও ব্যবহার হয়নি (Not used)</p>
                )}
                <CopyField label="ঠিকানা (URL)" value={m.url} />
                <CopyField label="HTML" value={imageSnippet(m)} />
                {d.canDelete ? (
                  <p>
                    <a href={`/gradmin/media/${m.id}/delete`} className="danger-link">
                      মুছুন (Delete) <span className="sr-only">{m.name || m.url}</span>
                    </a>
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {d.pages > 1 ? (
        <nav className="pager" aria-label="পাতা (Pages)">
          {d.page > 1 ? <a href={`?page=${d.page - 1}`}>← আগের (Previous)</a> : null}
          <span>
            পাতা {toBanglaDigits(d.page)} / {toBanglaDigits(d.pages)}
          </span>
          {d.page < d.pages ? <a href={`?page=${d.page + 1}`}>পরের (Next) →</a> : null}
        </nav>
      ) : null}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
