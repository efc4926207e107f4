import { z } from "zod";
import { formatNaira } from "./money";
import { multiLine } from "./validation";

/**
 * Reservations (docs/product.md, Reservations): a buyer pays a deposit through the dealer's
 * Paystack account and the car is held for them. Pure rules shared by the pages and the server:
 * the statuses, the owner's settings, the deposit for a price and how a hold end is written.
 */

const RESERVATION_STATUSES = [
  "pending",
  "paid",
  "expired",
  "converted",
  "cancelled",
  "needs_refund",
  "refunded",
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** The statuses in which a reservation holds its car (the database lets one per car). */
export const HOLDING_STATUSES = ["pending", "paid"] as const satisfies readonly ReservationStatus[];

/** How long a checkout holds the car while the buyer pays. */
export const CHECKOUT_HOLD_MINUTES = 30;
export const MAX_HOLD_HOURS = 24 * 14;

export type DepositRule = { kind: "fixed"; naira: number } | { kind: "percent"; percent: number };

/** What the owner sets (the Paystack key is kept apart and never part of this). */
export interface ReservationSettings {
  enabled: boolean;
  deposit: DepositRule;
  holdHours: number;
  terms: string;
}

export const DEFAULT_RESERVATION_SETTINGS: ReservationSettings = {
  enabled: false,
  deposit: { kind: "fixed", naira: 100_000 },
  holdHours: 72,
  terms: "The deposit is part of the price. If you change your mind before the hold ends, we refund it in full.",
};

/** The deposit for a car of this price, whole naira (a percentage rounded up to the naira, never above the price). */
export function depositFor(rule: DepositRule, price: number): number {
  const naira = rule.kind === "fixed" ? rule.naira : Math.ceil((price * rule.percent) / 100);
  return Math.max(1, Math.min(naira, price));
}

/** Naira to kobo, Paystack's unit. */
export const toKobo = (naira: number): number => Math.round(naira * 100);

export const reserveLabel = (deposit: number): string => `Reserve with ${formatNaira(deposit)}`;

/** "Tuesday 2 December, 14:00", in Lagos time. */
export function holdEndText(iso: string): string {
  const d = new Date(iso);
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Lagos",
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(d);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? "";
  return `${p("weekday")} ${p("day")} ${p("month")}, ${p("hour")}:${p("minute")}`;
}

/** A key for the back office's eyes: its kind and last four characters, "sk_test_…a1b2". */
export function maskedKey(key: string): string {
  const kind = key.startsWith("sk_test_") ? "sk_test_" : key.startsWith("sk_live_") ? "sk_live_" : "";
  return `${kind}…${key.slice(-4)}`;
}

export const isTestKey = (key: string | null): boolean => Boolean(key?.startsWith("sk_test_"));

export const KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{8,100}$/;
export const NO_KEY_MESSAGE =
  "Reservations need your Paystack secret key. Paste it below (from Paystack: Settings, API Keys & Webhooks), " +
  "or ask whoever runs the server to set PAYSTACK_SECRET_KEY.";

const money = z.coerce
  .number({ error: "Give the deposit in naira, e.g. 100000" })
  .int({ error: "Give the deposit in whole naira" })
  .min(1_000, { error: "The deposit must be at least ₦1,000" })
  .max(100_000_000, { error: "The deposit must be at most ₦100,000,000" });

export const ReservationSettingsSchema = z
  .object({
    enabled: z.boolean({ error: "Say whether reservations are on" }),
    depositKind: z.enum(["fixed", "percent"], { error: "Choose a fixed amount or a percentage" }),
    depositNaira: money,
    depositPercent: z.coerce
      .number({ error: "Give the percentage, e.g. 5" })
      .min(0.5, { error: "The percentage must be at least 0.5" })
      .max(50, { error: "The percentage must be at most 50" }),
    holdHours: z.coerce
      .number({ error: "Give the hold in hours, e.g. 72" })
      .int({ error: "Give the hold in whole hours" })
      .min(1, { error: "The hold must be at least 1 hour" })
      .max(MAX_HOLD_HOURS, { error: `The hold must be at most ${MAX_HOLD_HOURS} hours (two weeks)` }),
    terms: z
      .string({ error: "Write the terms the buyer reads before paying" })
      .overwrite(multiLine)
      .trim()
      .min(1, { error: "Write the terms the buyer reads before paying" })
      .max(1000, { error: "The terms must be at most 1000 characters" }),
    secretKey: z
      .string()
      .trim()
      .refine((v) => v === "" || KEY_PATTERN.test(v), {
        error: "That is not a Paystack secret key: it starts with sk_live_ or sk_test_",
      })
      .optional(),
  })
  .transform((v): { settings: ReservationSettings; secretKey: string | null } => ({
    settings: {
      enabled: v.enabled,
      deposit:
        v.depositKind === "fixed"
          ? { kind: "fixed", naira: v.depositNaira }
          : { kind: "percent", percent: v.depositPercent },
      holdHours: v.holdHours,
      terms: v.terms,
    },
    secretKey: v.secretKey ? v.secretKey : null,
  }));

/**
 * Where Paystack's checkout pages are, for the site's `form-action`: checkout.paystack.com for
 * Paystack's own API, the API's own origin for any other (a proxy, or a stand-in in tests).
 */
export function checkoutOrigin(apiUrl: string): string {
  const origin = new URL(apiUrl).origin;
  return origin === "https://api.paystack.co" ? "https://checkout.paystack.com" : origin;
}

/** The settings as the back office's form shows them (both deposit fields filled, whichever is chosen). */
export function reservationFormValues(s: ReservationSettings): Record<string, string> {
  return {
    enabled: s.enabled ? "on" : "",
    depositKind: s.deposit.kind,
    depositNaira: String(s.deposit.kind === "fixed" ? s.deposit.naira : 100_000),
    depositPercent: String(s.deposit.kind === "percent" ? s.deposit.percent : 5),
    holdHours: String(s.holdHours),
    terms: s.terms,
  };
}

/**
 * The back office's form as the settings' input: a ticked box is "on", the amount may be written
 * "₦100,000", and the deposit field not chosen may be left empty (it is not kept).
 */
export function reservationInputFromForm(fields: Record<string, string>): Record<string, unknown> {
  const defaults = reservationFormValues(DEFAULT_RESERVATION_SETTINGS);
  const kind = fields.depositKind;
  const naira = (fields.depositNaira ?? "").replace(/[₦,\s]/g, "");
  return {
    enabled: fields.enabled === "on" || fields.enabled === "1" || fields.enabled === "true",
    depositKind: kind,
    depositNaira: kind === "percent" && !naira ? defaults.depositNaira : naira,
    depositPercent:
      kind === "fixed" && !fields.depositPercent?.trim() ? defaults.depositPercent : fields.depositPercent,
    holdHours: fields.holdHours,
    terms: fields.terms,
    secretKey: fields.secretKey,
  };
}
