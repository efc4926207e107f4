// The WhatsApp channel inside one process: leads and alerts queue their WhatsApp messages in the
// same transaction as the change, and the sender delivers them to a stand-in of the Cloud API
// started here; refusals fail at once with Meta's words, throttling and outages are retried on a
// clock the test moves.
process.env.SMTP_URL = "smtp://127.0.0.1:2525";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUYER_WHATSAPP_PER_DAY } from "~/config/constants";
import { defaultBusiness } from "~/config/site";
import { ContactSchema, InspectionSchema } from "~/lib/lead-schemas";
import { NO_NOTIFICATIONS, type Recipient } from "~/lib/notifications";
import { confirmAlert, createAlert, queueAvailableAlerts, queueDueAlerts } from "~/models/alerts.server";
import { getBusiness, saveBusiness } from "~/models/business.server";
import { markCarSold, updateCar } from "~/models/car.server";
import { createContactMessage, createInspection } from "~/models/lead.server";
import { saveNotifications } from "~/models/notifications.server";
import { requeueFailed } from "~/models/outbox.server";
import { getDb } from "../db/database.server";
import { baseCar, clearData, makeCar } from "../tests/helpers/db";
import { validContact, validInspection } from "../tests/helpers/leads";
import { startWhatsappStandIn, TEST_WHATSAPP_TOKEN, type WhatsappStandIn } from "../tests/helpers/whatsapp-stand-in";
import { type OutboxSender, startOutboxSender } from "./outbox-sender";

const g = globalThis as { __dealershipEnv?: unknown };
const quiet = { info() {}, warn() {}, error() {} };
const logged: string[] = [];
const recording = {
  info: (m: string) => logged.push(m),
  warn: (m: string) => logged.push(m),
  error: (m: string) => logged.push(m),
};

let api: WhatsappStandIn;
let sender: OutboxSender | null = null;
let ahead = 0;
const now = () => new Date(Date.now() + ahead);
const minutes = (n: number) => (ahead += n * 60_000);

/** Sets (or, with null, removes) the WhatsApp variables; the next env() reads them. */
function whatsappVariables(on: boolean): void {
  if (on) {
    process.env.WHATSAPP_TOKEN = TEST_WHATSAPP_TOKEN;
    process.env.WHATSAPP_PHONE_NUMBER_ID = api.phoneNumberId;
    process.env.WHATSAPP_API_URL = api.url;
  } else {
    delete process.env.WHATSAPP_TOKEN;
    delete process.env.WHATSAPP_PHONE_NUMBER_ID;
    delete process.env.WHATSAPP_API_URL;
  }
  g.__dealershipEnv = undefined;
}

async function start(token = TEST_WHATSAPP_TOKEN): Promise<OutboxSender> {
  sender = await startOutboxSender({
    mailer: null,
    mailFrom: undefined,
    webhooks: { allowPrivate: true, userAgent: "test" },
    whatsapp: { apiUrl: api.url, phoneNumberId: api.phoneNumberId, token },
    logger: recording,
    now,
  });
  return sender;
}

async function run(): Promise<void> {
  sender?.wake();
  await sender?.idle();
}

/** The WhatsApp messages once the sender has looked (it writes the alert messages due before each batch). */
async function chats() {
  await queueDueAlerts();
  return getDb().selectFrom("outbox").selectAll().where("channel", "=", "whatsapp").orderBy("id").execute();
}

function staff(...recipients: Recipient[]): Promise<void> {
  return saveNotifications(getDb(), { ...NO_NOTIFICATIONS, recipients });
}

beforeAll(async () => {
  api = await startWhatsappStandIn();
});
afterAll(async () => {
  await api.close();
  whatsappVariables(false);
});
beforeEach(async () => {
  await clearData();
  await saveBusiness(getDb(), defaultBusiness);
  await getDb().deleteFrom("buyer_alerts").execute();
  await getDb().deleteFrom("alert_contacts").execute();
  api.messages.length = 0;
  api.calls.length = 0;
  api.mode = "accept";
  ahead = 0;
  logged.length = 0;
  whatsappVariables(true);
});
afterEach(async () => {
  await sender?.stop();
  sender = null;
});

