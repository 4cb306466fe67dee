// POST /gradmin/logout: ends the session (its row is deleted) and always lands on /gradmin/login,
// even when something fails (a student-facing site must never strand staff on an error). A cross-site POST is refused; a GET signs nobody out.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdminForm, requireSameOrigin, requireStaff, signOut } from "~/utils/auth.server";

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  let csrf: string | null = null;
  try {
    csrf = (await requireStaff(request, "account")).csrf;
  } catch {
    // Not signed in (or the database is away): there is nothing to protect, only the cookie to clear.
  }
  if (csrf !== null) await requireAdminForm(request, csrf);
  return signOut(request);
}

export const loader = () => redirect("/gradmin", { headers: { "Cache-Control": "private, no-store" } });
