import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RESERVATION_SETTINGS } from "~/lib/reservations";
import { getDb } from "../../db/database.server";
import { adminToken, bearer, respond } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import { type PaystackStandIn, startPaystackStandIn } from "../../tests/helpers/paystack-stand-in";
import { getCar } from "../models/car.server";
import { saveReservationSettings } from "../models/reservations.server";
import { confirmReservation, startReservation } from "../use-cases/reservations.server";
import { visitorActor } from "../use-cases/use-case.server";
import { action as change } from "./api.admin.reservations.$reference";
import { action as refund } from "./api.admin.reservations.$reference.refund";
import { loader as getSettings, action as putSettings } from "./api.admin.reservations.settings";

let paystack: PaystackStandIn;
const g = globalThis as { __dealershipEnv?: unknown };
const visitor = visitorActor("127.0.0.2");

beforeAll(async () => {
  paystack = await startPaystackStandIn();
  process.env.PAYSTACK_API_URL = paystack.url;
  g.__dealershipEnv = undefined;
});
afterAll(async () => {
  await paystack.close();
  delete process.env.PAYSTACK_API_URL;
  delete process.env.PAYSTACK_SECRET_KEY;
  g.__dealershipEnv = undefined;
});
beforeEach(async () => {
  await clearData();
  await getDb().deleteFrom("reservations").execute();
  await getDb().deleteFrom("settings").where("key", "in", ["reservations", "paystack_key"]).execute();
});

const send = (handler: unknown, url: string, method: string, token: string, body?: unknown, params: object = {}) =>
  respond(() =>
    (handler as (a: object) => Promise<unknown>)({
      request: new Request(`http://localhost${url}`, {
        method,
        headers: { ...bearer(token), "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      params,
      context: { clientIp: "127.0.0.1" },
    }),
  );

const settings = {
  enabled: true,
  depositKind: "fixed",
  depositNaira: 150000,
  depositPercent: 5,
  holdHours: 48,
  terms: "Refundable within the hold.",
};

describe("reservation settings", () => {
  it("cannot be turned on without a key and say why; a pasted key is kept and only shown masked", async () => {
    const { token } = await adminToken("owner1");
    const refused = await send(putSettings, "/api/admin/reservations/settings", "PUT", token, settings);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatch(/Reservations need your Paystack secret key/);
    const key = "sk_test_pastedkey1234567890wxyz";
    const saved = await send(putSettings, "/api/admin/reservations/settings", "PUT", token, {
      ...settings,
      secretKey: key,
    });
    expect(saved.status).toBe(200);
    const text = await saved.text();
    expect(text).not.toContain(key);
    expect(JSON.parse(text).key).toEqual({ source: "settings", masked: "sk_test_…wxyz", testMode: true });
    const view = await send(getSettings, "/api/admin/reservations/settings", "GET", token);
    expect(await view.text()).not.toContain(key);
    const trail = await getDb().selectFrom("activity").select(["action", "detail"]).execute();
    expect(JSON.stringify(trail)).not.toContain(key);
    expect(trail.map((t) => t.action)).toEqual(["settings.reservations"]);
    const sales = await adminToken("sales1", "sales");
    expect((await send(putSettings, "/api/admin/reservations/settings", "PUT", sales.token, settings)).status).toBe(
      403,
    );
  });
});

describe("staff actions", () => {
  beforeEach(async () => {
    process.env.PAYSTACK_SECRET_KEY = paystack.key;
    g.__dealershipEnv = undefined;
    await saveReservationSettings(getDb(), { ...DEFAULT_RESERVATION_SETTINGS, enabled: true });
  });

  async function paidReservation(): Promise<{ reference: string; car: number }> {
    const car = await makeCar();
    const { reference } = await startReservation(visitor, {
      car_id: car,
      name: "Ada",
      email: "a@b.ng",
      phone: "08035550142",
    });
    paystack.settle(reference, "success");
    await confirmReservation(visitor, reference);
    return { reference, car };
  }

  it("extend, convert to a sale with the deposit noted, each in the activity trail", async () => {
    const { token } = await adminToken("sales2", "sales");
    const { reference, car } = await paidReservation();
    const url = `/api/admin/reservations/${reference}`;
    const extended = await send(change, url, "PATCH", token, { action: "extend", hours: 24 }, { reference });
    expect(extended.status).toBe(200);
    const converted = await send(change, url, "PATCH", token, { action: "convert" }, { reference });
    expect((await converted.json()).status).toBe("converted");
    expect((await getCar(car))?.sold).toBe(true);
    const sale = await getDb().selectFrom("car_sales").select(["deposit", "reservation_reference"]).executeTakeFirst();
    expect(sale).toEqual({ deposit: 100_000, reservation_reference: reference });
    const again = await send(change, url, "PATCH", token, { action: "cancel" }, { reference });
    expect(again.status).toBe(409);
    const actions = await getDb()
      .selectFrom("activity")
      .select(["action", "target_id"])
      .where("action", "like", "reservation.%")
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["reservation.extend", "reservation.convert"]);
    expect(actions[0].target_id).toMatch(/^reservation\/\d+$/);
  });

  it("a refund through Paystack is for owners only, and is recorded", async () => {
    const { reference } = await paidReservation();
    const sales = await adminToken("sales3", "sales");
    const url = `/api/admin/reservations/${reference}/refund`;
    expect((await send(refund, url, "POST", sales.token, undefined, { reference })).status).toBe(403);
    const owner = await adminToken("owner3");
    const done = await send(refund, url, "POST", owner.token, undefined, { reference });
    expect(done.status).toBe(200);
    expect((await done.json()).status).toBe("refunded");
    expect(paystack.refunds).toContainEqual({ transaction: reference, amount: 10_000_000 });
    const cancel = await send(
      change,
      `/api/admin/reservations/${reference}`,
      "PATCH",
      owner.token,
      { action: "cancel" },
      { reference },
    );
    expect(cancel.status).toBe(409);
  });
});
