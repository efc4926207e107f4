// The owner sets reservations up on the Settings screen (with and without JavaScript): no key, no
// reservations, and the screen says why; a pasted Paystack key is shown only masked, in test mode.
// Then a car is reserved; /browse can leave it out; a buyer asks on its page to be told if it
// becomes available; and when its hold ends the car is for sale again by itself (card, page, public
// API) while the buyer, staff and the waiting buyer are emailed (the SMTP server started here).
//
// Time: the server runs on the real clock, so the test moves the hold's end into the past in the
// database, as the 72 hours passing would (the integration tests pass `now` instead). The server's
// own 30-second sweep then records the end and sends the emails: no test path in the product.
import fs from "node:fs";
import Database from "better-sqlite3";
import type { ParsedMail } from "mailparser";
import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../helpers/mail-servers";
import { type PaystackStandIn, startPaystackStandIn } from "../helpers/paystack-stand-in";
import { ADMIN_PASSWORD, ADMIN_USERNAME, DESKTOP, JS_MODES, PHONE, screenshot, setupE2E } from "./harness";

/** A picture of one part of a page, under tests/artifacts like the harness's whole pages. */
async function shot(part: Locator, name: string): Promise<void> {
  fs.mkdirSync("tests/artifacts", { recursive: true });
  await part.screenshot({ path: `tests/artifacts/${name}.png` });
}

const paystack: PaystackStandIn = await startPaystackStandIn();
const serverEnv: Record<string, string> = {
  MAIL_FROM: "Lekki Prime Autos <cars@lekkiprimeautos.ng>",
  PAYSTACK_API_URL: paystack.url,
};
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  serverEnv.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp.close();
  await paystack.close();
});

const app = setupE2E({ browser: true, server: { env: serverEnv } });

