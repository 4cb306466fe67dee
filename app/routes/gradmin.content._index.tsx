// /gradmin/content: every kind of content this member may manage, grouped, with how many rows each has.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin";
import { GROUP_LABELS, RESOURCES } from "~/lib/admin/resources";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { can } from "~/lib/permissions";
import { countAll } from "~/models/admin/content.server";
import { requireStaff } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // Moderators manage videos and live classes; editors everything here.
  const { staff } = await requireStaff(request, "media");
  const counts = await countAll();
  const resources = RESOURCES.filter((r) => can(staff, r.permission)).map((r) => ({ key: r.key, many: r.many, group: r.group, singleton: !!r.singleton, count: counts[r.key] }));
  return json({ resources, canImport: can(staff, "content") });
}

export default function ContentIndex() {
  const { resources, canImport } = useLoaderData<typeof loader>();
  const groups = Object.entries(GROUP_LABELS).filter(([g]) => resources.some((r) => r.group === g));
  return (
    <>
      <h1>কনটেন্ট (Content)</h1>
      <p className="action-links">
        {canImport ? (
          <a className="btn-secondary" href="/gradmin/import">
            প্রশ্ন ইমপোর্ট / এক্সপোর্ট (Import / export questions)
          </a>
        ) : null}
        <a className="btn-secondary" href="/gradmin/trash">
          ট্র্যাশ (Trash)
        </a>
      </p>
      <div className="content-groups">
        {groups.map(([g, label]) => (
          <section key={g} className="panel" aria-labelledby={`g-${g}`}>
            <h2 id={`g-${g}`}>{label}</h2>
            <ul className="link-list">
              {resources
                .filter((r) => r.group === g)
                .map((r) => (
                  <li key={r.key}>
                    <a href={`/gradmin/content/${r.key}`}>{r.many}</a> {r.singleton ? null : <span className="muted">({toBanglaDigits(r.count)})</span>}
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
