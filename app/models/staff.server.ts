// Staff accounts: the list and changes super admins make, and a member's own password. Every change is
// written to the audit log in the same transaction.
import { asc, eq, or } from "drizzle-orm";
// Read on the primary, never a replica: staff accounts, their sign-ins and changes take effect at once.
import { primary as db } from "~/db/client.server";
import { staffSessions, staffUsers } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { NewStaffRules } from "~/lib/admin/staff-forms";
import { fieldErrorsOf } from "~/lib/input";
import { passwordProblem, roleLabel } from "~/lib/permissions";
import { recordAudit } from "~/models/history.server";
import { countHit, secondsLeft, uncountHit } from "~/models/rate-limit.server";

export type StaffRow = {
  id: number;
  name: string;
  username: string;
  email: string;
  role: number;
  roleLabel: string;
  isSuperAdmin: boolean;
  disabledAt: Date | null;
  createdAt: Date;
};

const cols = {
  id: staffUsers.id,
  name: staffUsers.name,
  username: staffUsers.username,
  email: staffUsers.email,
  role: staffUsers.role,
  roleLabel: staffUsers.roleLabel,
  isSuperAdmin: staffUsers.isSuperAdmin,
  disabledAt: staffUsers.disabledAt,
  createdAt: staffUsers.createdAt,
};

export async function listStaff(): Promise<StaffRow[]> {
  return db.select(cols).from(staffUsers).orderBy(asc(staffUsers.name), asc(staffUsers.id));
}

export async function getStaff(id: number): Promise<StaffRow | null> {
  const [row] = await db.select(cols).from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row ?? null;
}

export type NewStaff = { name: string; username: string; email: string; role: number; isSuperAdmin: boolean; password: string };

export type FieldErrors = Partial<Record<"name" | "username" | "email" | "role" | "password" | "current", string>>;

/** Field errors for a new account (the form shows them beside the fields), or null. */
export async function checkNewStaff(input: NewStaff): Promise<FieldErrors | null> {
  const shape = NewStaffRules.safeParse(input);
  const errors: FieldErrors = shape.success ? {} : (fieldErrorsOf(shape.error) as FieldErrors);
  if (!errors.username || !errors.email) {
    const taken = await db
      .select({ username: staffUsers.username, email: staffUsers.email })
      .from(staffUsers)
      .where(or(eq(staffUsers.username, input.username), eq(staffUsers.email, input.email)));
    if (taken.some((t) => t.username.toLowerCase() === input.username.toLowerCase())) errors.username = "এই ইউজারনেম আগেই নেওয়া হয়েছে। (Username taken.)";
    if (taken.some((t) => t.email.toLowerCase() === input.email.toLowerCase())) errors.email = "এই ইমেইল আগেই ব্যবহৃত। (Email in use.)";
  }
  return Object.keys(errors).length ? errors : null;
}

/** Creates an account (checked with checkNewStaff first). */
export async function createStaff(input: NewStaff, actorId: number | null): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [res] = await tx.insert(staffUsers).values({
      name: input.name.trim(),
      username: input.username,
      email: input.email,
      passwordHash,
      role: input.role,
      roleLabel: input.isSuperAdmin ? "Super Admin" : roleLabel(input.role),
      isSuperAdmin: input.isSuperAdmin,
    });
    const id = res.insertId;
    await recordAudit(tx, { staffId: actorId, action: "create", entity: "staff_users", entityId: id, summary: `${input.username} (${roleLabel(input.role) || input.role})` });
    return id;
  });
}

/** A super admin changes another account's role or disables / enables it. */
export async function updateStaffAccess(
  id: number,
  change: { role: number; isSuperAdmin: boolean; disabled: boolean },
  actorId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({
        role: change.role,
        roleLabel: change.isSuperAdmin ? "Super Admin" : roleLabel(change.role),
        isSuperAdmin: change.isSuperAdmin,
        disabledAt: change.disabled ? new Date() : null,
      })
      .where(eq(staffUsers.id, id));
    await recordAudit(tx, {
      staffId: actorId,
      action: "update",
      entity: "staff_users",
      entityId: id,
      summary: `role ${change.role}${change.isSuperAdmin ? ", super admin" : ""}${change.disabled ? ", disabled" : ""}`,
    });
  });
  if (change.disabled) await endAllSessions(id);
}

/** A super admin sets a new password for someone; their sessions end. */
export async function resetStaffPassword(id: number, password: string, actorId: number) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, id));
    await recordAudit(tx, { staffId: actorId, action: "reset-password", entity: "staff_users", entityId: id, summary: "" });
  });
  await endAllSessions(id);
}

/**
 * Wrong current passwords checked per member in a window, as for a stranger's sign-in: a session left
 * open (or stolen) must not become a way to guess the password without limit.
 */
export const CURRENT_PASSWORD_FAILURES = 5;
export const CURRENT_PASSWORD_WINDOW_MINUTES = 15;

export type PasswordChange = { changed: true } | { changed: false; errors: FieldErrors } | { changed: false; waitSeconds: number };

/**
 * A member changes their own password: the current one must be right. The check is counted before
 * scrypt runs, in one atomic upsert, so simultaneous wrong guesses cannot all get through; a right
 * one takes its hit back. The caller ends the member's other sessions.
 */
export async function changeOwnPassword({ staffId, current, next }: { staffId: number; current: string; next: string }): Promise<PasswordChange> {
  const key = `password-check:${staffId}`;
  const windowSeconds = CURRENT_PASSWORD_WINDOW_MINUTES * 60;
  if ((await countHit({ key, windowSeconds })) > CURRENT_PASSWORD_FAILURES) {
    // Refused unchecked: it spends nothing.
    await uncountHit({ key });
    return { changed: false, waitSeconds: Math.max(1, await secondsLeft({ key, windowSeconds })) };
  }
  const [row] = await db.select({ hash: staffUsers.passwordHash, username: staffUsers.username }).from(staffUsers).where(eq(staffUsers.id, staffId)).limit(1);
  if (!row || !(await verifyPassword(current, row.hash))) {
    return { changed: false, errors: { current: "বর্তমান পাসওয়ার্ড সঠিক নয়। (The current password is wrong.)" } };
  }
  await uncountHit({ key });
  const problem = passwordProblem(next, row.username);
  if (problem) return { changed: false, errors: { password: problem } };
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, staffId));
    await recordAudit(tx, { staffId, action: "change-password", entity: "staff_users", entityId: staffId, summary: "" });
  });
  return { changed: true };
}

/** Ends every session of a staff member (disabled, or password reset by a super admin). */
async function endAllSessions(staffId: number) {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}
