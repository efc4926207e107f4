import crypto from "node:crypto";
import { env } from "~/config/env.server";
import { isTestKey, KEY_PATTERN, maskedKey } from "~/lib/reservations";
import { type DB, getDb } from "../../db/database.server";

/**
 * The dealer's Paystack account, through its documented HTTP API at PAYSTACK_API_URL with the
 * secret key as a bearer token: start a checkout (transaction/initialize), confirm a payment
 * (transaction/verify), give a deposit back (refund), and check a webhook's signature. The key
 * comes from PAYSTACK_SECRET_KEY or, failing that, the one an owner pasted in the settings; it
 * is only ever sent to Paystack and never returned by anything here but `secretKey`.
 */

const KEY = "paystack_key";
const TIMEOUT_MS = 15_000;

async function storedKey(db: DB = getDb()): Promise<string | null> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst();
  return row && KEY_PATTERN.test(row.value) ? row.value : null;
}

export async function saveStoredKey(db: DB, key: string): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key: KEY, value: key })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: key }))
    .execute();
}

/** The key in use: the environment's, else the pasted one; null when there is none. */
export async function secretKey(db: DB = getDb()): Promise<string | null> {
  return env().PAYSTACK_SECRET_KEY ?? (await storedKey(db));
}

/** What the back office may show of the key: where it comes from, masked, and whether it is a test key. */
export interface KeyView {
  source: "environment" | "settings" | null;
  masked: string | null;
  testMode: boolean;
}

export async function keyView(db: DB = getDb()): Promise<KeyView> {
  const fromEnv = env().PAYSTACK_SECRET_KEY ?? null;
  const key = fromEnv ?? (await storedKey(db));
  return {
    source: fromEnv ? "environment" : key ? "settings" : null,
    masked: key ? maskedKey(key) : null,
    testMode: isTestKey(key),
  };
}

/** Paystack's API origin, without a trailing slash. */
const apiOrigin = (): string => new URL(env().PAYSTACK_API_URL).origin;

export class PaystackError extends Error {}

interface PaystackAnswer<T> {
  status?: boolean;
  message?: string;
  data?: T;
}

async function call<T>(key: string, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiOrigin() + path, {
      method,
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new PaystackError("Paystack could not be reached");
  }
  let answer: PaystackAnswer<T>;
  try {
    answer = (await res.json()) as PaystackAnswer<T>;
  } catch {
    throw new PaystackError(`Paystack answered ${res.status} without JSON`);
  }
  if (!res.ok || answer.status !== true || answer.data === undefined) {
    throw new PaystackError(
      `Paystack refused (${res.status}): ${String(answer.message ?? "no message").slice(0, 200)}`,
    );
  }
  return answer.data;
}

export interface InitializeInput {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
}

export async function initializeTransaction(
  key: string,
  input: InitializeInput,
): Promise<{ authorization_url: string; access_code: string; reference: string }> {
  const data = await call<{ authorization_url?: unknown; access_code?: unknown; reference?: unknown }>(
    key,
    "POST",
    "/transaction/initialize",
    {
      email: input.email,
      amount: input.amountKobo,
      currency: "NGN",
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    },
  );
  if (typeof data.authorization_url !== "string" || !/^https?:\/\//.test(data.authorization_url)) {
    throw new PaystackError("Paystack gave no checkout address");
  }
  return {
    authorization_url: data.authorization_url,
    access_code: String(data.access_code ?? ""),
    reference: String(data.reference ?? input.reference),
  };
}

/** A transaction as verify (or a charge.success webhook) tells it. */
export interface PaystackTransaction {
  status: string;
  amount: number;
  currency: string;
  reference: string;
}

export function readTransaction(data: unknown): PaystackTransaction | null {
  if (!data || typeof data !== "object") return null;
  const d = data as Record<string, unknown>;
  if (typeof d.reference !== "string" || typeof d.status !== "string") return null;
  return {
    status: d.status,
    amount: typeof d.amount === "number" ? d.amount : Number(d.amount),
    currency: typeof d.currency === "string" ? d.currency : "",
    reference: d.reference,
  };
}

export async function verifyTransaction(key: string, reference: string): Promise<PaystackTransaction> {
  const data = await call<unknown>(key, "GET", `/transaction/verify/${encodeURIComponent(reference)}`);
  const tx = readTransaction(data);
  if (!tx) throw new PaystackError("Paystack's answer to verify has no transaction");
  return tx;
}

export async function refundTransaction(key: string, reference: string, amountKobo: number): Promise<string> {
  const data = await call<{ status?: unknown }>(key, "POST", "/refund", { transaction: reference, amount: amountKobo });
  return typeof data.status === "string" ? data.status : "pending";
}

/** Whether `signature` is the HMAC-SHA512 (hex) of the raw body with the key, compared in constant time. */
export function validSignature(key: string, rawBody: Buffer | string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = crypto.createHmac("sha512", key).update(rawBody).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(signature, "hex"));
}
