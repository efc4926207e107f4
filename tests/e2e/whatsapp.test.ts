// WhatsApp as a channel, end to end: the built server talks to a stand-in of the WhatsApp Cloud API
// started here. An owner gives a recipient a WhatsApp number on the notifications page (a bad one is
// refused with what was typed kept); a buyer's message from /connect reaches that number as a
// template message; a message queued before kill -9 arrives once after the restart; the alert form
// on /browse takes a buyer's WhatsApp number. Without the settings the page says WhatsApp is off,
// in an owner's words. Chromium at 390 and 1280 px, with and without JavaScript.
import fs from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../helpers/mail-servers";
import { type StandInMessage, startWhatsappStandIn, type WhatsappStandIn } from "../helpers/whatsapp-stand-in";
import { DESKTOP, JS_MODES, PHONE, settled, setupE2E } from "./harness";

const onEnv: Record<string, string> = {};
const offEnv: Record<string, string> = {};
let smtp: TestSmtp;
let api: WhatsappStandIn;
// Registered before the fixtures' own hooks, so the servers start with the stand-ins' addresses.
beforeAll(async () => {
  smtp = await startSmtp();
  api = await startWhatsappStandIn();
  Object.assign(onEnv, {
    SMTP_URL: smtp.url,
    WHATSAPP_TOKEN: api.token,
    WHATSAPP_PHONE_NUMBER_ID: api.phoneNumberId,
    WHATSAPP_API_URL: api.url,
  });
  offEnv.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp.close();
  await api.close();
});

const SHOTS = "/tmp/shots-whatsapp";

/** Screenshots at 1280 and 390 px (kept outside the repository), checking nothing scrolls sideways. */
async function shots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
}

