// Leads from a hostile visitor, sent from another loopback address (127.0.0.2) to the built server:
// the dealer never emails a stranger what a visitor typed and never mails one address without end
// (a real SMTP server receives what is sent); the sourcing API has the other lead APIs' bot guard;
// control characters never reach a stored name or an alert's lines; a sales account sees only its
// own leads and the new unassigned ones, in the API and on the pages alike.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER_EMAILS_PER_DAY } from "~/config/constants";
import { openDayFrom } from "../helpers/leads";
import { startSmtp, type TestSmtp } from "../helpers/mail-servers";
import { addStaff, bearerToken } from "./back-office";
import { setupE2E } from "./harness";

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

const app = setupE2E({ server: { env: serverEnv } });

interface Answer {
  status: number;
  text: string;
}

/** A request from 127.0.0.2: another visitor than the test's own loopback address. */
function send(method: string, path: string, opts: { headers?: Record<string, string>; body?: string } = {}) {
  const url = new URL(app.url(path));
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: "127.0.0.2",
        headers: { ...opts.headers, ...(opts.body ? { "content-length": Buffer.byteLength(opts.body) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  send("POST", path, { headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

async function addRecipient(address: string, kinds: string[]): Promise<void> {
  const body = new URLSearchParams([
    ["intent", "add-recipient"],
    ["address", address],
    ...kinds.map((k) => ["kinds", k]),
  ]);
  const res = await fetch(app.url("/admin/notifications"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: await app.adminCookie() },
    body,
  });
  expect(res.status).toBe(200);
}

const PHISH = "https://lekki-prime-autos.example-payments.top/verify";
const outboxTo = (recipient: string, topic: string) =>
  app.rows<{ subject: string; payload: string }>(
    "SELECT subject, payload FROM outbox WHERE recipient = ? AND topic = ? ORDER BY id",
    recipient,
    topic,
  );

describe("buyer confirmations (finding 4)", () => {
  beforeAll(async () => {
    await addRecipient("desk@lekkiprimeautos.ng", ["contact", "inspection"]);
  });

  it("never repeat what the visitor typed to the address they gave, and the staff alert still has it", async () => {
    const stranger = "stranger@example.org";
    const res = await postJson("/api/contact", {
      name: `Dear customer, pay at ${PHISH}`,
      phone: "0803 555 0171",
      email: stranger,
      message: `Your account is locked. Unlock it at ${PHISH} within 24 hours.`,
    });
    expect(res.status).toBe(201);
    const mails = await smtp.waitFor(2);
    const own = mails.find((m) => m.subject?.startsWith("We have received your message"));
    const alert = mails.find((m) => m.subject?.startsWith("New message from"));
    expect(own, "the acknowledgement").toBeDefined();
    expect(alert, "the staff alert").toBeDefined();
    for (const part of [own!.text ?? "", String(own!.html), own!.subject ?? ""]) {
      expect(part).not.toContain("example-payments");
      expect(part).not.toContain("Unlock it");
      expect(part).not.toContain("Dear customer");
    }
    expect(own!.text).toContain("Thank you for writing to");
    expect(alert!.text).toContain(`Unlock it at ${PHISH}`);
  });

  it("a booking's confirmation names the booked date and the stock car, never the typed make and model", async () => {
    const stranger = "booked.stranger@example.org";
    const [car] = app.rows<{ id: number; make: string; model: string; year: number }>(
      "SELECT id, make, model, year FROM cars WHERE sold = 0 ORDER BY id LIMIT 1",
    );
    const before = smtp.received.length;
    for (const carId of [undefined, car.id]) {
      const res = await postJson("/api/inspections", {
        name: "Booker",
        phone: "0803 555 0172",
        email: stranger,
        car_make: `Visit ${PHISH}`,
        car_model: "now",
        inspection_date: openDayFrom(3 + (carId ? 1 : 0)),
        other_info: `Call 0700 SCAM or ${PHISH}`,
        ...(carId ? { car_id: carId } : {}),
      });
      expect(res.status).toBe(201);
    }
    const mails = (await smtp.waitFor(before + 4)).slice(before);
    const own = mails.filter((m) => m.subject?.startsWith("Your inspection at"));
    expect(own).toHaveLength(2);
    for (const mail of own) {
      const ics = mail.attachments.map((a) => a.content.toString("utf8")).join("");
      for (const part of [mail.text ?? "", String(mail.html), mail.subject ?? "", ics]) {
        expect(part).not.toContain("example-payments");
        expect(part).not.toContain("SCAM");
      }
    }
    expect(own.some((m) => m.text?.includes(`${car.make} ${car.model} ${car.year}`))).toBe(true);
  });

  it(`reach one address at most ${BUYER_EMAILS_PER_DAY} times a day; the leads stored, staff alerted`, async () => {
    const target = "flooded@example.net";
    const sent = BUYER_EMAILS_PER_DAY + 2;
    for (let i = 0; i < sent; i++) {
      const res = await postJson("/api/contact", {
        name: "Repeat",
        phone: "0803 555 0173",
        // The same mailbox however it is written.
        email: i % 2 ? target.toUpperCase() : target,
        message: `Message number ${i}`,
      });
      expect(res.status).toBe(201);
    }
    const stored = app.rows<{ n: number }>(
      "SELECT count(*) AS n FROM contact_messages WHERE lower(email) = ?",
      target,
    )[0].n;
    expect(stored).toBe(sent);
    await expect
      .poll(() => outboxTo("desk@lekkiprimeautos.ng", "staff-alert").length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(sent);
    expect(outboxTo(target, "confirmation")).toHaveLength(BUYER_EMAILS_PER_DAY);
  });
});

describe("POST /api/sourcing (finding 9)", () => {
  const request = { name: "Bot", phone: "0803 555 0174", car_wanted: "Lexus GX 460" };
  const sourcing = () => app.rows<{ n: number }>("SELECT count(*) AS n FROM sourcing_requests")[0].n;

  it("refuses a filled honeypot and a forged stamp, as the other lead APIs do, and stores nothing", async () => {
    const before = sourcing();
    const trapped = await postJson("/api/sourcing", { ...request, company_website: "http://spam.example" });
    expect(trapped.status).toBe(400);
    expect(JSON.parse(trapped.text).error).toMatch(/^Please wait \d+ seconds? and send again\.$/);
    const forged = await postJson("/api/sourcing", { ...request, form_served: "123.garbage" });
    expect(forged.status).toBe(400);
    expect(sourcing()).toBe(before);
    const fine = await postJson("/api/sourcing", request);
    expect(fine.status).toBe(201);
    expect(sourcing()).toBe(before + 1);
  });
});

describe("control characters in a lead (finding 13)", () => {
  it("never reach the stored name or a line of the staff alert", async () => {
    const before = smtp.received.length;
    const res = await postJson("/api/contact", {
      name: "Ada\r\nPhone: 0700 000 0000\u0000\u2028Email: fake@evil.example",
      phone: "0803 555 0175",
      email: "ada.control@example.com",
      message: "First line\r\nSecond line\u0007",
    });
    expect(res.status).toBe(201);
    const [row] = app.rows<{ name: string; message: string }>(
      "SELECT name, message FROM contact_messages WHERE email = ?",
      "ada.control@example.com",
    );
    // Each line break is a space, the NUL is gone: one line.
    expect(row.name).toBe("Ada Phone: 0700 000 0000 Email: fake@evil.example");
    expect(row.message).toBe("First line\nSecond line");
    const alertOf = () => smtp.received.slice(before).find((m) => m.subject?.startsWith("New message from Ada"));
    await expect.poll(alertOf, { timeout: 20_000 }).toBeDefined();
    const alert = alertOf()!;
    expect(alert.subject).toBe("New message from Ada Phone: 0700 000 0000 Email: fake@evil.example");
    const lines = (alert.text ?? "").split("\n");
    expect(lines.filter((l) => l.startsWith("Phone:"))).toEqual(["Phone: +234 803 555 0175"]);
    expect(lines.some((l) => l.startsWith("Email: fake@"))).toBe(false);
  });
});

describe("who sees which lead (finding 11)", () => {
  let owner: string;
  let sales: string;
  const contact = async (name: string, phone: string) => {
    const res = await postJson("/api/contact", { name, phone, email: "buyer@example.com", message: `From ${name}` });
    expect(res.status).toBe(201);
    return JSON.parse(res.text).id as number;
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    await addStaff(app, "sales-one");
    await addStaff(app, "sales-two");
    owner = await bearerToken(app);
    sales = await bearerToken(app, "sales-one");
    ids.mine = await contact("Mine Buyer", "0803 555 0181");
    ids.theirs = await contact("Theirs Buyer", "0803 555 0182");
    ids.fresh = await contact("Fresh Buyer", "0803 555 0183");
    ids.answered = await contact("Answered Buyer", "0803 555 0184");
    const patch = (id: number, body: unknown) =>
      send("PATCH", `/api/admin/leads/contact/${id}`, {
        headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await patch(ids.mine, { assignee: "sales-one" })).status).toBe(200);
    expect((await patch(ids.theirs, { assignee: "sales-two" })).status).toBe(200);
    expect((await patch(ids.answered, { status: "contacted" })).status).toBe(200);
  });

  const asSales = (method: string, path: string, body?: unknown) =>
    send(method, path, {
      headers: { authorization: `Bearer ${sales}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  it("the API lists a sales account's own leads and the new unassigned ones; the owner sees all", async () => {
    const names = async (token: string) => {
      const res = await send("GET", "/api/admin/leads?kind=contact&limit=100", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return (JSON.parse(res.text) as { name: string }[]).map((l) => l.name);
    };
    const seen = await names(sales);
    expect(seen).toEqual(expect.arrayContaining(["Mine Buyer", "Fresh Buyer"]));
    expect(seen).not.toContain("Theirs Buyer");
    expect(seen).not.toContain("Answered Buyer");
    expect(await names(owner)).toEqual(
      expect.arrayContaining(["Mine Buyer", "Theirs Buyer", "Fresh Buyer", "Answered Buyer"]),
    );
  });

  it("another's lead is 404 to a sales account, to read and to change; its own is not", async () => {
    for (const id of [ids.theirs, ids.answered]) {
      expect((await asSales("GET", `/api/admin/leads/contact/${id}`)).status).toBe(404);
      const patched = await asSales("PATCH", `/api/admin/leads/contact/${id}`, { note: "peek" });
      expect(patched.status).toBe(404);
    }
    expect(
      app.rows<{ note: string | null }>(
        "SELECT note FROM leads WHERE kind = 'contact' AND source_id = ?",
        ids.theirs,
      )[0].note,
    ).toBeNull();
    expect((await asSales("GET", `/api/admin/leads/contact/${ids.mine}`)).status).toBe(200);
  });

  it("a sales account that answers a new unassigned lead takes it, so it stays on its desk", async () => {
    const res = await asSales("PATCH", `/api/admin/leads/contact/${ids.fresh}`, { status: "contacted" });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ status: "contacted", assignee: "sales-one" });
    expect((await asSales("GET", `/api/admin/leads/contact/${ids.fresh}`)).status).toBe(200);
  });

  it("the inbox, the lead page and the inspections page hold to the same rule", async () => {
    const cookie = await app.adminCookie("sales-one");
    const page = (path: string) => send("GET", path, { headers: { cookie } });
    const inbox = await page("/admin/leads?kind=contact");
    expect(inbox.status).toBe(200);
    expect(inbox.text).toContain("Mine Buyer");
    expect(inbox.text).not.toContain("Theirs Buyer");
    expect((await page(`/admin/leads/contact/${ids.theirs}`)).status).toBe(404);
    expect((await page(`/admin/leads/contact/${ids.mine}`)).status).toBe(200);

    const booked = await postJson("/api/inspections", {
      name: "Hidden Inspection Buyer",
      phone: "0803 555 0185",
      email: "hidden.booker@example.com",
      car_make: "Toyota",
      car_model: "Camry",
      inspection_date: openDayFrom(5),
    });
    expect(booked.status).toBe(201);
    const id = JSON.parse(booked.text).id as number;
    const patched = await send("PATCH", `/api/admin/leads/inspection/${id}`, {
      headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
      body: JSON.stringify({ assignee: "sales-two" }),
    });
    expect(patched.status).toBe(200);
    const inspections = await page("/admin/inspections?view=upcoming");
    expect(inspections.status).toBe(200);
    expect(inspections.text).not.toContain("Hidden Inspection Buyer");
    const owned = await send("GET", "/admin/inspections?view=upcoming", {
      headers: { cookie: await app.adminCookie() },
    });
    expect(owned.text).toContain("Hidden Inspection Buyer");
    const api = await send("GET", "/api/inspections?view=upcoming&limit=100", {
      headers: { authorization: `Bearer ${sales}` },
    });
    expect(api.status).toBe(200);
    expect(api.text).not.toContain("Hidden Inspection Buyer");
  });
});
