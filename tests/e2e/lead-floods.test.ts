// Lead floods and replays, from outside: the same lead twice is stored once and answered as a
// success both times; a form left open (or replayed) past two hours is refused with a clear message;
// the JSON lead APIs have the forms' bot guard.
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { STAMP_FIELD } from "~/lib/bot-trap";
import { JS_MODES, setupE2E } from "./harness";

const app = setupE2E({ browser: true });
const messages = () => app.rows<{ n: number }>("select count(*) as n from contact_messages")[0].n;

/** A genuine stamp for a form served at `at`, signed with the server's secret (as its pages do). */
function stampAt(at: number): string {
  const db = new Database(app.server.dbPath, { readonly: true });
  try {
    const { value } = db.prepare("select value from settings where key = 'session_secret'").get() as { value: string };
    const mac = crypto.createHmac("sha256", `${value}:lead-form-stamp`).update(String(at)).digest("base64url");
    return `${at}.${mac.slice(0, 22)}`;
  } finally {
    db.close();
  }
}

const contact = (tag: string) => ({
  name: "Aisha Bello",
  phone: "0812 555 0178",
  email: `aisha.${tag}@example.com`,
  message: `Is the 2020 Lexus RX still available? (${tag})`,
});

async function postForm(path: string, values: Record<string, string>) {
  return fetch(app.url(path), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...values, ...(await app.botGuardFields(path)) }),
    redirect: "manual",
  });
}

describe("the same lead twice", () => {
  it("a double submit of the page form (no JavaScript) is stored once and both are answered as a success", async () => {
    const before = messages();
    const lead = contact(`double-${Date.now()}`);
    const [a, b] = await Promise.all([postForm("/connect", lead), postForm("/connect", lead)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const res of [a, b]) expect(await res.text()).toContain("Message sent successfully!");
    expect(messages()).toBe(before + 1);
  });

  it("sent again within 10 minutes (same phone or email, same message) by API or form is stored once", async () => {
    const lead = contact(`replay-${Date.now()}`);
    // The first copy arrived five minutes ago.
    const db = new Database(app.server.dbPath);
    db.pragma("busy_timeout = 5000");
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    db.prepare(
      "insert into contact_messages (name, phone, email, message, created_at) values (?, '+2348125550178', ?, ?, ?)",
    ).run(lead.name, lead.email, lead.message, fiveMinutesAgo);
    db.close();
    const before = messages();
    const api = await fetch(app.url("/api/contact"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...lead, email: `other.${lead.email}` }), // same phone, another email
    });
    expect(api.status).toBe(201);
    const form = await postForm("/connect", lead);
    expect(await form.text()).toContain("Message sent successfully!");
    expect(messages()).toBe(before);
  });
});

describe.each(JS_MODES)("a form left open for more than two hours $label", ({ js }) => {
  it("is refused with a clear message, keeping what was typed; nothing is stored", async () => {
    const page = await app.open("/connect", { js });
    await page
      .locator(`input[name="${STAMP_FIELD}"]`)
      .first()
      .evaluate(
        (input, stamp) => ((input as HTMLInputElement).value = stamp),
        stampAt(Date.now() - 2 * 60 * 60_000 - 60_000),
      );
    const before = messages();
    const lead = contact(`stale-${js}-${Date.now()}`);
    await app.field(page, "Full Name").fill(lead.name);
    await app.field(page, "Phone Number").fill(lead.phone);
    await app.field(page, "Email Address").fill(lead.email);
    await app.field(page, "Your Message").fill(lead.message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("alert").filter({ hasText: "This form was open for too long" }).waitFor();
    expect(await app.field(page, "Email Address").inputValue()).toBe(lead.email);
    expect(messages()).toBe(before);
    // Sent again from the page it re-rendered (a fresh stamp), it goes through.
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor();
    expect(messages()).toBe(before + 1);
  });
});

describe("the JSON lead APIs' bot guard", () => {
  it("refuses a filled honeypot, a forged stamp and one older than two hours; stores nothing", async () => {
    const before = messages();
    const post = (extra: Record<string, string>) =>
      fetch(app.url("/api/contact"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...contact(`bot-${Date.now()}-${Math.random()}`), ...extra }),
      });
    const trap = await post({ company_website: "http://spam.example" });
    expect(trap.status).toBe(400);
    expect((await trap.json()).error).toMatch(/Please wait/);
    expect((await post({ [STAMP_FIELD]: `${Date.now() - 60_000}.forged` })).status).toBe(400);
    const stale = await post({ [STAMP_FIELD]: stampAt(Date.now() - 3 * 60 * 60_000) });
    expect(stale.status).toBe(400);
    expect((await stale.json()).error).toMatch(/open for too long/);
    expect(messages()).toBe(before);
    expect((await post({ [STAMP_FIELD]: stampAt(Date.now() - 60_000) })).status).toBe(201);
    expect(messages()).toBe(before + 1);
  });
});
