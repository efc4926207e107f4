import { createHmac, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { BUYER_EMAILS_PER_DAY } from "~/config/constants";
import { env, siteOrigin, smtpServer, whatsappConfig } from "~/config/env.server";
import { logger } from "~/config/logger.server";
import { inspectionInvitation } from "~/lib/calendar";
import { carPath } from "~/lib/car";
import { digestDayAt } from "~/lib/digest-clock";
import { lagosDayEnd, lagosDayStart } from "~/lib/lagos-time";
import {
  buyerEmail,
  type DigestData,
  digestMail,
  type LeadDetails,
  type MailCar,
  type MailLead,
  staffAlert,
  webhookBody,
} from "~/lib/lead-mail";
import { addDays } from "~/lib/lead-schemas";
import { LEAD_KINDS, type LeadKind, leadPath } from "~/lib/leads";
import type { RenderedMail } from "~/lib/mail-layout";
import {
  LEAD_NOTIFY_KINDS,
  type LeadNotifyKind,
  NO_NOTIFICATIONS,
  type Notifications,
  type NotifyKind,
} from "~/lib/notifications";
import type { EmailPayload, MailAttachment } from "~/lib/outbox";
import { DEFAULT_WHATSAPP_TEMPLATES, leadWhatsapp, whatsappRecipient } from "~/lib/whatsapp-messages";
import { type DB, getDb } from "../../db/database.server";
import { getBusiness } from "./business.server";
import type { Db } from "./db.server";
import { enqueue, type OutboxInput } from "./outbox.server";

/**
 * Who is told what (docs/product.md, Notifications): the recipients and webhooks document (the
 * settings row 'notifications'), and the messages a new lead or the morning queues in the outbox.
 */

const KEY = "notifications";
const DIGEST_KEY = "digest_day";

/** Email goes out only with SMTP_URL set; without it nothing is queued for email (webhooks still are). */
export function mailEnabled(): boolean {
  return Boolean(env().SMTP_URL);
}

/** How email goes out, for the back office: on or off, the mail server (host and port) and the sender. */
export function mailSettings(): { enabled: boolean; server: string | null; from: string | null } {
  const config = env();
  return { enabled: Boolean(config.SMTP_URL), server: smtpServer(config), from: config.MAIL_FROM ?? null };
}

/**
 * WhatsApp goes out only with the Cloud API's token and the sending number's id set; without them
 * nothing is queued for WhatsApp.
 */
export function whatsappEnabled(): boolean {
  return whatsappConfig(env()) !== null;
}

/** The stored document; `db` is a transaction's when called inside one. */
export async function getNotifications(db: DB = getDb()): Promise<Notifications> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst();
  if (!row) return NO_NOTIFICATIONS;
  try {
    const stored = JSON.parse(row.value) as Partial<Notifications>;
    return {
      recipients: (stored.recipients ?? []).map((r) => ({
        email: r.email,
        whatsapp: r.whatsapp ?? null,
        kinds: r.kinds,
      })),
      webhooks: stored.webhooks ?? [],
      templates: { ...DEFAULT_WHATSAPP_TEMPLATES, ...stored.templates },
    };
  } catch {
    logger.error("The stored notification settings are not valid JSON; nobody is notified until they are saved");
    return NO_NOTIFICATIONS;
  }
}

