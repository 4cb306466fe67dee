// Who may read which audit entries: one function decides, for the dashboard's latest changes and the
// audit log page alike. A super admin reads everything (sign-ins and staff changes too); others read
// the entries of what they may manage, and always their own.
import { RESOURCES } from "~/lib/admin/resources";
import { can, type StaffRole } from "~/lib/permissions";

export type AuditScope = { all: true } | { all: false; entities: string[]; ownStaffId: number };

export function auditScopeOf(staff: StaffRole & { id: number }): AuditScope {
  if (staff.isSuperAdmin || can(staff, "staff")) return { all: true };
  const entities = RESOURCES.filter((r) => can(staff, r.permission)).map((r) => r.key);
  if (can(staff, "content")) entities.push("settings", "exam_attempts", "import");
  if (can(staff, "inbox")) entities.push("contact_messages");
  // Uploads and deletes of images: the library is shared by all who may use it.
  if (can(staff, "media")) entities.push("media");
  return { all: false, entities, ownStaffId: staff.id };
}
