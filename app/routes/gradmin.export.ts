// GET /gradmin/export?chapterId=|setId=&format=csv|gift: a chapter's or a set's MCQs as a file that
// /gradmin/import reads back to the same questions.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { toCsv, toGift } from "~/lib/import/formats";
import { queryOr400 } from "~/lib/http.server";
import { optionalIdText, z } from "~/lib/input";
import { exportQuestions } from "~/models/admin/import.server";
import { requireStaff } from "~/utils/auth.server";

/** Which questions (a set, else a chapter: one of them must be an id) and in which format (CSV unless GIFT). */
const ExportQuery = z
  .object({
    setId: optionalIdText,
    chapterId: optionalIdText,
    format: z.enum(["csv", "gift"]).catch("csv"),
  })
  .refine((q) => q.setId || q.chapterId);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "content");
  const { setId, chapterId, format } = queryOr400(ExportQuery, new URL(request.url).searchParams, "একটি অধ্যায় বা প্রশ্নসেট বেছে নিন। (Choose a chapter or a set.)");
  const questions = await exportQuestions(setId ? { setId } : { chapterId: chapterId! });
  const name = `${setId ? `set-${setId}` : `chapter-${chapterId}`}.${format === "gift" ? "gift.txt" : "csv"}`;
  return new Response(format === "gift" ? toGift(questions) : toCsv(questions), {
    headers: {
      "Content-Type": format === "gift" ? "text/plain; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
