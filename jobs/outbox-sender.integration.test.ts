// The outbox end to end inside one process: leads stored through the models queue their messages
// in the same transaction, and the sender delivers them to a real SMTP server and a real HTTP
// receiver started here, with retries on a clock the test moves.
import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUYER_EMAILS_PER_DAY } from "~/config/constants";
import { defaultBusiness } from "~/config/site";
import { ClientInfoSchema, ContactSchema, InspectionSchema, SourcingSchema } from "~/lib/lead-schemas";
import { NO_NOTIFICATIONS, type Notifications } from "~/lib/notifications";
import { OUTBOX_MAX_ATTEMPTS } from "~/lib/outbox";
import { saveBusiness } from "~/models/business.server";
import { createClientInfo, createContactMessage, createInspection } from "~/models/lead.server";
import { queueDigestIfDue, queueLeadMessages, saveNotifications } from "~/models/notifications.server";
import { requeueFailed } from "~/models/outbox.server";
import { createSourcingRequest } from "~/models/sourcing.server";
import { applyForCarLoan } from "~/use-cases/lead-forms.server";
import { subscribeToNewsletter } from "~/use-cases/newsletter.server";
import { visitorActor } from "~/use-cases/use-case.server";
import { getDb } from "../db/database.server";
import { clearData, makeCar } from "../tests/helpers/db";
import { validClientInfo, validContact, validInspection } from "../tests/helpers/leads";
import { startReceiver, startSmtp, type TestReceiver, type TestSmtp } from "../tests/helpers/mail-servers";
import { createMailer } from "./mailer";
import { type OutboxSender, startOutboxSender } from "./outbox-sender";

// Email is on (mailEnabled() reads this); the sender is handed a mailer for the test's own server.
process.env.SMTP_URL = "smtp://mailer:secret@127.0.0.1:2525";

const quiet = { info() {}, warn() {}, error() {} };
const SECRET = "a".repeat(64);

let smtp: TestSmtp;
let receiver: TestReceiver;
let sender: OutboxSender | null = null;
/** The sender's clock runs this far ahead of the real one (tests move it instead of waiting). */
let ahead = 0;
const now = () => new Date(Date.now() + ahead);

async function start(opts: { allowPrivate?: boolean } = {}): Promise<OutboxSender> {
  sender = await startOutboxSender({
    mailer: createMailer(smtp.url),
    mailFrom: "bookings@lekkiprimeautos.ng",
    webhooks: { allowPrivate: opts.allowPrivate ?? true, userAgent: "test" },
    logger: quiet,
    now,
  });
  return sender;
}

/** Lets the sender look at the outbox now and waits until it is done. */
async function run(): Promise<void> {
  sender?.wake();
  await sender?.idle();
}

const outbox = () => getDb().selectFrom("outbox").selectAll().orderBy("id").execute();
const webhooks = () =>
  getDb().selectFrom("outbox").selectAll().where("channel", "=", "webhook").orderBy("id").execute();
const minutes = (n: number) => (ahead += n * 60_000);
/** How long after its last attempt a queued message is due, in minutes. */
const waitOf = (m: { next_attempt_at: string; updated_at: string }) =>
  (Date.parse(m.next_attempt_at) - Date.parse(m.updated_at)) / 60_000;

function notify(doc: Partial<Notifications>): Promise<void> {
  return saveNotifications(getDb(), { ...NO_NOTIFICATIONS, ...doc });
}

beforeAll(async () => {
  smtp = await startSmtp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await smtp.close();
  await receiver.close();
});
beforeEach(async () => {
  await clearData();
  await saveBusiness(getDb(), defaultBusiness);
  await getDb().deleteFrom("settings").where("key", "=", "digest_day").execute();
  smtp.received.length = 0;
  smtp.mode = "accept";
  smtp.refused = 0;
  receiver.posts.length = 0;
  receiver.status = 200;
  ahead = 0;
});
afterEach(async () => {
  await sender?.stop();
  sender = null;
});

