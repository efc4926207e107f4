import { NewsletterSchema } from "~/lib/newsletter-schema";
import { getBusiness } from "~/models/business.server";
import { confirmSubscription, leaveNewsletter, subscribe } from "~/models/newsletter.server";
import { type Actor, parseInput, runWrite } from "./use-case.server";

/**
 * The newsletter (docs/product.md, Newsletter), for the home page's form and POST /api/newsletter
 * alike. Every sign-up gets the same answer, whether the address is new, waiting or confirmed, so
 * no answer tells who is subscribed. `page` is where the sign-up came from (recorded with it).
 */
export async function subscribeToNewsletter(
  actor: Actor,
  input: unknown,
  page: string,
): Promise<{ name: string; email: string }> {
  const data = parseInput(NewsletterSchema, input);
  const business = await getBusiness();
  await runWrite(actor, "newsletter.subscribe", (trx) => subscribe(trx, data, page, business));
  return { name: data.name, email: data.email.toLowerCase() };
}

export function confirmNewsletter(actor: Actor, token: string) {
  return runWrite(actor, "newsletter.subscribe", (trx) => confirmSubscription(trx, token));
}

export function leaveTheNewsletter(actor: Actor, token: string): Promise<void> {
  return runWrite(actor, "newsletter.subscribe", (trx) => leaveNewsletter(trx, token));
}
