/**
 * Staff roles and what each may do (docs/product.md, Staff and roles). An owner may do everything;
 * a sales account runs the stock and the leads but not the business itself. Guards, use cases and
 * the back office's menus all ask `can(role, permission)`, so the rules live here once.
 */

export const ROLES = ["owner", "sales"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", sales: "Sales" };

const EVERYONE: readonly Role[] = ["owner", "sales"];
const OWNER: readonly Role[] = ["owner"];

export const PERMISSIONS = {
  /** Add and edit cars, their photos and paperwork. */
  "cars.edit": EVERYONE,
  /** Mark a car as sold (with the agreed price). */
  "cars.sell": EVERYONE,
  /** Bring cars in from a spreadsheet. */
  "cars.import": EVERYONE,
  "cars.delete": OWNER,
  /** Read and answer leads: status, notes, assignment. */
  "leads.answer": EVERYONE,
  /**
   * Every lead, whoever it is assigned to. Without it a staff member sees (and answers) the leads
   * assigned to them and the new ones nobody has taken; any other lead is "not found" to them.
   */
  "leads.all": OWNER,
  "reports.read": EVERYONE,
  "activity.read": EVERYONE,
  /** Change one's own password. */
  "password.own": EVERYONE,
  /** CSV and spreadsheet exports: every buyer's phone number leaves the building. */
  "data.export": OWNER,
  "settings.edit": OWNER,
  /** Home page content: hero slides. */
  "home.edit": OWNER,
  /** Add, remove and change roles and passwords of other staff. */
  "staff.manage": OWNER,
  "demo.remove": OWNER,
  /** Where lead notifications go. */
  "notifications.manage": OWNER,
  /** Give a reservation's deposit back through Paystack (money leaves the dealer's account). */
  "reservations.refund": OWNER,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The answer to a sales account asking for an owner's page or call. */
export const OWNER_ONLY_MESSAGE = "Only an owner can do this. Ask the owner of the business.";
