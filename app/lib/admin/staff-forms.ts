// What the staff screens (and `npm run staff:create`) accept for an account, as zod schemas: the
// rules and their messages written once, for the form and the command line alike.
import { z } from "~/lib/input";
import { normaliseRole, passwordProblem, ROLES } from "~/lib/permissions";

/** A role as a form posts it: one of ROLES, or 0 (no access) for anything else. */
export const roleText = z
  .string()
  .optional()
  .transform((v) => {
    const role = normaliseRole(v);
    return ROLES.some((r) => r.role === role) ? role : 0;
  });

export const NAME_MAX = 120;
export const EMAIL_MAX = 255;
const EMAIL_MESSAGE = "সঠিক ইমেইল লিখুন। (Enter a valid email.)";

/** The new-account form as typed: trimmed, the e-mail in lower case, the name cut to its limit; never refused here. */
export const NewStaffForm = z
  .object({
    name: z.string().trim().default("").transform((s) => s.slice(0, NAME_MAX)),
    username: z.string().trim().default(""),
    email: z.string().trim().toLowerCase().default(""),
    role: roleText,
    password: z.string().default(""),
  })
  .transform((s) => ({ ...s, isSuperAdmin: s.role === 1 }));

/** What a new account must be (besides a free username and e-mail, which the model checks). */
export const NewStaffRules = z
  .object({
    name: z.string().refine((s) => s.trim() !== "", "নাম লিখুন। (Enter a name.)"),
    username: z.string().regex(/^[A-Za-z0-9._-]{3,64}$/, "৩–৬৪ অক্ষর: ইংরেজি অক্ষর, সংখ্যা, . _ - (3–64 letters, digits, . _ -)"),
    email: z.string().max(EMAIL_MAX, EMAIL_MESSAGE).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_MESSAGE),
    password: z.string(),
  })
  .superRefine(({ password, username }, ctx) => {
    const problem = passwordProblem(password, username);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });

/** A new password set for someone (by a super admin): the password rules, against that member's username. */
export const newPasswordFor = (username: string) =>
  z.object({
    password: z
      .string()
      .default("")
      .superRefine((password, ctx) => {
        const problem = passwordProblem(password, username);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  });

/** A member's role and status as the access form posts them (the box is ticked: "1"). */
export const StaffAccessForm = z
  .object({ role: roleText, disabled: z.string().optional() })
  .transform(({ role, disabled }) => ({ role, isSuperAdmin: role === 1, disabled: disabled === "1" }));
