import { z } from "zod";
import { env, siteOrigin } from "~/config/env.server";
import { ReservationSchema } from "~/lib/lead-schemas";
import { formatNaira } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import {
  holdEndText,
  MAX_HOLD_HOURS,
  NO_KEY_MESSAGE,
  type ReservationSettings,
  ReservationSettingsSchema,
  toKobo,
} from "~/lib/reservations";
import { recordActivity } from "~/models/activity.server";
import { wakeOutbox } from "~/models/outbox.server";
import {
  initializeTransaction,
  type KeyView,
  keyView,
  PaystackError,
  type PaystackTransaction,
  readTransaction,
  refundTransaction,
  saveStoredKey,
  secretKey,
  validSignature,
  verifyTransaction,
} from "~/models/paystack.server";
import {
  applyStaffChange,
  checkoutCar,
  dropCheckout,
  getReservation,
  getReservationSettings,
  holdForCheckout,
  type PaymentOutcome,
  type Reservation,
  type StaffChange,
  saveReservationSettings,
  settlePayment,
  staffChangeProblem,
} from "~/models/reservations.server";
import { type Actor, adminOf, assertCan, parseInput, runWrite } from "./use-case.server";

/**
 * Reservations, every write once: a buyer starting a checkout (page form and POST
 * /api/reservations), a payment confirmed by the callback's verify or by Paystack's signed
 * webhook (in any order, any number of times: settled once), staff extending, converting,
 * cancelling or refunding, and the owner's settings. Paystack is called outside the transaction.
 */

const RESERVATIONS_OFF = "Reservations are not open on this site. Book an inspection or chat with us instead.";
export const RESERVATION_NOT_FOUND = "Reservation not found";
const PAYSTACK_DOWN = "We could not reach Paystack to start your payment. Please try again in a few minutes.";

export interface CheckoutStarted {
  reference: string;
  authorization_url: string;
  amount: number;
}

/** "Reserve with ₦…": the car held for 30 minutes and Paystack's checkout address for the buyer. */
export async function startReservation(actor: Actor, input: unknown, now = new Date()): Promise<CheckoutStarted> {
  assertCan(actor, "reservations.start");
  const data = parseInput(ReservationSchema, input);
  const settings = await getReservationSettings();
  const key = await secretKey();
  if (!settings.enabled || !key) throw new Refusal("unavailable", RESERVATIONS_OFF);
  const car = await checkoutCar(data.car_id);
  if (!car) {
    const message = `There is no car with id ${data.car_id} in our stock`;
    throw new Refusal("not_found", message, { car_id: message });
  }
  const held = await runWrite(actor, "reservations.start", (trx) => holdForCheckout(trx, car, data, settings, now));
  if (!held.ok) {
    const message =
      held.reason === "sold"
        ? "This car has been sold."
        : held.reason === "reserved"
          ? `This car is reserved for another buyer until ${holdEndText(held.until)}. ` +
            "Ask us to tell you if it becomes available."
          : `Someone is paying for this car right now. Try again after ${holdEndText(held.until)}.`;
    throw new Refusal("conflict", message);
  }
  const r = held.reservation;
  try {
    const started = await initializeTransaction(key, {
      email: r.email,
      amountKobo: toKobo(r.amount),
      reference: r.reference,
      callbackUrl: `${siteOrigin(env())}/reservations/callback?reference=${encodeURIComponent(r.reference)}`,
      metadata: { car_id: r.car_id, car: r.car_label, reservation_id: r.id, phone: r.phone, name: r.name },
    });
    return { reference: r.reference, authorization_url: started.authorization_url, amount: r.amount };
  } catch (e) {
    if (!(e instanceof PaystackError)) throw e;
    await dropCheckout(r.id);
    throw new Refusal("unavailable", PAYSTACK_DOWN);
  }
}

