import { describe, expect, it } from "vitest";
import { can, identifierKind, normaliseRole, normaliseSuperAdmin, passwordProblem, safeAdminRedirect } from "~/lib/permissions";

describe("roles", () => {
  it("gives a super admin everything, an editor content but not staff, a moderator inbox and media, role 0 only the own account", () => {
    const superAdmin = { role: 0, isSuperAdmin: true };
    const editor = { role: 2, isSuperAdmin: false };
    const moderator = { role: 3, isSuperAdmin: false };
    const nobody = { role: 0, isSuperAdmin: false };
    expect(["account", "dashboard", "staff", "content", "inbox", "media"].every((p) => can(superAdmin, p as never))).toBe(true);
    expect([can(editor, "content"), can(editor, "staff")]).toEqual([true, false]);
    expect([can(moderator, "inbox"), can(moderator, "media"), can(moderator, "content"), can(moderator, "staff")]).toEqual([true, true, false, false]);
    expect([can(nobody, "account"), can(nobody, "dashboard")]).toEqual([true, false]);
    expect(can({ role: 99, isSuperAdmin: false }, "dashboard")).toBe(false);
  });

  it("normalises role and is_super_admin as the old staff rows hold them", () => {
    expect([normaliseRole(2), normaliseRole("3"), normaliseRole("abc"), normaliseRole(""), normaliseRole(null), normaliseRole(-1), normaliseRole("1.5")]).toEqual([2, 3, 0, 0, 0, 0, 0]);
    expect([true, 1, "1", "true", " TRUE "].map(normaliseSuperAdmin)).toEqual([true, true, true, true, true]);
    expect([false, 0, "0", "yes", null, undefined].map(normaliseSuperAdmin)).toEqual([false, false, false, false, false, false]);
  });

  it("reads an identifier with '@' as an email", () => {
    expect([identifierKind("admin@example.com"), identifierKind("admin")]).toEqual(["email", "username"]);
  });
});

describe("passwords", () => {
  it("refuses short, username-equal and common passwords, with a Bangla and English reason", () => {
    expect(passwordProblem("short", "rahim")).toMatch(/১০.*10/);
    expect(passwordProblem("RahimUddin", "rahimuddin")).toMatch(/username/);
    expect(passwordProblem("password123", "rahim")).toMatch(/common/);
    expect(passwordProblem("Bangladesh123", "rahim")).toMatch(/common/);
    expect(passwordProblem("ফুলের-বাগান-২০২৬", "rahim")).toBeNull();
  });
});

describe("redirectTo after sign-in", () => {
  it("keeps same-site paths under /gradmin and sends everything else to the dashboard", () => {
    expect(safeAdminRedirect("/gradmin/staff/2?saved=1")).toBe("/gradmin/staff/2?saved=1");
    expect(safeAdminRedirect("/gradmin")).toBe("/gradmin");
    for (const bad of ["https://evil.example/gradmin", "//evil.example/gradmin", "/\\evil.example", "/gradmin\\..\\x", "/home", "/gradminx", "javascript:alert(1)", "/gradmin/login?redirectTo=x", null, 42]) {
      expect(safeAdminRedirect(bad), String(bad)).toBe("/gradmin");
    }
    expect(safeAdminRedirect("/gradmin/../home")).toBe("/gradmin");
  });
});
