import type { NewsletterInput } from "~/lib/newsletter-schema";
import { getDb, nowIso } from "../../db/database.server";

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
