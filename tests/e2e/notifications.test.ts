// Notifications and the outbox in Chromium, with and without JavaScript: an owner adds recipients
// and webhooks (a refusal keeps what was typed, a webhook's secret is shown once), and resends a
// message the mail server refused; the email then arrives at the SMTP server started here. A sales
// account sees neither screen.
import http from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../helpers/mail-servers";
import { addAccount } from "./admin-session";
import { ADMIN_PASSWORD, ADMIN_USERNAME, DESKTOP, JS_MODES, PHONE, screenshot, settled, setupE2E } from "./harness";

const serverEnv: Record<string, string> = { MAIL_FROM: "Lekki Prime Autos <bookings@lekkiprimeautos.ng>" };
let smtp: TestSmtp;
// Registered before the fixture's own hook, so the server starts with the mail server's address.
beforeAll(async () => {
  smtp = await startSmtp();
  serverEnv.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp.close();
});

const app = setupE2E({ browser: true, server: { env: serverEnv } });

/** Screenshots at 1280 and 390 px (tests/artifacts/<name>-desktop.png, -phone.png), then back to desktop. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(DESKTOP);
}

async function apiToken(): Promise<string> {
  const res = await fetch(app.url("/api/admin/login"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  return (await res.json()).token;
}

describe.each(JS_MODES)("notifications $label", ({ js }) => {
  const mode = js ? "js" : "nojs";

  it("adds a recipient after a refusal that kept what was typed, changes its kinds and removes it", async () => {
    const page = await app.open("/admin/notifications", { js, admin: true });
    await page.getByText("Email is on").waitFor();
    const add = page.getByRole("form", { name: "Add a recipient" });
    await add.getByLabel(/^Email/).fill(`desk-${mode}@lekkiprimeautos`);
    await add.getByLabel("Loans").uncheck();
    await add.getByLabel("Digest").check();
    await add.getByRole("button", { name: "Add recipient" }).click();

    await page.getByRole("alert").filter({ hasText: "The recipient was not added" }).first().waitFor();
    const refused = page.getByRole("form", { name: "Add a recipient" });
    await expect(refused.getByLabel(/^Email/).inputValue()).resolves.toBe(`desk-${mode}@lekkiprimeautos`);
    await expect(refused.getByLabel("Loans").isChecked()).resolves.toBe(false);
    await expect(refused.getByLabel("Digest").isChecked()).resolves.toBe(true);
    await expect(refused.getByText("Enter a valid email address, e.g. sales@example.ng").isVisible()).resolves.toBe(
      true,
    );

    const address = `desk-${mode}@lekkiprimeautos.ng`;
    await refused.getByLabel(/^Email/).fill(address);
    await refused.getByRole("button", { name: "Add recipient" }).click();
    await page
      .getByRole("status")
      .filter({
        hasText:
          `${address} added: they get inspection bookings, contact messages, sourcing requests ` +
          "and the morning digest.",
      })
      .waitFor();
    const row = page.getByRole("form", { name: address });
    await row.getByLabel("Contact").uncheck();
    await row.getByRole("button", { name: "Save" }).click();
    await page
      .getByText(`Saved: ${address} gets inspection bookings, sourcing requests and the morning digest.`)
      .waitFor();
    const stored = app.rows<{ value: string }>("SELECT value FROM settings WHERE key = 'notifications'");
    expect(JSON.parse(stored[0].value).recipients).toContainEqual({
      email: address,
      whatsapp: null,
      kinds: ["inspection", "sourcing", "digest"],
    });

    await page
      .getByRole("form", { name: address })
      .getByRole("button", { name: `Remove ${address}` })
      .click();
    await page.getByText(`${address} removed: they get no more emails.`).waitFor();
    await expect.poll(() => page.getByRole("form", { name: address }).count()).toBe(0);
  });

  it("adds a webhook: a private address is refused keeping it, a public one shows its secret once", async () => {
    const page = await app.open("/admin/notifications", { js, admin: true });
    const add = page.getByRole("form", { name: "Add a webhook" });
    await add.getByLabel(/^Address/).fill("http://192.168.1.20/hooks");
    await add.getByLabel("Sourcing").uncheck();
    await add.getByRole("button", { name: "Add webhook" }).click();
    await page.getByText("Use the receiver's public address: this one is on a private network").first().waitFor();
    const refused = page.getByRole("form", { name: "Add a webhook" });
    await expect(refused.getByLabel(/^Address/).inputValue()).resolves.toBe("http://192.168.1.20/hooks");
    await expect(refused.getByLabel("Sourcing").isChecked()).resolves.toBe(false);

    const url = `https://hooks.example.com/${mode}`;
    await refused.getByLabel(/^Address/).fill(url);
    await refused.getByRole("button", { name: "Add webhook" }).click();
    await page.getByText(`Signing secret for ${url}`).waitFor();
    const secret = (await page.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.parse(
      app.rows<{ value: string }>("SELECT value FROM settings WHERE key = 'notifications'")[0].value,
    );
    expect(stored.webhooks).toContainEqual(
      expect.objectContaining({ url, kinds: ["inspection", "contact", "loan"], secret }),
    );
    if (js) {
      await page.getByRole("button", { name: "Copy" }).waitFor();
      await screenshots(page, "notifications");
    }

    // Shown once: the page drawn again, or the API, never has it.
    await app.go(page, "/admin/notifications");
    await page.getByRole("form", { name: url }).waitFor();
    expect(await page.content()).not.toContain(secret);
    const api = await fetch(app.url("/api/admin/notifications"), {
      headers: { Authorization: `Bearer ${await apiToken()}` },
    });
    const body = await api.text();
    expect(body).toContain(url);
    expect(body).not.toContain(secret);
  });
});

describe.each(JS_MODES)("the outbox $label", ({ js }) => {
  it("shows a message the mail server refused with its reason, and resends it", async () => {
    const mode = js ? "js" : "nojs";
    smtp.mode = "reject";
    const buyer = `outbox-${mode}@example.com`;
    const res = await fetch(app.url("/connect"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: `Outbox Buyer ${mode}`,
        phone: js ? "0803 555 0161" : "0803 555 0162",
        email: buyer,
        message: "Is the Camry still available?",
        ...(await app.botGuardFields("/connect")),
      }),
    });
    expect(res.status).toBe(200);
    await expect
      .poll(() => app.rows("SELECT status FROM outbox WHERE recipient = ?", buyer), { timeout: 20_000 })
      .toEqual([{ status: "failed" }]);

    const page = await app.open("/admin/outbox?status=failed", { js, admin: true });
    const card = page.locator("tr", { hasText: buyer });
    await expect(card.getByText("550 No such user here").isVisible()).resolves.toBe(true);
    await expect(card.getByText("Failed", { exact: true }).isVisible()).resolves.toBe(true);
    if (js) await screenshots(page, "outbox");

    smtp.mode = "accept";
    const before = smtp.received.length;
    await card.getByRole("button", { name: /^Resend message/ }).click();
    await page.getByRole("status").filter({ hasText: `Queued again: "We have received your message` }).waitFor();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe(buyer);
    expect(mail.from?.text).toBe('"Lekki Prime Autos" <bookings@lekkiprimeautos.ng>');
    expect(mail.text).toContain("Thank you for writing to Lekki Prime Autos.");
    await expect
      .poll(() => app.rows("SELECT status, attempts FROM outbox WHERE recipient = ?", buyer))
      .toEqual([{ status: "sent", attempts: 1 }]);
    await app.go(page, "/admin/outbox?status=sent");
    await page.locator("tr", { hasText: buyer }).getByText("Sent", { exact: true }).waitFor();
  });
});

describe("a sales account", () => {
  it("sees neither screen in the menu and gets 403 on both", async () => {
    const token = await apiToken();
    const added = await fetch(app.url("/api/admin/add"), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        username: "notify-sales",
        password: "sales-password-1",
        role: "sales",
        currentPassword: ADMIN_PASSWORD,
      }),
    });
    expect(added.status).toBe(201);
    // The owner typed that password: the account chooses its own before anything else.
    const login = await fetch(app.url("/api/admin/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "notify-sales", password: "sales-password-1" }),
    });
    const { token: salesToken } = (await login.json()) as { token: string };
    const own = await fetch(app.url("/api/admin/change-password"), {
      method: "PUT",
      headers: { Authorization: `Bearer ${salesToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        username: "notify-sales",
        currentPassword: "sales-password-1",
        newPassword: "sales-password-2",
      }),
    });
    expect(own.status).toBe(200);
    const page = await app.open("/admin", { js: true, admin: "notify-sales" });
    const nav = page.getByRole("navigation", { name: "Admin" }).first();
    await nav.getByRole("link", { name: "Dashboard" }).waitFor();
    await expect(nav.getByRole("link", { name: "Notifications" }).count()).resolves.toBe(0);
    await expect(nav.getByRole("link", { name: "Outbox" }).count()).resolves.toBe(0);
    for (const path of ["/admin/notifications", "/admin/outbox"]) {
      const res = await fetch(app.url(path), { headers: { Cookie: await app.adminCookie("notify-sales") } });
      expect(res.status).toBe(403);
    }
  });
});

describe("the activity trail", () => {
  /** A GET from 127.0.0.2 with a cookie: the body as text. */
  function getFrom(path: string, cookie: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        new URL(path, app.server.url),
        { localAddress: "127.0.0.2", headers: { Cookie: cookie } },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  it("shows a sales account that a webhook was added, with its host only, page and data alike", async () => {
    const hook = "https://hooks.slack.com/services/T0TRAIL/B0TRAIL/trailSecretPart";
    const token = await apiToken();
    const saved = await fetch(app.url("/api/admin/notifications"), {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ webhooks: [{ url: hook, kinds: ["contact"] }] }),
    });
    expect(saved.status).toBe(200);
    await addAccount(app.server, "trail-sales", "trail-password-1", "sales");
    const cookie = await app.adminCookie("trail-sales");
    for (const path of [
      "/admin/activity",
      "/admin/activity.data",
      "/admin/activity.data?_route=routes%2Fadmin.activity",
    ]) {
      const res = await getFrom(path, cookie);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toContain("webhook on hooks.slack.com");
      expect(res.body, path).not.toContain("trailSecretPart");
      expect(res.body, path).not.toContain("T0TRAIL");
    }
  });
});
