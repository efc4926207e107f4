import type { WhatsappPayload } from "../app/lib/whatsapp-messages";
import type { OutboxMessage } from "../app/models/outbox.server";
import { DeliveryError } from "./mailer";

/**
 * A WhatsApp message from the outbox, through the WhatsApp Business Cloud API: a template message
 * POSTed to `{WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages` with the access token as a
 * bearer token. A 2xx answer (Meta's carries `messages[0].id`) is a delivery. 429, 5xx, Meta's
 * "too many messages" codes and no answer at all are tried again by the sender; any other 4xx is
 * Meta refusing the message itself (a bad token, a template that does not exist in that language,
 * a number not on WhatsApp) and fails at once with Meta's own words, shown on the outbox page. The
 * token never appears in what is recorded or logged.
 */

export interface WhatsappOptions {
  apiUrl: string;
  phoneNumberId: string;
  token: string;
}

const TIMEOUT_MS = 15_000;

/**
 * Meta's error codes that mean "slow down" whatever the HTTP status: 4 (app calls), 80007 (the
 * account's), 130429 (the number's throughput), 131048 (spam rate), 131056 (too many to one number).
 */
const THROTTLED = new Set([4, 80007, 130429, 131048, 131056]);

interface MetaError {
  message?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { details?: string };
}

/** The request body Meta's Cloud API takes for a template message. */
function templateRequest(to: string, payload: WhatsappPayload) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: {
      name: payload.template,
      language: { code: payload.language },
      components: [{ type: "body", parameters: payload.parameters.map((text) => ({ type: "text", text })) }],
    },
  };
}

/** Sends one message; resolves with Meta's message id. */
export async function sendWhatsapp(message: OutboxMessage, options: WhatsappOptions): Promise<string | null> {
  const hide = (text: string) => text.split(options.token).join("[token]");
  const payload = JSON.parse(message.payload) as WhatsappPayload;
  const url = `${options.apiUrl}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { Authorization: `Bearer ${options.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(templateRequest(message.recipient, payload)),
    });
  } catch (e) {
    const cause = (e as Error & { cause?: Error }).cause?.message;
    const reason =
      (e as Error).name === "TimeoutError"
        ? `no answer within ${TIMEOUT_MS / 1000} seconds`
        : (cause ?? (e as Error).message);
    throw new DeliveryError(hide(`WhatsApp could not be reached: ${reason}`));
  }
  const text = await res.text().catch(() => "");
  let body: { messages?: { id?: string }[]; error?: MetaError } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (res.ok) return body?.messages?.[0]?.id ?? null;
  const error = body?.error;
  const code = typeof error?.code === "number" ? error.code : null;
  const words = [error?.message, error?.error_data?.details].filter(Boolean).join(": ") || text.slice(0, 300).trim();
  const coded = code !== null ? ` (code ${code})` : "";
  const reason = `WhatsApp answered HTTP ${res.status}${coded}${words ? `: ${words}` : ""}`;
  const retry = res.status === 429 || res.status >= 500 || (code !== null && THROTTLED.has(code));
  throw new DeliveryError(hide(reason).slice(0, 600), !retry && res.status >= 400 && res.status < 500);
}
