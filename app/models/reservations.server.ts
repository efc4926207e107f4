import crypto from "node:crypto";
import { type Selectable, sql } from "kysely";
import { env, siteOrigin } from "~/config/env.server";
import { leadPath } from "~/lib/leads";
import { holdEndedBuyerMail, type MailReservation, receiptMail, staffReservationMail } from "~/lib/reservation-mail";
import {
  CHECKOUT_HOLD_MINUTES,
  DEFAULT_RESERVATION_SETTINGS,
  depositFor,
  HOLDING_STATUSES,
  isTestKey,
  type ReservationSettings,
  type ReservationStatus,
  toKobo,
} from "~/lib/reservations";
import { getDb } from "../../db/database.server";
import type { ReservationsTable } from "../../db/schema";
import { queueAvailableAlerts, queueSoldAlerts } from "./alerts.server";
import { getBusiness } from "./business.server";
import { type Db as DB, inTransaction } from "./db.server";
import { queueReservationMail } from "./notifications.server";
import { wakeOutbox } from "./outbox.server";
import { type PaystackTransaction, secretKey } from "./paystack.server";

/**
 * Reservations (docs/product.md, Reservations): the owner's settings, the hold a checkout puts on
 * a car, and what a payment, a hold's end and staff's actions do to it. One reservation per car
 * may be pending or paid at a time (a unique index in the database); a hold whose end has passed
 * no longer counts for any read, and `expireHolds` records it and tells the buyer and staff.
 * Functions that write take the transaction first; Paystack is called by the use cases, outside.
 */

export type Reservation = Selectable<ReservationsTable>;

const SETTINGS_KEY = "reservations";
const HOUR_MS = 3_600_000;
const iso = (d: Date) => d.toISOString();
const origin = () => siteOrigin(env());

export async function getReservationSettings(db: DB = getDb()): Promise<ReservationSettings> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", SETTINGS_KEY).executeTakeFirst();
  if (!row) return DEFAULT_RESERVATION_SETTINGS;
  try {
    return { ...DEFAULT_RESERVATION_SETTINGS, ...(JSON.parse(row.value) as Partial<ReservationSettings>) };
  } catch {
    return DEFAULT_RESERVATION_SETTINGS;
  }
}

