// /gradmin/live: the live exams staff watch: those to come, those running, those closed this week.
// Each opens its monitor (/gradmin/live/{id}); windows are set on the exam's content form.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { requireStaff } from "~/utils/auth.server";
import { listLiveExamsForStaff, MONITOR_CLOSED_DAYS, type StaffLiveExam } from "~/models/live-exams.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "content");
  const exams = await listLiveExamsForStaff({ now: new Date() });
  const row = (e: StaffLiveExam) => ({
    id: e.id,
    name: e.name,
    start: formatDhakaDateTime(e.liveStartAt),
    close: formatDhakaDateTime(e.liveCloseAt),
    keyPublished: e.keyPublished,
  });
  return json(
    {
      upcoming: exams.filter((e) => e.phase === "waiting").map(row),
      running: exams.filter((e) => e.phase === "running").map(row),
      closed: exams.filter((e) => e.phase === "closed").map(row),
      // Sent as data: a value of a *.server module is not in the browser bundle, and the page hydrates.
      closedDays: MONITOR_CLOSED_DAYS,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta: MetaFunction = () => [{ title: "লাইভ পরীক্ষা (Live exams) — Admin" }];

type Row = ReturnType<typeof useLoaderData<typeof loader>>["upcoming"][number];

function ExamTable({ title, rows, empty }: { title: string; rows: Row[]; empty: string }) {
  return (
    <section className="panel">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">পরীক্ষা (Exam)</th>
              <th scope="col">শুরু (Start)</th>
              <th scope="col">শেষ (Close)</th>
              <th scope="col">উত্তরমালা (Key)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <a href={`/gradmin/live/${r.id}`}>{r.name}</a>
                </td>
                <td>{r.start}</td>
                <td>{r.close}</td>
                <td>{r.keyPublished ? "প্রকাশিত (published)" : "প্রকাশ হয়নি (not published)"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function LiveExams() {
  const { upcoming, running, closed, closedDays } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>লাইভ পরীক্ষা (Live exams)</h1>
      <p className="muted">
        সময় বাংলাদেশের। লাইভ শুরু ও শেষ পরীক্ষার ফর্মে দিন: <a href="/gradmin/content/exams?sort=liveStartAt&dir=desc">পরীক্ষা (Exams)</a>
      </p>
      <ExamTable title="চলছে (Running)" rows={running} empty="এখন কোনো লাইভ পরীক্ষা চলছে না। (None running.)" />
      <ExamTable title="আসন্ন (Upcoming)" rows={upcoming} empty="কোনো লাইভ পরীক্ষা আসছে না। (None to come.)" />
      <ExamTable title={`শেষ, গত ${closedDays} দিনে (Closed in the last ${closedDays} days)`} rows={closed} empty="কিছু নেই। (None.)" />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