async function settle(actor: Actor, tx: PaystackTransaction, now: Date): Promise<PaymentOutcome> {
  const settings = await getReservationSettings();
  const outcome = await runWrite(actor, "reservations.start", (trx) => settlePayment(trx, tx, settings, now));
  if ((outcome.kind === "reserved" || outcome.kind === "needs_refund") && outcome.first) wakeOutbox();
  return outcome;
}

/** The callback: Paystack's verify says what happened to the payment, and the reservation follows it. */
export async function confirmReservation(actor: Actor, reference: string, now = new Date()): Promise<PaymentOutcome> {
  const r = await getReservation(reference);
  if (!r) return { kind: "unknown" };
  const key = await secretKey();
  if (!key) throw new Refusal("unavailable", RESERVATIONS_OFF);
  let tx: PaystackTransaction;
  try {
    tx = await verifyTransaction(key, reference);
  } catch (e) {
    if (!(e instanceof PaystackError)) throw e;
    throw new Refusal(
      "unavailable",
      "We could not reach Paystack to confirm your payment. Refresh this page in a minute.",
    );
  }
  return settle(actor, tx, now);
}

/**
 * Paystack's webhook: the signature (HMAC-SHA512 of the raw body with the secret key) is checked
 * before the body is read; `charge.success` settles the reservation as the callback does. Other
 * events are acknowledged and ignored.
 */
export async function paystackWebhook(
  actor: Actor,
  rawBody: Buffer,
  signature: string | null,
  now = new Date(),
): Promise<void> {
  const key = await secretKey();
  if (!key || !validSignature(key, rawBody, signature)) {
    throw new Refusal("unauthenticated", "Bad signature");
  }
  let event: { event?: unknown; data?: unknown };
  try {
    event = JSON.parse(rawBody.toString("utf8")) as typeof event;
  } catch {
    throw new Refusal("invalid", "The body is not JSON");
  }
  if (event.event !== "charge.success") return;
  const tx = readTransaction(event.data);
  if (!tx) throw new Refusal("invalid", "charge.success without a transaction");
  await settle(actor, tx, now);
}

/* ---- staff ---- */

const StaffChangeSchema = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("extend"),
      hours: z.coerce
        .number({ error: "Give the hours to add, e.g. 24" })
        .int({ error: "Give whole hours" })
        .min(1, { error: "Add at least 1 hour" })
        .max(MAX_HOLD_HOURS, { error: `Add at most ${MAX_HOLD_HOURS} hours` })
        .default(24),
    }),
    z.object({ action: z.literal("convert") }),
    z.object({ action: z.literal("cancel") }),
    z.object({
      action: z.literal("refunded"),
      note: z
        .string()
        .trim()
        .max(300, { error: "The note must be at most 300 characters" })
        .default("")
        .transform((v) => v || "Refunded by hand"),
    }),
  ],
  { error: "Choose extend, convert, cancel or refunded" },
);

const ACTIVITY: Record<
  StaffChange["action"],
  "reservation.extend" | "reservation.convert" | "reservation.cancel" | "reservation.refunded"
> = {
  extend: "reservation.extend",
  convert: "reservation.convert",
  cancel: "reservation.cancel",
  refunded: "reservation.refunded",
};

async function staffReservation(reference: string): Promise<Reservation> {
  const r = await getReservation(reference);
  if (!r) throw new Refusal("not_found", RESERVATION_NOT_FOUND);
  return r;
}

function detailOf(before: Reservation, after: Reservation, change: StaffChange): string {
  switch (change.action) {
    case "extend":
      return `Hold extended by ${change.hours} h, until ${holdEndText(after.hold_until)}`;
    case "convert":
      return `Sold to ${after.name}; deposit ${formatNaira(after.amount)} noted on the sale`;
    case "cancel":
      return `Cancelled (was ${before.status})`;
    case "refunded":
      return `Deposit ${formatNaira(after.amount)} marked as refunded: ${change.note}`;
  }
}

