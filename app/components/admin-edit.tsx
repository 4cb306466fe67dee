// The parts of the create and edit screens around the form: the conflict message.
import type { FormState } from "~/utils/admin-edit.server";
import { Notice } from "./admin";

export function ConflictNotice({ conflict }: { conflict: NonNullable<FormState["conflict"]> }) {
  return (
    <section className="conflict" role="alert" aria-labelledby="conflict-h">
      <h2 id="conflict-h">সংরক্ষণ হয়নি: এর মধ্যে অন্য কেউ এটি বদলেছেন (Not saved: someone else changed this meanwhile)</h2>
      <p>
        {conflict.by ?? "অন্য একজন (someone)"} · {conflict.at} · সংস্করণ (version) {conflict.version}. আপনার লেখা নিচের ফর্মে আছে, কিছুই হারায়নি।
        (What you typed is still in the form below; nothing was overwritten.)
      </p>
      {conflict.changes.length ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th>ঘর (Field)</th>
              <th>এখন সংরক্ষিত (Saved now, theirs)</th>
              <th>আপনার (Yours)</th>
            </tr>
          </thead>
          <tbody>
            {conflict.changes.map((c) => (
              <tr key={c.label}>
                <th scope="row">{c.label}</th>
                <td>
                  <pre className="diff">{c.theirs || "—"}</pre>
                </td>
                <td>
                  <pre className="diff">{c.yours || "—"}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Notice kind="ok">তাঁদের পরিবর্তন আর আপনার লেখা একই। (Their change and yours are the same.)</Notice>
      )}
      <p>আপনার লেখা রাখতে আবার “সংরক্ষণ” চাপুন; তাঁদেরটা রাখতে পাতাটি নতুন করে খুলুন। (Press Save again to keep yours; reload the page to keep theirs.)</p>
    </section>
  );
}
