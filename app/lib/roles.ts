/**
 * Roles and what each may do (docs/product.md, Staff and roles). An owner may do everything;
 * a sales account runs the stock and the leads but not the business itself; a visitor (anyone on
 * the public site, not signed in) may send the lead forms. Use cases and the back office's menus
 * ask `can(role, permission)`, so the rules, and every comparison of a role, live here once.
 */

export const ROLES = ["owner", "sales"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", sales: "Sales" };

/** Whoever acts: a staff role, or a visitor on the public site. */
export type ActorRole = Role | "visitor";

const EVERYONE: readonly ActorRole[] = ["owner", "sales"];
const OWNER: readonly ActorRole[] = ["owner"];
/** Public forms: anyone may send them (staff too, e.g. booking for a caller). */
const PUBLIC: readonly ActorRole[] = ["owner", "sales", "visitor"];

export const PERMISSIONS = {
  /** Add and edit cars, their photos and paperwork. */
  "cars.edit": EVERYONE,
  /** Mark a car as sold (with the agreed price). */
  "cars.sell": EVERYONE,
  /** Bring cars in from a spreadsheet. */
  "cars.import": EVERYONE,
  /** Put a car marked sold by mistake back on sale (its sale record removed). */
  "cars.unsell": OWNER,
  "cars.delete": OWNER,
  /** Read and answer leads: status, notes, assignment. */
  "leads.answer": EVERYONE,
  /**
   * Every lead, whoever it is assigned to. Without it a staff member sees (and answers) the leads
   * assigned to them and the new ones nobody has taken; any other lead is "not found" to them.
   */
  "leads.all": OWNER,
  /** See buyers' alerts (what buyers wait for) and how many a car would reach. */
  "alerts.read": EVERYONE,
  "reports.read": EVERYONE,
  "activity.read": EVERYONE,
  /** Change one's own password. */
  "password.own": EVERYONE,
  /** Change one's own display name and phone (an owner changes anyone's with staff.manage). */
  "details.own": EVERYONE,
  /** CSV and spreadsheet exports: every buyer's phone number leaves the building. */
  "data.export": OWNER,
  "settings.edit": OWNER,
  /** Home page content: hero slides. */
  "home.edit": OWNER,
  /** Add, remove and change roles, passwords, names and phones of other staff. */
  "staff.manage": OWNER,
  "demo.remove": OWNER,
  /** Where lead notifications go. */
  "notifications.manage": OWNER,
  /** Read the business settings page. */
  "settings.view": OWNER,
  /** Send a lead form: inspection booking, contact, loan application and its client info, sourcing. */
  "leads.submit": PUBLIC,
  /** Subscribe to the newsletter, confirm it, leave it (the links in its emails). */
  "newsletter.subscribe": PUBLIC,
  /** Ask for a car alert, confirm it, leave it (the links in its emails). */
  "alerts.own": PUBLIC,
  /** Pay a deposit to reserve a car; a payment confirmed by Paystack (its callback or webhook). */
  "reservations.start": PUBLIC,
  /** Give a reservation's deposit back through Paystack (money leaves the dealer's account). */
  "reservations.refund": OWNER,
} as const satisfies Record<string, readonly ActorRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: ActorRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly ActorRole[]).includes(role);
}

/** An owner: the last one stays (cannot be removed or demoted), and is marked on the staff list. */
export function isOwner(role: ActorRole): boolean {
  return role === "owner";
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The answer to a sales account asking for an owner's page or call. */
export const OWNER_ONLY_MESSAGE = "Only an owner can do this. Ask the owner of the business.";
