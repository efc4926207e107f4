/** The audit trail's vocabulary: what an admin did, and to what (docs/product.md, Activity). */

export const ACTIVITY_KINDS = ["car", "admin", "lead", "business"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  car: "Cars",
  admin: "Admins",
  lead: "Leads",
  business: "Business",
};

export const ACTIVITY_ACTIONS = {
  "car.create": { kind: "car", label: "Added a car" },
  "car.update": { kind: "car", label: "Edited a car" },
  "car.delete": { kind: "car", label: "Deleted a car" },
  "car.sold": { kind: "car", label: "Marked a car as sold" },
  "car.import": { kind: "car", label: "Imported cars from a spreadsheet" },
  "admin.add": { kind: "admin", label: "Added an admin" },
  "admin.remove": { kind: "admin", label: "Removed an admin" },
  "admin.password": { kind: "admin", label: "Changed a password" },
  "admin.role": { kind: "admin", label: "Changed a role" },
  "lead.update": { kind: "lead", label: "Updated a lead" },
  "lead.assign": { kind: "lead", label: "Assigned a lead" },
  "reservation.extend": { kind: "lead", label: "Extended a reservation" },
  "reservation.convert": { kind: "lead", label: "Turned a reservation into a sale" },
  "reservation.cancel": { kind: "lead", label: "Cancelled a reservation" },
  "reservation.refund": { kind: "lead", label: "Refunded a deposit through Paystack" },
  "reservation.refunded": { kind: "lead", label: "Marked a deposit as refunded" },
  "settings.update": { kind: "business", label: "Changed the business settings" },
  "settings.logo": { kind: "business", label: "Changed the logo" },
  "settings.reservations": { kind: "business", label: "Changed the reservation settings" },
  "hero.add": { kind: "business", label: "Added a hero slide" },
  "hero.update": { kind: "business", label: "Edited a hero slide" },
  "hero.remove": { kind: "business", label: "Removed a hero slide" },
  "hero.reorder": { kind: "business", label: "Reordered the hero slides" },
  "demo.remove": { kind: "business", label: "Removed the demo stock" },
  "notifications.update": { kind: "business", label: "Changed who is notified" },
  "outbox.resend": { kind: "business", label: "Resent a failed message" },
} as const satisfies Record<string, { kind: ActivityKind; label: string }>;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

export const isActivityKind = (value: unknown): value is ActivityKind =>
  (ACTIVITY_KINDS as readonly unknown[]).includes(value);

const LABELS = new Map<string, string>(Object.entries(ACTIVITY_ACTIONS).map(([action, { label }]) => [action, label]));

/** "Added a car" for a stored action; the raw text for one this version does not know. */
export function activityActionLabel(action: string): string {
  return LABELS.get(action) ?? action;
}
