import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refusal } from "~/lib/refusal";
import { CHECKOUT_HOLD_MINUTES, DEFAULT_RESERVATION_SETTINGS } from "~/lib/reservations";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { type PaystackStandIn, startPaystackStandIn } from "../../tests/helpers/paystack-stand-in";
import {
  applyStaffChange,
  carHold,
  expireHolds,
  getReservation,
  saveReservationSettings,
} from "../models/reservations.server";
import { confirmBuyerAlert, requestAlert } from "./alerts.server";
import { confirmReservation, paystackWebhook, startReservation } from "./reservations.server";
import { visitorActor } from "./use-case.server";

let paystack: PaystackStandIn;
const buyerActor = visitorActor("127.0.0.2");
const paystackActor = visitorActor("127.0.0.3");
const g = globalThis as { __dealershipEnv?: unknown };

beforeAll(async () => {
  paystack = await startPaystackStandIn();
  process.env.PAYSTACK_SECRET_KEY = paystack.key;
  process.env.PAYSTACK_API_URL = paystack.url;
  process.env.SMTP_URL = "smtp://127.0.0.1:2525";
  g.__dealershipEnv = undefined;
});
afterAll(async () => {
  await paystack.close();
  delete process.env.PAYSTACK_SECRET_KEY;
  delete process.env.PAYSTACK_API_URL;
  delete process.env.SMTP_URL;
  g.__dealershipEnv = undefined;
});

beforeEach(async () => {
  await clearData();
  await getDb().deleteFrom("reservations").execute();
  await getDb().deleteFrom("buyer_alerts").execute();
  await getDb().deleteFrom("settings").where("key", "in", ["notifications", "reservations"]).execute();
  await saveReservationSettings(getDb(), { ...DEFAULT_RESERVATION_SETTINGS, enabled: true });
  await getDb()
    .insertInto("settings")
    .values({
      key: "notifications",
      value: JSON.stringify({ recipients: [{ email: "sales@shop.ng", kinds: ["reservation"] }], webhooks: [] }),
    })
    .execute();
});

const buyer = { name: "Ada Obi", email: "ada@example.com", phone: "0803 555 0142" };
const outbox = () => getDb().selectFrom("outbox").select(["topic", "recipient", "subject"]).orderBy("id").execute();

describe("starting a reservation", () => {
  it("asks Paystack for the deposit in kobo worked out on the server, in NGN, with callback and car", async () => {
    const car = await makeCar({ price: 25_000_000 });
    const started = await startReservation(buyerActor, { car_id: String(car), ...buyer, amount: 1 });
    expect(started.amount).toBe(100_000);
    const init = paystack.calls.find((c) => c.path === "/transaction/initialize");
    expect(init?.authorization).toBe(`Bearer ${paystack.key}`);
    expect(init?.body).toMatchObject({
      amount: 10_000_000,
      currency: "NGN",
      email: "ada@example.com",
      reference: started.reference,
      callback_url: `http://shop.ng/reservations/callback?reference=${started.reference}`,
      metadata: { car_id: car },
    });
    expect(started.authorization_url).toMatch(new RegExp(`^${paystack.url}/checkout/`));
  });

  it("a percentage deposit is a share of the price, rounded up to the naira", async () => {
    await saveReservationSettings(getDb(), {
      ...DEFAULT_RESERVATION_SETTINGS,
      enabled: true,
      deposit: { kind: "percent", percent: 2.5 },
    });
    const car = await makeCar({ price: 12_345_679 });
    const started = await startReservation(buyerActor, { car_id: car, ...buyer });
    expect(started.amount).toBe(308_642);
    expect(paystack.transactions.get(started.reference)?.amount).toBe(30_864_200);
  });

  it("holds the car 30 minutes: a second buyer is told someone is paying and when to try again", async () => {
    const car = await makeCar();
    const now = new Date("2026-12-01T10:00:00Z");
    await startReservation(buyerActor, { car_id: car, ...buyer }, now);
    const second = startReservation(buyerActor, { car_id: car, ...buyer, email: "bola@example.com" }, now);
    await expect(second).rejects.toThrow(
      /Someone is paying for this car right now. Try again after Tuesday 1 December, 11:30/,
    );
    const later = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000 + 1000);
    const again = await startReservation(buyerActor, { car_id: car, ...buyer, email: "bola@example.com" }, later);
    expect(again.reference).toBeTruthy();
  });

  it("refuses when reservations are off, and for a sold car", async () => {
    const sold = await makeCar({ sold: true });
    await expect(startReservation(buyerActor, { car_id: sold, ...buyer })).rejects.toThrow(/sold/);
    await saveReservationSettings(getDb(), DEFAULT_RESERVATION_SETTINGS);
    const car = await makeCar();
    await expect(startReservation(buyerActor, { car_id: car, ...buyer })).rejects.toMatchObject({
      code: "unavailable",
    });
  });
});

