// /gradmin/audit: the audit log, filtered by staff member, kind, action and dates (Bangladesh days),
// paged; every filter is the query string. Editors read the entries of what they manage and their
// own; super admins everything, sign-ins and staff changes too (lib/admin/audit-scope.ts).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AuditTable } from "~/components/audit-table";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, FilterActions } from "~/components/admin";
import { auditScopeOf } from "~/lib/admin/audit-scope";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { idText, pageNumber, readQuery, z } from "~/lib/input";
import { AUDIT_PAGE_SIZE, auditChoices, listAuditEntries } from "~/models/admin/audit.server";
import { requireStaff } from "~/utils/auth.server";

const day = z
  .string()
  .optional()
  .transform((v) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00+06:00`)) ? v : undefined))
  .catch(undefined);
const word = z
  .string()
  .optional()
  .transform((v) => (v && /^[a-z_-]{1,64}$/.test(v) ? v : undefined))
  .catch(undefined);

const AuditQuery = z.object({
  staff: z
    .string()
    .optional()
    .transform((v) => idText.safeParse(v ?? "").data)
    .catch(undefined),
  entity: word,
  action: word,
  from: day,
  to: day,
  page: pageNumber,
});

const dhakaMidnight = (d: string, plusDays = 0) => new Date(Date.parse(`${d}T00:00:00+06:00`) + plusDays * 86_400_000);

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, "content");
  const scope = auditScopeOf(staff);
  const q = readQuery(AuditQuery, new URL(request.url).searchParams);
  const [{ rows, total }, choices] = await Promise.all([
    listAuditEntries(scope, {
      staffId: q.staff,
      entity: q.entity,
      action: q.action,
      from: q.from ? dhakaMidnight(q.from) : undefined,
      to: q.to ? dhakaMidnight(q.to, 1) : undefined,
      page: q.page,
    }),
    auditChoices(scope),
  ]);
  return json({
    q,
    all: scope.all,
    total,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    rows: rows.map((r) => ({ ...r, when: formatDhakaDateTime(r.createdAt) })),
    choices,
  });
}

export const meta: MetaFunction = () => [{ title: "অডিট লগ (Audit log) — Admin" }];

export default function Audit() {
  const { q, all, total, pages, rows, choices } = useLoaderData<typeof loader>();
  const pageLink = (page: number) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && k !== "page") p.set(k, String(v));
    if (page > 1) p.set("page", String(page));
    return `?${p}`;
  };
  return (
    <>
      <h1>
        অডিট লগ (Audit log) <span className="muted">({toBanglaDigits(total)})</span>
      </h1>
      <p className="muted">
        {all
          ? "সব পরিবর্তন, লগইন ও স্টাফ পরিবর্তনসহ। (Every change, sign-ins and staff changes included.)"
          : "আপনি যা পরিচালনা করেন তার পরিবর্তন, আর আপনার নিজের। (Changes to what you manage, and your own.)"}
      </p>
      <Form method="get" className="admin-form list-filter" role="search" aria-label="অডিট ছাঁকুন (Filter the audit log)">
        <div className="filter-grid">
          <label>
            <span>কে (Staff)</span>
            <select name="staff" defaultValue={q.staff ?? ""}>
              <option value="">সবাই (Anyone)</option>
              {choices.staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>ধরন (Type)</span>
            <select name="entity" defaultValue={q.entity ?? ""}>
              <option value="">সব (Any)</option>
              {choices.entities.map((e) => (
                <option key={e} value={e}>
                  {e}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>কাজ (Action)</span>
            <select name="action" defaultValue={q.action ?? ""}>
              <option value="">সব (Any)</option>
              {choices.actions.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>থেকে, তারিখ (From date)</span>
            <input type="date" name="from" defaultValue={q.from ?? ""} />
          </label>
          <label>
            <span>পর্যন্ত, তারিখ (To date)</span>
            <input type="date" name="to" defaultValue={q.to ?? ""} />
          </label>
        </div>
        <FilterActions clearHref="/gradmin/audit" />
      </Form>
      {rows.length === 0 ? (
        <p className="empty">কিছু মেলেনি। (Nothing matches.)</p>
      ) : (
        <AuditTable rows={rows} />
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="পাতা (Pages)">
          {q.page > 1 ? <a href={pageLink(q.page - 1)}>← আগের (Previous)</a> : null}
          <span>
            পাতা {toBanglaDigits(q.page)} / {toBanglaDigits(pages)}
          </span>
          {q.page < pages ? <a href={pageLink(q.page + 1)}>পরের (Next) →</a> : null}
        </nav>
      ) : null}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
