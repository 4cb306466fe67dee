// A staff preview of a public page: the page's own route, asked with ?preview=1 by a signed-in staff
// member, shows a draft or scheduled row as it will look published. Anyone else's ?preview=1 changes
// nothing (a draft stays a 404). Every answer to a ?preview= request is `private, no-store`
// (entry.server.tsx), and staff requests never reach the page cache, so a preview is never kept.
import type { Permission } from "~/lib/permissions";
import { can } from "~/lib/permissions";
import { currentStaff } from "~/utils/auth.server";

/** Whether the request asks for a preview (?preview=1), whoever asks. */
export const asksForPreview = (url: URL) => url.searchParams.get("preview") === "1";

/** Whether this request is a staff member's preview (?preview=1, signed in, allowed to edit that content). */
export async function isStaffPreview(request: Request, permission: Permission = "content"): Promise<boolean> {
  if (!asksForPreview(new URL(request.url))) return false;
  const staff = await currentStaff(request);
  return staff !== null && can(staff, permission);
}
