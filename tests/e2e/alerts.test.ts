// Buyers' alerts in Chromium, with and without JavaScript, at 390 and 1280 px: a buyer asks on
// /browse to be told when a Lexus under ₦30m arrives, confirms through the emailed link (received
// by the SMTP server started here), staff add a matching car and the buyer's email arrives with a
// one-click unsubscribe (RFC 8058) that works; the manage page lists and removes alerts; the back
// office lists them in words.
import type { ParsedMail } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../helpers/db";
import { startSmtp, type TestSmtp } from "../helpers/mail-servers";
import { ADMIN_PASSWORD, ADMIN_USERNAME, DESKTOP, JS_MODES, PHONE, screenshot, settled, setupE2E } from "./harness";

const serverEnv: Record<string, string> = { MAIL_FROM: "Lekki Prime Autos <cars@lekkiprimeautos.ng>" };
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  serverEnv.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp.close();
});

const app = setupE2E({ browser: true, server: { env: serverEnv } });

const mailFor = (to: string, subject: string | RegExp) => smtp.mailFor(to, subject);

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "") ?? null;

async function apiToken(): Promise<string> {
  const res = await fetch(app.url("/api/admin/login"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  return (await res.json()).token;
}

async function addCar(token: string, model: string, price: number): Promise<number> {
  const form = new FormData();
  const fields: Record<string, string> = {
    make: "Lexus",
    model,
    year: "2021",
    price: String(price),
    mileage: "30000",
    condition: "Foreign Used",
    transmission: "Automatic",
    fuel_type: "Petrol",
    engine_capacity: "3.5L",
    engine_size: "V6",
    custom_paper: "Yes",
    body_type: "SUV",
    drive_train: "AWD",
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.append("images", new Blob([new Uint8Array(await makeImage("jpeg", 320))]), "lexus.jpg");
  const res = await fetch(app.url("/api/cars"), {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()).car.id;
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await settled(page);
    await screenshot(page, `${name}-${size}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
}

describe("promises", () => {
  it("the booking form promises an emailed confirmation only while email is set up", async () => {
    const page = await app.open("/book-inspection", { js: false });
    await page.getByText("We send the confirmation here").waitFor();
    expect(await page.getByText("So we can reply by email too").count()).toBe(0);
  });
});

describe.each(JS_MODES)("buyer alerts $label", ({ js }) => {
  const mode = js ? "js" : "nojs";
  const email = `buyer-${mode}@example.ng`;

  it("asks on /browse, confirms by email, gets the new matching car, and leaves in one click", async () => {
    const page = await app.open("/browse?make=Lexus&maxPrice=30000000", { js, viewport: js ? DESKTOP : PHONE });
    const form = page.getByRole("form", { name: "Tell me when it arrives" });
    await form.getByLabel(/Your email/).fill(email);
    if (mode === "js") await shots(page, "alerts-browse");
    await form.getByRole("button", { name: "Create alert" }).click();
    await page.getByText("Check your email").waitFor();
    await page.getByText(/Open the link in it to confirm/).waitFor();
    if (mode === "js") await shots(page, "alerts-requested");

    const confirm = await mailFor(email, "Confirm your alert: Lexus, up to ₦30,000,000");
    const link = /http\S+\/alerts\/confirm\/[\w-]+/.exec(confirm.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
    // Nothing is sent before the buyer confirms.
    const token = await apiToken();
    await addCar(token, `RX ${mode} early`, 27_000_000);
    await app.go(page, new URL(link).pathname);
    await page.getByRole("button", { name: "Yes, send me this alert" }).click();
    await page.getByText("Alert confirmed", { exact: true }).waitFor();
    if (mode === "js") await shots(page, "alerts-confirmed");
    // The link works once: a second use changes nothing.
    await app.go(page, new URL(link).pathname);
    await page.getByRole("button", { name: "Yes, send me this alert" }).click();
    await page.getByText("Already confirmed", { exact: true }).waitFor();
    expect(smtp.received.some((m) => m.subject?.includes(`RX ${mode} early`))).toBe(false);

    await addCar(token, `RX ${mode}`, 28_500_000);
    const arrival = await mailFor(email, `New arrival: Lexus RX ${mode} 2021`);
    expect(arrival.html).toContain("₦28,500,000");
    expect(arrival.html).toMatch(/<img src="http:\/\/[^"]+\/uploads\//);
    expect(header(arrival, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = /<([^>]+)>/.exec(header(arrival, "list-unsubscribe") ?? "")?.[1] ?? "";
    expect(oneClick).toMatch(/\/api\/alerts\/leave\/[\w-]{40,}$/);

    // RFC 8058: the mail program posts List-Unsubscribe=One-Click, without cookies or an Origin.
    const left = await fetch(app.url(new URL(oneClick).pathname), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(left.status).toBe(200);
    expect(app.rows("SELECT id FROM buyer_alerts WHERE email = ?", email)).toEqual([]);
    await addCar(token, `RX ${mode} after`, 29_000_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.some((m) => m.subject?.includes(`RX ${mode} after`))).toBe(false);
  });

  it("lists an address's alerts on the emailed manage page, removes one and stops all", async () => {
    const address = `watcher-${mode}@example.ng`;
    const [car] = app.rows<{ id: number }>("SELECT id FROM cars WHERE sold = 0 ORDER BY id LIMIT 1");
    for (const body of [
      { email: address, car_id: car.id },
      { email: address, search: "body_type=SUV&maxPrice=40000000" },
      { email: address, search: "body_type=SUV&maxPrice=40000000" }, // the same again: the same answer
    ]) {
      const res = await fetch(app.url("/api/alerts"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
    }
    const mail = await mailFor(address, /^Confirm your alert: SUV/);
    const manage = /http\S+\/alerts\/manage\/[\w-]+/.exec(mail.text ?? "")?.[0] ?? "";
    const page = await app.open(new URL(manage).pathname, { js, viewport: js ? PHONE : DESKTOP });
    await page.getByText("SUV, up to ₦40,000,000").waitFor();
    expect(await page.getByRole("button", { name: /^Remove the alert/ }).count()).toBe(2);
    if (mode === "js") await shots(page, "alerts-manage");
    await page.getByRole("button", { name: "Remove the alert SUV, up to ₦40,000,000" }).click();
    await page.getByText("The alert is removed.").waitFor();
    expect(await page.getByRole("button", { name: /^Remove the alert/ }).count()).toBe(1);
    await page.getByRole("button", { name: "Stop all alerts" }).click();
    await page.getByText("All your alerts are stopped").waitFor();
    expect(app.rows("SELECT * FROM alert_contacts WHERE email = ?", address)).toEqual([]);
  });

  it("shows staff the alerts in words on /admin/alerts", async () => {
    await fetch(app.url("/api/alerts"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `staffview-${mode}@example.ng`, search: "make=Toyota&model=Camry&minYear=2018" }),
    });
    const page = await app.open("/admin/alerts", { js, admin: true });
    await page.getByText("Toyota Camry, year from 2018").filter({ visible: true }).first().waitFor();
    await page.getByText("Not confirmed yet").filter({ visible: true }).first().waitFor();
    if (mode === "js") await shots(page, "alerts-admin");
    await app.go(page, "/admin");
    await page.getByText("Buyers waiting for a car").filter({ visible: true }).first().waitFor();
    const token = await apiToken();
    const res = await fetch(app.url("/api/admin/alerts"), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { about: string; status: string }[];
    expect(list.some((a) => a.about === "Toyota Camry, year from 2018" && a.status === "pending")).toBe(true);
  });
});
