// The newsletter in Chromium, with and without JavaScript, at 390 and 1280 px: a visitor signs up
// on the home page, the confirmation email arrives at the SMTP server started here, the link
// confirms (once), the weekly email of new arrivals arrives with a one-click unsubscribe (RFC 8058)
// that deletes the address; the car form says how many waiting buyers a car would reach.
import Database from "better-sqlite3";
import type { ParsedMail } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../helpers/mail-servers";
import { DESKTOP, JS_MODES, PHONE, screenshot, settled, setupE2E } from "./harness";

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

/** As if last week's newsletter had been sent and this week's were due (the sender runs at the next write). */
function weekDue(): void {
  const db = new Database(app.server.dbPath);
  try {
    db.prepare("DELETE FROM settings WHERE key = 'newsletter_week'").run();
  } finally {
    db.close();
  }
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await settled(page);
    await screenshot(page, `${name}-${size}`, { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
}

describe.each(JS_MODES)("newsletter $label", ({ js }) => {
  const mode = js ? "js" : "nojs";
  const email = `reader-${mode}@example.ng`;

  it("signs up, confirms by email once, gets the weekly new arrivals and leaves in one click", async () => {
    const page = await app.open("/#newsletter", { js, viewport: js ? DESKTOP : PHONE });
    const form = page.locator("#newsletter");
    await form.getByText(/Every Monday, the cars that arrived that week/).waitFor();
    expect(await form.getByText(/price drops|financing offers/).count()).toBe(0);
    await form.getByLabel("Name").fill("Chioma Eze");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    const status = form.getByRole("status").filter({ hasText: "Subscription successful!" });
    await status.waitFor();
    expect(await status.innerText()).toContain(`Check ${email} for our email with a link to confirm`);
    await form.locator("#newsletter-form").scrollIntoViewIfNeeded();
    if (js) await shots(page, "newsletter-signed-up");
    expect(app.rows("SELECT status, source_page FROM newsletter_subscriptions WHERE email = ?", email)).toEqual([
      { status: "pending", source_page: "/" },
    ]);

    const confirm = await mailFor(email, /^Confirm your Lekki Prime Autos newsletter$/);
    const link = /http\S+\/newsletter\/confirm\/[\w-]+/.exec(confirm.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
    await app.go(page, new URL(link).pathname);
    await page.getByRole("button", { name: "Yes, send me the weekly new arrivals" }).click();
    await page.getByText("Newsletter confirmed", { exact: true }).waitFor();
    if (js) await shots(page, "newsletter-confirmed");
    await app.go(page, new URL(link).pathname);
    await page.getByRole("button", { name: "Yes, send me the weekly new arrivals" }).click();
    await page.getByText("Already confirmed", { exact: true }).waitFor();

    // The week's email goes to confirmed addresses only: a second, unconfirmed sign-up wakes the sender.
    weekDue();
    const waiting = `waiting-${mode}@example.ng`;
    const res = await fetch(app.url("/api/newsletter"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Waiting", email: waiting }),
    });
    expect(res.status).toBe(201);
    const weekly = await mailFor(email, /new arrivals this week|^New this week:/);
    expect(weekly.html).toMatch(/<img src="http:\/\/[^"]+"/);
    expect(weekly.html).toMatch(/₦[\d,]+/);
    expect(weekly.text).toMatch(/\/cars\/\d+/);
    expect(header(weekly, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = /<([^>]+)>/.exec(header(weekly, "list-unsubscribe") ?? "")?.[1] ?? "";
    expect(oneClick).toMatch(/\/api\/newsletter\/leave\/[\w-]{40,}$/);
    await mailFor(waiting, /^Confirm your/);
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes(waiting))).toHaveLength(1);

    // The leave link in the email is a page with one button; the mail program's one-click POST works too.
    const leavePage = /http\S+\/newsletter\/leave\/[\w-]+/.exec(weekly.text ?? "")?.[0] ?? "";
    expect(new URL(leavePage).pathname.split("/").pop()).toBe(new URL(oneClick).pathname.split("/").pop());
    await app.go(page, new URL(leavePage).pathname);
    if (js) await shots(page, "newsletter-leave");
    const left = await fetch(app.url(new URL(oneClick).pathname), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(left.status).toBe(200);
    expect(app.rows("SELECT id FROM newsletter_subscriptions WHERE email = ?", email)).toEqual([]);
    await page.getByRole("button", { name: "Leave the newsletter" }).click();
    await page.getByText("You will get no more newsletter emails").waitFor();
  });
});

describe.each(JS_MODES)("the car form's waiting buyers $label", ({ js }) => {
  it("says before saving how many waiting buyers the car would reach", async () => {
    const address = `lexus-${js ? "js" : "nojs"}@example.ng`;
    const res = await fetch(app.url("/api/alerts"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: address, search: "make=Lexus&maxPrice=30000000" }),
    });
    expect(res.status).toBe(201);
    const mail = await mailFor(address, /^Confirm your alert/);
    const link = /http\S+\/alerts\/confirm\/[\w-]+/.exec(mail.text ?? "")?.[0] ?? "";
    const confirmed = await fetch(app.url(new URL(link).pathname), {
      method: "POST",
      headers: { Origin: new URL(app.url("/")).origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(confirmed.status).toBe(200);

    const page = await app.open("/admin/add-car", { js, admin: true, viewport: js ? PHONE : DESKTOP });
    await app.field(page, "Make").fill("Lexus");
    await app.field(page, "Model").fill("RX 350");
    await app.field(page, "Year").fill("2021");
    await app.field(page, "Price (₦)").fill("28000000");
    if (!js) await page.getByRole("button", { name: "How many waiting buyers?" }).click();
    // Until the required fields are complete, the form says so; the count follows the fields.
    // With JavaScript the line under the form follows the fields; without, the page answers the button.
    const said = (text: RegExp) => page.getByText(text).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    await said(/Fill in the required fields to see how many waiting buyers/);
    for (const [label, value] of [
      ["Condition", "Foreign Used"],
      ["Engine Capacity", "3.5L"],
      ["Engine Size", "V6"],
      ["Custom Paper", "Yes"],
      ["Body Type", "SUV"],
      ["Drive Train", "AWD"],
    ]) {
      await app.field(page, label).selectOption(value);
    }
    if (!js) await page.getByRole("button", { name: "How many waiting buyers?" }).click();
    await said(/This car would reach [1-9]\d* waiting buyers?: their alerts match it/);
    if (js) await shots(page, "car-form-reach");
    expect(app.rows("SELECT id FROM cars WHERE model = 'RX 350' AND price = 28000000")).toEqual([]);
  });
});