describe("a new lead", () => {
  it("reaches the staff of its kind with a WhatsApp number, as a template message, queued with the lead", async () => {
    await staff(
      { email: "desk@lekkiprimeautos.ng", whatsapp: "+2348035550100", kinds: ["contact", "inspection"] },
      { email: "finance@lekkiprimeautos.ng", whatsapp: "+2348095550101", kinds: ["loan"] },
      { email: "boss@lekkiprimeautos.ng", whatsapp: null, kinds: ["contact"] },
    );
    const carId = await makeCar({ make: "Toyota", model: "Camry", year: 2020, price: 25_000_000 });
    const lead = await createContactMessage(getDb(), ContactSchema.parse({ ...validContact(), car_id: carId }));
    // In the outbox before the sender ran: one message, to the desk's number in international form.
    const queued = await chats();
    expect(queued.map((m) => [m.topic, m.recipient, m.status, m.lead_kind, m.lead_id])).toEqual([
      ["staff-alert", "2348035550100", "queued", "contact", lead.id],
    ]);
    expect(queued[0].subject).toMatch(/^New message: /);

    await start();
    await run();
    const [message] = await api.waitFor(1);
    expect(message).toMatchObject({ to: "2348035550100", template: "new_lead_alert", language: "en" });
    const contact = validContact();
    expect(message.parameters).toEqual([
      "message",
      contact.name,
      expect.stringMatching(/^\+234 \d{3} \d{3} \d{4}$/),
      "Toyota Camry 2020, ₦25,000,000",
      `http://shop.ng/admin/leads/contact/${lead.id}`,
    ]);
    expect((await chats()).map((m) => [m.status, m.attempts, m.last_error])).toEqual([["sent", 1, null]]);
    // The request as Meta takes it, with the bearer token.
    expect(api.calls[0].authorization).toBe(`Bearer ${TEST_WHATSAPP_TOKEN}`);
    expect(api.calls[0].body).toMatchObject({
      messaging_product: "whatsapp",
      to: "2348035550100",
      type: "template",
      template: { name: "new_lead_alert", language: { code: "en" }, components: [{ type: "body" }] },
    });
    // The log names the message by id only: no number, no token.
    expect(logged.join("\n")).toMatch(/Outbox: whatsapp \d+ \(staff-alert\) sent/);
    expect(logged.join("\n")).not.toContain("2348035550100");
  });

  it("uses the owner's template names and language, and keeps each placeholder on one line", async () => {
    await saveNotifications(getDb(), {
      ...NO_NOTIFICATIONS,
      recipients: [{ email: "desk@lekkiprimeautos.ng", whatsapp: "+2348035550100", kinds: ["inspection"] }],
      templates: { lead: "lekki_new_lead", alert: "lekki_alert", language: "en_GB" },
    });
    await createInspection(
      getDb(),
      InspectionSchema.parse({
        ...validInspection(),
        name: "Ngozi\u2028   Eze",
        car_make: "Lexus",
        car_model: "RX 350",
      }),
    );
    await start();
    await run();
    const [message] = await api.waitFor(1);
    expect(message).toMatchObject({ template: "lekki_new_lead", language: "en_GB" });
    expect(message.parameters.slice(0, 2)).toEqual(["inspection booking", "Ngozi Eze"]);
    expect(message.parameters[3]).toBe("Lexus RX 350");
  });

  it("queues nothing for WhatsApp without the token and the number's id (email still is)", async () => {
    whatsappVariables(false);
    await staff({ email: "desk@lekkiprimeautos.ng", whatsapp: "+2348035550100", kinds: ["contact"] });
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    const rows = await getDb().selectFrom("outbox").select(["channel", "recipient"]).orderBy("id").execute();
    expect(rows.map((r) => r.channel)).toEqual(["email", "email"]);
  });
});

