// POST /gradmin/preview: staff HTML with math, rendered exactly as a public page will show it
// (sanitised, typeset by KaTeX on the server). The editors' live preview asks here as they type.
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { HTML_MAX } from "~/lib/admin/fields";
import { fieldsOr400 } from "~/lib/http.server";
import { INFO_PAGE_ASSET_BASE } from "~/lib/image-path";
import { z } from "~/lib/input";
import { requireStaff } from "~/utils/auth.server";
import { readContentForm } from "~/utils/admin-form.server";
import { renderedOrNull } from "~/models/rendering.server";

/** What the editor sends: the field's text (past a field's limit only its start is shown) and whose images it names. */
const PreviewForm = z.object({
  source: z
    .string()
    .default("")
    .transform((s) => s.slice(0, HTML_MAX)),
  base: z.enum(["info"]).optional().catch(undefined),
});

export async function action({ request }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "content");
  const { form } = await readContentForm(request, csrf, null, staff.id);
  const { source, base } = fieldsOr400(PreviewForm, form);
  const html = base === "info" ? renderedOrNull(source, INFO_PAGE_ASSET_BASE) : renderedOrNull(source);
  return json({ html });
}
