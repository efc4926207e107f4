import { type Selectable, sql } from "kysely";
import type { LeadKind } from "~/lib/leads";
import type { RenderedMail } from "~/lib/mail-layout";
import type { EmailPayload, OutboxChannel, OutboxStatus, OutboxTopic } from "~/lib/outbox";
import { getDb, getSqlite } from "../../db/database.server";
import type { OutboxTable } from "../../db/schema";
import type { Db } from "./db.server";

/**
 * The outbox (docs/architecture.md, The outbox): every email and webhook is a row here before it
 * is sent, written in the transaction of the lead that causes it. The sender (jobs/outbox-sender.ts)
 * asks for due messages and records each attempt; the outbox page lists them and resends a failed one.
 */

export type OutboxMessage = Selectable<OutboxTable>;

export interface OutboxInput {
  channel: OutboxChannel;
  topic: OutboxTopic;
  lead_kind?: LeadKind | null;
  lead_id?: number | null;
  recipient: string;
  subject: string;
  payload: string;
  signature?: string | null;
}

/**
 * An email a buyer chose to get (an alert, the newsletter): with `oneClickLeave`, the address that
 * ends it on a POST, the List-Unsubscribe headers of RFC 8058 (one click, no page).
 */
export function buyerEmail(
  topic: OutboxTopic,
  to: string,
  mail: RenderedMail,
  oneClickLeave: string | null,
): OutboxInput {
  const payload: EmailPayload = {
    text: mail.text,
    html: mail.html,
    replyTo: null,
    attachments: [],
    headers: oneClickLeave
      ? { "List-Unsubscribe": `<${oneClickLeave}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : undefined,
  };
  return { channel: "email", topic, recipient: to, subject: mail.subject, payload: JSON.stringify(payload) };
}

/**
 * Queues messages, due at once; `_db` is the transaction of the lead (or whatever else causes
 * them), taken to say so. One prepared statement on the one connection, so the rows commit or roll
 * back with that transaction (thousands of alert emails are queued in a few tens of milliseconds).
 */
export async function enqueue(_db: Db, messages: OutboxInput[], now = new Date()): Promise<void> {
  if (messages.length === 0) return;
  const at = now.toISOString();
  const sqlite = getSqlite();
  const insert = sqlite.prepare(
    `INSERT INTO outbox (created_at, channel, topic, lead_kind, lead_id, recipient, subject, payload, signature,
       next_attempt_at, updated_at)
     VALUES (@at, @channel, @topic, @lead_kind, @lead_id, @recipient, @subject, @payload, @signature, @at, @at)`,
  );
  const write = () => {
    for (const m of messages) {
      insert.run({
        at,
        channel: m.channel,
        topic: m.topic,
        lead_kind: m.lead_kind ?? null,
        lead_id: m.lead_id ?? null,
        recipient: m.recipient,
        subject: m.subject,
        payload: m.payload,
        signature: m.signature ?? null,
      });
    }
  };
  if (sqlite.inTransaction) write();
  else sqlite.transaction(write)();
}

/** The channels the sender can deliver now (email only with SMTP_URL set). */
export type Channels = readonly OutboxChannel[];

/** Queued messages due at `now`, soonest first. */
export async function dueMessages(now: Date, channels: Channels, limit = 20): Promise<OutboxMessage[]> {
  if (channels.length === 0) return [];
  return getDb()
    .selectFrom("outbox")
    .selectAll()
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", now.toISOString())
    .where("channel", "in", channels)
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** When the next queued message falls due, or null when none waits. */
export async function nextDueAt(channels: Channels): Promise<Date | null> {
  if (channels.length === 0) return null;
  const row = await getDb()
    .selectFrom("outbox")
    .select((eb) => eb.fn.min("next_attempt_at").as("at"))
    .where("status", "=", "queued")
    .where("channel", "in", channels)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/**
 * At start-up every queued message is due at once: a restart often follows a repaired mail
 * setting, and nothing should wait an hour for it. The attempts already made still count.
 */
export async function dueNow(now = new Date()): Promise<number> {
  const result = await getDb()
    .updateTable("outbox")
    .set({ next_attempt_at: now.toISOString() })
    .where("status", "=", "queued")
    .where("next_attempt_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function recordSent(id: number, at = new Date()): Promise<void> {
  await getDb()
    .updateTable("outbox")
    .set((eb) => ({
      status: "sent",
      attempts: eb("attempts", "+", 1),
      sent_at: at.toISOString(),
      last_error: null,
      updated_at: at.toISOString(),
    }))
    .where("id", "=", id)
    .execute();
}

/** A failed attempt: queued again for `retryAt`, or failed for good when it is null. */
export async function recordFailure(id: number, error: string, retryAt: string | null, at = new Date()): Promise<void> {
  await getDb()
    .updateTable("outbox")
    .set((eb) => ({
      status: retryAt ? "queued" : "failed",
      attempts: eb("attempts", "+", 1),
      next_attempt_at: retryAt ?? at.toISOString(),
      last_error: error.slice(0, 1000),
      updated_at: at.toISOString(),
    }))
    .where("id", "=", id)
    .execute();
}

/** A failed message queued again with a fresh set of attempts; null when there is no failed message with that id. */
export async function requeueFailed(db: Db, id: number, now = new Date()): Promise<OutboxMessage | null> {
  const row = await db
    .updateTable("outbox")
    .set({ status: "queued", attempts: 0, next_attempt_at: now.toISOString(), updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** A message as the outbox page lists it (no payload). */
export type OutboxListItem = Omit<OutboxMessage, "payload" | "signature">;

/** One page of the outbox, newest first, all or one status; with the count of each status. */
export async function pageOutbox(
  status: OutboxStatus | null,
  page: number,
  pageSize: number,
): Promise<{
  rows: OutboxListItem[];
  total: number;
  page: number;
  pageCount: number;
  counts: Record<OutboxStatus, number>;
}> {
  const db = getDb();
  const grouped = await db
    .selectFrom("outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const counts: Record<OutboxStatus, number> = { queued: 0, sent: 0, failed: 0 };
  for (const g of grouped) counts[g.status] = Number(g.n);
  const total = status ? counts[status] : counts.queued + counts.sent + counts.failed;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  let q = db
    .selectFrom("outbox")
    .select([
      "id",
      "created_at",
      "channel",
      "topic",
      "lead_kind",
      "lead_id",
      "recipient",
      "subject",
      "status",
      "attempts",
      "next_attempt_at",
      "last_error",
      "sent_at",
      "updated_at",
    ]);
  if (status) q = q.where("status", "=", status);
  const rows = await q
    .orderBy(sql`created_at DESC, id DESC`)
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return { rows, total, page: current, pageCount, counts };
}

/** How many messages stand in each channel and status (the operator's metrics). */
export async function outboxCounts(): Promise<{ channel: OutboxChannel; status: OutboxStatus; count: number }[]> {
  const rows = await getDb()
    .selectFrom("outbox")
    .select((eb) => ["channel", "status", eb.fn.countAll<number>().as("count")])
    .groupBy(["channel", "status"])
    .execute();
  return rows.map((r) => ({ channel: r.channel, status: r.status, count: Number(r.count) }));
}

/** Deletes sent messages older than `before` (they hold buyers' details); returns how many. */
export async function pruneSent(before: Date): Promise<number> {
  const result = await getDb()
    .deleteFrom("outbox")
    .where("status", "=", "sent")
    .where("created_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// The sender runs in server.ts's bundle, the lead models in the Remix build's: the wake-up call
// goes through globalThis so both halves reach the one sender.
const g = globalThis as typeof globalThis & { __outboxWake?: () => void };

/** Tells the sender new messages are queued (call after the transaction that queued them committed). */
export function wakeOutbox(): void {
  g.__outboxWake?.();
}

/** The sender registers (or, with undefined, removes) what a wake-up calls. */
export function onOutboxWake(fn: (() => void) | undefined): void {
  g.__outboxWake = fn;
}