describe("confirming a payment", () => {
  it("callback and webhook in any order, twice: one paid reservation, one receipt, one staff alert", async () => {
    const car = await makeCar();
    const now = new Date("2026-11-29T13:00:00Z");
    const { reference } = await startReservation(buyerActor, { car_id: car, ...buyer }, now);
    paystack.settle(reference, "success");
    const { body, signature } = paystack.webhook(reference);
    await paystackWebhook(paystackActor, Buffer.from(body), signature, now);
    const first = await confirmReservation(paystackActor, reference, now);
    expect(first.kind).toBe("reserved");
    await paystackWebhook(paystackActor, Buffer.from(body), signature, now);
    const again = await confirmReservation(paystackActor, reference, now);
    expect(again).toMatchObject({ kind: "reserved", first: false });
    const r = await getReservation(reference);
    expect(r).toMatchObject({ status: "paid", hold_until: "2026-12-02T13:00:00.000Z" });
    const mails = await outbox();
    expect(mails.filter((m) => m.topic === "confirmation")).toHaveLength(1);
    expect(mails.filter((m) => m.topic === "staff-alert")).toHaveLength(1);
    expect(mails.find((m) => m.topic === "confirmation")?.subject).toMatch(/until Wednesday 2 December, 14:00/);
    const lead = await getDb().selectFrom("leads").selectAll().where("kind", "=", "reservation").execute();
    expect(lead).toHaveLength(1);
  });

  it("a bad signature is refused and changes nothing", async () => {
    const car = await makeCar();
    const { reference } = await startReservation(buyerActor, { car_id: car, ...buyer });
    paystack.settle(reference, "success");
    const forged = paystack.webhook(reference, "sk_test_wrongkey0000000000");
    await expect(paystackWebhook(paystackActor, Buffer.from(forged.body), forged.signature)).rejects.toBeInstanceOf(
      Refusal,
    );
    const { body, signature } = paystack.webhook(reference);
    await expect(
      paystackWebhook(paystackActor, Buffer.from(body.replace("success", "success ")), signature),
    ).rejects.toThrow(/signature/);
    await expect(paystackWebhook(paystackActor, Buffer.from(body), null)).rejects.toThrow(/signature/);
    expect((await getReservation(reference))?.status).toBe("pending");
  });

  it("a wrong amount is not accepted: needs refund, staff alerted", async () => {
    const car = await makeCar();
    const { reference } = await startReservation(buyerActor, { car_id: car, ...buyer });
    const tx = paystack.settle(reference, "success");
    tx.amount = 100;
    const outcome = await confirmReservation(paystackActor, reference);
    expect(outcome.kind).toBe("needs_refund");
    expect((await outbox()).map((m) => m.subject)).toEqual([expect.stringMatching(/^Refund needed/)]);
  });

  it("a failed or abandoned payment releases the hold at once", async () => {
    const car = await makeCar();
    const { reference } = await startReservation(buyerActor, { car_id: car, ...buyer });
    expect((await confirmReservation(paystackActor, reference)).kind).toBe("failed");
    expect(await carHold(getDb(), car)).toBeNull();
    const other = await startReservation(buyerActor, { car_id: car, ...buyer, email: "bola@example.com" });
    expect(other.reference).not.toBe(reference);
  });

  it("a late payment for a car another buyer holds is 'needs refund', and the car keeps one holder", async () => {
    const car = await makeCar();
    const t0 = new Date("2026-12-01T10:00:00Z");
    const first = await startReservation(buyerActor, { car_id: car, ...buyer }, t0);
    const t1 = new Date(t0.getTime() + 31 * 60_000);
    const second = await startReservation(buyerActor, { car_id: car, ...buyer, email: "bola@example.com" }, t1);
    paystack.settle(second.reference, "success");
    expect((await confirmReservation(paystackActor, second.reference, t1)).kind).toBe("reserved");
    paystack.settle(first.reference, "success");
    const late = paystack.webhook(first.reference);
    await paystackWebhook(paystackActor, Buffer.from(late.body), late.signature, t1);
    expect((await getReservation(first.reference))?.status).toBe("needs_refund");
    expect((await carHold(getDb(), car, t1))?.reference).toBe(second.reference);
    const subjects = (await outbox()).filter((m) => m.topic === "staff-alert").map((m) => m.subject);
    expect(subjects).toEqual([expect.stringMatching(/^Reserved/), expect.stringMatching(/^Refund needed/)]);
  });
});