/** Stores the settings; every page shows the change at its next request (the catalogue version moves). */
export async function saveReservationSettings(db: DB, settings: ReservationSettings): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insertInto("settings")
    .values({ key: SETTINGS_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
  await sql`UPDATE catalog_version SET version = version + 1 WHERE id = 1`.execute(db);
}

const newReference = (): string => `LPA-${crypto.randomBytes(9).toString("hex")}`;

export async function getReservation(reference: string, db: DB = getDb()): Promise<Reservation | null> {
  return (
    (await db.selectFrom("reservations").selectAll().where("reference", "=", reference).executeTakeFirst()) ?? null
  );
}

/** The reservation holding the car now (pending or paid, its hold not yet ended), if any. */
export async function carHold(db: DB, carId: number, now = new Date()): Promise<Reservation | null> {
  return (
    (await db
      .selectFrom("reservations")
      .selectAll()
      .where("car_id", "=", carId)
      .where("status", "in", HOLDING_STATUSES)
      .where("hold_until", ">", iso(now))
      .executeTakeFirst()) ?? null
  );
}

export interface CheckoutCar {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
  sold: number;
}

export async function checkoutCar(id: number, db: DB = getDb()): Promise<CheckoutCar | null> {
  return (
    (await db
      .selectFrom("cars")
      .select(["id", "make", "model", "year", "price", "sold"])
      .where("id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

export type HoldResult =
  | { ok: true; reservation: Reservation }
  | { ok: false; reason: "sold" | "reserved" | "paying"; until: string };

/**
 * Starts a checkout: the car is held for CHECKOUT_HOLD_MINUTES under a new reference with the
 * deposit worked out here from the settings and the car's price. Holds already ended on this car
 * are recorded first; another buyer's running hold refuses it (and the unique index would too).
 */
export async function holdForCheckout(
  db: DB,
  car: CheckoutCar,
  buyer: { name: string; email: string; phone: string },
  settings: ReservationSettings,
  now = new Date(),
): Promise<HoldResult> {
  if (car.sold) return { ok: false, reason: "sold", until: iso(now) };
  await expireHolds(db, now, car.id);
  const held = await carHold(db, car.id, now);
  if (held) return { ok: false, reason: held.status === "paid" ? "reserved" : "paying", until: held.hold_until };
  const at = iso(now);
  const reservation = await db
    .insertInto("reservations")
    .values({
      reference: newReference(),
      car_id: car.id,
      car_label: `${car.make} ${car.model} ${car.year}`,
      name: buyer.name,
      email: buyer.email,
      phone: buyer.phone,
      amount: depositFor(settings.deposit, car.price),
      status: "pending",
      hold_until: iso(new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000)),
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ok: true, reservation };
}

/** A checkout Paystack would not start: the hold goes at once. */
export async function dropCheckout(id: number, db: DB = getDb()): Promise<void> {
  await db.deleteFrom("reservations").where("id", "=", id).where("status", "=", "pending").execute();
}

async function setStatus(
  db: DB,
  r: Reservation,
  status: ReservationStatus,
  now: Date,
  extra: { hold_until?: string; paid_at?: string; refund_note?: string | null } = {},
): Promise<Reservation> {
  return db
    .updateTable("reservations")
    .set({ status, updated_at: iso(now), ...extra })
    .where("id", "=", r.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

function mailReservation(r: Reservation): MailReservation {
  return {
    reference: r.reference,
    car: r.car_label,
    carUrl: `${origin()}/cars/${r.car_id}`,
    amount: r.amount,
    holdUntil: r.hold_until,
    name: r.name,
    email: r.email,
    phone: r.phone,
    leadUrl: origin() + leadPath("reservation", r.id),
  };
}

export type PaymentOutcome =
  | { kind: "reserved"; reservation: Reservation; first: boolean }
  | { kind: "needs_refund"; reservation: Reservation; first: boolean }
  | { kind: "failed"; reservation: Reservation; status: string }
  | { kind: "closed"; reservation: Reservation }
  | { kind: "unknown" };

/**
 * What a confirmed transaction (verify's answer, or a signed charge.success) does, exactly once
 * however often and in whatever order it arrives: a success for the amount asked, in naira, makes
 * the reservation paid and holds the car for the settings' hours from now (receipt to the buyer,
 * alert to staff); a success that cannot hold the car (someone else holds it, it is sold, the
 * reservation was cancelled, or the amount is not the one asked) is "needs refund" with an alert
 * at once; a failed or abandoned payment releases a pending hold. A reservation already settled
 * is answered as it stands.
 */
export async function settlePayment(
  db: DB,
  tx: PaystackTransaction,
  settings: ReservationSettings,
  now = new Date(),
): Promise<PaymentOutcome> {
  const r = await getReservation(tx.reference, db);
  if (!r) return { kind: "unknown" };
  if (r.status === "paid" || r.status === "converted") return { kind: "reserved", reservation: r, first: false };
  if (r.status === "needs_refund" || r.status === "refunded")
    return { kind: "needs_refund", reservation: r, first: false };
  if (tx.status !== "success") {
    if (r.status !== "pending") return { kind: "closed", reservation: r };
    const released = await setStatus(db, r, "cancelled", now, { hold_until: iso(now) });
    return { kind: "failed", reservation: released, status: tx.status };
  }
  const rightAmount = tx.amount === toKobo(r.amount) && tx.currency === "NGN";
  const car = await checkoutCar(r.car_id, db);
  const other = (await carHold(db, r.car_id, now)) ?? null;
  const heldByOther = other !== null && other.id !== r.id;
  const business = await getBusiness(db);
  if (!rightAmount || !car || car.sold || heldByOther || r.status === "cancelled") {
    const flagged = await setStatus(db, r, "needs_refund", now, { paid_at: iso(now) });
    await queueReservationMail(
      db,
      r.id,
      staffReservationMail("needs_refund", mailReservation(flagged), business),
      null,
    );
    return { kind: "needs_refund", reservation: flagged, first: true };
  }
  // Our own hold (or a free car after ours ran out): the car is held for the settings' hours from now.
  if (other === null && r.status !== "pending") await expireHolds(db, now, r.car_id);
  const paid = await setStatus(db, r, "paid", now, {
    paid_at: iso(now),
    hold_until: iso(new Date(now.getTime() + settings.holdHours * HOUR_MS)),
  });
  const mail = mailReservation(paid);
  await queueReservationMail(db, r.id, staffReservationMail("paid", mail, business), {
    to: paid.email,
    mail: receiptMail(mail, business, settings.terms),
  });
  return { kind: "reserved", reservation: paid, first: true };
}

/**
 * Records the holds that have ended by `now` (on one car, or all): an unpaid checkout is simply
 * released; a paid hold becomes "expired", the buyer and staff are told, and so are the buyers
 * who asked to hear when the car is available again. Returns how many.
 */
export async function expireHolds(db: DB, now = new Date(), carId?: number): Promise<number> {
  let q = db
    .selectFrom("reservations")
    .selectAll()
    .where("status", "in", HOLDING_STATUSES)
    .where("hold_until", "<=", iso(now));
  if (carId !== undefined) q = q.where("car_id", "=", carId);
  const ended = await q.execute();
  if (ended.length === 0) return 0;
  const business = await getBusiness(db);
  for (const r of ended) {
    const next = await setStatus(db, r, r.status === "paid" ? "expired" : "cancelled", now);
    if (r.status === "paid") {
      const mail = mailReservation(next);
      await queueReservationMail(db, r.id, staffReservationMail("expired", mail, business), {
        to: r.email,
        mail: holdEndedBuyerMail(mail, business),
      });
      await queueAvailableAlerts(db, r.car_id, now);
    }
  }
  return ended.length;
}

export type StaffChange =
  | { action: "extend"; hours: number }
  | { action: "convert" }
  | { action: "cancel" }
  | { action: "refunded"; note: string };

/** Which changes staff may make from each status. */
export function staffChangeProblem(r: Reservation, action: StaffChange["action"], now = new Date()): string | null {
  const holding = r.status === "paid" && r.hold_until > iso(now);
  switch (action) {
    case "extend":
      return r.status === "paid" || r.status === "expired" ? null : "Only a paid reservation can be extended.";
    case "convert":
      return holding ? null : "Only a reservation holding its car can become a sale.";
    case "cancel":
      return r.status === "paid" || r.status === "pending" ? null : "This reservation is not holding the car.";
    case "refunded":
      return ["paid", "expired", "cancelled", "needs_refund"].includes(r.status) && r.paid_at
        ? null
        : "Only a paid deposit can be refunded.";
  }
}

/** Applies a staff change already checked by staffChangeProblem; a sale notes the deposit. */
export async function applyStaffChange(
  db: DB,
  r: Reservation,
  change: StaffChange,
  now = new Date(),
): Promise<Reservation> {
  switch (change.action) {
    case "extend": {
      const from = r.status === "paid" && r.hold_until > iso(now) ? new Date(r.hold_until) : now;
      if (r.status === "expired") {
        const other = await carHold(db, r.car_id, now);
        if (other) throw new Error("car-held");
      }
      return setStatus(db, r, "paid", now, { hold_until: iso(new Date(from.getTime() + change.hours * HOUR_MS)) });
    }
    case "convert": {
      const car = await checkoutCar(r.car_id, db);
      if (car && !car.sold) {
        await db
          .updateTable("cars")
          .set({ sold: 1, updated_at: iso(now) })
          .where("id", "=", car.id)
          .execute();
        const lagos = new Date(now.getTime() + 3_600_000).toISOString();
        const row = await db
          .selectFrom("cars")
          .select(["make", "model", "year", "color", "price", "created_at"])
          .where("id", "=", car.id)
          .executeTakeFirstOrThrow();
        await db
          .insertInto("car_sales")
          .values({
            car_id: car.id,
            make: row.make,
            model: row.model,
            year: row.year,
            color: row.color,
            date_sold: lagos.slice(0, 10),
            time_sold: lagos.slice(11, 16),
            created_at: iso(now),
            price: row.price,
            listed_at: row.created_at,
            sale_price: null,
            deposit: r.amount,
            reservation_reference: r.reference,
          })
          .execute();
      }
      // Whoever watched the car (its price, or for it to be free again) hears it is sold.
      await queueSoldAlerts(db, r.car_id, now);
      return setStatus(db, r, "converted", now);
    }
    case "cancel": {
      const cancelled = await setStatus(db, r, "cancelled", now, { hold_until: iso(now) });
      if (r.status === "paid") await queueAvailableAlerts(db, r.car_id, now);
      return cancelled;
    }
    case "refunded":
      return setStatus(db, r, "refunded", now, { refund_note: change.note });
  }
}

/** What the car page offers: "Reserve with ₦…" with the terms (and whether payments are in test mode), or null. */
export interface ReservationOffer {
  deposit: number;
  terms: string;
  testMode: boolean;
}

export async function reservationOffer(car: {
  price: number;
  sold: boolean;
  reserved_until: string | null;
}): Promise<ReservationOffer | null> {
  if (car.sold || car.reserved_until) return null;
  const settings = await getReservationSettings();
  const key = await secretKey();
  if (!settings.enabled || !key) return null;
  return { deposit: depositFor(settings.deposit, car.price), terms: settings.terms, testMode: isTestKey(key) };
}

/** Every hold ended by `now`, recorded in one transaction (the server's clock runs it every 30 s). */
export async function endHolds(now = new Date()): Promise<number> {
  const ended = await inTransaction((trx) => expireHolds(trx, now));
  if (ended) wakeOutbox();
  return ended;
}
