// /gradmin/content/{resource}/{id}/preview: the row's public page as it will look published, for
// staff. A link (no JavaScript needed) to here sends them on to the page's own route with ?preview=1,
// which shows drafts to signed-in staff only, under a "Preview — not published" banner, never cached.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { PUBLISHABLE } from "~/lib/admin/resources";
import { notFound } from "~/lib/http.server";
import { requireResource, requireRow } from "~/utils/admin-access.server";
import { previewPathOf } from "~/models/publication.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { def } = await requireResource(request, params.resource);
  if (!(PUBLISHABLE as readonly string[]).includes(def.key)) throw notFound("এর প্রিভিউ নেই। (No preview for this.)");
  const row = await requireRow(def, params.id);
  const target = await previewPathOf(def.key, row);
  if ("none" in target) throw notFound(target.none);
  throw redirect(target.href, { headers: { "Cache-Control": "private, no-store" } });
}