describe("when the hold ends", () => {
  it("the car is free again, and the buyer and staff are told once", async () => {
    const car = await makeCar();
    const now = new Date("2026-12-01T10:00:00Z");
    const { reference } = await startReservation(buyerActor, { car_id: car, ...buyer }, now);
    paystack.settle(reference, "success");
    await confirmReservation(paystackActor, reference, now);
    const before = new Date(now.getTime() + 72 * 3_600_000 - 1000);
    expect(await expireHolds(getDb(), before)).toBe(0);
    expect(await carHold(getDb(), car, before)).not.toBeNull();
    const after = new Date(now.getTime() + 72 * 3_600_000);
    expect(await carHold(getDb(), car, after)).toBeNull();
    expect(await expireHolds(getDb(), after)).toBe(1);
    expect(await expireHolds(getDb(), after)).toBe(0);
    expect((await getReservation(reference))?.status).toBe("expired");
    const ended = (await outbox()).filter((m) => /ended/.test(m.subject));
    expect(ended.map((m) => m.recipient).sort()).toEqual(["ada@example.com", "sales@shop.ng"]);
  });
});

describe("tell me if it becomes available", () => {
  const watcher = visitorActor("127.0.0.4");
  const HOUR = 3_600_000;

  /** A paid reservation on a new car, at `now`. */
  async function reserved(now: Date) {
    const car = await makeCar();
    const { reference } = await startReservation(buyerActor, { car_id: car, ...buyer }, now);
    paystack.settle(reference, "success");
    await confirmReservation(paystackActor, reference, now);
    return { car, reference };
  }

  /** A confirmed "available" alert on the car, through the confirmation email's link (double opt-in). */
  async function watch(car: number, email: string) {
    await requestAlert(watcher, { email, car_id: String(car), when: "available" });
    const mail = await getDb()
      .selectFrom("outbox")
      .select(["subject", "payload"])
      .where("recipient", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/^Confirm your alert: the .* becoming available/);
    const token = /\/alerts\/confirm\/([\w-]+)/.exec(mail.payload)?.[1] ?? "";
    expect((await confirmBuyerAlert(watcher, token)).state).toBe("confirmed");
  }

  const told = async (email: string) =>
    (await outbox()).filter((m) => m.recipient === email && m.topic === "buyer-alert").map((m) => m.subject);

  it("is for a reserved car only; tells the confirmed watcher once when the hold ends", async () => {
    const now = new Date();
    const free = await makeCar();
    await expect(requestAlert(watcher, { email: "w@example.com", car_id: free, when: "available" })).rejects.toThrow(
      /not reserved/,
    );
    const { car } = await reserved(now);
    await watch(car, "w@example.com");
    await requestAlert(watcher, { email: "unconfirmed@example.com", car_id: car, when: "available" });
    const end = new Date(now.getTime() + 72 * HOUR);
    expect(await expireHolds(getDb(), end)).toBe(1);
    expect(await told("w@example.com")).toEqual([
      expect.stringMatching(/^Confirm your alert/),
      expect.stringMatching(/^Available again: /),
    ]);
    expect(await told("unconfirmed@example.com")).toEqual([expect.stringMatching(/^Confirm your alert/)]);
    const alert = await getDb()
      .selectFrom("buyer_alerts")
      .select("status")
      .where("email", "=", "w@example.com")
      .execute();
    expect(alert).toEqual([{ status: "ended" }]);
  });

  it("fires when staff cancel the hold, and not when it becomes a sale (the sold email instead)", async () => {
    const now = new Date();
    const cancelled = await reserved(now);
    await watch(cancelled.car, "c@example.com");
    const r1 = await getReservation(cancelled.reference);
    await applyStaffChange(getDb(), r1!, { action: "cancel" }, now);
    expect((await told("c@example.com")).at(-1)).toMatch(/^Available again: /);

    const sold = await reserved(now);
    await watch(sold.car, "s@example.com");
    const r2 = await getReservation(sold.reference);
    await applyStaffChange(getDb(), r2!, { action: "convert" }, now);
    const subjects = await told("s@example.com");
    expect(subjects.some((s) => s.startsWith("Available again"))).toBe(false);
    expect(subjects.at(-1)).toMatch(/^Sold: /);
  });
});