describe("delivery", () => {
  beforeEach(async () => {
    await staff({ email: "desk@lekkiprimeautos.ng", whatsapp: "+2348035550100", kinds: ["contact"] });
  });

  it("fails a refused message at once with Meta's answer, and sends it when resent", async () => {
    api.mode = "refuse";
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    await start();
    await run();
    const [failed] = await chats();
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.last_error).toBe(
      "WhatsApp answered HTTP 400 (code 132001): (#132001) Template name does not exist in the translation: " +
        "template name (new_lead_alert) does not exist in en",
    );
    expect(api.messages).toHaveLength(0);

    api.mode = "accept";
    await requeueFailed(getDb(), failed.id, now());
    await run();
    await api.waitFor(1);
    expect((await chats()).map((m) => [m.status, m.attempts])).toEqual([["sent", 1]]);
  });

  it("fails at once on a wrong token, and the token is nowhere in what is recorded or logged", async () => {
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    await start("EAAGwrongtoken0123456789abcdef");
    await run();
    const [failed] = await chats();
    expect(failed.status).toBe("failed");
    expect(failed.last_error).toMatch(/^WhatsApp answered HTTP 401 \(code 190\): Error validating access token/);
    const everything = JSON.stringify(await getDb().selectFrom("outbox").selectAll().execute()) + logged.join("\n");
    expect(everything).not.toContain("EAAGwrongtoken");
    expect(everything).not.toContain(TEST_WHATSAPP_TOKEN);
  });

  it("retries 429, 5xx and no answer at all with growing waits, then delivers once", async () => {
    api.mode = "throttle";
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    await start();
    await run();
    let [m] = await chats();
    expect(m).toMatchObject({ status: "queued", attempts: 1 });
    expect(m.last_error).toMatch(/^WhatsApp answered HTTP 429 \(code 130429\)/);
    expect((Date.parse(m.next_attempt_at) - Date.parse(m.updated_at)) / 60_000).toBe(1);

    api.mode = "down";
    minutes(1);
    await run();
    [m] = await chats();
    expect(m).toMatchObject({ status: "queued", attempts: 2 });
    expect(m.last_error).toMatch(/^WhatsApp answered HTTP 503/);
    expect((Date.parse(m.next_attempt_at) - Date.parse(m.updated_at)) / 60_000).toBe(2);

    // No answer at all: the API's address points at a closed port.
    await sender?.stop();
    sender = await startOutboxSender({
      mailer: null,
      mailFrom: undefined,
      webhooks: { allowPrivate: true, userAgent: "test" },
      whatsapp: { apiUrl: "http://127.0.0.1:9/v21.0", phoneNumberId: api.phoneNumberId, token: TEST_WHATSAPP_TOKEN },
      logger: quiet,
      now,
    });
    minutes(2);
    await run();
    [m] = await chats();
    expect(m).toMatchObject({ status: "queued", attempts: 3 });
    expect(m.last_error).toMatch(/^WhatsApp could not be reached/);
    await sender.stop();

    api.mode = "accept";
    await start();
    minutes(5);
    await run();
    await api.waitFor(1);
    minutes(60);
    await run();
    expect(api.messages).toHaveLength(1);
    expect((await chats()).map((x) => [x.status, x.attempts])).toEqual([["sent", 4]]);
  });
});

