import { z } from "zod";
import { ADMIN_MIN_PASSWORD_LENGTH } from "~/config/constants";
import { normalizeNigerianPhone } from "./phone";
import { ROLES } from "./roles";

/** Admin forms and API bodies (rules in docs/product.md): shared by the page and /api/admin/*. */
const username = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, "Username is required")
  .max(64, "Username must be at most 64 characters")
  .regex(/^[A-Za-z0-9._@-]+$/, "Username may only contain letters, digits and . _ @ -");
const password = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(ADMIN_MIN_PASSWORD_LENGTH, `${label} must be at least ${ADMIN_MIN_PASSWORD_LENGTH} characters`)
    .max(256, `${label} must be at most 256 characters`);

/** The signed-in admin's own password, asked again before a change to any account. */
const currentPassword = z
  .string({ error: "Your current password is required" })
  .min(1, "Your current password is required")
  .max(256, "Your current password is not correct");

const role = z.enum(ROLES, { error: "Role must be owner or sales" });

const PHONE_MESSAGE = "Enter a Nigerian mobile number, e.g. 0803 555 0142";
const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v;

/** The name shown on the leads a staff member answers ("Chidi Okafor"); empty: the username stands. */
const displayName = z.preprocess(
  blankToNull,
  z
    .string({ error: "Display name must be text" })
    .trim()
    .max(60, "Display name must be at most 60 characters")
    .regex(/^[^<>\p{Cc}]*$/u, "Display name may not contain < > or control characters")
    .nullable(),
);

/** Their phone, stored as +234 and ten digits; empty: none. */
const staffPhone = z.preprocess(
  blankToNull,
  z
    .string({ error: PHONE_MESSAGE })
    .transform((value, ctx) => {
      const canonical = normalizeNigerianPhone(value);
      if (!canonical) ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return canonical ?? "";
    })
    .nullable(),
);

/** A staff member's display name and phone (owners for anyone, each person for themselves). */
export const StaffDetailsSchema = z.object({ username, displayName, phone: staffPhone });

/** A new account: sales unless said otherwise; the caller confirms with their own password. */
export const AddAdminSchema = z.object({
  username,
  displayName: displayName.optional(),
  phone: staffPhone.optional(),
  password: password("Password"),
  role: z.preprocess((v) => (v === undefined || v === "" ? "sales" : v), role),
  currentPassword,
});
export const SetRoleSchema = z.object({ username, role, currentPassword });
export const ChangePasswordSchema = z.object({ username, newPassword: password("New password"), currentPassword });
export const RemoveAdminSchema = z.object({ username, currentPassword });
export const LoginSchema = z.object({
  username: z.string().trim().min(1),
  password: z.string().min(1),
});
