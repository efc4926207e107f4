// A sourcing request matched against a newly added car (issue 26): a buyer asks for a car the
// stock does not have, staff add one that answers it, the staff who receive sourcing alerts get
// an email naming the request (received by the SMTP server started here), and the request's lead
// page lists the car, with and without JavaScript, at 390 and 1280 px.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carPath } from "~/lib/car";
import { makeImage } from "../helpers/db";
import { startSmtp, type TestSmtp } from "../helpers/mail-servers";
import { bearerToken } from "./back-office";
import { DESKTOP, JS_MODES, PHONE, scrollWidth, settled, setupE2E } from "./harness";

const DESK = "sourcing.desk@lekkiprimeautos.ng";
const SHOTS = "/tmp/shots-inbox";
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

async function addCar(token: string, fields: Record<string, string>): Promise<{ id: number; path: string }> {
  const form = new FormData();
  const all: Record<string, string> = {
    year: "2021",
    mileage: "30000",
    condition: "Foreign Used",
    transmission: "Automatic",
    fuel_type: "Petrol",
    engine_capacity: "5.0L",
    engine_size: "V8",
    custom_paper: "Yes",
    body_type: "SUV",
    drive_train: "AWD",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  form.append("images", new Blob([new Uint8Array(await makeImage("jpeg", 320))]), "car.jpg");
  const res = await fetch(app.url("/api/cars"), {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  const { car } = JSON.parse(text);
  return { id: car.id, path: carPath(car) };
}

describe("a sourcing request answered by a new car", () => {
  let requestId = 0;
  let car = { id: 0, path: "" };
  let leadUrl = "";

  it("emails the staff who receive sourcing alerts once, naming the request and the car", async () => {
    const token = await bearerToken(app);
    const saved = await fetch(app.url("/api/admin/notifications"), {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ recipients: [{ email: DESK, kinds: ["sourcing"] }] }),
    });
    expect(saved.status).toBe(200);

    const asked = await fetch(app.url("/api/sourcing"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Ada Obi",
        phone: "0803 555 0142",
        car_wanted: "Lexus LX 570 Sport",
        budget: "60m",
      }),
    });
    const answer = await asked.text();
    expect(asked.status, answer).toBe(201);
    requestId = JSON.parse(answer).id;
    await mailFor(DESK, "New sourcing request: Ada Obi wants Lexus LX 570 Sport");

    // One over the budget (nobody told), then one that answers it.
    await addCar(token, { make: "Lexus", model: "LX 570 Sport", price: "95000000" });
    car = await addCar(token, { make: "Lexus", model: "LX 570 Sport", price: "58000000" });
    const mail = await mailFor(DESK, "A car for Ada Obi's request: Lexus LX 570 Sport 2021");
    expect(mail.text).toContain("₦58,000,000");
    expect(mail.text).toContain("+234 803 555 0142");
    leadUrl = /(https?:\/\/\S+\/admin\/leads\/sourcing\/\d+)/.exec(mail.text ?? "")?.[1] ?? "";
    expect(leadUrl).toBe(app.url(`/admin/leads/sourcing/${requestId}`));
    expect(mail.text).toContain(car.path);

    // Exactly one such email: the pricier car told nobody, and the outbox holds it once.
    const told = app.rows<{ n: number }>(
      "SELECT count(*) AS n FROM outbox WHERE lead_kind = 'sourcing' AND lead_id = ? AND subject LIKE 'A car for%'",
      requestId,
    );
    expect(told[0].n).toBe(1);
  });

  for (const { js, label } of JS_MODES) {
    for (const [size, viewport] of [
      ["390", PHONE],
      ["1280", DESKTOP],
    ] as const) {
      it(`the request's lead page lists the car at ${size} px ${label}`, async () => {
        expect(leadUrl).not.toBe("");
        const page = await app.open(new URL(leadUrl).pathname, { js, viewport, admin: true });
        if (js) await settled(page);
        const section = page.getByRole("region", { name: "Matching cars" });
        const link = section.getByRole("link", { name: "Lexus LX 570 Sport 2021" });
        expect(await link.count()).toBe(1);
        expect(await link.getAttribute("href")).toBe(car.path);
        expect(await section.getByText("₦95,000,000").count()).toBe(0);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/sourcing-lead-${size}-${js ? "js" : "nojs"}.png`, fullPage: true });
      });
    }
  }
});