/** Extend the hold, turn it into a sale, cancel it, or mark the deposit refunded by hand (owners and sales). */
export async function changeReservation(actor: Actor, reference: string, input: unknown): Promise<Reservation> {
  const admin = adminOf(actor);
  assertCan(actor, "leads.answer");
  const change = parseInput(StaffChangeSchema, input) as StaffChange;
  const before = await staffReservation(reference);
  const now = new Date();
  const problem = staffChangeProblem(before, change.action, now);
  if (problem) throw new Refusal("conflict", problem);
  return runWrite(actor, "leads.answer", async (trx) => {
    const after = await applyStaffChange(trx, before, change, now);
    await recordActivity(trx, admin, {
      action: ACTIVITY[change.action],
      target: { id: `reservation/${after.id}`, label: `${after.car_label}, ${after.reference}` },
      detail: detailOf(before, after, change),
    });
    return after;
  });
}

/** The deposit back through Paystack's refund (owners only), recorded on the reservation and in the trail. */
export async function refundReservation(actor: Actor, reference: string): Promise<Reservation> {
  const admin = adminOf(actor);
  assertCan(actor, "reservations.refund");
  const before = await staffReservation(reference);
  const problem = staffChangeProblem(before, "refunded");
  if (problem) throw new Refusal("conflict", problem);
  const key = await secretKey();
  if (!key) throw new Refusal("unavailable", NO_KEY_MESSAGE);
  let state: string;
  try {
    state = await refundTransaction(key, before.reference, toKobo(before.amount));
  } catch (e) {
    if (!(e instanceof PaystackError)) throw e;
    throw new Refusal("unavailable", `Paystack did not take the refund: ${e.message}`);
  }
  const note = `Refund asked of Paystack (${state})`;
  return runWrite(actor, "reservations.refund", async (trx) => {
    const after = await applyStaffChange(trx, before, { action: "refunded", note });
    await recordActivity(trx, admin, {
      action: "reservation.refund",
      target: { id: `reservation/${after.id}`, label: `${after.car_label}, ${after.reference}` },
      detail: `${formatNaira(after.amount)} refunded through Paystack (${state})`,
    });
    return after;
  });
}

/* ---- settings ---- */

export interface ReservationSettingsView {
  settings: ReservationSettings;
  key: KeyView;
  webhookUrl: string;
}

export async function reservationSettingsView(): Promise<ReservationSettingsView> {
  return {
    settings: await getReservationSettings(),
    key: await keyView(),
    webhookUrl: `${siteOrigin(env())}/api/paystack/webhook`,
  };
}

const depositText = (s: ReservationSettings) =>
  s.deposit.kind === "fixed" ? formatNaira(s.deposit.naira) : `${s.deposit.percent}% of the price`;

/** The owner's reservation settings; a pasted key is kept apart and never shown again but masked. */
export async function updateReservationSettings(actor: Actor, input: unknown): Promise<ReservationSettingsView> {
  const admin = adminOf(actor);
  assertCan(actor, "settings.edit");
  const { settings, secretKey: pasted } = parseInput(ReservationSettingsSchema, input);
  const hasKey = Boolean(pasted) || (await secretKey()) !== null;
  if (settings.enabled && !hasKey) throw new Refusal("invalid", NO_KEY_MESSAGE, { enabled: NO_KEY_MESSAGE });
  await runWrite(actor, "settings.edit", async (trx) => {
    if (pasted) await saveStoredKey(trx, pasted);
    await saveReservationSettings(trx, settings);
    await recordActivity(trx, admin, {
      action: "settings.reservations",
      target: { id: null, label: "Reservations" },
      detail: [
        settings.enabled ? "On" : "Off",
        `deposit ${depositText(settings)}`,
        `hold ${settings.holdHours} h`,
        ...(pasted ? ["new Paystack key"] : []),
      ].join("; "),
    });
  });
  return reservationSettingsView();
}