async function mailFor(to: string, subject: RegExp, ms = 75_000): Promise<ParsedMail> {
  const end = Date.now() + ms;
  for (;;) {
    const found = smtp.received.find(
      (m) => m.subject !== undefined && subject.test(m.subject) && JSON.stringify(m.to).includes(to),
    );
    if (found) return found;
    if (Date.now() > end) throw new Error(`No email "${subject}" to ${to}; got ${smtp.received.map((m) => m.subject)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function apiToken(): Promise<string> {
  const res = await fetch(app.url("/api/admin/login"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

const storedSettings = () =>
  app
    .rows<{ value: string }>("SELECT value FROM settings WHERE key = 'reservations'")
    .map((r) => JSON.parse(r.value) as { enabled: boolean; deposit: unknown; holdHours: number });

describe("the owner's reservation settings", () => {
  it("without JavaScript: no key, cannot be turned on and says why; a pasted key shown masked, test mode", async () => {
    const page = await app.open("/admin/settings", { js: false, viewport: PHONE, admin: true });
    const section = page.getByTestId("reservation-settings");
    expect(await section.innerText()).toMatch(/Reservations need your Paystack secret key/);
    await section.getByLabel("Buyers can reserve cars online").check();
    await Promise.all([
      page.waitForLoadState("load"),
      section.getByRole("button", { name: "Save reservations" }).click(),
    ]);
    expect(await section.getByRole("alert").innerText()).toMatch(
      /not saved: Reservations need your Paystack secret key/,
    );
    expect(storedSettings()).toEqual([]);

    await section.getByLabel("Buyers can reserve cars online").check();
    await section.getByLabel("Paste your Paystack secret key").fill(paystack.key);
    await section.getByLabel("Fixed deposit in naira").fill("₦100,000");
    await Promise.all([
      page.waitForURL(/saved=reservations/),
      section.getByRole("button", { name: "Save reservations" }).click(),
    ]);
    const saved = page.getByTestId("reservation-settings");
    expect(await saved.innerText()).toMatch(/Reservation settings saved/);
    expect(await saved.getByTestId("paystack-key").innerText()).toContain(`sk_test_…${paystack.key.slice(-4)}`);
    expect(await saved.innerText()).toMatch(/Test mode: your Paystack key is a test key/);
    expect(await page.content()).not.toContain(paystack.key);
    expect(storedSettings()).toEqual([
      expect.objectContaining({ enabled: true, deposit: { kind: "fixed", naira: 100_000 }, holdHours: 72 }),
    ]);
    await shot(saved, "reservation-settings-390");
  });

  it("with JavaScript: the deposit as a percentage and the hold are saved; a bad hold is named", async () => {
    const page = await app.open("/admin/settings", { js: true, viewport: DESKTOP, admin: true });
    const section = page.getByTestId("reservation-settings");
    await section.getByLabel("A percentage of the price", { exact: true }).check();
    await section.getByLabel("Deposit as a percentage of the price").fill("5");
    await section.getByLabel(/^Hold \(hours\)/).fill("0");
    await section.getByRole("button", { name: "Save reservations" }).click();
    await expect.poll(() => section.innerText()).toMatch(/The hold must be at least 1 hour/);
    await section.getByLabel(/^Hold \(hours\)/).fill("48");
    await section.getByRole("button", { name: "Save reservations" }).click();
    await page.waitForURL(/saved=reservations/);
    await expect.poll(() => section.innerText()).toMatch(/Reservation settings saved/);
    expect(storedSettings()).toEqual([
      expect.objectContaining({ enabled: true, deposit: { kind: "percent", percent: 5 }, holdHours: 48 }),
    ]);
    await shot(section, "reservation-settings-1280");
    // Back to the defaults the next tests read.
    await section.getByLabel("A fixed amount").check();
    await section.getByLabel(/^Hold \(hours\)/).fill("72");
    await section.getByRole("button", { name: "Save reservations" }).click();
    await expect.poll(() => storedSettings()[0]?.holdHours).toBe(72);
  });
});

describe("a reserved car", () => {
  let car: { id: number; make: string; model: string; year: number };
  let reference: string;
  const buyer = "ngozi@example.com";
  const watcher = "tunde@example.com";
  const staff = "sales@lekkiprimeautos.ng";

  it("is reserved through Paystack (staff get reservations by email)", async () => {
    const token = await apiToken();
    const notify = await fetch(app.url("/api/admin/notifications"), {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ recipients: [{ email: staff, kinds: ["reservation"] }] }),
    });
    expect(notify.status).toBe(200);
    [car] = app.rows<typeof car>(
      "SELECT id, make, model, year FROM cars WHERE sold = 0 AND id NOT IN (SELECT car_id FROM reservations) " +
        "ORDER BY id LIMIT 1",
    );
    const res = await fetch(app.url("/api/reservations"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ car_id: car.id, name: "Ngozi Eze", email: buyer, phone: "08035550142" }),
    });
    expect(res.status).toBe(201);
    ({ reference } = (await res.json()) as { reference: string });
    paystack.settle(reference, "success");
    expect((await paystack.sendWebhook(app.url(""), reference)).status).toBe(200);
    await mailFor(buyer, /^Receipt: /);
  });

  for (const { js, label } of JS_MODES) {
    it(`can be left out of /browse with "Hide reserved cars" (${label})`, async () => {
      const search = `/browse?${new URLSearchParams({ make: car.make, model: car.model })}`;
      const page = await app.open(search, { js, viewport: DESKTOP });
      const card = page.getByTestId("car-card").filter({ has: page.locator(`a[href^="/cars/${car.id}-"]`) });
      await expect(card.getByTestId("reserved-badge").count()).resolves.toBe(1);
      await page.getByLabel("Hide reserved cars").check();
      await Promise.all([
        page.waitForURL(/hide_reserved=1/),
        page.getByRole("button", { name: "Apply Filters" }).click(),
      ]);
      await expect.poll(() => card.count()).toBe(0);
      await expect(page.getByLabel("Hide reserved cars").isChecked()).resolves.toBe(true);
      const api = (await (await fetch(app.url("/api/cars?hide_reserved=1&limit=100"))).json()) as { id: number }[];
      expect(api.map((c) => c.id)).not.toContain(car.id);
    });
  }

  it("lets a buyer ask to be told if it becomes available (confirmed by email)", async () => {
    const page = await app.open(`/cars/${car.id}`, { js: false, viewport: PHONE });
    await expect(page.getByTestId("reserved-notice").count()).resolves.toBe(1);
    await expect(page.getByTestId("reserve").count()).resolves.toBe(0);
    const form = page.locator("form[action='/alerts']");
    await expect(form.getByRole("heading", { name: "Tell me if it becomes available" }).count()).resolves.toBe(1);
    await page.setViewportSize({ width: 390, height: 1600 });
    await screenshot(page, "reserved-car-390", { fullPage: false });
    await form.getByLabel("Your email").fill(watcher);
    await Promise.all([page.waitForURL(/\/alerts/), form.getByRole("button", { name: "Tell me" }).click()]);
    expect(await page.locator("main").innerText()).toMatch(/Check your email/);
    const confirm = await mailFor(watcher, /^Confirm your alert: the .* becoming available/);
    const link = /https?:\/\/\S+\/alerts\/confirm\/[\w-]+/.exec(confirm.text ?? "")?.[0];
    expect(link).toBeTruthy();
    const confirmed = await app.open(new URL(link as string).pathname, { js: false, viewport: PHONE });
    await Promise.all([
      confirmed.waitForLoadState("load"),
      confirmed.getByRole("button", { name: "Yes, send me this alert" }).click(),
    ]);
    await expect.poll(() => confirmed.locator("main").innerText()).toMatch(/Alert confirmed/);
    const desk = await app.open(`/cars/${car.id}`, { js: true, viewport: DESKTOP });
    await screenshot(desk, "reserved-car-1280", { fullPage: false });
  });

  it("is for sale again by itself when the hold ends; buyer, staff and the waiting buyer are emailed", async () => {
    // 72 hours pass: the hold's end is now in the past.
    const db = new Database(app.server.dbPath);
    try {
      db.pragma("busy_timeout = 5000");
      db.prepare("UPDATE reservations SET hold_until = ? WHERE reference = ?").run(
        new Date(Date.now() - 1000).toISOString(),
        reference,
      );
    } finally {
      db.close();
    }
    // At the next request, before the sweep has recorded anything: page, card and API.
    const api = (await (await fetch(app.url(`/api/cars/${car.id}`))).json()) as { reserved_until: string | null };
    expect(api.reserved_until).toBeNull();
    const page = await app.open(`/cars/${car.id}`, { js: false, viewport: PHONE });
    await expect(page.getByTestId("reserved-notice").count()).resolves.toBe(0);
    await expect(page.getByTestId("reserve").count()).resolves.toBe(1);
    const browse = await app.open(
      `/browse?${new URLSearchParams({ make: car.make, model: car.model, hide_reserved: "1" })}`,
      {
        js: false,
        viewport: DESKTOP,
      },
    );
    const card = browse.getByTestId("car-card").filter({ has: browse.locator(`a[href^="/cars/${car.id}-"]`) });
    await expect(card.count()).resolves.toBe(1);
    await expect(card.getByTestId("reserved-badge").count()).resolves.toBe(0);

    // The server's sweep records the end and tells everyone, once.
    await mailFor(buyer, /^Your reservation of the .* has ended$/);
    await mailFor(staff, /^Hold ended: /);
    const available = await mailFor(watcher, /^Available again: /);
    expect(available.text).toContain(`/cars/${car.id}-`);
    expect(app.rows("SELECT status FROM reservations WHERE reference = ?", reference)).toEqual([{ status: "expired" }]);
    expect(app.rows("SELECT status FROM buyer_alerts WHERE email = ?", watcher)).toEqual([{ status: "ended" }]);
    await new Promise((r) => setTimeout(r, 1000));
    const ended = smtp.received.filter((m) => /has ended$|^Hold ended|^Available again/.test(m.subject ?? ""));
    expect(ended).toHaveLength(3);
  }, 150_000);

  it("is counted on the Reports page: one deposit taken, none converted yet", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await app.open("/admin/report", { js: true, viewport, admin: true });
      expect(await page.getByTestId("report-deposits").innerText()).toMatch(/Deposits taken\s*1\b/i);
      expect(await page.getByTestId("report-converted").innerText()).toMatch(/Reservations converted\s*0\b/i);
      await shot(page.getByTestId("report-deposits").locator("xpath=../.."), `report-reservations-${viewport.width}`);
      const chart = page.getByText("Reservations Per Month").first();
      await chart.scrollIntoViewIfNeeded();
      await screenshot(page, `report-chart-${viewport.width}`, { fullPage: false });
    }
  });
});

describe("two buyers in Chromium", () => {
  it("race for one car from its page (one without JavaScript, one with): one pays, the other is told", async () => {
    const [car] = app.rows<{ id: number }>(
      "SELECT id FROM cars WHERE sold = 0 AND id NOT IN (SELECT car_id FROM reservations) ORDER BY id LIMIT 1",
    );
    const pages = await Promise.all([
      app.open(`/cars/${car.id}`, { js: false, viewport: PHONE }),
      app.open(`/cars/${car.id}`, { js: true, viewport: DESKTOP }),
    ]);
    for (const [i, page] of pages.entries()) {
      await page.getByLabel("Your name").fill(`Buyer ${i}`);
      await page.getByLabel("Email (for your receipt)").fill(`buyer${i}@example.com`);
      await page.getByLabel("Phone").fill("0803 555 0142");
    }
    await Promise.all(
      pages.map((page) =>
        Promise.all([
          page.waitForURL(/\/checkout\/|\/reservations$/),
          page
            .getByTestId("reserve")
            .getByRole("button", { name: /Reserve with/ })
            .click(),
        ]),
      ),
    );
    const atCheckout = pages.filter((p) => /\/checkout\//.test(p.url()));
    const refused = pages.filter((p) => /\/reservations$/.test(p.url()));
    expect([atCheckout.length, refused.length]).toEqual([1, 1]);
    await expect
      .poll(() => refused[0].getByRole("alert").innerText())
      .toMatch(/Someone is paying for this car right now\. Try again after \w+ \d+ \w+, \d\d:\d\d/);
    expect(app.rows("SELECT status FROM reservations WHERE car_id = ?", car.id)).toEqual([{ status: "pending" }]);
  });
});
