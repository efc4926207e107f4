import { env } from "~/config/env.server";
import {
  type Notifications,
  type NotificationsView,
  notificationChanges,
  notificationFieldErrors,
  notificationsSchema,
  notificationsView,
  type StoredWebhook,
  webhookName,
} from "~/lib/notifications";
import { OUTBOX_TOPIC_LABELS } from "~/lib/outbox";
import { Refusal } from "~/lib/refusal";
import { whatsappRecipientLabel } from "~/lib/whatsapp-messages";
import { recordActivity } from "~/models/activity.server";
import { getNotifications, newWebhookSecret, saveNotifications } from "~/models/notifications.server";
import { type OutboxMessage, requeueFailed, wakeOutbox } from "~/models/outbox.server";
import { type Actor, adminOf, assertCan, runWrite } from "./use-case.server";

/**
 * Who is told what (owners, from the notifications page and PUT /api/admin/notifications): the
 * whole document is saved at once; a list an API caller leaves out keeps its value. A webhook
 * keeps its signing secret while its address stays; a new address gets a new secret, answered
 * here once and never shown again. Every change is recorded in the activity trail.
 */

export const NOTIFICATIONS_SAVED = "Notifications saved.";

export interface SavedNotifications {
  notifications: NotificationsView;
  /** The secrets of the webhooks this save added: shown once. */
  secrets: { url: string; secret: string }[];
}

export async function updateNotifications(actor: Actor, input: unknown): Promise<SavedNotifications> {
  assertCan(actor, "notifications.manage");
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    throw new Refusal("invalid", "Send { recipients: [...], webhooks: [...], templates: {...} }");
  }
  const current = await getNotifications();
  const before = notificationsView(current);
  const parsed = notificationsSchema(env().WEBHOOKS_ALLOW_PRIVATE === "1").safeParse({ ...before, ...input });
  if (!parsed.success) {
    const fields = notificationFieldErrors(parsed.error);
    throw new Refusal("invalid", Object.values(fields)[0] ?? "Invalid notifications", fields);
  }
  const secrets: SavedNotifications["secrets"] = [];
  const webhooks = parsed.data.webhooks.map((w): StoredWebhook => {
    const kept = current.webhooks.find((c) => c.url === w.url);
    if (kept) return { ...w, secret: kept.secret, created_at: kept.created_at };
    const secret = newWebhookSecret();
    secrets.push({ url: w.url, secret });
    return { ...w, secret, created_at: new Date().toISOString() };
  });
  const next: Notifications = { recipients: parsed.data.recipients, webhooks, templates: parsed.data.templates };
  const after = notificationsView(next);
  const changes = notificationChanges(before, after);
  if (changes.length === 0) return { notifications: before, secrets: [] };
  const detail = changes.join("; ");
  await runWrite(actor, "notifications.manage", async (trx) => {
    await saveNotifications(trx, next);
    await recordActivity(trx, adminOf(actor), {
      action: "notifications.update",
      target: { id: null, label: "Notifications" },
      detail: detail.charAt(0).toUpperCase() + detail.slice(1),
    });
  });
  return { notifications: after, secrets };
}

const NO_FAILED_MESSAGE = "There is no failed message with that number: it may have been sent already.";

/** A failed email or webhook queued again with a fresh set of attempts, at once. */
export async function resendMessage(actor: Actor, id: number): Promise<OutboxMessage> {
  const message = await runWrite(actor, "notifications.manage", async (trx) => {
    const requeued = await requeueFailed(trx, id);
    if (!requeued) throw new Refusal("not_found", NO_FAILED_MESSAGE);
    await recordActivity(trx, adminOf(actor), resentEntry(requeued));
    return requeued;
  });
  wakeOutbox();
  return message;
}

function resentEntry(message: OutboxMessage) {
  return {
    action: "outbox.resend" as const,
    target: {
      id: message.id,
      // A webhook's address works as a password: the trail, which sales read, names its host only.
      label:
        message.channel === "webhook"
          ? `W${webhookName(message.recipient).slice(1)}`
          : message.channel === "whatsapp"
            ? `${OUTBOX_TOPIC_LABELS[message.topic]} on WhatsApp to ${whatsappRecipientLabel(message.recipient)}`
            : `${OUTBOX_TOPIC_LABELS[message.topic]} to ${message.recipient}`,
    },
    detail: message.subject,
  };
}
