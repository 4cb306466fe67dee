// GET /gradmin/live/{examId}/results.csv: every counted attempt of an exam for staff, ranked ones by
// rank. Each cell goes through safeCsvCell: names and institutions are typed by students, and a cell
// that starts like a formula would run in the spreadsheet of whoever opens the file.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { safeCsvCell } from "~/lib/import/formats";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { requireStaff } from "~/utils/auth.server";
import { getMeritExam, listExamResults, meritAvailableAt, computeMeritOnce } from "~/models/merit.server";

export const RESULT_COLUMNS = ["rank", "name", "institution", "roll", "right", "wrong", "skipped", "net", "time", "started", "finished"] as const;

/** The most rows one export holds (a live exam of a very large class fits many times over). */
const MAX_ROWS = 100_000;

const NO_EXAM = "এই পরীক্ষাটি নেই। (No such exam.)";

const iso = (d: Date | null) => (d ? d.toISOString() : "");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "content");
  const { examId } = paramsOr404(z.object({ examId: idText }), params, NO_EXAM);
  const exam = await getMeritExam({ examId });
  if (!exam) throw notFound(NO_EXAM);
  const now = new Date();
  const availableAt = meritAvailableAt(exam);
  if (!exam.meritComputedAt && availableAt && now >= availableAt) await computeMeritOnce({ exam, now });
  const rows = await listExamResults({ exam, limit: MAX_ROWS });
  const lines = [RESULT_COLUMNS.join(",")];
  for (const r of rows) {
    const cells = [
      r.rank ?? "",
      r.displayName ?? "",
      r.institution ?? "",
      r.roll ?? "",
      r.right ?? "",
      r.wrong ?? "",
      r.skipped ?? "",
      r.net ?? "",
      r.seconds ?? "",
      iso(r.startedAt),
      iso(r.finishedAt),
    ];
    lines.push(cells.map((c) => safeCsvCell(String(c))).join(","));
  }
  return new Response(`\uFEFF${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="exam-${exam.id}-results.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
