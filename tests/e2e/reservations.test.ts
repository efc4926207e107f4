import { describe, expect, it } from "vitest";
import { type PaystackStandIn, startPaystackStandIn } from "../helpers/paystack-stand-in";
import { ADMIN_PASSWORD, ADMIN_USERNAME, DESKTOP, PHONE, screenshot, setupE2E } from "./harness";

// A buyer reserves a car through the Paystack stand-in's checkout, with and without JavaScript;
// two buyers race for one car; a replayed webhook changes nothing.

const paystack: PaystackStandIn = await startPaystackStandIn();
const app = setupE2E({
  browser: true,
  server: { env: { PAYSTACK_SECRET_KEY: paystack.key, PAYSTACK_API_URL: paystack.url } },
});

async function turnOn(): Promise<void> {
  const login = await fetch(app.url("/api/admin/login"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(app.url("/api/admin/reservations/settings"), {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      enabled: true,
      depositKind: "fixed",
      depositNaira: 100000,
      depositPercent: 5,
      holdHours: 72,
      terms: "Refundable in full until the hold ends.",
    }),
  });
  expect(res.status).toBe(200);
}

const freeCars = () =>
  app.rows<{ id: number }>(
    "SELECT id FROM cars WHERE sold = 0 AND id NOT IN (SELECT car_id FROM reservations) ORDER BY id LIMIT 3",
  );

describe("reserving a car online", () => {
  for (const js of [false, true]) {
    it(`car page to "Reserved for you" through the checkout (${js ? "with" : "without"} JavaScript)`, async () => {
      await turnOn();
      const car = freeCars()[0];
      const viewport = js ? DESKTOP : PHONE;
      const page = await app.open(`/cars/${car.id}`, { js, viewport });
      const form = page.getByTestId("reserve");
      await expect(form.getByRole("heading", { name: "Reserve with ₦100,000" }).count()).resolves.toBe(1);
      await expect(page.getByText("Test mode", { exact: true }).count()).resolves.toBe(1);
      await screenshot(page, `reserve-form-${viewport.width}`);
      await page.getByLabel("Your name").fill("Ada Obi");
      // Email is off on this site, so the field promises no receipt (reservation-hold.test.ts has it on).
      await form.getByLabel(/^Email/).fill("ada@example.com");
      await page.getByLabel("Phone").fill("0803 555 0142");
      await Promise.all([page.waitForURL(/\/checkout\//), form.getByRole("button", { name: /Reserve with/ }).click()]);
      await Promise.all([
        page.waitForURL(/\/reservations\/callback/),
        page.getByRole("button", { name: "Pay" }).click(),
      ]);
      await screenshot(page, `reservation-callback-${viewport.width}`);
      expect(await page.locator("main").innerText()).toMatch(/Reserved for you until \w+ \d+ \w+, \d\d:\d\d/);
      const again = await app.open(`/cars/${car.id}`, { js: false, viewport });
      await expect(again.getByTestId("reserved-notice").count()).resolves.toBe(1);
      await expect(again.getByTestId("reserve").count()).resolves.toBe(0);
      const api = (await (await fetch(app.url(`/api/cars/${car.id}`))).json()) as { reserved_until: string | null };
      expect(api.reserved_until).toMatch(/^\d{4}-/);
    });
  }

  it("staff extend the hold from the lead page without JavaScript; it is in the lead's history", async () => {
    await turnOn();
    const car = freeCars()[0];
    const res = await fetch(app.url("/api/reservations"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ car_id: car.id, name: "Ngozi", email: "n@example.com", phone: "08035550142" }),
    });
    const { reference } = (await res.json()) as { reference: string };
    paystack.settle(reference, "success");
    expect((await paystack.sendWebhook(app.url(""), reference)).status).toBe(200);
    const [{ id }] = app.rows<{ id: number }>("SELECT id FROM reservations WHERE reference = ?", reference);
    const page = await app.open(`/admin/leads/reservation/${id}`, { js: false, viewport: DESKTOP, admin: true });
    await page.getByLabel("Extend the hold by (hours)").fill("48");
    await Promise.all([
      page.waitForURL(/\/admin\/leads\/reservation\//),
      page.getByRole("button", { name: "Extend" }).click(),
    ]);
    expect(await page.locator("body").innerText()).toMatch(/Extended a reservation/);
    expect(app.rows("SELECT status FROM reservations WHERE id = ?", id)).toEqual([{ status: "paid" }]);
  });

  it("two buyers race for one car: one holds it, the other is told someone is paying", async () => {
    await turnOn();
    const car = freeCars()[0];
    const start = (email: string) =>
      fetch(app.url("/api/reservations"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ car_id: car.id, name: "Buyer", email, phone: "08035550142" }),
      });
    const answers = await Promise.all([start("a@example.com"), start("b@example.com")]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409) as Response;
    expect(((await refused.json()) as { error: string }).error).toMatch(/Someone is paying for this car right now/);
    expect(app.rows("SELECT status FROM reservations WHERE car_id = ?", car.id)).toEqual([{ status: "pending" }]);
  });

  it("a replayed webhook gives one reservation and a bad signature 401", async () => {
    await turnOn();
    const car = freeCars()[0];
    const res = await fetch(app.url("/api/reservations"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ car_id: car.id, name: "Chidi", email: "c@example.com", phone: "08035550142" }),
    });
    const { reference } = (await res.json()) as { reference: string };
    paystack.settle(reference, "success");
    expect((await paystack.sendWebhook(app.url(""), reference, "sk_test_notthekey00000000")).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await paystack.sendWebhook(app.url(""), reference)).status).toBe(200);
    expect(app.rows("SELECT status FROM reservations WHERE car_id = ?", car.id)).toEqual([{ status: "paid" }]);
    expect(app.rows("SELECT count(*) AS n FROM leads WHERE kind = 'reservation' AND car_id = ?", car.id)).toEqual([
      { n: 1 },
    ]);
  });
});
