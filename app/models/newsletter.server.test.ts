// The newsletter against a real database, with email on: double opt-in (a link that works once and
// expires after 7 days), the same answer for any address, the weekly email (once a week, confirmed
// addresses only, only the week's new cars, none in a week without any) and leaving.
process.env.SMTP_URL = "smtp://127.0.0.1:2525";

import { beforeEach, describe, expect, it } from "vitest";
import type { EmailPayload } from "~/lib/outbox";
import { subscribeToNewsletter } from "~/use-cases/newsletter.server";
import { visitorActor } from "~/use-cases/use-case.server";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { getBusiness } from "./business.server";
import { confirmSubscription, leaveNewsletter, queueWeeklyNewsletter, subscribe } from "./newsletter.server";

const db = () => getDb();
const visitor = visitorActor("127.0.0.1");

beforeEach(async () => {
  await clearData();
  await db().deleteFrom("settings").where("key", "=", "newsletter_week").execute();
});

const outbox = () => db().selectFrom("outbox").selectAll().where("topic", "=", "newsletter").orderBy("id").execute();
const tokenIn = (payload: string | undefined) => /\/newsletter\/confirm\/([\w-]+)/.exec(payload ?? "")?.[1] ?? "";
const subscriber = (email: string) =>
  db().selectFrom("newsletter_subscriptions").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

/** Signs up and confirms through the link of the confirmation email. */
async function confirmedSubscriber(email: string): Promise<void> {
  await subscribeToNewsletter(visitor, { name: "Reader", email }, "/");
  expect((await confirmSubscription(db(), tokenIn((await outbox()).at(-1)?.payload))).state).toBe("confirmed");
  await db().deleteFrom("outbox").execute();
}

// Monday 30 November 2026, 09:00 in Lagos.
const MONDAY = new Date("2026-11-30T08:00:00Z");
const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * 86_400_000).toISOString();

describe("signing up", () => {
  it("records when and where, sends a link that confirms once, and the same answer for any address", async () => {
    const first = await subscribeToNewsletter(visitor, { name: "Ada Obi", email: " Ada@Example.com " }, "/");
    expect(first).toEqual({ name: "Ada Obi", email: "ada@example.com" });
    const row = await subscriber("ada@example.com");
    expect(row).toMatchObject({ status: "pending", source_page: "/", confirmed_at: null });
    expect(Date.parse(row.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ recipient: "ada@example.com", subject: "Confirm your Lekki Prime Autos newsletter" });
    const payload = JSON.parse(mail.payload) as EmailPayload;
    expect(payload.text).toContain("Nothing is sent until you confirm. The link works for 7 days");
    expect(payload.headers).toBeUndefined(); // not a newsletter yet: nothing to leave
    const token = tokenIn(mail.payload);

    // Again within the hour: the same answer, no second email, one row.
    expect(await subscribeToNewsletter(visitor, { name: "Ada Obi", email: "ada@example.com" }, "/")).toEqual(first);
    expect(await outbox()).toHaveLength(1);

    expect((await confirmSubscription(db(), "not-a-token")).state).toBe("unknown");
    const done = await confirmSubscription(db(), token);
    expect(done.state).toBe("confirmed");
    expect(await subscriber("ada@example.com")).toMatchObject({
      status: "confirmed",
      confirmed_at: expect.any(String),
    });
    // A second use changes nothing and says so.
    expect(await confirmSubscription(db(), token)).toEqual({ ...done, state: "already" });
    expect(await db().selectFrom("newsletter_subscriptions").select("id").execute()).toHaveLength(1);
  });

  it("a link older than 7 days confirms nothing; signing up again sends a new one", async () => {
    const business = await getBusiness();
    const start = new Date("2026-11-01T10:00:00Z");
    await subscribe(db(), { name: "Tunde", email: "tunde@example.com" }, "/api/newsletter", business, start);
    const old = tokenIn((await outbox())[0].payload);
    expect((await confirmSubscription(db(), old, new Date(start.getTime() + 7 * 86_400_000 + 1000))).state).toBe(
      "unknown",
    );
    expect((await subscriber("tunde@example.com")).status).toBe("pending");
    const later = new Date(start.getTime() + 8 * 86_400_000);
    await subscribe(db(), { name: "Tunde", email: "tunde@example.com" }, "/", business, later);
    const fresh = tokenIn((await outbox())[1].payload);
    expect(fresh).not.toBe(old);
    expect((await confirmSubscription(db(), old, later)).state).toBe("unknown");
    expect((await confirmSubscription(db(), fresh, later)).state).toBe("confirmed");
    expect((await subscriber("tunde@example.com")).source_page).toBe("/");
  });

  it("tells a confirmed address that signs up again that nothing changed (no new link)", async () => {
    await confirmedSubscriber("kemi@example.com");
    const later = new Date(Date.now() + 2 * 3_600_000);
    await subscribe(db(), { name: "Kemi", email: "kemi@example.com" }, "/", await getBusiness(), later);
    const [note] = await outbox();
    expect(note.subject).toBe("You are already on the Lekki Prime Autos newsletter");
    expect(note.payload).not.toContain("/newsletter/confirm/");
    expect((await subscriber("kemi@example.com")).status).toBe("confirmed");
  });

  it("leaves: the address is deleted, from the link, and any token gets the same answer", async () => {
    await confirmedSubscriber("ada@example.com");
    const { leave_token } = await subscriber("ada@example.com");
    await leaveNewsletter(db(), "unknown");
    await leaveNewsletter(db(), leave_token);
    expect(await db().selectFrom("newsletter_subscriptions").select("id").execute()).toEqual([]);
    expect(await db().selectFrom("leads").select("id").where("kind", "=", "newsletter").execute()).toEqual([]);
  });
});

