// /gradmin/papers: the papers teachers saved with the paper maker, newest first, filtered by subject
// and by whether answer sheets were uploaded; every filter is the query string. Staff see each
// paper's public page and counts; the teacher's private page (its link exists only in the teacher's
// hands) and the results on it are the teacher's.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, FilterActions, FilterSelect } from "~/components/admin";
import { Pager } from "~/components/admin-pager";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { optionalIdText, pageNumber, readQuery, z } from "~/lib/input";
import { listMadePapers, madePaperSubjects, RECORDS_PAGE_SIZE } from "~/models/admin/records.server";
import { requireStaff } from "~/utils/auth.server";

const PapersQuery = z.object({
  subject: optionalIdText.transform((v) => v ?? undefined).catch(undefined),
  sheets: z.enum(["with", "without"]).optional().catch(undefined),
  page: pageNumber,
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "content");
  const q = readQuery(PapersQuery, new URL(request.url).searchParams);
  const [{ rows, total }, subjects] = await Promise.all([listMadePapers({ subjectId: q.subject, sheets: q.sheets, page: q.page }), madePaperSubjects()]);
  return json({
    q,
    total,
    pages: Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE)),
    rows: rows.map(({ createdAt, ...r }) => ({ ...r, created: formatDhakaDateTime(createdAt) })),
    subjects,
  });
}

export const meta: MetaFunction = () => [{ title: "শিক্ষকদের প্রশ্নপত্র (Teachers' papers) — Admin" }];

export default function Papers() {
  const { q, total, pages, rows, subjects } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>
        শিক্ষকদের প্রশ্নপত্র (Teachers&apos; papers) <span className="muted">({toBanglaDigits(total)})</span>
      </h1>
      <p className="muted">
        প্রশ্ন তৈরির টুলে সংরক্ষিত প্রশ্নপত্র। ফলাফল শিক্ষকের নিজের: এখানে শুধু কতগুলো উত্তরপত্র আপলোড হয়েছে তা দেখায়। (Papers saved with the paper maker. The
        results are the teacher&apos;s own: this list shows only how many answer sheets were uploaded.)
      </p>
      <Form method="get" className="admin-form list-filter" role="search" aria-label="প্রশ্নপত্র ছাঁকুন (Filter the papers)">
        <div className="filter-grid">
          <FilterSelect label="বিষয় (Subject)" name="subject" value={q.subject} options={subjects.map((s) => ({ value: s.id, label: s.name }))} />
          <FilterSelect
            label="OMR উত্তরপত্র (OMR sheets)"
            name="sheets"
            value={q.sheets}
            options={[
              { value: "with", label: "আপলোড হয়েছে (Uploaded)" },
              { value: "without", label: "হয়নি (None)" },
            ]}
          />
        </div>
        <FilterActions clearHref="/gradmin/papers" />
      </Form>
      {rows.length === 0 ? (
        <p className="empty">কিছু মেলেনি। (Nothing matches.)</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table stack-table">
            <thead>
              <tr>
                <th scope="col">শিরোনাম (Title)</th>
                <th scope="col">বিষয় (Subject)</th>
                <th scope="col">সেট · প্রশ্ন (Sets · questions)</th>
                <th scope="col">তৈরি (Created)</th>
                <th scope="col">OMR উত্তরপত্র (OMR sheets)</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td className="row-title">
                    <a href={`/questionpaper/p/${p.code}`}>{p.title || `প্রশ্নপত্র ${p.code}`}</a>
                  </td>
                  <td data-label="বিষয় (Subject)">
                    {p.subject ?? "—"}
                    {p.grade ? ` · ${p.grade}` : ""}
                  </td>
                  <td data-label="সেট · প্রশ্ন (Sets · questions)">
                    {toBanglaDigits(p.sets)} সেট · {toBanglaDigits(p.questionCount)} প্রশ্ন
                  </td>
                  <td data-label="তৈরি (Created)">{p.created}</td>
                  <td data-label="OMR উত্তরপত্র (OMR sheets)">
                    {p.sheets > 0
                      ? `হ্যাঁ, ${toBanglaDigits(p.sheets)}টি (Yes, ${p.sheets})`
                      : "না (No)"}
                    {p.copies > 1 ? <small className="muted"> · {toBanglaDigits(p.copies)} জন শিক্ষক (teachers)</small> : null}
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
