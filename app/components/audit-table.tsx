// The audit log's rows as a table: the dashboard's latest changes and the audit log page.

export type AuditRow = {
  id: number;
  when: string;
  staff: string | null;
  action: string;
  entity: string;
  entityId: number | string | null;
  summary: string | null;
};

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  return (
    <div className="table-wrap">
      <table className="admin-table stack-table">
        <thead>
          <tr>
            <th scope="col">সময় (When)</th>
            <th scope="col">কে (Who)</th>
            <th scope="col">কী (What)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id}>
              <td data-label="সময় (When)">{c.when}</td>
              <td data-label="কে (Who)">{c.staff ?? "—"}</td>
              <td data-label="কী (What)">
                {c.action} · {c.entity}
                {c.entityId ? ` #${c.entityId}` : ""}
                {c.summary ? ` — ${c.summary}` : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
