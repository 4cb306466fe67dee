// POST /gradmin/preview: staff HTML with math, rendered exactly as a public page will show it
// (sanitised, typeset by KaTeX on the server). The editors' live preview asks here as they type.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { INFO_PAGE_ASSET_BASE } from "~/lib/image-path";
import { requireStaff } from "~/utils/auth.server";
import { readContentForm } from "~/utils/admin-form.server";
import { renderedOrNull } from "~/models/rendering.server";

export async function action({ request }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "content");
  const { form } = await readContentForm(request, csrf, null, staff.id);
  const source = (form.get("source") ?? "").slice(0, 200_000);
  const html = form.get("base") === "info" ? renderedOrNull(source, INFO_PAGE_ASSET_BASE) : renderedOrNull(source);
  return json({ html });
}