describe("the weekly email", () => {
  it("goes from Monday 08:00 to confirmed addresses only, once a week, with the week's new cars", async () => {
    await confirmedSubscriber("ada@example.com");
    await confirmedSubscriber("bayo@example.com");
    await subscribeToNewsletter(visitor, { name: "Waiting", email: "waiting@example.com" }, "/");
    // A sign-up from before consent was recorded: never mailed until it signs up again and confirms.
    await db()
      .insertInto("newsletter_subscriptions")
      .values({ name: "Old", email: "old@example.com", created_at: daysBefore(MONDAY, 90), leave_token: "old" })
      .execute();
    await db().deleteFrom("outbox").execute();
    const fresh = await makeCar({
      make: "Lexus",
      model: "RX 350",
      price: 28_000_000,
      created_at: daysBefore(MONDAY, 2),
    });
    await makeCar({ make: "Kia", model: "Rio", created_at: daysBefore(MONDAY, 9) }); // older than the week
    await makeCar({ make: "Honda", model: "Accord", created_at: daysBefore(MONDAY, 1), sold: true });

    expect(await queueWeeklyNewsletter(new Date("2026-11-30T06:30:00Z"))).toBe(0); // 07:30 in Lagos
    expect(await queueWeeklyNewsletter(MONDAY)).toBe(2);
    const mails = await outbox();
    expect(mails.map((m) => m.recipient).sort()).toEqual(["ada@example.com", "bayo@example.com"]);
    expect(mails[0].subject).toBe("New this week: Lexus RX 350 2020");
    const payload = JSON.parse(mails[0].payload) as EmailPayload;
    expect(payload.text).toContain("- Lexus RX 350 2020: ₦28,000,000");
    expect(payload.text).toContain(`http://shop.ng/cars/${fresh}`);
    expect(payload.text).not.toMatch(/Kia|Honda/);
    expect(payload.html).toMatch(/<img src="http:\/\/shop\.ng\/[^"]+"/);
    const { leave_token } = await subscriber(mails[0].recipient);
    expect(payload.headers).toEqual({
      "List-Unsubscribe": `<http://shop.ng/api/newsletter/leave/${leave_token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(payload.text).toContain(`Leave the newsletter: http://shop.ng/newsletter/leave/${leave_token}`);

    // Once a week: later that week nothing more, the next Monday again.
    expect(await queueWeeklyNewsletter(new Date("2026-12-03T12:00:00Z"))).toBe(0);
    await makeCar({ make: "Toyota", model: "Camry", created_at: "2026-12-05T10:00:00.000Z" });
    expect(await queueWeeklyNewsletter(new Date("2026-12-07T08:00:00Z"))).toBe(2);
    expect((await outbox()).at(-1)?.subject).toMatch(/Toyota Camry/);
  });

  it("sends nothing in a week without new cars", async () => {
    await confirmedSubscriber("ada@example.com");
    await makeCar({ created_at: daysBefore(MONDAY, 10) });
    expect(await queueWeeklyNewsletter(MONDAY)).toBe(0);
    expect(await outbox()).toEqual([]);
  });
});
