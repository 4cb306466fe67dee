// The first lines of every content screen: which resource the URL names, whether this staff member
// may use it (403 otherwise, 302 to sign-in without a session), and which row.
import { resourceDef, type ResourceDef } from "~/lib/admin/resources";
import { notFound, parseId } from "~/lib/http.server";
import { requireStaff } from "~/utils/auth.server";
import { getRow } from "~/models/admin/content.server";

export async function requireResource(request: Request, key: string | undefined) {
  const def = resourceDef(key);
  // An unknown resource is checked as content, so a member without that right learns nothing more.
  const access = await requireStaff(request, def?.permission ?? "content");
  if (!def) throw notFound("এমন কোনো কনটেন্ট বিভাগ নেই। (No such content section.)");
  return { def, ...access };
}

export async function requireRow(def: ResourceDef, idParam: string | undefined) {
  const id = parseId(idParam);
  const row = id ? await getRow(def, id) : null;
  if (!row) throw notFound(`${def.one}: এই আইডির কিছু পাওয়া যায়নি। (Nothing with this id.)`);
  return row;
}
