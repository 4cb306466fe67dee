// /questionpaper/t/{token}/results.csv: the roll list of a teacher's scanned sheets, by rank. Cells go
// through safeCsvCell (rolls come from paper; a cell that starts like a formula would run in the
// spreadsheet that opens it).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { safeCsvCell } from "~/lib/import/formats";
import { SET_CODES } from "~/lib/paper-sets";
import { getResults } from "~/models/omr.server";
import { ownerOr404 } from "./questionpaper.t.$token._index/route";

export const RESULT_COLUMNS = ["rank", "roll", "set", "right", "wrong", "blank", "multiple", "net", "unchecked"] as const;

export async function loader({ params }: LoaderFunctionArgs) {
  const owner = await ownerOr404(params);
  const { scores } = await getResults({ owner });
  const lines = [RESULT_COLUMNS.join(",")];
  for (const s of scores) {
    const cells = [s.rank ?? "", s.roll, s.setIndex === null ? "" : SET_CODES[s.setIndex], s.right, s.wrong, s.blank, s.multiple, s.net, s.unchecked];
    lines.push(cells.map((c) => safeCsvCell(String(c))).join(","));
  }
  return new Response(`\uFEFF${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="paper-${owner.code}-results.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
