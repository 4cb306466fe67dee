import { toBanglaDigits } from "~/lib/bangla-digits";

// What each staff role may do, in one place. Every admin loader and action asks `requireStaff(request,
// permission)` (utils/auth.server.ts), which answers 403 when `can` says no.

export type Permission =
  /** Signed in at all: the own account page (password, sessions). */
  | "account"
  /** The dashboard: counts, latest changes, newest messages. */
  | "dashboard"
  /** Staff accounts: create, disable, change role, reset passwords. */
  | "staff"
  /** All study content: subjects, chapters, topics, questions, exams, papers, info pages, settings. */
  | "content"
  /** The contact-form inbox. */
  | "inbox"
  /** Videos and live classes. */
  | "media";

/** The spec's numeric roles and their labels. A super admin (is_super_admin) may do everything. */
export const ROLES = [
  { role: 1, label: "Super Admin" },
  { role: 2, label: "Editor" },
  { role: 3, label: "Moderator" },
] as const;

const GRANTS: Record<number, readonly Permission[]> = {
  1: ["account", "dashboard", "staff", "content", "inbox", "media"],
  2: ["account", "dashboard", "content", "inbox", "media"],
  3: ["account", "dashboard", "inbox", "media"],
};

export type StaffRole = { role: number; isSuperAdmin: boolean };

export function can(staff: StaffRole, permission: Permission): boolean {
  if (staff.isSuperAdmin) return true;
  // A signed-in member without a known role sees only their own account.
  return (GRANTS[staff.role] ?? ["account"]).includes(permission);
}

export const roleLabel = (role: number) => ROLES.find((r) => r.role === role)?.label ?? "";

/** A role as the old staff rows hold it: a number; a numeric string is converted, anything else becomes 0. */
export function normaliseRole(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** is_super_admin as the old staff rows hold it: true, 1, "1" and "true" mean yes. */
export function normaliseSuperAdmin(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || (typeof value === "string" && value.trim().toLowerCase() === "true");
}

/** Sign-in takes a username or an email: an identifier containing '@' is an email, otherwise a username. */
export function identifierKind(identifier: string): "email" | "username" {
  return identifier.includes("@") ? "email" : "username";
}

export const MIN_PASSWORD_LENGTH = 10;

// The most used passwords of public breach lists (and this site's obvious ones): refused outright.
const COMMON_PASSWORDS = new Set([
  "123456", "123456789", "12345678", "password", "qwerty123", "qwerty", "1234567890", "111111", "1234567", "123123",
  "password1", "iloveyou", "000000", "abc123", "password123", "admin123", "admin", "welcome1", "letmein", "monkey",
  "football", "dragon", "sunshine", "princess", "1q2w3e4r", "qwertyuiop", "passw0rd", "administrator", "welcome123",
  "bangladesh", "bangladesh123", "dhaka1234", "gonitresource", "changeme", "secret123", "1234567891", "0123456789",
  "aaaaaaaaaa", "abcdefghij", "asdfghjkl", "zaq12wsx", "trustno1", "superman", "baseball", "master123",
]);

/** Why a new password is refused, or null when it is acceptable. Bangla first, English after. */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `পাসওয়ার্ড কমপক্ষে ${toBanglaDigits(MIN_PASSWORD_LENGTH)} অক্ষরের হতে হবে। (At least ${MIN_PASSWORD_LENGTH} characters.)`;
  }
  if (password.length > 200) return "পাসওয়ার্ড অনেক লম্বা। (At most 200 characters.)";
  const lower = password.toLowerCase();
  if (username && lower === username.trim().toLowerCase()) {
    return "পাসওয়ার্ড ইউজারনেমের মতো হতে পারবে না। (It must not be the username.)";
  }
  if (COMMON_PASSWORDS.has(lower)) return "এই পাসওয়ার্ডটি খুব প্রচলিত; অন্য একটি বেছে নিন। (This password is too common.)";
  return null;
}

/** Where to go after sign-in: only same-site paths under /gradmin, else the dashboard. */
export function safeAdminRedirect(value: unknown): string {
  if (typeof value !== "string") return "/gradmin";
  const v = value.trim();
  // "/gradmin", "/gradmin/..." or "/gradmin?..." only; no "//host", backslashes or control characters.
  if (!/^\/gradmin(?:[/?#]|$)/.test(v) || /[\\\u0000-\u001f]/.test(v) || v.startsWith("/gradmin/login")) return "/gradmin";
  try {
    const url = new URL(v, "http://site.invalid");
    return url.host === "site.invalid" && url.pathname.startsWith("/gradmin") ? `${url.pathname}${url.search}` : "/gradmin";
  } catch {
    return "/gradmin";
  }
}