describe("a new inspection booking", () => {
  it("emails the staff of its kind and the buyer (with a calendar invitation), through real SMTP", async () => {
    await notify({
      recipients: [
        { email: "desk@lekkiprimeautos.ng", kinds: ["inspection", "contact"] },
        { email: "finance@lekkiprimeautos.ng", kinds: ["loan"] },
      ],
    });
    await start();
    const input = InspectionSchema.parse(validInspection());
    const booking = await createInspection(getDb(), input);
    // Queued in the lead's transaction: the rows are there before the sender ran.
    expect((await outbox()).map((m) => [m.topic, m.recipient, m.status])).toEqual([
      ["staff-alert", "desk@lekkiprimeautos.ng", "queued"],
      ["confirmation", "chinedu@example.com", "queued"],
    ]);
    await run();
    const [alert, confirmation] = await smtp.waitFor(2);

    expect(alert.to).toMatchObject({ text: "desk@lekkiprimeautos.ng" });
    expect(alert.from?.text).toBe('"Lekki Prime Autos" <bookings@lekkiprimeautos.ng>');
    expect(alert.replyTo?.text).toBe("chinedu@example.com");
    expect(alert.subject).toMatch(/^New inspection booking: Chinedu Okafor, Toyota Camry on \w+day, \d+ \w+ \d{4}$/);
    expect(alert.text).toContain("Phone: +234 803 555 0142");
    expect(alert.text).toContain("Other information: Saturday morning please");
    expect(alert.text).toContain(`http://shop.ng/admin/leads/inspection/${booking.id}`);

    expect(confirmation.to).toMatchObject({ text: "chinedu@example.com" });
    expect(confirmation.replyTo?.text).toBe(defaultBusiness.email);
    expect(confirmation.subject).toMatch(/^Your inspection at Lekki Prime Autos on /);
    // The buyer's own email repeats nothing they typed (anyone can give any address): no name.
    expect(confirmation.text).toContain("Hello,\n");
    expect(confirmation.text).not.toContain("Chinedu");
    expect(confirmation.text).toContain(`Where: ${defaultBusiness.address}`);
    expect(confirmation.text).toContain("We are open: 8:00 AM to 6:00 PM that day");
    expect(confirmation.text).toContain("Mon-Fri: 8:00 AM-6:00 PM");
    expect(confirmation.html).toContain("<table");
    const [ics] = confirmation.attachments;
    expect(ics.filename).toBe("inspection.ics");
    expect(ics.contentType).toBe("text/calendar");
    const calendar = ics.content.toString("utf8");
    const day = input.inspection_date.replace(/-/g, "");
    // 08:00 to 18:00 in Lagos is 07:00 to 17:00 UTC.
    expect(calendar).toContain(`DTSTART:${day}T070000Z`);
    expect(calendar).toContain(`DTEND:${day}T170000Z`);
    expect(calendar).toContain(`UID:inspection-${booking.id}@shop.ng`);
    expect(calendar).toContain("STATUS:TENTATIVE");
    expect(calendar.replace(/\r\n /g, "")).toContain("LOCATION:Admiralty Way\\, Lekki Phase 1");
    expect((await outbox()).map((m) => [m.status, m.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
  });

  it("names the car, its price and its page when the lead has a car", async () => {
    await notify({ recipients: [{ email: "desk@lekkiprimeautos.ng", kinds: ["inspection"] }] });
    const carId = await makeCar({ make: "Lexus", model: "RX 350", year: 2019, price: 38_500_000 });
    const booking = await createInspection(
      getDb(),
      InspectionSchema.parse({ ...validInspection(), car_make: "Lexus" }),
    );
    // The leads registry's car_id is what names the car (a booking from a car's page fills it).
    await getDb().updateTable("leads").set({ car_id: carId }).where("kind", "=", "inspection").execute();
    await getDb().deleteFrom("outbox").execute();
    await getDb()
      .transaction()
      .execute((trx) => queueLeadMessages(trx, "inspection", booking.id));
    await start();
    await run();
    const [alert, confirmation] = await smtp.waitFor(2);
    expect(alert.subject).toContain("Lexus RX 350 2019 on");
    expect(alert.text).toContain("Car: Lexus RX 350 2019, ₦38,500,000");
    expect(alert.text).toContain(`http://shop.ng/cars/${carId}-`);
    expect(confirmation.text).toContain("Car: Lexus RX 350 2019, ₦38,500,000");
  });
});

describe("the other leads", () => {
  it("a contact message gets an acknowledgement; a completed loan a receipt; sourcing alerts staff only", async () => {
    await notify({
      recipients: [
        { email: "desk@lekkiprimeautos.ng", kinds: ["contact", "sourcing"] },
        { email: "finance@lekkiprimeautos.ng", kinds: ["loan"] },
      ],
    });
    await start();
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    await run();
    const carId = await makeCar({ financing: true, price: 20_000_000 });
    const applied = await applyForCarLoan(visitorActor("10.0.0.9"), carId, { percent: 40, months: 12 });
    // The loan application alone is not a lead yet: nothing is sent until the client information is in.
    expect(await outbox()).toHaveLength(2);
    await createClientInfo(
      getDb(),
      ClientInfoSchema.parse({ ...validClientInfo(), loan_application: applied.application.reference }),
    );
    await createSourcingRequest(
      getDb(),
      SourcingSchema.parse({ name: "Bola", phone: "08035550199", car_wanted: "Lexus GX 460", budget: "30m" }),
    );
    await run();
    const mails = await smtp.waitFor(5);
    const line = (m: (typeof mails)[number]) => `${m.to && "text" in m.to ? m.to.text : ""} | ${m.subject}`;
    expect(mails.map(line)).toEqual([
      "desk@lekkiprimeautos.ng | New message from Aisha Bello",
      "aisha@example.com | We have received your message - Lekki Prime Autos",
      "finance@lekkiprimeautos.ng | New loan application: Tunde Adeyemi, Toyota Camry 2020 Black",
      "tunde@example.com | We have received your loan application - Lekki Prime Autos",
      "desk@lekkiprimeautos.ng | New sourcing request: Bola wants Lexus GX 460",
    ]);
    // The acknowledgement does not repeat the message (the staff alert does).
    expect(mails[1].text).toContain("Thank you for writing to Lekki Prime Autos.");
    expect(mails[1].text).not.toContain("Lexus RX");
    expect(mails[0].text).toContain("Message: Is the 2020 Lexus RX still available?");
    const receipt = mails[3].text ?? "";
    expect(receipt).toContain("Car price: ₦20,000,000");
    expect(receipt).toContain("Initial deposit: ₦8,000,000");
    expect(receipt).toContain("Amount to finance: ₦12,000,000");
    expect(receipt).toContain("Loan period: 12 months");
    expect(receipt).toContain("Monthly repayment: ₦1,000,000");
    expect(mails[2].text).toContain("Car: Toyota Camry 2020, ₦20,000,000");
    expect(mails[4].text).toContain("Budget: ₦30,000,000");
  });

  it("a newsletter sign-up sends its confirmation link only, and a repeated lead is told once", async () => {
    await notify({ recipients: [{ email: "desk@lekkiprimeautos.ng", kinds: ["inspection", "contact", "digest"] }] });
    await subscribeToNewsletter(visitorActor("127.0.0.1"), { name: "Ada", email: "ada@example.com" }, "/");
    const contact = ContactSchema.parse(validContact());
    await createContactMessage(getDb(), contact);
    await createContactMessage(getDb(), contact);
    expect((await outbox()).map((m) => m.recipient)).toEqual([
      "ada@example.com",
      "desk@lekkiprimeautos.ng",
      "aisha@example.com",
    ]);
    expect((await outbox())[0]).toMatchObject({ topic: "newsletter", subject: expect.stringMatching(/^Confirm your/) });
  });
});

describe("retries", () => {
  it("a refused message is tried again after a minute, then delivered once", async () => {
    await notify({ recipients: [{ email: "desk@lekkiprimeautos.ng", kinds: ["contact"] }] });
    smtp.mode = "try-later";
    await start();
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    await run();
    expect(smtp.received).toHaveLength(0);
    const [first] = await outbox();
    expect(first).toMatchObject({ status: "queued", attempts: 1 });
    expect(first.last_error).toMatch(/451 Mailbox busy, try again later/);
    expect(waitOf(first)).toBe(1);

    smtp.mode = "accept";
    minutes(0.5);
    await run(); // not due yet
    expect(smtp.received).toHaveLength(0);
    minutes(0.5);
    await run();
    await smtp.waitFor(2);
    const rows = await outbox();
    expect(rows.map((m) => [m.status, m.attempts, m.last_error])).toEqual([
      ["sent", 2, null],
      ["sent", 2, null],
    ]);
    await run();
    expect(smtp.received).toHaveLength(2);
  });

  it("gives up after the last wait and keeps the server's answer; a resend delivers it", async () => {
    await notify({ recipients: [{ email: "desk@lekkiprimeautos.ng", kinds: ["sourcing"] }] });
    smtp.mode = "try-later";
    await start();
    await createSourcingRequest(
      getDb(),
      SourcingSchema.parse({ name: "Bola", phone: "08035550199", car_wanted: "Kia Rio" }),
    );
    const waits: number[] = [];
    for (let i = 0; i < OUTBOX_MAX_ATTEMPTS; i++) {
      await run();
      const [row] = await outbox();
      if (row.status === "failed") break;
      const wait = waitOf(row);
      waits.push(wait);
      minutes(wait);
    }
    expect(waits).toEqual([1, 2, 5, 10, 20, 40, 60, 60]);
    const [failed] = await outbox();
    expect(failed).toMatchObject({ status: "failed", attempts: OUTBOX_MAX_ATTEMPTS });
    expect(failed.last_error).toMatch(/^451 /);
    expect(smtp.refused).toBe(OUTBOX_MAX_ATTEMPTS);

    smtp.mode = "accept";
    expect(await requeueFailed(getDb(), failed.id, now())).toMatchObject({ status: "queued", attempts: 0 });
    await run();
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe("New sourcing request: Bola wants Kia Rio");
  });

  it("an address the server refuses for good (5xx) fails at once with the reason", async () => {
    await notify({ recipients: [{ email: "nobody@lekkiprimeautos.ng", kinds: ["sourcing"] }] });
    smtp.mode = "reject";
    await start();
    await createSourcingRequest(
      getDb(),
      SourcingSchema.parse({ name: "Bola", phone: "08035550199", car_wanted: "Kia Rio" }),
    );
    await run();
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.last_error).toMatch(/550 No such user here/);
  });

  it("a message queued before a restart is sent by the next sender, once", async () => {
    await notify({ recipients: [{ email: "desk@lekkiprimeautos.ng", kinds: ["sourcing"] }] });
    smtp.mode = "try-later";
    await start();
    await createSourcingRequest(
      getDb(),
      SourcingSchema.parse({ name: "Bola", phone: "08035550199", car_wanted: "Kia Rio" }),
    );
    await run();
    await sender?.stop();
    expect((await outbox())[0]).toMatchObject({ status: "queued", attempts: 1 });
    // A new process: the message waits a minute no longer.
    smtp.mode = "accept";
    await start();
    await sender?.idle();
    await smtp.waitFor(1);
    await run();
    expect(smtp.received).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("webhooks", () => {
  it("POST each new lead of their kinds, signed (HMAC-SHA256 of the exact body), retried after a failure", async () => {
    await notify({
      webhooks: [
        { url: receiver.url, kinds: ["inspection", "loan"], secret: SECRET, created_at: "" },
        { url: `${receiver.url}/contact`, kinds: ["contact"], secret: "b".repeat(64), created_at: "" },
      ],
    });
    receiver.status = 503;
    await start();
    const booking = await createInspection(getDb(), InspectionSchema.parse(validInspection()));
    await run();
    expect(receiver.posts).toHaveLength(1);
    const [row] = await webhooks();
    expect(row).toMatchObject({ recipient: receiver.url, status: "queued", attempts: 1 });
    expect(row.last_error).toBe("HTTP 503: receiver is down for maintenance");

    receiver.status = 200;
    minutes(1);
    await run();
    expect(receiver.posts).toHaveLength(2);
    const post = receiver.posts[1];
    expect(post.headers["content-type"]).toBe("application/json");
    expect(post.headers["x-delivery-id"]).toBe(String(row.id));
    const expected = `sha256=${createHmac("sha256", SECRET).update(post.body).digest("hex")}`;
    expect(post.headers["x-signature"]).toBe(expected);
    expect(receiver.posts[0].body).toBe(post.body);
    const body = JSON.parse(post.body);
    expect(body).toMatchObject({
      kind: "inspection",
      id: booking.id,
      created_at: booking.created_at,
      lead: {
        name: "Chinedu Okafor",
        phone: "+2348035550142",
        email: "chinedu@example.com",
        car_make: "Toyota",
        car_model: "Camry",
        inspection_date: booking.inspection_date,
      },
      car: null,
      url: `http://shop.ng/admin/leads/inspection/${booking.id}`,
    });
    expect(await webhooks()).toMatchObject([{ status: "sent", attempts: 2 }]);
  });

  it("are not posted to a private address unless the server allows it", async () => {
    await notify({ webhooks: [{ url: receiver.url, kinds: ["contact"], secret: SECRET, created_at: "" }] });
    await start({ allowPrivate: false });
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    await run();
    expect(receiver.posts).toHaveLength(0);
    const [row] = await webhooks();
    expect(row.last_error).toBe("127.0.0.1 is a private address: not posted");
  });

  it("are not posted to the IPv4-compatible IPv6 form of a private address (saved before it was refused)", async () => {
    const url = receiver.url.replace("127.0.0.1", "[::127.0.0.1]");
    expect(url).toMatch(/^http:\/\/\[::127\.0\.0\.1\]:\d+/);
    await notify({ webhooks: [{ url, kinds: ["contact"], secret: SECRET, created_at: "" }] });
    await start({ allowPrivate: false });
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    await run();
    expect(receiver.posts).toHaveLength(0);
    const [row] = await webhooks();
    expect(row.last_error).toBe("::7f00:1 is a private address: not posted");
  });
});

describe("the morning digest", () => {
  /** 2026-03-11 at hh:mm Lagos time (UTC+1). */
  const lagos = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+01:00`);

  it("goes out once a day from 08:00 Lagos: yesterday's leads, leads still waiting, today's inspections", async () => {
    await notify({
      recipients: [
        { email: "owner@lekkiprimeautos.ng", kinds: ["digest"] },
        { email: "desk@lekkiprimeautos.ng", kinds: ["contact"] },
      ],
    });
    const inspection = InspectionSchema.parse(validInspection());
    await createInspection(getDb(), inspection);
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    await subscribeToNewsletter(visitorActor("127.0.0.1"), { name: "Ada", email: "ada@example.com" }, "/");
    const day = inspection.inspection_date;
    // The booking came in two days ago and waits; the message and the sign-up yesterday at 11:00
    // Lagos time, and the message was answered since.
    const at = (daysBefore: number) => new Date(Date.parse(`${day}T10:00:00Z`) - daysBefore * 86_400_000).toISOString();
    await getDb()
      .updateTable("leads")
      .set({ created_at: at(1) })
      .execute();
    await getDb()
      .updateTable("leads")
      .set({ created_at: at(2) })
      .where("kind", "=", "inspection")
      .execute();
    await getDb().updateTable("leads").set({ status: "contacted" }).where("kind", "=", "contact").execute();
    await getDb().deleteFrom("outbox").execute();

    expect(await queueDigestIfDue(lagos(day, "07:59"))).toBe(0);
    expect(await queueDigestIfDue(lagos(day, "08:00"))).toBe(1);
    expect(await queueDigestIfDue(lagos(day, "08:01"))).toBe(0);
    expect(await queueDigestIfDue(lagos(day, "23:59"))).toBe(0);
    ahead = lagos(day, "08:00").getTime() - Date.now();
    await start();
    await run();
    const [digest] = await smtp.waitFor(1);
    expect(digest.to).toMatchObject({ text: "owner@lekkiprimeautos.ng" });
    expect(digest.subject).toBe("Lekki Prime Autos: 1 new lead yesterday, 1 waiting, 1 inspection today");
    const text = digest.text ?? "";
    expect(text).toContain("Yesterday's leads");
    expect(text).toContain("- Contact message: 1\n- Newsletter: 1\n");
    expect(text).toMatch(/Inspection: Chinedu Okafor, \+234 803 555 0142, received .*Toyota Camry, inspection on/);
    expect(text).toContain("Chinedu Okafor, +234 803 555 0142: Toyota Camry\n  http://shop.ng/admin/leads/inspection/");
    expect(text).toContain("http://shop.ng/admin/leads?status=new");
    // The next day, again once.
    const next = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await queueDigestIfDue(lagos(next, "09:30"))).toBe(1);
    expect(await queueDigestIfDue(lagos(next, "10:30"))).toBe(0);
  });
});

describe("buyer emails per address", () => {
  it(`are at most ${BUYER_EMAILS_PER_DAY} in 24 hours, counted in the outbox (a restart forgets nothing)`, async () => {
    await notify({ recipients: [{ email: "desk@lekkiprimeautos.ng", kinds: ["contact"] }] });
    // What an earlier process queued for this address: the limit's worth in the last day, one older.
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
    const day = Array.from({ length: BUYER_EMAILS_PER_DAY }, (_, i) => at(23 - i));
    const oldest = (i: number) => day[i];
    const earlier = (created_at: string) => ({
      created_at,
      channel: "email" as const,
      topic: "confirmation" as const,
      recipient: "Ada@Example.com",
      subject: "We have received your message - Lekki Prime Autos",
      payload: "{}",
      status: "sent" as const,
      next_attempt_at: created_at,
      updated_at: created_at,
    });
    await getDb()
      .insertInto("outbox")
      .values([earlier(at(25)), ...Array.from({ length: BUYER_EMAILS_PER_DAY }, (_, i) => earlier(oldest(i)))])
      .execute();
    const contact = (message: string) =>
      createContactMessage(getDb(), ContactSchema.parse({ ...validContact(), email: "ada@example.com", message }));
    await contact("One more, please");
    const queued = async () =>
      (await outbox()).filter((m) => m.created_at > at(0.5)).map((m) => `${m.topic} ${m.recipient}`);
    // Stored and staff alerted; no buyer email.
    expect(await queued()).toEqual(["staff-alert desk@lekkiprimeautos.ng"]);
    // Once the oldest of the day is more than 24 hours old, the address gets one again.
    const [first] = (await outbox()).filter((m) => m.created_at === oldest(0));
    await getDb()
      .updateTable("outbox")
      .set({ created_at: at(24.5) })
      .where("id", "=", first.id)
      .execute();
    await contact("And another");
    expect(await queued()).toEqual([
      "staff-alert desk@lekkiprimeautos.ng",
      "staff-alert desk@lekkiprimeautos.ng",
      "confirmation ada@example.com",
    ]);
  });
});
