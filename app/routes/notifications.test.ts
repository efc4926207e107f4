// The notifications page and API, and the outbox page, called as Remix calls them. This file runs
// without SMTP_URL: email is off, which the pages say, and only webhooks are queued.
import { beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/http/cookies.server";
import { ContactSchema } from "~/lib/lead-schemas";
import { NO_NOTIFICATIONS } from "~/lib/notifications";
import { pageActivity } from "~/models/activity.server";
import { createContactMessage } from "~/models/lead.server";
import { getNotifications, saveNotifications } from "~/models/notifications.server";
import { enqueue, recordFailure } from "~/models/outbox.server";
import { getDb } from "../../db/database.server";
import { adminToken, bearer, respond } from "../../tests/helpers/admin-auth";
import { clearData } from "../../tests/helpers/db";
import { validContact } from "../../tests/helpers/leads";
import { loadContext } from "../../tests/helpers/load-context";
import * as page from "./admin.notifications";
import * as outboxPage from "./admin.outbox";
import * as api from "./api.admin.notifications";

const BASE = "http://localhost";
const payload = (out: unknown) =>
  (out as { data?: unknown; type?: string })?.type === "DataWithResponseInit" ? (out as { data: any }).data : out;
const status = (out: unknown) => (out as { init?: { status?: number } })?.init?.status ?? 200;

beforeEach(async () => {
  await clearData();
  await saveNotifications(getDb(), NO_NOTIFICATIONS);
});

const put = (token: string, body: unknown) =>
  respond(() =>
    api.action({
      request: new Request(`${BASE}/api/admin/notifications`, {
        method: "PUT",
        headers: { ...bearer(token), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
      params: {},
      context: loadContext(),
    }),
  );
const get = (token: string) =>
  respond(() =>
    api.loader({
      request: new Request(`${BASE}/api/admin/notifications`, { headers: bearer(token) }),
      params: {},
      context: loadContext(),
    }),
  );

async function cookieFor(role: "owner" | "sales") {
  const { token } = await adminToken(role === "owner" ? "boss" : "seller", role);
  return (await (await sessionCookie()).serialize(token)).split(";")[0];
}

/** Posts a form of the notifications page as a browser would (kinds repeated). */
async function postForm(fields: [string, string][], role: "owner" | "sales" = "owner") {
  const request = new Request(`${BASE}/admin/notifications`, {
    method: "POST",
    headers: { Cookie: await cookieFor(role), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return page.action({ request, params: {}, context: loadContext() });
}

describe("GET and PUT /api/admin/notifications", () => {
  it("saves recipients and webhooks, answers a new webhook's secret once, and records the change", async () => {
    const { token } = await adminToken("boss");
    const res = await put(token, {
      recipients: [{ email: " Desk@LekkiPrimeAutos.ng ", kinds: ["digest", "inspection", "inspection"] }],
      webhooks: [{ url: "https://hooks.example.com/leads", kinds: ["loan", "contact"] }],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      message: "Notifications saved.",
      recipients: [{ email: "desk@lekkiprimeautos.ng", kinds: ["inspection", "digest"] }],
      webhooks: [{ url: "https://hooks.example.com/leads", kinds: ["contact", "loan"] }],
    });
    expect(body.secrets).toEqual([
      { url: "https://hooks.example.com/leads", secret: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    const stored = await getNotifications();
    expect(stored.webhooks[0].secret).toBe(body.secrets[0].secret);

    // Read back: never the secret. Saved again with the same URL: the secret stays, none is answered.
    const read = await (await get(token)).json();
    expect(JSON.stringify(read)).not.toContain(body.secrets[0].secret);
    expect(read.email).toEqual({ enabled: false, server: null, from: null });
    const again = await (
      await put(token, { webhooks: [{ url: "https://hooks.example.com/leads", kinds: ["loan"] }] })
    ).json();
    expect(again.secrets).toEqual([]);
    expect(again.recipients).toHaveLength(1); // left out: kept
    expect((await getNotifications()).webhooks[0].secret).toBe(body.secrets[0].secret);

    const { entries } = await pageActivity({ kind: "business" }, 1, 5);
    // The trail names a webhook by its host: its address works as a password, and sales read the trail.
    expect(entries.map((e) => e.detail)).toEqual([
      "Webhook on hooks.example.com now gets loan",
      "Added recipient desk@lekkiprimeautos.ng (inspection, digest); " +
        "added webhook on hooks.example.com (contact, loan)",
    ]);
    const trail = await getDb().selectFrom("activity").select(["detail", "target_label"]).execute();
    expect(JSON.stringify(trail)).not.toContain("/leads");
    expect(entries[0]).toMatchObject({ action: "notifications.update", admin_username: "boss" });
  });

  it("refuses bad input field by field, and webhooks into the server's own network", async () => {
    const { token } = await adminToken("boss");
    const res = await put(token, {
      recipients: [
        { email: "ok@example.ng", kinds: ["contact"] },
        { email: "not-an-email", kinds: [] },
        { email: "OK@example.ng", kinds: ["everything"] },
      ],
      webhooks: [
        { url: "ftp://files.example.com/in", kinds: ["contact"] },
        { url: "http://127.0.0.1:8080/hook", kinds: ["contact"] },
        { url: "http://[::1]/hook", kinds: ["contact"] },
        { url: "http://10.0.0.5/hook", kinds: ["contact"] },
        { url: "http://169.254.169.254/latest/meta-data", kinds: ["contact"] },
        { url: "http://localhost:3000/hook", kinds: ["contact"] },
        { url: "https://user:pw@hooks.example.com/x", kinds: ["contact"] },
        { url: "https://hooks.example.com/x", kinds: ["digest"] },
      ],
    });
    expect(res.status).toBe(400);
    const { fields } = await res.json();
    expect(fields).toMatchObject({
      "recipients.1.email": "Enter a valid email address, e.g. sales@example.ng",
      "recipients.1.kinds": "Choose at least one kind of message",
      "recipients.2.kinds.0": "Kinds must be among: inspection, contact, loan, sourcing, reservation, digest",
      "webhooks.0.url": "Only http:// and https:// addresses can be used",
      "webhooks.1.url": "Use the receiver's public address: this one is on a private network",
      "webhooks.2.url": "Use the receiver's public address: this one is on a private network",
      "webhooks.3.url": "Use the receiver's public address: this one is on a private network",
      "webhooks.4.url": "Use the receiver's public address: this one is on a private network",
      "webhooks.5.url": "Use the receiver's public address: this name is only known locally",
      "webhooks.6.url": "Leave the user name and password out of the address",
      "webhooks.7.kinds.0": "Kinds must be among: inspection, contact, loan, sourcing",
    });
    expect(await getNotifications()).toEqual(NO_NOTIFICATIONS);
    const dupe = await put(token, {
      recipients: [
        { email: "ok@example.ng", kinds: ["contact"] },
        { email: "OK@example.ng", kinds: ["loan"] },
      ],
    });
    expect((await dupe.json()).fields).toEqual({ "recipients.1.email": "This address is already on the list" });
  });

  it("is for owners only: 401 without a token, 403 for a sales account", async () => {
    const noToken = await respond(() =>
      api.loader({ request: new Request(`${BASE}/api/admin/notifications`), params: {}, context: loadContext() }),
    );
    expect(noToken.status).toBe(401);
    const { token } = await adminToken("seller", "sales");
    expect((await get(token)).status).toBe(403);
    expect((await put(token, { recipients: [] })).status).toBe(403);
  });
});

describe("without SMTP_URL", () => {
  it("queues no email for a lead, but still its webhooks", async () => {
    await saveNotifications(getDb(), {
      ...NO_NOTIFICATIONS,
      recipients: [{ email: "desk@example.ng", kinds: ["contact"] }],
      webhooks: [{ url: "https://hooks.example.com/x", kinds: ["contact"], secret: "s".repeat(64), created_at: "" }],
    });
    await createContactMessage(getDb(), ContactSchema.parse(validContact()));
    const rows = await getDb().selectFrom("outbox").select(["channel", "recipient"]).execute();
    expect(rows).toEqual([{ channel: "webhook", recipient: "https://hooks.example.com/x" }]);
  });
});

describe("the notifications page", () => {
  it("says email is off, adds a recipient, and keeps what was typed when it refuses", async () => {
    const loaded = await page.loader({
      request: new Request(`${BASE}/admin/notifications`, { headers: { Cookie: await cookieFor("owner") } }),
      params: {},
      context: loadContext(),
    });
    expect(loaded.mail).toMatchObject({ enabled: false, from: '"Lekki Prime Autos" <sales@lekkiprimeautos.ng>' });

    const added = payload(
      await postForm([
        ["intent", "add-recipient"],
        ["address", "Sales@Example.ng"],
        ["kinds", "inspection"],
        ["kinds", "digest"],
      ]),
    );
    expect(added).toMatchObject({
      ok: true,
      message: "sales@example.ng added: they get inspection bookings and the morning digest.",
    });
    const refused = await postForm([
      ["intent", "add-recipient"],
      ["address", "sales@example"],
    ]);
    expect(status(refused)).toBe(400);
    expect(payload(refused)).toMatchObject({
      ok: false,
      message: "The recipient was not added: Enter a valid email address, e.g. sales@example.ng",
      fieldErrors: {
        address: "Enter a valid email address, e.g. sales@example.ng",
        kinds: "Choose at least one kind of message",
      },
      values: { address: "sales@example", kinds: [] },
    });
    const saved = payload(
      await postForm([
        ["intent", "save-recipient"],
        ["original", "sales@example.ng"],
        ["kinds", "loan"],
      ]),
    );
    expect(saved).toMatchObject({ ok: true, message: "Saved: sales@example.ng gets loan applications." });
    const webhook = payload(
      await postForm([
        ["intent", "add-webhook"],
        ["address", "https://crm.example.com/in"],
        ["kinds", "sourcing"],
      ]),
    );
    expect(webhook.secret).toEqual({
      url: "https://crm.example.com/in",
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const removed = payload(
      await postForm([
        ["intent", "remove-recipient"],
        ["original", "sales@example.ng"],
      ]),
    );
    expect(removed).toMatchObject({ ok: true, message: "sales@example.ng removed: they get no more emails." });
    expect(await getNotifications()).toMatchObject({
      recipients: [],
      webhooks: [{ url: "https://crm.example.com/in", kinds: ["sourcing"] }],
    });
  });

  it("answers 403 to a sales account, page and form alike", async () => {
    const loaded = respond(async () =>
      page.loader({
        request: new Request(`${BASE}/admin/notifications`, { headers: { Cookie: await cookieFor("sales") } }),
        params: {},
        context: loadContext(),
      }),
    );
    expect((await loaded).status).toBe(403);
    const posted = await respond(() => postForm([["intent", "add-recipient"]], "sales"));
    expect(posted.status).toBe(403);
  });
});

describe("the outbox page", () => {
  it("lists messages by status and resends a failed one", async () => {
    await enqueue(getDb(), [
      {
        channel: "email",
        topic: "staff-alert",
        lead_kind: "contact",
        lead_id: 4,
        recipient: "a@x.ng",
        subject: "One",
        payload: "{}",
      },
      { channel: "webhook", topic: "webhook", recipient: "https://h.example.com", subject: "Two", payload: "{}" },
    ]);
    const [first] = await getDb().selectFrom("outbox").select("id").orderBy("id").execute();
    await recordFailure(first.id, "550 No such user here", null);
    const cookie = await cookieFor("owner");
    const loaded = await outboxPage.loader({
      request: new Request(`${BASE}/admin/outbox?status=failed`, { headers: { Cookie: cookie } }),
      params: {},
      context: loadContext(),
    });
    expect(loaded.counts).toEqual({ queued: 1, sent: 0, failed: 1 });
    expect(loaded.rows.map((r) => [r.subject, r.status, r.last_error])).toEqual([
      ["One", "failed", "550 No such user here"],
    ]);

    const resend = (id: number) =>
      outboxPage.action({
        request: new Request(`${BASE}/admin/outbox`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ id: String(id) }),
        }),
        params: {},
        context: loadContext(),
      });
    expect(payload(await resend(first.id))).toEqual({ ok: true, message: 'Queued again: "One" to a@x.ng.' });
    const again = await resend(first.id);
    expect(status(again)).toBe(404);
    expect(payload(again)).toMatchObject({ ok: false });
    const row = await getDb().selectFrom("outbox").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "queued", attempts: 0 });
    const { entries } = await pageActivity({ kind: "business" }, 1, 1);
    expect(entries[0]).toMatchObject({ action: "outbox.resend", target_label: "Staff alert to a@x.ng", detail: "One" });
  });

  it("names a resent webhook by its host only in the trail", async () => {
    await enqueue(getDb(), [
      {
        channel: "webhook",
        topic: "webhook",
        recipient: "https://hooks.slack.com/services/T000/B000/secretpart",
        subject: "Two",
        payload: "{}",
      },
    ]);
    const [row] = await getDb().selectFrom("outbox").select("id").execute();
    await recordFailure(row.id, "timeout", null);
    const res = await outboxPage.action({
      request: new Request(`${BASE}/admin/outbox`, {
        method: "POST",
        headers: { Cookie: await cookieFor("owner"), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: String(row.id) }),
      }),
      params: {},
      context: loadContext(),
    });
    expect(payload(res)).toMatchObject({ ok: true });
    const trail = await getDb().selectFrom("activity").selectAll().orderBy("id", "desc").execute();
    expect(trail[0]).toMatchObject({ action: "outbox.resend", target_label: "Webhook on hooks.slack.com" });
    expect(JSON.stringify(trail)).not.toContain("secretpart");
  });
});

describe("entries recorded before webhooks were named by host", () => {
  it("are shown with each address reduced to its host", async () => {
    const at = new Date().toISOString();
    const boss = await adminToken("boss");
    await getDb()
      .insertInto("activity")
      .values([
        {
          created_at: at,
          admin_id: boss.adminId,
          admin_username: "boss",
          action: "notifications.update",
          target_kind: "business",
          target_id: null,
          target_label: "Notifications",
          detail:
            "Added webhook https://hooks.slack.com/services/T0/B0/XYZsecret (contact); " +
            "removed webhook http://[2001:db8::1]:8080/x?token=abc",
        },
        {
          created_at: at,
          admin_id: boss.adminId,
          admin_username: "boss",
          action: "outbox.resend",
          target_kind: "business",
          target_id: "9",
          target_label: "Webhook to https://hooks.slack.com/services/T0/B0/XYZsecret",
          detail: "New lead",
        },
      ])
      .execute();
    const { entries } = await pageActivity({}, 1, 2);
    expect(entries.map((e) => [e.target_label, e.detail])).toEqual([
      ["Webhook to address on hooks.slack.com", "New lead"],
      ["Notifications", "Added webhook address on hooks.slack.com (contact); removed webhook address on [2001:db8::1]"],
    ]);
  });
});

describe("WhatsApp on the notifications page and API", () => {
  const g = globalThis as { __dealershipEnv?: unknown };
  const TOKEN = "EAAGsecretwhatsapptoken0123456789";
  const withWhatsapp = (on: boolean) => {
    if (on) {
      process.env.WHATSAPP_TOKEN = TOKEN;
      process.env.WHATSAPP_PHONE_NUMBER_ID = "106540352242922";
    } else {
      delete process.env.WHATSAPP_TOKEN;
      delete process.env.WHATSAPP_PHONE_NUMBER_ID;
    }
    g.__dealershipEnv = undefined;
  };
  const loadPage = async () =>
    page.loader({
      request: new Request(`${BASE}/admin/notifications`, { headers: { Cookie: await cookieFor("owner") } }),
      params: {},
      context: loadContext(),
    });

  it("takes a WhatsApp number beside a recipient's email, in any usual form, and refuses a bad one", async () => {
    withWhatsapp(false);
    const { token } = await adminToken("boss");
    const res = await put(token, {
      recipients: [{ email: "desk@example.ng", whatsapp: "0803 555 0142", kinds: ["contact"] }],
    });
    expect(res.status).toBe(200);
    expect((await res.json()).recipients).toEqual([
      { email: "desk@example.ng", whatsapp: "+2348035550142", kinds: ["contact"] },
    ]);
    const read = await (await get(token)).json();
    expect(read.whatsapp).toEqual({ enabled: false });
    expect(read.templates).toEqual({ lead: "new_lead_alert", alert: "car_alert", language: "en" });

    const bad = await put(token, { recipients: [{ email: "desk@example.ng", whatsapp: "12345", kinds: ["contact"] }] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({
      "recipients.0.whatsapp": "Enter a Nigerian mobile number, e.g. 0803 555 0142",
    });
    const badTemplate = await put(token, { templates: { lead: "New Lead!", alert: "car_alert", language: "english" } });
    expect(badTemplate.status).toBe(400);
    expect(Object.keys((await badTemplate.json()).fields)).toEqual(["templates.lead", "templates.language"]);

    // The page: the plain-words notice, then a number added and one refused with what was typed kept.
    const loaded = await loadPage();
    expect(loaded.whatsapp).toEqual({ enabled: false });
    const added = payload(
      await postForm([
        ["intent", "add-recipient"],
        ["address", "sales@example.ng"],
        ["whatsapp", "+234 (0) 809 555 0101"],
        ["kinds", "inspection"],
      ]),
    );
    expect(added).toMatchObject({
      ok: true,
      message: "sales@example.ng added: they get inspection bookings (also on WhatsApp +234 809 555 0101).",
    });
    const refused = await postForm([
      ["intent", "save-recipient"],
      ["original", "sales@example.ng"],
      ["whatsapp", "0803 555"],
      ["kinds", "inspection"],
    ]);
    expect(status(refused)).toBe(400);
    expect(payload(refused)).toMatchObject({
      fieldErrors: { whatsapp: "Enter a Nigerian mobile number, e.g. 0803 555 0142" },
      values: { whatsapp: "0803 555" },
    });
    // The desk's number was kept when the page saved another recipient.
    expect((await getNotifications()).recipients.map((r) => r.whatsapp)).toEqual(["+2348035550142", "+2348095550101"]);

    const templates = payload(
      await postForm([
        ["intent", "save-templates"],
        ["lead", "lekki_new_lead"],
        ["alert", "lekki_alert"],
        ["language", "en_GB"],
      ]),
    );
    expect(templates).toMatchObject({
      ok: true,
      message: "WhatsApp templates saved: lekki_new_lead for new leads, lekki_alert for buyers' alerts (en_GB).",
    });
    const { entries } = await pageActivity({ kind: "business" }, 1, 5);
    expect(entries.slice(0, 3).map((e) => e.detail)).toEqual([
      "WhatsApp templates now lekki_new_lead, lekki_alert (en_GB)",
      "Added recipient sales@example.ng with WhatsApp +234 809 555 0101 (inspection)",
      "Added recipient desk@example.ng with WhatsApp +234 803 555 0142 (contact)",
    ]);
  });

  it("says WhatsApp is on when it is set up, and never hands out the token", async () => {
    withWhatsapp(true);
    try {
      const loaded = await loadPage();
      expect(loaded.whatsapp).toEqual({ enabled: true });
      expect(JSON.stringify(loaded)).not.toContain(TOKEN);
      const { token } = await adminToken("boss");
      const read = await get(token);
      const text = await read.text();
      expect(JSON.parse(text).whatsapp).toEqual({ enabled: true });
      expect(text).not.toContain(TOKEN);
    } finally {
      withWhatsapp(false);
    }
  });
});
