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
  "car.unsold": { kind: "car", label: "Put a car back on sale" },
  "car.import": { kind: "car", label: "Imported cars from a spreadsheet" },
  "admin.add": { kind: "admin", label: "Added an admin" },
  "admin.remove": { kind: "admin", label: "Removed an admin" },
  "admin.password": { kind: "admin", label: "Changed a password" },
  "admin.role": { kind: "admin", label: "Changed a role" },
  "admin.details": { kind: "admin", label: "Changed a name or phone" },
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

/**
 * One field a write changed, as the trail shows it: its name and the old and new values already
 * written for people ("₦32,000,000", "Yes", "—" for empty). A secret (a password, a key, a token)
 * is only said to have changed: `secret` and no values.
 */
export interface ActivityChange {
  field: string;
  from?: string;
  to?: string;
  secret?: true;
}

/** How a field is named and shown in the trail; `secret` keeps its values out. */
export interface ChangeField {
  label: string;
  show?: (value: unknown) => string;
  secret?: boolean;
}

const EMPTY_VALUE = "—";
/** Long text (a description) is cut in the trail: enough to tell what it was. */
const SHOWN_MAX = 80;
/** A field whose name says it is a secret is never shown, whatever its description says. */
const SECRET_NAME = /password|secret|token|api.?key|private.?key/i;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

/** A value as people read it: numbers with separators, yes/no, lists joined, long text cut. */
export function shownValue(value: unknown): string {
  if (isEmpty(value)) return EMPTY_VALUE;
  let text: string;
  if (typeof value === "number") text = value.toLocaleString("en-NG");
  else if (typeof value === "boolean") text = value ? "Yes" : "No";
  else if (Array.isArray(value))
    text = value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(", ");
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  text = text.replace(/\s+/g, " ").trim();
  return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || JSON.stringify(a) === JSON.stringify(b);

/** The fields of `fields` whose values differ between `before` and `after`, in the order of `fields`. */
export function changeList(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: Record<string, ChangeField>,
): ActivityChange[] {
  const changes: ActivityChange[] = [];
  for (const [key, spec] of Object.entries(fields)) {
    if (!(key in after) || same(before[key], after[key])) continue;
    if (spec.secret || SECRET_NAME.test(key)) {
      changes.push({ field: spec.label, secret: true });
      continue;
    }
    const show = spec.show ?? shownValue;
    changes.push({ field: spec.label, from: show(before[key]), to: show(after[key]) });
  }
  return changes;
}

/** "price ₦32,000,000 → ₦30,500,000, password changed": the change list in one line. */
export function changesText(changes: readonly ActivityChange[]): string {
  return changes.map((c) => (c.secret ? `${c.field} changed` : `${c.field} ${c.from} → ${c.to}`)).join(", ");
}

/** The stored change list (JSON text) read back; anything unreadable is no list. */
export function parseChanges(text: string | null): ActivityChange[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return [];
    return list.flatMap((c): ActivityChange[] => {
      if (!c || typeof c !== "object" || typeof c.field !== "string") return [];
      if (c.secret === true) return [{ field: c.field, secret: true }];
      return [{ field: c.field, from: String(c.from ?? EMPTY_VALUE), to: String(c.to ?? EMPTY_VALUE) }];
    });
  } catch {
    return [];
  }
}
