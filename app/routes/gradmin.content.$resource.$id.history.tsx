// /gradmin/content/{resource}/{id}/history: the kept versions of a content row, any type (who
// saved it, when), one of them shown (?rev=) with what differs from the current version, and restore
// from there, after that comparison (itself a new save).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { changedFields, describeValue, rowToRaw } from "~/lib/admin/fields";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { notFound } from "~/lib/http.server";
import { idText, optionalIdText, parseFields, readQuery, wholeText, z, type FieldErrors } from "~/lib/input";
import { requireAdminForm } from "~/utils/auth.server";
import { requireResource, requireRow } from "~/utils/admin-access.server";
import { getRevision, listRevisionsOf, restoreRevision, revisionEntity } from "~/models/admin/content.server";

const INCOMPLETE = "ফর্মটি অসম্পূর্ণ। (Incomplete form.)";
/** A restore button's hidden fields: which version to bring back, and the row's version the page showed. */
const RestoreForm = z.object({ rev: idText, version: wholeText() });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { def, csrf } = await requireResource(request, params.resource);
  if (!revisionEntity(def)) throw notFound("এর পুরোনো সংস্করণ রাখা হয় না। (No history is kept for this.)");
  const row = await requireRow(def, params.id);
  const { rev: revId } = readQuery(z.object({ rev: optionalIdText }), new URL(request.url).searchParams);
  const [revisions, shown] = await Promise.all([listRevisionsOf(def, row.id), revId ? getRevision(def, row.id, revId) : null]);
  if (revId && !shown) throw notFound("এই সংস্করণটি নেই। (No such version.)");
  const raw = shown ? rowToRaw(def.fields, shown.snapshot) : null;
  // Fields the snapshot lacks (older snapshots kept fewer) stay as they are on a restore: not a change.
  const current = rowToRaw(def.fields, row);
  const changed = raw ? new Set(changedFields(def.fields.filter((f) => Object.hasOwn(shown!.snapshot, f.name)), raw, current).map((f) => f.name)) : new Set<string>();
  return json({
    key: def.key,
    one: def.one,
    id: row.id,
    version: row.version,
    csrf,
    revisions: revisions.map((r) => ({ id: r.id, version: r.version, by: r.staff, at: formatDhakaDateTime(new Date(r.createdAt)) })),
    shown:
      shown && raw
        ? {
            id: shown.id,
            version: shown.version,
            fields: def.fields.map((f) => ({ label: f.label, value: describeValue(f, raw), now: describeValue(f, current), changed: changed.has(f.name) })),
          }
        : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { def, staff, csrf } = await requireResource(request, params.resource);
  if (!revisionEntity(def)) throw notFound();
  const form = await requireAdminForm(request, csrf);
  const row = await requireRow(def, params.id);
  const restore = parseFields(RestoreForm, form);
  if (!restore.ok) return json({ errors: { form: INCOMPLETE } as FieldErrors }, { status: 400 });
  const { rev: revId, version } = restore.data;
  const outcome = await restoreRevision(def, row.id, revId, version, staff.id);
  if (outcome.status === "saved") return redirect(`/gradmin/content/${def.key}/${row.id}?saved=restored`);
  if (outcome.status === "conflict") {
    return json({ errors: { form: "এর মধ্যে অন্য কেউ এটি বদলেছেন; তালিকাটি আবার দেখে নিন। (Someone changed it meanwhile; look at the list again.)" } as FieldErrors }, { status: 409 });
  }
  if (outcome.status === "invalid") {
    return json({ errors: { form: `এই সংস্করণটি এখনকার নিয়মে চলে না: ${Object.values(outcome.errors).join(" ")} (This version does not pass today's checks.)` } as FieldErrors }, { status: 400 });
  }
  throw notFound();
}

export const meta: MetaFunction = () => [{ title: "পুরোনো সংস্করণ (History) — Admin" }];

export default function History() {
  const data = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.errors.form;
  return (
    <>
      <p>
        <a href={`/gradmin/content/${data.key}/${data.id}`}>← সম্পাদনা (Edit)</a>
      </p>
      <h1>
        পুরোনো সংস্করণ (History): {data.one} #{data.id}
      </h1>
      <p className="muted">এখনকার সংস্করণ (current version): {toBanglaDigits(data.version)}</p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {data.revisions.length === 0 ? (
        <p className="empty">এখনও কোনো পুরোনো সংস্করণ নেই: প্রথম সংরক্ষণের পর থেকে রাখা হবে। (No earlier versions yet.)</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>সংস্করণ (Version)</th>
                <th>কে (Saved by)</th>
                <th>কখন (When replaced)</th>
                <th>
                  <span className="sr-only">কাজ (Actions)</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.revisions.map((r) => (
                <tr key={r.id} aria-current={data.shown?.id === r.id ? "true" : undefined}>
                  <td>{toBanglaDigits(r.version)}</td>
                  <td>{r.by ?? "—"}</td>
                  <td>{r.at}</td>
                  <td className="row-actions">
                    <a href={`?rev=${r.id}`}>দেখুন (View)</a>
                    {r.version === data.version ? (
                      <span className="muted">এখনকারটির মতো (same as current)</span>
                    ) : (
                      <a href={`?rev=${r.id}#shown-h`}>
                        সংস্করণ {toBanglaDigits(r.version)} ফিরিয়ে আনুন… (Restore version {r.version}…)
                      </a>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.shown ? (
        <section className="panel" aria-labelledby="shown-h">
          <h2 id="shown-h">সংস্করণ {toBanglaDigits(data.shown.version)} (Version {data.shown.version})</h2>
          <p>
            এখনকার সংস্করণ থেকে যা আলাদা: {toBanglaDigits(data.shown.fields.filter((f) => f.changed).length)}টি ঘর। (Differs from the current version in{" "}
            {data.shown.fields.filter((f) => f.changed).length} fields.)
          </p>
          <dl className="snapshot">
            {data.shown.fields.map((f) => (
              <div key={f.label} className={f.changed ? "changed" : undefined}>
                <dt>
                  {f.label} {f.changed ? <strong>· আলাদা (differs)</strong> : <span className="muted">· একই (same)</span>}
                </dt>
                <dd>
                  {f.changed ? (
                    <>
                      <p className="muted">এই সংস্করণে (in this version):</p>
                      <pre className="diff diff-old">{f.value || "—"}</pre>
                      <p className="muted">এখন (now):</p>
                      <pre className="diff diff-new">{f.now || "—"}</pre>
                    </>
                  ) : (
                    <pre className="diff">{f.value || "—"}</pre>
                  )}
                </dd>
              </div>
            ))}
          </dl>
          {data.shown.version === data.version ? null : (
            <Form method="post" className="form-actions">
              <CsrfInput token={data.csrf} />
              <input type="hidden" name="rev" value={data.shown.id} />
              <input type="hidden" name="version" value={data.version} />
              <button type="submit" className="btn-primary">
                হ্যাঁ, সংস্করণ {toBanglaDigits(data.shown.version)} ফিরিয়ে আনুন (Yes, restore version {data.shown.version})
              </button>
              <span className="muted">এখনকারটিও একটি সংস্করণ হিসেবে থেকে যাবে। (The current one is kept as a version too.)</span>
            </Form>
          )}
        </section>
      ) : null}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