describe("buyers' alerts", () => {
  /** A confirmed alert (the confirmation goes by email only). */
  async function confirmed(
    email: string,
    input: { search?: string; car_id?: number; whatsapp?: string; when?: "available" },
  ) {
    expect(await createAlert(getDb(), { email, ...input }, await getBusiness())).toBe("created");
    expect(await chats()).toHaveLength(0); // the double opt-in is by email only
    const mail = await getDb().selectFrom("outbox").select("payload").orderBy("id", "desc").executeTakeFirstOrThrow();
    const token = /\/alerts\/confirm\/([\w-]+)/.exec(mail.payload)?.[1] ?? "";
    expect((await confirmAlert(getDb(), token)).state).toBe("confirmed");
    await getDb().deleteFrom("outbox").execute();
  }

  it("go to the buyer's WhatsApp too once confirmed: a new match, a price drop, a sale", async () => {
    await confirmed("ada@example.com", { search: "make=Lexus&maxPrice=30000000", whatsapp: "+2348035550142" });
    const id = await makeCar({ make: "Lexus", model: "RX 350", year: 2020, price: 28_000_000 });
    let [m] = await chats();
    expect(m).toMatchObject({ topic: "buyer-alert", recipient: "2348035550142" });
    const payload = JSON.parse(m.payload);
    expect(payload.template).toBe("car_alert");
    expect(payload.parameters[0]).toBe(
      'A new car for your alert "Lexus, up to ₦30,000,000": Lexus RX 350 2020, ₦28,000,000.',
    );
    expect(payload.parameters[1]).toMatch(new RegExp(`^http://shop\\.ng/cars/${id}-`));
    expect(payload.parameters[2]).toMatch(/^http:\/\/shop\.ng\/alerts\/manage\/[\w-]{40,}$/);

    await getDb().deleteFrom("outbox").execute();
    await confirmed("ada@example.com", { car_id: id });
    await updateCar(getDb(), id, { ...baseCar, make: "Lexus", model: "RX 350", year: 2020, price: 26_000_000 }, [], []);
    [m] = await chats();
    expect(JSON.parse(m.payload).parameters[0]).toBe(
      "Price drop: the Lexus RX 350 2020 is now ₦26,000,000 (was ₦28,000,000).",
    );
    await getDb().deleteFrom("outbox").execute();
    await markCarSold(getDb(), id, { salePrice: null });
    [m] = await chats();
    expect(JSON.parse(m.payload).parameters[0]).toBe("The Lexus RX 350 2020 you were watching has been sold.");

    await start();
    await run();
    expect((await api.waitFor(1))[0].to).toBe("2348035550142");
  });

  it("tell a buyer waiting for a reserved car on WhatsApp too when it is for sale again", async () => {
    const id = await makeCar({ make: "Lexus", model: "RX 350", year: 2020, price: 28_000_000 });
    const at = new Date().toISOString();
    await getDb()
      .insertInto("reservations")
      .values({
        reference: "res-wa-1",
        car_id: id,
        car_label: "Lexus RX 350 2020",
        name: "Tunde",
        email: "tunde@example.com",
        phone: "+2348035550100",
        amount: 500_000,
        status: "paid",
        hold_until: new Date(Date.now() + 86_400_000).toISOString(),
        paid_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await confirmed("ada@example.com", { car_id: id, whatsapp: "+2348035550142", when: "available" });
    expect(await queueAvailableAlerts(getDb(), id)).toBe(1);
    const [m] = await chats();
    expect(m).toMatchObject({ topic: "buyer-alert", recipient: "2348035550142" });
    const payload = JSON.parse(m.payload);
    expect(payload.parameters[0]).toBe(
      "Good news: the Lexus RX 350 2020 is no longer reserved and is for sale again at ₦28,000,000.",
    );
    expect(payload.parameters[1]).toMatch(new RegExp(`^http://shop\\.ng/cars/${id}-`));
  });

  it(`send one number at most ${BUYER_WHATSAPP_PER_DAY} messages a day, whatever addresses gave it`, async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      await confirmed(`buyer${n}@example.com`, { search: "make=Lexus", whatsapp: "0803 555 0142" });
    }
    await makeCar({ make: "Lexus", model: "RX 350", year: 2020, price: 28_000_000 });
    await queueDueAlerts();
    const rows = await getDb().selectFrom("outbox").select(["channel"]).execute();
    expect(rows.filter((r) => r.channel === "email")).toHaveLength(5);
    expect(rows.filter((r) => r.channel === "whatsapp")).toHaveLength(BUYER_WHATSAPP_PER_DAY);
  });
});
