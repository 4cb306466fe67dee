// /gradmin: the dashboard.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AuditTable } from "~/components/audit-table";
import { useLoaderData } from "@remix-run/react";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { requireStaff } from "~/utils/auth.server";
import { getDashboard } from "~/models/dashboard.server";
import { auditScopeOf } from "~/lib/admin/audit-scope";
import { can } from "~/lib/permissions";

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, "dashboard");
  const data = await getDashboard(auditScopeOf(staff));
  return json({
    name: staff.name,
    canReadAudit: can(staff, "content"),
    ...data,
    changes: data.changes.map((c) => ({ ...c, when: formatDhakaDateTime(c.createdAt) })),
    messages: data.messages.map((m) => ({ ...m, when: formatDhakaDateTime(m.createdAt) })),
  });
}

export default function Dashboard() {
  const { name, counts, unread, changes, messages, canReadAudit } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>স্বাগতম, {name}</h1>
      <section aria-labelledby="counts-h">
        <h2 id="counts-h">কনটেন্ট (Content)</h2>
        <ul className="stat-grid">
          {counts.map((c) => (
            <li key={c.table}>
              <strong>{toBanglaDigits(c.count)}</strong> {c.label}
            </li>
          ))}
          <li>
            <strong>{toBanglaDigits(unread)}</strong> না-পড়া বার্তা (Unread messages)
          </li>
        </ul>
      </section>
      <section aria-labelledby="changes-h">
        <h2 id="changes-h">সাম্প্রতিক পরিবর্তন (Latest changes)</h2>
        {changes.length === 0 ? (
          <p className="empty">এখনও কোনো পরিবর্তন নেই। (No changes yet.)</p>
        ) : (
          <AuditTable rows={changes} />
        )}
        {canReadAudit ? (
          <p>
            <a href="/gradmin/audit">পুরো অডিট লগ (The whole audit log) →</a>
          </p>
        ) : null}
      </section>
      <section aria-labelledby="messages-h">
        <h2 id="messages-h">নতুন বার্তা (Newest messages)</h2>
        {messages.length === 0 ? (
          <p className="empty">কোনো বার্তা নেই। (No messages.)</p>
        ) : (
          <ul>
            {messages.map((m) => (
              <li key={m.id}>
                <strong>{m.name}</strong> ({m.email}) · {m.when}
                {m.handled ? "" : " · নতুন (new)"}
                <br />
                {m.message}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
