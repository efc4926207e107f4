import { OUTBOX_KEEP_SENT_DAYS, OUTBOX_RETRY_MINUTES } from "../app/config/constants";
import { nextDigestAt } from "../app/lib/digest-clock";
import { fromHeader, retryAt } from "../app/lib/outbox";
import { forgetUnconfirmedAlerts, queueDueAlerts } from "../app/models/alerts.server";
import { getBusiness } from "../app/models/business.server";
import { queueWeeklyNewsletter } from "../app/models/newsletter.server";
import { queueDigestIfDue } from "../app/models/notifications.server";
import {
  type Channels,
  dueMessages,
  dueNow,
  nextDueAt,
  type OutboxMessage,
  onOutboxWake,
  pruneSent,
  recordFailure,
  recordSent,
} from "../app/models/outbox.server";
import { DeliveryError, type Mailer } from "./mailer";
import { postWebhook, type WebhookOptions } from "./webhook-delivery";
import { sendWhatsapp, type WhatsappOptions } from "./whatsapp-delivery";

/**
 * The sender (docs/architecture.md, The outbox): in the server's own process, it delivers what
 * the outbox holds, one message at a time. It runs when woken (a request queued messages and
 * committed), when the next retry or the 08:00 digest falls due, and at least once a minute. Each
 * run first queues what the clock makes due: the morning digest and the weekly newsletter (Mondays
 * from 08:00); before each batch it delivers, the buyers' alert emails due (queueDueAlerts). A
 * failed attempt is retried after growing waits (OUTBOX_RETRY_MINUTES), then the message is
 * failed with the last answer. Stopping waits for the message in hand; timers never keep the
 * process alive.
 */

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface SenderOptions {
  /** Null without SMTP_URL: emails stay queued, webhooks still go. */
  mailer: Mailer | null;
  mailFrom: string | undefined;
  webhooks: WebhookOptions;
  /** Null without WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID: WhatsApp messages stay queued. */
  whatsapp?: WhatsappOptions | null;
  logger: Log;
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
  /** Minutes before each retry. */
  waits?: readonly number[];
  /** The longest sleep between two looks at the outbox. */
  pollMs?: number;
}

export interface OutboxSender {
  /** Look at the outbox now (soon after, if a run is under way). */
  wake(): void;
  /** Resolves when the run under way, if any, has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Starts the sender: whatever was queued before a restart is tried at once (see dueNow). */
export async function startOutboxSender(options: SenderOptions): Promise<OutboxSender> {
  const now = options.now ?? (() => new Date());
  const waits = options.waits ?? OUTBOX_RETRY_MINUTES;
  const pollMs = options.pollMs ?? 60_000;
  const channels: Channels = [
    ...(options.mailer ? (["email"] as const) : []),
    "webhook",
    ...(options.whatsapp ? (["whatsapp"] as const) : []),
  ];
  const log = options.logger;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastPrune = 0;
  let lastForget = 0;

  async function deliver(message: OutboxMessage): Promise<void> {
    try {
      if (message.channel === "email") {
        if (!options.mailer) return;
        const business = await getBusiness();
        await options.mailer.send(message, fromHeader(options.mailFrom, business));
      } else if (message.channel === "whatsapp") {
        if (!options.whatsapp) return;
        await sendWhatsapp(message, options.whatsapp);
      } else {
        await postWebhook(message, options.webhooks);
      }
      await recordSent(message.id, now());
      // Ids only: recipients are buyers' addresses, which stay out of the log (the Outbox page shows them).
      log.info(`Outbox: ${message.channel} ${message.id} (${message.topic}) sent`);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      const permanent = e instanceof DeliveryError && e.permanent;
      const attempts = message.attempts + 1;
      const at = now();
      const next = permanent ? null : retryAt(attempts, at, waits);
      await recordFailure(message.id, reason, next, at);
      log.warn(
        `Outbox: ${message.channel} ${message.id} (${message.topic}) failed (attempt ${attempts}): ${reason}; ` +
          (next ? `next try at ${next}` : "no more tries"),
      );
    }
  }

  async function run(): Promise<void> {
    const queued = await queueDigestIfDue(now());
    if (queued) log.info(`Outbox: morning digest queued for ${queued} recipient(s)`);
    // Hourly, not on every wake (each write wakes the sender): a link past its 7 days is refused anyway.
    if (now().getTime() - lastForget > HOUR_MS) {
      lastForget = now().getTime();
      await forgetUnconfirmedAlerts(now());
    }
    const weekly = await queueWeeklyNewsletter(now());
    if (weekly) log.info(`Outbox: the weekly newsletter queued for ${weekly} subscriber(s)`);
    if (now().getTime() - lastPrune > DAY_MS) {
      lastPrune = now().getTime();
      const removed = await pruneSent(new Date(now().getTime() - OUTBOX_KEEP_SENT_DAYS * DAY_MS));
      if (removed) log.info(`Outbox: ${removed} sent message(s) older than ${OUTBOX_KEEP_SENT_DAYS} days removed`);
    }
    for (;;) {
      // Before each batch: a car published while thousands of emails go out reaches its buyers at once.
      const alerts = await queueDueAlerts(now());
      if (alerts) log.info(`Outbox: ${alerts} buyer alert email(s) queued`);
      const due = await dueMessages(now(), channels);
      if (due.length === 0 || stopped) return;
      for (const message of due) {
        if (stopped) return;
        await deliver(message);
      }
    }
  }

  async function sleepTime(): Promise<number> {
    const next = await nextDueAt(channels);
    const at = now().getTime();
    const candidates = [pollMs, nextDigestAt(now()).getTime() - at];
    if (next) candidates.push(next.getTime() - at);
    return Math.max(0, Math.min(...candidates));
  }

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, ms);
    timer.unref();
  }

  function wake(): void {
    if (stopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = (async () => {
      let wait = pollMs;
      try {
        await run();
        wait = await sleepTime();
      } catch (e) {
        log.error(`Outbox: the sender stopped on an error and looks again in a minute: ${(e as Error).stack ?? e}`);
      }
      running = null;
      if (again) {
        // Woken during the run: look again at once (the next run is under way before idle() resolves).
        again = false;
        wake();
      } else schedule(wait);
    })();
  }

  const waiting = await dueNow(now());
  if (waiting) log.info(`Outbox: ${waiting} queued message(s) from before the start are due now`);
  onOutboxWake(wake);
  wake();

  return {
    wake,
    async idle() {
      while (running !== null) await running;
    },
    async stop() {
      stopped = true;
      onOutboxWake(undefined);
      if (timer) clearTimeout(timer);
      timer = null;
      if (running !== null) await running;
      options.mailer?.close();
    },
  };
}
