// /gradmin/attempts: every exam attempt, newest first, filtered by exam, live or practice and state;
// every filter is the query string. A row shows the exam, when, the score and the state, never the
// answers, nor the attempt's id or resume code (either opens the student's own pages).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, FilterActions, FilterSelect } from "~/components/admin";
import { Pager } from "~/components/admin-pager";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { optionalIdText, pageNumber, readQuery, z } from "~/lib/input";
import { attemptedExams, listExamAttempts, RECORDS_PAGE_SIZE, type AttemptState } from "~/models/admin/records.server";
import { requireStaff } from "~/utils/auth.server";

const AttemptsQuery = z.object({
  exam: optionalIdText.transform((v) => v ?? undefined).catch(undefined),
  kind: z.enum(["live", "practice"]).optional().catch(undefined),
  state: z.enum(["finished", "unfinished"]).optional().catch(undefined),
  page: pageNumber,
});

const STATE_LABELS: Record<AttemptState, string> = {
  waiting: "নিবন্ধিত, শুরুর অপেক্ষায় (Registered, waiting)",
  running: "চলছে (In progress)",
  timeup: "সময় শেষ, জমা হয়নি (Time up, not submitted)",
  finished: "শেষ (Finished)",
};

/** A decimal column as the page shows it: Bangla digits, no trailing zeros ("12.50" -> ১২.৫). */
const marks = (v: string | null) => (v === null ? "" : toBanglaDigits(String(Number(v))));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "content");
  const q = readQuery(AttemptsQuery, new URL(request.url).searchParams);
  const [{ rows, total }, exams] = await Promise.all([listExamAttempts({ examId: q.exam, kind: q.kind, state: q.state, page: q.page }), attemptedExams()]);
  return json({
    q,
    total,
    pages: Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE)),
    rows: rows.map((r, i) => ({
      key: `${q.page}-${i}`,
      exam: r.exam,
      examId: r.examId,
      when: r.state === "waiting" ? "—" : formatDhakaDateTime(r.startedAt),
      state: STATE_LABELS[r.state],
      live: r.live,
      name: r.live ? r.name : null,
      score: r.state === "finished" && r.net !== null ? `${marks(r.net)} / ${toBanglaDigits(r.fullMarks ?? 0)}` : "—",
      counts: r.state === "finished" ? `✓ ${toBanglaDigits(r.right ?? 0)} · ✗ ${toBanglaDigits(r.wrong ?? 0)} · — ${toBanglaDigits(r.skipped ?? 0)}` : "",
    })),
    exams,
  });
}

export const meta: MetaFunction = () => [{ title: "পরীক্ষার চেষ্টা (Exam attempts) — Admin" }];

export default function Attempts() {
  const { q, total, pages, rows, exams } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>
        পরীক্ষার চেষ্টা (Exam attempts) <span className="muted">({toBanglaDigits(total)})</span>
      </h1>
      <p className="muted">
        প্রতিটি চেষ্টার ফল ও অবস্থা; শিক্ষার্থীর উত্তর এখানে দেখায় না। (Each attempt&apos;s score and state; a student&apos;s answers are not shown here.)
      </p>
      <Form method="get" className="admin-form list-filter" role="search" aria-label="চেষ্টা ছাঁকুন (Filter the attempts)">
        <div className="filter-grid">
          <FilterSelect label="পরীক্ষা (Exam)" name="exam" value={q.exam} options={exams.map((e) => ({ value: e.id, label: e.name }))} />
          <FilterSelect
            label="ধরন (Kind)"
            name="kind"
            value={q.kind}
            options={[
              { value: "live", label: "লাইভ (Live)" },
              { value: "practice", label: "অনুশীলন (Practice)" },
            ]}
          />
          <FilterSelect
            label="অবস্থা (State)"
            name="state"
            value={q.state}
            options={[
              { value: "finished", label: "শেষ (Finished)" },
              { value: "unfinished", label: "শেষ হয়নি (Not finished)" },
            ]}
          />
        </div>
        <FilterActions clearHref="/gradmin/attempts" />
      </Form>
      {rows.length === 0 ? (
        <p className="empty">কিছু মেলেনি। (Nothing matches.)</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table stack-table">
            <thead>
              <tr>
                <th scope="col">পরীক্ষা (Exam)</th>
                <th scope="col">কখন (When)</th>
                <th scope="col">ধরন (Kind)</th>
                <th scope="col">অবস্থা (State)</th>
                <th scope="col">নম্বর (Score)</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <td className="row-title">
                    <a href={`/gradmin/attempts?exam=${r.examId}`}>{r.exam}</a>
                  </td>
                  <td data-label="কখন (When)">{r.when}</td>
                  <td data-label="ধরন (Kind)">
                    {r.live ? "লাইভ (Live)" : "অনুশীলন (Practice)"}
                    {r.name ? <small className="muted"> · {r.name}</small> : null}
                  </td>
                  <td data-label="অবস্থা (State)">{r.state}</td>
                  <td data-label="নম্বর (Score)">
                    {r.score}
                    {r.counts ? <small className="muted"> ({r.counts})</small> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={q.page} pages={pages} q={q} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
