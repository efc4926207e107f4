import type { Transporter } from "nodemailer";
import type { EmailPayload } from "../app/lib/outbox";
import type { OutboxMessage } from "../app/models/outbox.server";

/**
 * SMTP through nodemailer (SMTP_URL, MAIL_FROM): one outbox email at a time over one pooled
 * connection, with timeouts so a silent server never holds the sender for long. A refusal comes
 * back as a DeliveryError with the server's own answer ("451 4.3.0 Try again later").
 */

export class DeliveryError extends Error {
  constructor(
    message: string,
    /** True when trying again cannot help (the mail server refused the address itself). */
    readonly permanent = false,
  ) {
    super(message);
  }
}

export interface Mailer {
  send(message: OutboxMessage, from: string): Promise<void>;
  close(): void;
}

export function createMailer(smtpUrl: string): Mailer {
  // nodemailer is loaded with the first email, not at start: it holds about 10 MB that a quiet
  // hour, or a site without SMTP_URL, never needs.
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        // One connection kept open and reused (up to 100 messages each): a new car that thousands
        // of alerts wait for is not one TCP, TLS and AUTH handshake per email.
        pool: true,
        maxConnections: 1,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      }),
    ));
  return {
    async send(message, from) {
      const payload = JSON.parse(message.payload) as EmailPayload;
      const host = from.replace(/^.*@/, "").replace(/>.*$/, "").trim() || "localhost";
      try {
        await (await open()).sendMail({
          from,
          to: message.recipient,
          subject: message.subject,
          text: payload.text,
          html: payload.html,
          replyTo: payload.replyTo ?? undefined,
          headers: payload.headers,
          attachments: payload.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
          // The same id on every attempt, so a mail system that got a message twice can tell.
          messageId: `<outbox-${message.id}-${Date.parse(message.created_at)}@${host}>`,
        });
      } catch (e) {
        const err = e as Error & { responseCode?: number; response?: string; code?: string };
        const answer = err.response ?? err.message;
        // 5xx to the envelope: the server refused this address; another try cannot help.
        const permanent = err.code === "EENVELOPE" && (err.responseCode ?? 0) >= 500;
        throw new DeliveryError(answer, permanent);
      }
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}
