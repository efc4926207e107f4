import dns, { type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { isPublicAddress } from "../app/lib/notifications";
import type { OutboxMessage } from "../app/models/outbox.server";
import { DeliveryError } from "./mailer";

/**
 * A webhook POST from the outbox: the stored JSON body as it was signed, its X-Signature, and an
 * X-Delivery-Id that stays the same on every retry. Any 2xx answer is a delivery; anything else
 * (redirects are not followed) is a failure the sender retries. Unless WEBHOOKS_ALLOW_PRIVATE is
 * 1, the address a name resolves to must be public, checked on the very address the connection
 * uses (so a name that changes its answer between two lookups cannot reach the server's network).
 */

const TIMEOUT_MS = 10_000;

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses private addresses. */
function publicLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      const e = new Error(`${hostname} resolves to a private address (${refused.address}): not posted`);
      return callback(e as NodeJS.ErrnoException, []);
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  });
}

export interface WebhookOptions {
  allowPrivate: boolean;
  userAgent: string;
}

export function postWebhook(message: OutboxMessage, options: WebhookOptions): Promise<void> {
  const url = new URL(message.recipient);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!options.allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
    return Promise.reject(new DeliveryError(`${host} is a private address: not posted`));
  }
  const body = Buffer.from(message.payload, "utf8");
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        timeout: TIMEOUT_MS,
        lookup: options.allowPrivate ? undefined : (publicLookup as unknown as net.LookupFunction),
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(body.length),
          "User-Agent": options.userAgent,
          "X-Signature": message.signature ?? "",
          "X-Delivery-Id": String(message.id),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (size < 2_000) chunks.push(c);
          size += c.length;
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve();
          const text = Buffer.concat(chunks).toString("utf8").slice(0, 300).trim();
          const redirect = status >= 300 && status < 400 ? " (webhooks do not follow redirects)" : "";
          reject(new DeliveryError(`HTTP ${status}${redirect}${text ? `: ${text}` : ""}`));
        });
        res.on("error", (e) => reject(new DeliveryError(e.message)));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} seconds`)));
    req.on("error", (e) => reject(new DeliveryError(e.message)));
    req.end(body);
  });
}
