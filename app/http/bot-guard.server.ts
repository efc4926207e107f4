import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { FORM_STAMP_MAX_AGE_MS } from "~/config/constants";
import { env } from "~/config/env.server";
import { HONEYPOT_FIELD, pleaseWait, STAMP_FIELD } from "~/lib/bot-trap";
import { sessionSecret } from "~/models/settings.server";

/**
 * Public lead forms are guarded against scripts without a per-address wall (many buyers share one
 * mobile network address): a honeypot field, a signed stamp of when the form was served (a
 * minimum fill time, and a maximum age of FORM_STAMP_MAX_AGE_MS so an old page or a replayed post
 * must be sent again), and the server's lead budget (server/rate-limits.ts), which an
 * over-budget post reaches as `context.leadRetryAfter`. A refused post re-renders the form with
 * what was typed and why. The JSON lead APIs get the same checks for the fields they are sent
 * (`checkLeadApiPost`) and answer 429 themselves when over the budget.
 */

let key: Promise<string> | undefined;
const signingKey = () => (key ??= sessionSecret(env().SESSION_SECRET).then((s) => `${s}:lead-form-stamp`));

const sign = async (value: string) =>
  crypto
    .createHmac("sha256", await signingKey())
    .update(value)
    .digest("base64url")
    .slice(0, 22);

/** A stamp of now, for a form's STAMP_FIELD (its loader puts it in the page). */
export async function formStamp(now = Date.now()): Promise<string> {
  const at = String(now);
  return `${at}.${await sign(at)}`;
}

async function servedAt(stamp: unknown): Promise<number | null> {
  if (typeof stamp !== "string") return null;
  const [at, mac] = stamp.split(".");
  if (!at || !mac || !/^\d{10,16}$/.test(at)) return null;
  const expected = await sign(at);
  if (mac.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null;
  return Number(at);
}

/** Why a form left open too long is refused. */
const STAMP_EXPIRED = "This form was open for too long. Please check your details and send it again.";

export interface BotRefusal {
  status: 400 | 429;
  message: string;
  retryAfterSeconds: number;
}

/** Why a lead form post must be sent again, or null when it may go ahead. */
export async function checkLeadPost(
  values: Record<string, string>,
  context: AppLoadContext,
  now = Date.now(),
): Promise<BotRefusal | null> {
  const retryAfter = context.leadRetryAfter;
  if (retryAfter && retryAfter > 0)
    return { status: 429, message: pleaseWait(retryAfter), retryAfterSeconds: retryAfter };
  // A person needs at least FORM_MIN_FILL_MS (2 s by default) to fill in a form; a script does it at once.
  const minFill = env().FORM_MIN_FILL_MS;
  const wait = Math.max(1, Math.ceil(minFill / 1000));
  if ((values[HONEYPOT_FIELD] ?? "").trim() !== "")
    return { status: 400, message: pleaseWait(wait), retryAfterSeconds: wait };
  const at = await servedAt(values[STAMP_FIELD]);
  if (at === null) return { status: 400, message: pleaseWait(wait), retryAfterSeconds: wait };
  return checkStampAge(at, now);
}

function checkStampAge(at: number, now: number): BotRefusal | null {
  const early = at + env().FORM_MIN_FILL_MS - now;
  if (early > 0) {
    const seconds = Math.ceil(early / 1000);
    return { status: 429, message: pleaseWait(seconds), retryAfterSeconds: seconds };
  }
  if (now - at > FORM_STAMP_MAX_AGE_MS) return { status: 400, message: STAMP_EXPIRED, retryAfterSeconds: 0 };
  return null;
}

/**
 * The same checks for a JSON lead API, on what the client sent: the honeypot must be empty and a
 * stamp, when sent, genuine and within its fill time and age. (The per-address budget is the
 * server's: an API over it never gets here.)
 */
export async function checkLeadApiPost(fields: Record<string, unknown>, now = Date.now()): Promise<BotRefusal | null> {
  const wait = Math.max(1, Math.ceil(env().FORM_MIN_FILL_MS / 1000));
  const trap = fields[HONEYPOT_FIELD];
  if (trap !== undefined && String(trap).trim() !== "")
    return { status: 400, message: pleaseWait(wait), retryAfterSeconds: wait };
  if (fields[STAMP_FIELD] === undefined) return null;
  const at = await servedAt(fields[STAMP_FIELD]);
  if (at === null) return { status: 400, message: pleaseWait(wait), retryAfterSeconds: wait };
  return checkStampAge(at, now);
}

/** What a person typed, without the guard's own fields. */
export function withoutGuardFields(values: Record<string, string>): Record<string, string> {
  const { [HONEYPOT_FIELD]: _trap, [STAMP_FIELD]: _stamp, ...rest } = values;
  return rest;
}
