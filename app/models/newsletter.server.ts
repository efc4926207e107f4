import { type Cookie, createCookie } from "@remix-run/node";
import { getDb, nowIso } from "../../db/database.server";
import { env } from "~/config/env.server";
import { sessionSecret } from "./settings.server";
import type { NewsletterInput } from "~/lib/newsletter-schema";

export interface SubscribeResult {
  /** False when the email (compared case-insensitively) was already on the list. */
  created: boolean;
}

/**
 * Adds a subscriber. Emails are stored lower-cased, so a repeat in any letter case is not stored
 * twice. A repeat still counts as success: the visitor's wish (being on the list) is met, and
 * answering differently would tell anyone whether an address is subscribed.
 */
export async function subscribe(input: NewsletterInput): Promise<SubscribeResult> {
  const result = await getDb()
    .insertInto("newsletter_subscriptions")
    .values({ name: input.name.trim(), email: input.email.trim().toLowerCase(), created_at: nowIso() })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return { created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
}

/** How many subscribers there are (for tests and the back office). */
export async function countSubscribers(): Promise<number> {
  const { n } = await getDb()
    .selectFrom("newsletter_subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The 'Subscribed Users' list is per visitor: the entries this browser submitted, kept in a
 * signed cookie (never read from the table, so nobody sees anyone else's email).
 */
export interface VisitorEntry {
  name: string;
  email: string;
}
const MAX_VISITOR_ENTRIES = 5;
export const NEWSLETTER_COOKIE_NAME = "newsletter";

let madeCookie: Promise<Cookie> | undefined;

/** Made once: it holds only what this visitor typed, so it is not Secure (the site may run on plain http in a LAN). */
function visitorCookie(): Promise<Cookie> {
  madeCookie ??= sessionSecret(env().SESSION_SECRET).then((secret) =>
    createCookie(NEWSLETTER_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 60 * 60 * 24 * 30,
      secrets: [secret],
    }),
  );
  return madeCookie;
}

/** The entries this visitor subscribed, oldest first. */
export async function visitorSubscriptions(request: Request): Promise<VisitorEntry[]> {
  const cookie = await visitorCookie();
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is VisitorEntry => !!e && typeof e.name === "string" && typeof e.email === "string")
    .slice(-MAX_VISITOR_ENTRIES);
}

/** The Set-Cookie header that appends one entry to this visitor's list. */
export async function rememberVisitorSubscription(request: Request, entry: VisitorEntry): Promise<string> {
  const list = await visitorSubscriptions(request);
  const next = [...list.filter((e) => e.email.toLowerCase() !== entry.email.toLowerCase()), entry].slice(-MAX_VISITOR_ENTRIES);
  return (await visitorCookie()).serialize(next);
}
