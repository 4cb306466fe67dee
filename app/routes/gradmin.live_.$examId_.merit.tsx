// /gradmin/live/{examId}/merit: a live exam's merit list as staff see it (roll, hidden names), with a
// "hide name" / "show name" button per row for an abusive name (audited; the public list drops its
// cached copies at once), and the results as CSV.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { durationBn, isAttemptId, marksBn } from "~/lib/attempt";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { fieldsOr400, notFound, paramsOr404 } from "~/lib/http.server";
import { idText, pageNumber, readQuery, z } from "~/lib/input";
import { MERIT_PAGE_SIZE } from "~/lib/live-attempt";
import { requireAdminForm, requireStaff } from "~/utils/auth.server";
import { computeMeritOnce, countExamResults, getMeritExam, listExamResults, meritAvailableAt, setNameHidden } from "~/models/merit.server";
import { Pager } from "~/components/admin-pager";

const NO_EXAM = "এই পরীক্ষাটি নেই। (No such exam.)";

async function liveExam(params: Record<string, string | undefined>) {
  const { examId } = paramsOr404(z.object({ examId: idText }), params, NO_EXAM);
  const exam = await getMeritExam({ examId });
  if (!exam) throw notFound(NO_EXAM);
  if (!exam.liveStartAt) throw notFound("এটি লাইভ পরীক্ষা নয়। (Not a live exam.)");
  return exam;
}

const HIDE_OR_SHOW = z.enum(["hide", "show"], { message: "Unknown action." });
/** The list's page (from 1, at most 100 000) and which notice a redirect asks for. */
const MeritQuery = z.object({
  page: pageNumber.pipe(z.number().max(100_000)).catch(100_000),
  saved: HIDE_OR_SHOW.optional().catch(undefined),
});
/** A row's button: hide or show one attempt's name, and the page to come back to. */
const NameForm = z.object({
  intent: HIDE_OR_SHOW,
  attemptId: z.string().default("").refine(isAttemptId, "Unknown action."),
  page: idText.catch(1),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { csrf } = await requireStaff(request, "content");
  const exam = await liveExam(params);
  const now = new Date();
  const availableAt = meritAvailableAt(exam)!;
  if (!exam.meritComputedAt && now >= availableAt) await computeMeritOnce({ exam, now });
  const url = new URL(request.url);
  const { page, saved } = readQuery(MeritQuery, url.searchParams);
  const [rows, total] = await Promise.all([
    listExamResults({ exam, limit: MERIT_PAGE_SIZE, offset: (page - 1) * MERIT_PAGE_SIZE }),
    countExamResults({ exam }),
  ]);
  return json({
    csrf,
    examId: exam.id,
    name: exam.name,
    ranked: now >= availableAt,
    availableBn: formatDhakaDateTime(availableAt),
    page,
    pages: Math.max(1, Math.ceil(total / MERIT_PAGE_SIZE)),
    total,
    saved,
    rows: rows.map((r) => ({
      attemptId: r.attemptId,
      rank: r.rank,
      name: r.displayName ?? "",
      nameHidden: r.nameHidden,
      institution: r.institution ?? "",
      roll: r.roll ?? "",
      net: r.net === null ? null : marksBn(Number(r.net)),
      time: r.seconds === null ? null : durationBn(r.seconds),
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "content");
  const form = await requireAdminForm(request, csrf);
  const exam = await liveExam(params);
  const { intent, attemptId, page } = fieldsOr400(NameForm, form);
  const done = await setNameHidden({ examId: exam.id, attemptId, hidden: intent === "hide", staffId: staff.id });
  if (!done) throw notFound("এই চেষ্টাটি এই পরীক্ষার নয়। (No such attempt in this exam.)");
  return redirect(`/gradmin/live/${exam.id}/merit?${new URLSearchParams({ page: String(page), saved: intent })}`);
}

export const meta: MetaFunction = () => [{ title: "মেধাতালিকা (Merit list) — Admin" }];

export default function StaffMerit() {
  const d = useLoaderData<typeof loader>();
  const bn = toBanglaDigits;
  return (
    <>
      <h1>{`মেধাতালিকা (Merit list): ${d.name}`}</h1>
      {d.saved === "hide" ? <Notice kind="ok">নামটি লুকানো হয়েছে। (Name hidden.)</Notice> : null}
      {d.saved === "show" ? <Notice kind="ok">নামটি আবার দেখানো হচ্ছে। (Name shown.)</Notice> : null}
      <p>
        {d.ranked ? `মোট ${bn(d.total)} জন। ` : `মেধাক্রম তৈরি হবে ${d.availableBn}-এর পরে; এখন পর্যন্ত ${bn(d.total)}টি গণনাযোগ্য চেষ্টা। `}
        <a href={`/gradmin/live/${d.examId}/results.csv`} download>
          ফলাফল CSV (Download results)
        </a>{" "}
        · <a href={`/exampage/${d.examId}/merit`}>প্রকাশ্য মেধাতালিকা (Public list)</a>
      </p>
      <div className="table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">ক্রম (Rank)</th>
              <th scope="col">নাম (Name)</th>
              <th scope="col">প্রতিষ্ঠান (Institution)</th>
              <th scope="col">রোল (Roll)</th>
              <th scope="col">নেট (Net)</th>
              <th scope="col">সময় (Time)</th>
              <th scope="col">নাম দেখানো (Name shown)</th>
            </tr>
          </thead>
          <tbody>
            {d.rows.map((r) => (
              <tr key={r.attemptId}>
                <td>{r.rank === null ? "—" : bn(r.rank)}</td>
                <td>
                  {r.nameHidden ? <s>{r.name}</s> : r.name} {r.nameHidden ? <span className="chip">লুকানো (hidden)</span> : null}
                </td>
                <td>{r.institution}</td>
                <td>{r.roll}</td>
                <td>{r.net ?? "—"}</td>
                <td>{r.time ?? "চলছে (running)"}</td>
                <td>
                  <Form method="post">
                    <CsrfInput token={d.csrf} />
                    <input type="hidden" name="attemptId" value={r.attemptId} />
                    <input type="hidden" name="page" value={d.page} />
                    {r.nameHidden ? (
                      <button type="submit" name="intent" value="show" className="btn-secondary">
                        নাম দেখান (Show name)
                      </button>
                    ) : (
                      <button type="submit" name="intent" value="hide" className="btn-danger">
                        নাম লুকান (Hide name)
                      </button>
                    )}
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={d.page} pages={d.pages} q={{}} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
