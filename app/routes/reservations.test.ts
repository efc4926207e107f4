import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RESERVATION_SETTINGS } from "~/lib/reservations";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { formRequest, jsonRequest } from "../../tests/helpers/leads";
import { type PaystackStandIn, startPaystackStandIn } from "../../tests/helpers/paystack-stand-in";
import { getCar } from "../models/car.server";
import { saveReservationSettings } from "../models/reservations.server";
import { action as webhook } from "./api.paystack.webhook";
import { action as reservationsApi } from "./api.reservations";
import { loader as carLoader } from "./cars.$id";
import { action as reserveForm } from "./reservations";
import { loader as callback } from "./reservations_.callback";

let paystack: PaystackStandIn;
const g = globalThis as { __dealershipEnv?: unknown };
type Handler = (args: { request: Request; params: object; context: object }) => Promise<unknown>;
const call = (handler: unknown, request: Request, params: object = {}) =>
  (handler as Handler)({ request, params, context: { clientIp: "127.0.0.2" } });

beforeAll(async () => {
  paystack = await startPaystackStandIn();
  process.env.PAYSTACK_SECRET_KEY = paystack.key;
  process.env.PAYSTACK_API_URL = paystack.url;
  g.__dealershipEnv = undefined;
});
afterAll(async () => {
  await paystack.close();
  delete process.env.PAYSTACK_SECRET_KEY;
  delete process.env.PAYSTACK_API_URL;
  g.__dealershipEnv = undefined;
});
beforeEach(async () => {
  await clearData();
  await getDb().deleteFrom("reservations").execute();
  await saveReservationSettings(getDb(), { ...DEFAULT_RESERVATION_SETTINGS, enabled: true });
});

const buyer = { name: "Ada Obi", email: "ada@example.com", phone: "08035550142" };

describe("reserving through the routes", () => {
  it("the car page offers 'Reserve with ₦100,000' in test mode; the form is sent to Paystack's checkout", async () => {
    const id = await makeCar();
    const car = await getCar(id);
    const slug = `${id}-toyota-camry-2020`;
    const page = (await call(carLoader, new Request(`http://localhost/cars/${slug}`), { id: slug })) as {
      reserve: unknown;
    };
    expect(page.reserve).toEqual({ deposit: 100_000, terms: DEFAULT_RESERVATION_SETTINGS.terms, testMode: true });
    const res = (await call(reserveForm, formRequest("/reservations", { car_id: id, ...buyer }))) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toMatch(new RegExp(`^${paystack.url}/checkout/`));
    expect(car?.reserved_until).toBeNull();
  });

  it("POST /api/reservations answers reference and checkout address; the callback reserves the car", async () => {
    const id = await makeCar();
    const res = (await call(reservationsApi, jsonRequest("/api/reservations", { car_id: id, ...buyer }))) as Response;
    expect(res.status).toBe(201);
    const { reference, authorization_url } = await res.json();
    expect(authorization_url).toMatch(/\/checkout\//);
    paystack.settle(reference, "success");
    const page = (await call(
      callback,
      new Request(`http://localhost/reservations/callback?reference=${reference}`),
    )) as {
      kind: string;
      until: string;
    };
    expect(page.kind).toBe("reserved");
    expect((await getCar(id))?.reserved_until).toBeTruthy();
    const again = (await call(reservationsApi, jsonRequest("/api/reservations", { car_id: id, ...buyer }))) as Response;
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatch(/reserved for another buyer until/);
  });

  it("the webhook: 401 for a bad signature (no change), 200 when signed, replays harmless", async () => {
    const id = await makeCar();
    const res = (await call(reservationsApi, jsonRequest("/api/reservations", { car_id: id, ...buyer }))) as Response;
    const { reference } = await res.json();
    paystack.settle(reference, "success");
    const signed = paystack.webhook(reference);
    const post = (signature: string) =>
      new Request("http://localhost/api/paystack/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": signature },
        body: signed.body,
      });
    const bad = (await call(webhook, post("ab".repeat(64)))) as Response;
    expect(bad.status).toBe(401);
    expect((await getCar(id))?.reserved_until).toBeNull();
    for (let i = 0; i < 3; i++) expect(((await call(webhook, post(signed.signature))) as Response).status).toBe(200);
    expect((await getCar(id))?.reserved_until).toBeTruthy();
    expect(await getDb().selectFrom("reservations").select("status").execute()).toEqual([{ status: "paid" }]);
  });

  it("a bad form comes back with the field messages, and no hold is taken", async () => {
    const id = await makeCar();
    const res = (await call(
      reserveForm,
      formRequest("/reservations", { car_id: id, name: "", email: "x", phone: "1" }),
    )) as Response;
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["email", "name", "phone"]);
    expect(await getDb().selectFrom("reservations").selectAll().execute()).toEqual([]);
  });
});
