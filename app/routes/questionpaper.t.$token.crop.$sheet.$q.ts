// /questionpaper/t/{token}/crop/{sheet}/{question|roll}: the kept picture of one bubble row (or the
// roll) of a scanned sheet, for the review screen. Private like the page that shows it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { z } from "~/lib/input";
import { getCrop } from "~/models/omr.server";
import { ownerOr404 } from "./questionpaper.t.$token._index/route";

const Params = z.object({
  sheet: z.string().regex(/^\d{1,9}$/).transform(Number),
  q: z.union([z.literal("roll"), z.string().regex(/^\d{1,4}$/).transform(Number)]),
});

export async function loader({ params }: LoaderFunctionArgs) {
  const owner = await ownerOr404(params);
  const { sheet, q } = paramsOr404(Params, params);
  const crop = await getCrop({ ownerId: owner.id, sheetId: sheet, question: q });
  if (!crop) throw notFound("ছবিটি নেই।");
  return new Response(new Uint8Array(crop), {
    headers: { "Content-Type": "image/png", "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "X-Content-Type-Options": "nosniff" },
  });
}