export async function saveNotifications(db: Db, doc: Notifications): Promise<void> {
  const value = JSON.stringify(doc);
  await db
    .insertInto("settings")
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/** A webhook's signing secret: 256 random bits, hex. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString("hex");
}

/** The X-Signature of a webhook body: "sha256=" and the hex HMAC-SHA256 of the exact bytes with the secret. */
function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

const origin = () => siteOrigin(env());

async function carFor(db: DB, carId: number | null): Promise<MailCar | null> {
  if (carId === null) return null;
  const car = await db
    .selectFrom("cars")
    .select(["id", "make", "model", "year", "price"])
    .where("id", "=", carId)
    .executeTakeFirst();
  if (!car) return null;
  return { id: car.id, name: `${car.make} ${car.model} ${car.year}`, price: car.price, url: origin() + carPath(car) };
}

async function detailsFor(db: DB, kind: LeadNotifyKind, id: number): Promise<LeadDetails | null> {
  switch (kind) {
    case "inspection": {
      const r = await db
        .selectFrom("inspections")
        .select(["car_make", "car_model", "inspection_date", "other_info"])
        .where("id", "=", id)
        .executeTakeFirst();
      return r ? { kind, ...r } : null;
    }
    case "contact": {
      const r = await db.selectFrom("contact_messages").select("message").where("id", "=", id).executeTakeFirst();
      return r ? { kind, ...r } : null;
    }
    case "sourcing": {
      const r = await db
        .selectFrom("sourcing_requests")
        .select(["car_wanted", "budget", "search"])
        .where("id", "=", id)
        .executeTakeFirst();
      return r ? { kind, ...r } : null;
    }
    case "loan": {
      const client = await db
        .selectFrom("client_infos")
        .select([
          "age_bracket",
          "income_range",
          "client_location",
          "client_id",
          "bvn_available",
          "deposit_available",
          "employment_status",
          "referral",
        ])
        .where((eb) => (id < 0 ? eb("id", "=", -id) : eb("loan_application_id", "=", id)))
        .orderBy("id")
        .executeTakeFirst();
      if (!client) return null;
      const application =
        id < 0
          ? null
          : ((await db
              .selectFrom("loan_applications")
              .select(["car_name", "loan_amount", "initial_deposit", "loan_period", "monthly_repayment"])
              .where("id", "=", id)
              .executeTakeFirst()) ?? null);
      return { kind, application, client };
    }
  }
}

/** A lead as the emails and webhooks tell it, read through the registry row (its car_id names the car). */
async function mailLead(db: DB, kind: LeadNotifyKind, id: number): Promise<MailLead | null> {
  const row = await db
    .selectFrom("leads")
    .select(["created_at", "name", "phone", "email", "car_id"])
    .where("kind", "=", kind)
    .where("source_id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const details = await detailsFor(db, kind, id);
  if (!details) return null;
  return { kind, id, ...row, details, car: await carFor(db, row.car_id), url: origin() + leadPath(kind, id) };
}

function emailRow(
  to: string,
  topic: OutboxInput["topic"],
  mail: RenderedMail,
  extra: { replyTo: string | null; attachments?: MailAttachment[]; lead?: { kind: LeadKind; id: number } },
): OutboxInput {
  const payload: EmailPayload = {
    text: mail.text,
    html: mail.html,
    replyTo: extra.replyTo,
    attachments: extra.attachments ?? [],
  };
  return {
    channel: "email",
    topic,
    lead_kind: extra.lead?.kind ?? null,
    lead_id: extra.lead?.id ?? null,
    recipient: to,
    subject: mail.subject,
    payload: JSON.stringify(payload),
  };
}

const wants = (kinds: readonly NotifyKind[], kind: NotifyKind) => kinds.includes(kind);

/**
 * Whether `address` may get another buyer's email: fewer than BUYER_EMAILS_PER_DAY went to it (in
 * any letter case) in the 24 hours before `now`, counted in the outbox (queued, sent or failed),
 * so a restart does not reset the count.
 */
async function buyerEmailAllowed(db: DB, address: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const { n } = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_at", ">=", since)
    .where("topic", "=", "confirmation")
    .where(sql`lower(recipient)`, "=", address.toLowerCase())
    .executeTakeFirstOrThrow();
  return Number(n) < BUYER_EMAILS_PER_DAY;
}

/**
 * Queues what a new lead causes, inside the transaction that stored it (`db`): the staff alert to
 * each recipient of its kind, the buyer's own email (unless its address had BUYER_EMAILS_PER_DAY
 * already), and a signed POST to each webhook of its kind. The caller wakes the sender after the
 * commit.
 */
export async function queueLeadMessages(db: DB, kind: LeadNotifyKind, id: number): Promise<void> {
  const settings = await getNotifications(db);
  const mail = mailEnabled();
  const staff = mail ? settings.recipients.filter((r) => wants(r.kinds, kind)) : [];
  const chats = whatsappEnabled() ? settings.recipients.filter((r) => r.whatsapp && wants(r.kinds, kind)) : [];
  const hooks = settings.webhooks.filter((w) => wants(w.kinds, kind));
  if (!mail && hooks.length === 0 && chats.length === 0) return;
  const lead = await mailLead(db, kind, id);
  if (!lead) return;
  const business = await getBusiness(db);
  const about = { kind: lead.kind, id: lead.id };
  const messages: OutboxInput[] = [];
  if (staff.length) {
    const alert = staffAlert(lead, business);
    for (const r of staff) messages.push(emailRow(r.email, "staff-alert", alert, { replyTo: lead.email, lead: about }));
  }
  if (chats.length) {
    const chat = leadWhatsapp(lead, settings.templates);
    const numbers = new Set(chats.map((r) => whatsappRecipient(r.whatsapp ?? "")));
    for (const to of numbers) {
      messages.push({
        channel: "whatsapp",
        topic: "staff-alert",
        lead_kind: lead.kind,
        lead_id: lead.id,
        recipient: to,
        ...chat,
      });
    }
  }
  const own =
    mail && lead.email && (await buyerEmailAllowed(db, lead.email, new Date())) ? buyerEmail(lead, business) : null;
  if (own && lead.email) {
    const attachments: MailAttachment[] =
      lead.details.kind === "inspection"
        ? [
            {
              filename: "inspection.ics",
              contentType: "text/calendar; charset=utf-8; method=PUBLISH",
              content: inspectionInvitation({
                uid: `inspection-${lead.id}@${new URL(origin()).hostname}`,
                date: lead.details.inspection_date,
                car: lead.car?.name ?? null,
                business,
                url: lead.car?.url ?? origin(),
              }),
            },
          ]
        : [];
    messages.push(emailRow(lead.email, "confirmation", own, { replyTo: business.email, attachments, lead: about }));
  }
  if (hooks.length) {
    const body = webhookBody(lead);
    for (const w of hooks) {
      messages.push({
        channel: "webhook",
        topic: "webhook",
        lead_kind: lead.kind,
        lead_id: lead.id,
        recipient: w.url,
        subject: `New ${lead.kind} lead ${lead.id}`,
        payload: body,
        signature: webhookSignature(w.secret, body),
      });
    }
  }
  await enqueue(db, messages);
}

const STALE_LISTED = 20;

async function digestData(db: DB, day: string, now: Date): Promise<DigestData> {
  const yesterday = addDays(day, -1);
  const counted = await db
    .selectFrom("leads")
    .select(["kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where("created_at", ">=", lagosDayStart(yesterday))
    .where("created_at", "<", lagosDayEnd(yesterday))
    .where("category", "<>", "incomplete")
    .groupBy("kind")
    .execute();
  const byKind = new Map(counted.map((c) => [c.kind, Number(c.n)]));
  const staleQuery = db
    .selectFrom("leads")
    .where("status", "=", "new")
    .where("kind", "in", LEAD_NOTIFY_KINDS)
    .where("created_at", "<", new Date(now.getTime() - 86_400_000).toISOString())
    .where("category", "=", "lead");
  const { n: staleTotal } = await staleQuery.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const stale = await staleQuery
    .select(["kind", "source_id", "name", "phone", "summary", "created_at"])
    .orderBy("created_at")
    .orderBy("id")
    .limit(STALE_LISTED)
    .execute();
  const inspections = await db
    .selectFrom("inspections")
    .select(["id", "name", "phone", "car_make", "car_model"])
    .where("inspection_date", "=", day)
    .orderBy("id")
    .execute();
  return {
    day,
    yesterday,
    counts: LEAD_KINDS.map((kind) => ({ kind, count: byKind.get(kind) ?? 0 })),
    stale: stale.map((l) => ({ ...l, url: origin() + leadPath(l.kind, l.source_id) })),
    staleTotal: Number(staleTotal),
    inspections: inspections.map((i) => ({
      name: i.name,
      phone: i.phone,
      car: `${i.car_make} ${i.car_model}`,
      url: origin() + leadPath("inspection", i.id),
    })),
    inboxUrl: `${origin()}/admin/leads?status=new`,
  };
}

/**
 * The morning digest, once per Lagos day from 08:00 on: the day is recorded in the same
 * transaction as the messages are queued, so a restart, or a second call, never sends it twice.
 * Returns how many were queued. `now` is the clock (tests pass their own).
 */
export async function queueDigestIfDue(now: Date = new Date()): Promise<number> {
  const day = digestDayAt(now);
  if (!day || !mailEnabled()) return 0;
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const last = await trx.selectFrom("settings").select("value").where("key", "=", DIGEST_KEY).executeTakeFirst();
      if (last && last.value >= day) return 0;
      await trx
        .insertInto("settings")
        .values({ key: DIGEST_KEY, value: day })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: day }))
        .execute();
      const recipients = (await getNotifications(trx)).recipients.filter((r) => wants(r.kinds, "digest"));
      if (recipients.length === 0) return 0;
      const mail = digestMail(await digestData(trx, day, now), await getBusiness(trx));
      const rows = recipients.map((r) => emailRow(r.email, "digest", mail, { replyTo: null }));
      await enqueue(trx, rows, now);
      return rows.length;
    });
}

/**
 * Queues a reservation's emails inside the transaction that changed it: the staff alert to each
 * recipient who gets reservations, and the buyer's own email (a receipt or a hold-ended notice).
 * Nothing is queued for email without SMTP_URL.
 */
export async function queueReservationMail(
  db: DB,
  reservationId: number,
  staff: RenderedMail | null,
  buyer: { to: string; mail: RenderedMail } | null,
): Promise<void> {
  if (!mailEnabled()) return;
  const settings = await getNotifications(db);
  const business = await getBusiness(db);
  const about = { kind: "reservation" as const, id: reservationId };
  const messages: OutboxInput[] = [];
  if (staff) {
    for (const r of settings.recipients.filter((x) => wants(x.kinds, "reservation"))) {
      messages.push(emailRow(r.email, "staff-alert", staff, { replyTo: buyer?.to ?? null, lead: about }));
    }
  }
  if (buyer) messages.push(emailRow(buyer.to, "confirmation", buyer.mail, { replyTo: business.email, lead: about }));
  await enqueue(db, messages);
}
