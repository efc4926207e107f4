import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { env, siteOrigin } from "~/config/env.server";
import type { AlertCar } from "~/lib/alert-mail";
import type { Business } from "~/lib/business";
import type { RenderedMail } from "~/lib/mail-layout";
import { alreadySubscribedMail, confirmNewsletterMail, weeklyMail } from "~/lib/newsletter-mail";
import { NEWSLETTER_CONFIRM_DAYS } from "~/lib/newsletter-messages";
import type { NewsletterInput } from "~/lib/newsletter-schema";
import { newsletterWeekAt } from "~/lib/newsletter-week";
import { alertCars } from "./alerts.server";
import { getBusiness } from "./business.server";
import { type Db, inTransaction } from "./db.server";
import { mailEnabled } from "./notifications.server";
import { buyerEmail, enqueue, type OutboxInput } from "./outbox.server";

/**
 * The newsletter (docs/product.md, Newsletter): a sign-up is stored 'pending' and, with email set
 * up, sent a confirmation link (double opt-in); only confirmed addresses get the weekly email of
 * the cars published in the last 7 days, from Monday 08:00 Lagos time, once a week. Every answer
 * to a sign-up is the same whether or not the address was known; leaving deletes the address.
 */

const DAY_MS = 86_400_000;
/** A second sign-up of the same address within this time sends no second email (no mail-bombing). */
const RESEND_AFTER_MS = 3_600_000;
/** The weekly email shows at most this many cars, newest first, and links to the rest. */
const WEEKLY_CARS_SHOWN = 12;
const WEEK_KEY = "newsletter_week";

const newToken = () => randomBytes(32).toString("base64url");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const origin = () => siteOrigin(env());
const confirmPath = (token: string) => `/newsletter/confirm/${token}`;
const leavePath = (token: string) => `/newsletter/leave/${token}`;
const oneClickPath = (token: string) => `/api/newsletter/leave/${token}`;

/** A newsletter email; with its leave token, one-click unsubscribe. */
function newsletterEmail(to: string, mail: RenderedMail, leaveToken: string | null): OutboxInput {
  return buyerEmail("newsletter", to, mail, leaveToken ? origin() + oneClickPath(leaveToken) : null);
}

/**
 * Stores a sign-up in `db` (the caller's transaction) with the page it came from. With email set
 * up: a new or unconfirmed address gets a fresh confirmation link, a confirmed one a note that it
 * is already on the list; either at most once an hour. Returns whether an email was queued.
 */
export async function subscribe(
  db: Db,
  input: NewsletterInput,
  page: string,
  business: Business,
  now = new Date(),
): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  const at = now.toISOString();
  await db
    .insertInto("newsletter_subscriptions")
    .values({ name: input.name.trim(), email, created_at: at, source_page: page, leave_token: newToken() })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  if (!mailEnabled()) return false;
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "name", "status", "confirm_sent_at", "leave_token"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  if (row.confirm_sent_at && now.getTime() - Date.parse(row.confirm_sent_at) < RESEND_AFTER_MS) return false;
  let mail: RenderedMail;
  if (row.status === "confirmed") {
    mail = alreadySubscribedMail(row.name, origin() + leavePath(row.leave_token), business);
    await db.updateTable("newsletter_subscriptions").set({ confirm_sent_at: at }).where("id", "=", row.id).execute();
  } else {
    const token = newToken();
    mail = confirmNewsletterMail(input.name.trim(), origin() + confirmPath(token), business);
    // The consent asked for now is this sign-up's: its name and page replace an older unconfirmed one's.
    await db
      .updateTable("newsletter_subscriptions")
      .set({ name: input.name.trim(), source_page: page, confirm_hash: sha256(token), confirm_sent_at: at })
      .where("id", "=", row.id)
      .execute();
  }
  await enqueue(db, [newsletterEmail(email, mail, null)], now);
  return true;
}

export type NewsletterConfirmResult = { state: "confirmed" | "already"; leave: string } | { state: "unknown" };

/** Confirms an address from its emailed link: once, within 7 days; a second use says it is already confirmed. */
export async function confirmSubscription(db: Db, token: string, now = new Date()): Promise<NewsletterConfirmResult> {
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "status", "confirm_sent_at", "leave_token"])
    .where("confirm_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row) return { state: "unknown" };
  const leave = leavePath(row.leave_token);
  if (row.status === "confirmed") return { state: "already", leave };
  const sent = row.confirm_sent_at ? Date.parse(row.confirm_sent_at) : 0;
  if (now.getTime() - sent > NEWSLETTER_CONFIRM_DAYS * DAY_MS) return { state: "unknown" };
  await db
    .updateTable("newsletter_subscriptions")
    .set({ status: "confirmed", confirmed_at: now.toISOString() })
    .where("id", "=", row.id)
    .execute();
  return { state: "confirmed", leave };
}

/** Leaves the newsletter from a leave link: the address is deleted; the same answer whether or not it was there. */
export async function leaveNewsletter(db: Db, leaveToken: string): Promise<void> {
  await db.deleteFrom("newsletter_subscriptions").where("leave_token", "=", leaveToken).execute();
}

/** The cars published in the 7 days before `now` and still for sale, newest first, and how many. */
async function weekCars(db: Db, now: Date): Promise<{ cars: AlertCar[]; total: number }> {
  const since = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const rows = await db
    .selectFrom("cars")
    .select("id")
    .where(sql<boolean>`cars.sold = 0`)
    .where("created_at", ">=", since)
    .where("created_at", "<=", now.toISOString())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const shown = rows.slice(0, WEEKLY_CARS_SHOWN).map((r) => r.id);
  const byId = await alertCars(db, shown);
  const cars = shown.map((id) => byId.get(id)).filter((c): c is AlertCar => Boolean(c));
  return { cars, total: rows.length };
}

const LEAVE_SLOT = "@@NEWSLETTER-LEAVE@@";

/**
 * The weekly email, from Monday 08:00 Lagos time, once per week: the week is recorded in the same
 * transaction as the emails are queued, so a restart or a second call never sends it twice. Only
 * confirmed addresses get it, and nobody does in a week without new cars. Returns how many were queued.
 */
export async function queueWeeklyNewsletter(now = new Date()): Promise<number> {
  const week = newsletterWeekAt(now);
  if (!week || !mailEnabled()) return 0;
  return inTransaction(async (trx) => {
    const last = await trx.selectFrom("settings").select("value").where("key", "=", WEEK_KEY).executeTakeFirst();
    if (last && last.value >= week) return 0;
    await trx
      .insertInto("settings")
      .values({ key: WEEK_KEY, value: week })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: week }))
      .execute();
    const { cars, total } = await weekCars(trx, now);
    if (cars.length === 0) return 0;
    const subscribers = await trx
      .selectFrom("newsletter_subscriptions")
      .select(["email", "leave_token"])
      .where("status", "=", "confirmed")
      .orderBy("id")
      .execute();
    const template = weeklyMail(cars, total - cars.length, `${origin()}/browse`, LEAVE_SLOT, await getBusiness(trx));
    const messages = subscribers.map((s) => {
      const fill = (text: string) => text.replaceAll(LEAVE_SLOT, origin() + leavePath(s.leave_token));
      const mail = { subject: template.subject, text: fill(template.text), html: fill(template.html) };
      return newsletterEmail(s.email, mail, s.leave_token);
    });
    for (let i = 0; i < messages.length; i += 200) await enqueue(trx, messages.slice(i, i + 200), now);
    return messages.length;
  });
}
