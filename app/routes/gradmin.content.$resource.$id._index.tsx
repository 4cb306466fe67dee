// /gradmin/content/{resource}/{id}: the edit form. A save names the version it was loaded at; a stale
// one is refused with what the other person changed (409), keeping what was typed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, Notice } from "~/components/admin";
import { ConflictNotice } from "~/components/admin-edit";
import { ExamDraftsNotice } from "~/components/exam-drafts-notice";
import { ResourceForm } from "~/components/admin-form";
import { rowToRaw, type RawValues } from "~/lib/admin/fields";
import { publicPageOf, PUBLISHABLE } from "~/lib/admin/resources";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { parseId } from "~/lib/http.server";
import { readQuery, z } from "~/lib/input";
import { requireResource, requireRow } from "~/utils/admin-access.server";
import { choicesFor, draftQuestionsText, getRow, revisionEntity, staffName, unpublishedOfSet } from "~/models/admin/content.server";
import { saveContent } from "~/utils/admin-edit.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { def, csrf } = await requireResource(request, params.resource);
  // The footer is one row; on an empty database it does not exist until its first save.
  const row = def.singleton && parseId(params.id) === 1 ? await getRow(def, 1) : await requireRow(def, params.id);
  const [choices, by, unpublished] = await Promise.all([
    choicesFor(def),
    staffName((row?.updatedBy as number | null) ?? null),
    // An exam counts its draft questions in its full marks, but its students do not see them yet.
    def.key === "exams" && row?.questionSetId ? unpublishedOfSet(Number(row.questionSetId)) : null,
  ]);
  const publicPage = row ? publicPageOf(def, row) : null;
  return json({
    key: def.key,
    one: def.one,
    singleton: !!def.singleton,
    id: row ? row.id : 1,
    version: row ? row.version : 0,
    raw: row ? rowToRaw(def.fields, row) : ({} as RawValues),
    changed: row ? { by, at: formatDhakaDateTime(new Date(row.updatedAt as string)) } : null,
    choices,
    csrf,
    hasHistory: !!revisionEntity(def),
    // A draft or scheduled row has no public page yet (its URL is a 404): Preview shows it instead.
    publicPath: publicPage && "href" in publicPage && (row?.status ?? "published") === "published" ? publicPage.href : null,
    noPublicPage: publicPage && "none" in publicPage ? publicPage.none : null,
    // Drafts and scheduled rows: a preview of their public page (a video's: its card as the home page shows it).
    canPreview: (PUBLISHABLE as readonly string[]).includes(def.key) && !!row,
    status: typeof row?.status === "string" ? row.status : null,
    examDrafts: unpublished?.ids.length ? { ...unpublished, text: draftQuestionsText(unpublished.ids.length, unpublished.total), examPublished: row?.status === "published" } : null,
    saved: readQuery(z.object({ saved: z.enum(["created", "1", "restored"]).optional().catch(undefined) }), new URL(request.url).searchParams).saved,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { def, staff, csrf } = await requireResource(request, params.resource);
  const id = parseId(params.id);
  if (!id) await requireRow(def, params.id);
  return saveContent(request, def, staff.id, csrf, id);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.one ?? ""} #${data?.id ?? ""} — Admin` }];

export default function EditResource() {
  const data = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const base = `/gradmin/content/${data.key}`;
  return (
    <>
      {data.singleton ? (
        <p>
          <a href="/gradmin/content">← কনটেন্ট (Content)</a>
        </p>
      ) : (
        <p>
          <a href={base}>← তালিকা (List)</a>
        </p>
      )}
      <h1>
        {data.one} {data.singleton ? null : <span className="muted">#{data.id}</span>}
      </h1>
      <p className="muted">
        {data.changed ? (
          <>
            সংস্করণ (version) {data.version} · শেষ পরিবর্তন (last changed) {data.changed.at}
            {data.changed.by ? ` · ${data.changed.by}` : ""}
          </>
        ) : (
          "এখনও সংরক্ষণ করা হয়নি। (Not saved yet.)"
        )}
      </p>
      <ul className="action-links">
        {data.canPreview ? (
          <li>
            <a href={`${base}/${data.id}/preview`}>প্রিভিউ (Preview)</a>
          </li>
        ) : null}
        {data.publicPath ? (
          <li>
            <a href={data.publicPath}>সাইটে দেখুন (View on site)</a>
          </li>
        ) : null}
        {data.noPublicPage ? <li className="muted">{data.noPublicPage}</li> : null}
        {data.key === "question-sets" || data.key === "exams" ? (
          <li>
            <a href={`${base}/${data.id}/pick`}>প্রশ্ন বাছাই (Pick questions)</a>
          </li>
        ) : null}
        {data.hasHistory ? (
          <li>
            <a href={`${base}/${data.id}/history`}>পুরোনো সংস্করণ (History)</a>
          </li>
        ) : null}
        {data.singleton ? null : (
          <li>
            <a href={`${base}/${data.id}/delete`} className="danger">
              মুছে ফেলুন (Delete)
            </a>
          </li>
        )}
      </ul>
      {data.saved === "created" ? <Notice kind="ok">তৈরি হয়েছে। (Created.)</Notice> : null}
      {data.saved === "1" && (data.status === null || data.status === "published") ? (
        <Notice kind="ok">সংরক্ষিত হয়েছে; পাবলিক সাইটে এখনই দেখা যাবে। (Saved; the public site shows it now.)</Notice>
      ) : null}
      {data.saved === "1" && data.status === "draft" ? <Notice kind="ok">খসড়া হিসেবে সংরক্ষিত; পাবলিক সাইটে দেখা যাবে না। (Saved as a draft: not on the public site.)</Notice> : null}
      {data.saved === "1" && data.status === "scheduled" ? (
        <Notice kind="ok">সংরক্ষিত; নির্ধারিত সময়ে নিজে থেকেই প্রকাশিত হবে। (Saved: it goes live by itself at the scheduled time.)</Notice>
      ) : null}
      {data.saved === "restored" ? <Notice kind="ok">পুরোনো সংস্করণ ফিরিয়ে আনা হয়েছে। (The older version was restored.)</Notice> : null}
      <ExamDraftsNotice drafts={data.examDrafts} />
      {state?.conflict ? <ConflictNotice conflict={state.conflict} /> : null}
      <ResourceForm
        key={state?.version ?? data.version}
        resource={data.key}
        raw={state?.raw ?? data.raw}
        errors={state?.errors ?? {}}
        previews={state?.previews}
        choices={data.choices}
        csrf={data.csrf}
        version={state?.version ?? data.version}
        submitLabel="সংরক্ষণ করুন (Save)"
      />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