/** The stand-in's message to `to` whose placeholders include `text`, once it has arrived. */
async function messageFor(to: string, text: string, ms = 20_000): Promise<StandInMessage> {
  const end = Date.now() + ms;
  for (;;) {
    const found = api.messages.find((m) => m.to === to && m.parameters.includes(text));
    if (found) return found;
    if (Date.now() > end)
      throw new Error(`No WhatsApp message to ${to} with "${text}": ${JSON.stringify(api.messages)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("WhatsApp set up", () => {
  const app = setupE2E({ browser: true, server: { env: onEnv } });

  describe.each(JS_MODES)("$label", ({ js }) => {
    const mode = js ? "js" : "nojs";
    const local = js ? "0803 555 0160" : "0803 555 0161";
    const number = js ? "2348035550160" : "2348035550161";

    it("an owner gives a recipient a WhatsApp number; a buyer's message from /connect reaches it", async () => {
      const page = await app.open("/admin/notifications", { js, admin: true, viewport: js ? DESKTOP : PHONE });
      await page.getByText("WhatsApp is on").waitFor();
      const add = page.getByRole("form", { name: "Add a recipient" });
      const address = `desk-${mode}@lekkiprimeautos.ng`;
      await add.getByLabel(/^Email/).fill(address);
      await add.getByLabel(/^WhatsApp number/).fill("0803 555");
      await add.getByRole("button", { name: "Add recipient" }).click();
      await page.getByRole("alert").filter({ hasText: "The recipient was not added" }).first().waitFor();
      const refused = page.getByRole("form", { name: "Add a recipient" });
      await expect(refused.getByLabel(/^WhatsApp number/).inputValue()).resolves.toBe("0803 555");
      await refused.getByText("Enter a Nigerian mobile number, e.g. 0803 555 0142").waitFor();

      await refused.getByLabel(/^WhatsApp number/).fill(local);
      await refused.getByRole("button", { name: "Add recipient" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `${address} added` })
        .waitFor();
      await page
        .getByText(`also on WhatsApp +234 803 555 016${js ? 0 : 1}`)
        .first()
        .waitFor();
      const row = page.getByRole("form", { name: address });
      await expect(row.getByLabel(`WhatsApp for ${address}`).inputValue()).resolves.toBe(local);
      if (js) await shots(page, "notifications-whatsapp-on");

      const buyer = await app.open("/connect", { js, viewport: js ? PHONE : DESKTOP });
      const form = buyer.getByRole("form", { name: "Send us a message" });
      const name = `WhatsApp Buyer ${mode}`;
      await form.getByLabel("Full Name").fill(name);
      await form.getByLabel("Phone Number").fill(js ? "0812 555 0170" : "0812 555 0171");
      await form.getByLabel("Email Address").fill(`wa-buyer-${mode}@example.com`);
      await form.getByLabel("Your Message").fill("Is the Camry still available?");
      await form.getByRole("button", { name: "Send Message" }).click();
      await buyer.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor();

      const message = await messageFor(number, name);
      const [lead] = app.rows<{ id: number }>("SELECT id FROM contact_messages WHERE name = ?", name);
      expect(message).toMatchObject({ template: "new_lead_alert", language: "en" });
      expect(message.parameters).toEqual([
        "message",
        name,
        `+234 812 555 017${js ? 0 : 1}`,
        "None named",
        expect.stringMatching(new RegExp(`^https?://[^/]+/admin/leads/contact/${lead.id}$`)),
      ]);
    });

    it("the alert form on /browse takes the buyer's WhatsApp number and refuses a bad one", async () => {
      const page = await app.open("/browse?make=Lexus", { js, viewport: js ? PHONE : DESKTOP });
      const form = page.getByRole("form", { name: "Tell me when it arrives" });
      await form.getByText("Give a WhatsApp number and we message you there too.").waitFor();
      const email = `wa-alert-${mode}@example.com`;
      await form.getByLabel(/Your email/).fill(email);
      await form.getByLabel(/WhatsApp number/).fill("12345");
      await form.getByRole("button", { name: "Create alert" }).click();
      await page.getByText("The alert was not created").waitFor();
      const again = page.getByRole("form", { name: "Tell me when it arrives" });
      await again.getByText("Enter a Nigerian mobile number, e.g. 0803 555 0142").first().waitFor();
      await expect(again.getByLabel(/WhatsApp number/).inputValue()).resolves.toBe("12345");
      if (js) await shots(page, "alert-whatsapp-refused");
      await again.getByLabel(/WhatsApp number/).fill(js ? "+234 803 555 0180" : "08035550181");
      await again.getByRole("button", { name: "Create alert" }).click();
      await page.getByText("Check your email").waitFor();
      expect(app.rows("SELECT whatsapp FROM alert_contacts WHERE email = ?", email)).toEqual([
        { whatsapp: js ? "+2348035550180" : "+2348035550181" },
      ]);
      // The double opt-in stays by email: nothing on WhatsApp before the buyer confirms.
      expect(api.messages.filter((m) => m.template === "car_alert")).toHaveLength(0);
    });
  });

  it("a message queued before kill -9 reaches WhatsApp once after the restart", async () => {
    const cookie = await app.adminCookie();
    const added = await fetch(app.url("/admin/notifications"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({
        intent: "add-recipient",
        address: "crash-desk@lekkiprimeautos.ng",
        whatsapp: "0809 555 0190",
        kinds: "contact",
      }),
    });
    expect(added.status).toBe(200);
    api.mode = "down";
    const send = async (name: string) => {
      const res = await fetch(app.url("/connect"), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name,
          phone: name.includes("After") ? "0803 555 0192" : "0803 555 0191",
          email: name.includes("After") ? "after.restart@example.com" : "crash.buyer@example.com",
          message: `Hello from ${name}`,
          ...(await app.botGuardFields("/connect")),
        }),
      });
      expect(res.status).toBe(200);
    };
    await send("Crash Buyer");
    type Row = { status: string; attempts: number };
    const rows = () =>
      app.rows<Row>(
        "SELECT status, attempts FROM outbox WHERE channel = 'whatsapp' AND recipient = '2348095550190' ORDER BY id",
      );
    await expect
      .poll(() => rows().map((r) => [r.status, r.attempts > 0]), { timeout: 20_000 })
      .toEqual([["queued", true]]);

    await app.server.crash();
    api.mode = "accept";
    await app.server.restart();
    await messageFor("2348095550190", "Crash Buyer");
    await expect.poll(() => rows().map((r) => r.status)).toEqual(["sent"]);

    // Started once more, nothing is sent twice: the next message the stand-in gets is a new one.
    await app.server.restart();
    await send("After Restart");
    await messageFor("2348095550190", "After Restart");
    const toDesk = api.messages.filter((m) => m.to === "2348095550190").map((m) => m.parameters[1]);
    expect(toDesk).toEqual(["Crash Buyer", "After Restart"]);

    // A refusal (a template Meta does not know) fails at once and shows Meta's words on the outbox page.
    api.mode = "refuse";
    await send("Refused Buyer");
    await expect.poll(() => rows().map((r) => r.status), { timeout: 20_000 }).toEqual(["sent", "sent", "failed"]);
    api.mode = "accept";
    const page = await app.open("/admin/outbox?status=failed", { js: false, admin: true, viewport: PHONE });
    const main = page.locator("main");
    await main.getByText("WhatsApp answered HTTP 400 (code 132001)", { exact: false }).first().waitFor();
    const text = await main.innerText();
    expect(text).toContain("Staff alert (WhatsApp)");
    expect(text).toContain("+234 809 555 0190 on WhatsApp");
    expect(text).not.toContain(api.token);
    // A page without JavaScript: nothing moves, so it is photographed as it is.
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `${SHOTS}/outbox-whatsapp-refused-${size}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
  });
});

describe("WhatsApp not set up", () => {
  const app = setupE2E({ browser: true, server: { env: offEnv } });

  it("the notifications page says so in an owner's words, at 390 and 1280 px; buyers are not offered it", async () => {
    for (const js of [true, false]) {
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await app.open("/admin/notifications", { js, admin: true, viewport });
        await page.getByText("WhatsApp is off", { exact: true }).waitFor();
        const text = await page.locator("main").innerText();
        expect(text).toContain("The website is not connected to a WhatsApp Business account yet");
        expect(text).toContain("Ask whoever set up or hosts the website to connect it");
        expect(text).not.toMatch(/WHATSAPP_|PHONE_NUMBER_ID|token=/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        if (js && viewport === DESKTOP) await shots(page, "notifications-whatsapp-off");
      }
    }
    const browse = await app.open("/browse?make=Lexus", { js: false, viewport: PHONE });
    await browse.getByRole("form", { name: "Tell me when it arrives" }).waitFor();
    expect(await browse.getByLabel(/WhatsApp number/).count()).toBe(0);
  });
});
