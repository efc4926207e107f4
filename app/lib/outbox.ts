import { OUTBOX_RETRY_MINUTES } from "~/config/constants";

/**
 * The outbox's vocabulary (docs/architecture.md, The outbox): what a message is, where it stands,
 * and when a failed delivery is tried again.
 */

export const OUTBOX_STATUSES = ["queued", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = { queued: "Queued", sent: "Sent", failed: "Failed" };
export const isOutboxStatus = (v: unknown): v is OutboxStatus => (OUTBOX_STATUSES as readonly unknown[]).includes(v);

export const OUTBOX_CHANNELS = ["email", "webhook", "whatsapp"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

const OUTBOX_TOPICS = ["staff-alert", "confirmation", "digest", "webhook", "buyer-alert", "newsletter"] as const;
export type OutboxTopic = (typeof OUTBOX_TOPICS)[number];
export const OUTBOX_TOPIC_LABELS: Record<OutboxTopic, string> = {
  "staff-alert": "Staff alert",
  confirmation: "Buyer email",
  digest: "Morning digest",
  webhook: "Webhook",
  "buyer-alert": "Buyer alert",
  newsletter: "Newsletter",
};

/** A file sent with an email (the inspection's calendar invitation). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** An email as the outbox keeps it (the recipient and subject are columns of their own). */
export interface EmailPayload {
  text: string;
  html: string;
  /** Where an answer goes: the buyer for a staff alert, the dealer for a buyer's email. */
  replyTo: string | null;
  attachments: MailAttachment[];
  /** Extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Every attempt a message gets: the first, then one after each wait. */
export const OUTBOX_MAX_ATTEMPTS = OUTBOX_RETRY_MINUTES.length + 1;

/**
 * When to try again after the `attempts`-th attempt failed at `failedAt`: the waits grow from a
 * minute to an hour; null once every attempt is spent (the message is then failed).
 */
export function retryAt(attempts: number, failedAt: Date, waits: readonly number[] = OUTBOX_RETRY_MINUTES) {
  const wait = waits[attempts - 1];
  return wait === undefined ? null : new Date(failedAt.getTime() + wait * 60_000).toISOString();
}

/** The From header: MAIL_FROM as given when it names the sender, else the business name before its address. */
export function fromHeader(mailFrom: string | null | undefined, business: { name: string; email: string }): string {
  const name = business.name.replace(/["\\]/g, "");
  if (!mailFrom) return `"${name}" <${business.email}>`;
  return mailFrom.includes("<") ? mailFrom : `"${name}" <${mailFrom}>`;
}
