// Buyers' alerts against a real database: double opt-in, matching as /browse finds cars, each
// car once per alert, one "new matches" email a day, price drops and sales, leaving.
process.env.SMTP_URL = "smtp://127.0.0.1:2525";

import { beforeEach, describe, expect, it } from "vitest";
import type { EmailPayload } from "~/lib/outbox";
import { getBusiness } from "~/models/business.server";
import { createCar, markCarSold, unmarkCarSold, updateCar } from "~/models/car.server";
import { getDb } from "../../db/database.server";
import { baseCar, clearData, makeCar } from "../../tests/helpers/db";
import {
  alertsOfLink,
  confirmAlert,
  createAlert,
  forgetUnconfirmedAlerts,
  leaveAlert,
  pageAlerts,
  queueDueAlerts,
  removeAlerts,
  waitingBuyers,
} from "./alerts.server";

const db = () => getDb();

beforeEach(async () => {
  await clearData();
  await db().deleteFrom("buyer_alerts").execute();
  await db().deleteFrom("alert_contacts").execute();
});

const queued = () => db().selectFrom("outbox").selectAll().where("topic", "=", "buyer-alert").orderBy("id").execute();
/** The buyers' emails once the sender has looked (it writes the alert emails due before each batch it sends). */
async function outbox() {
  await queueDueAlerts();
  return queued();
}

/** Creates an alert and confirms it through the token in its confirmation email. */
async function confirmed(email: string, input: { search?: string; car_id?: number; whatsapp?: string }) {
  expect(await createAlert(db(), { email, ...input }, await getBusiness())).toBe("created");
  const mail = (await outbox()).at(-1);
  const token = /\/alerts\/confirm\/([\w-]+)/.exec(mail?.payload ?? "")?.[1];
  expect(token).toBeTruthy();
  expect((await confirmAlert(db(), token ?? "")).state).toBe("confirmed");
  await db().deleteFrom("outbox").execute();
  return token ?? "";
}

const lexus = { make: "Lexus", model: "RX 350", price: 28_000_000, body_type: "SUV" };

describe("double opt-in", () => {
  it("sends nothing before the buyer confirms, and a confirmation link works once and expires", async () => {
    expect(
      await createAlert(
        db(),
        { email: "Ada@Example.com", search: "make=Lexus&maxPrice=30000000" },
        await getBusiness(),
      ),
    ).toBe("created");
    const [mail] = await outbox();
    expect(mail.recipient).toBe("ada@example.com");
    expect(mail.subject).toBe("Confirm your alert: Lexus, up to ₦30,000,000");
    const token = /\/alerts\/confirm\/([\w-]+)/.exec(mail.payload)?.[1] ?? "";
    await db().deleteFrom("outbox").execute();

    await makeCar(lexus);
    expect(await outbox()).toHaveLength(0); // not confirmed: nothing

    expect((await confirmAlert(db(), token)).state).toBe("confirmed");
    const again = await confirmAlert(db(), token);
    expect(again.state).toBe("already");
    expect(await confirmAlert(db(), "not-a-token")).toEqual({ state: "unknown" });

    expect(await createAlert(db(), { email: "late@example.com", search: "make=BMW" }, await getBusiness())).toBe(
      "created",
    );
    const late = /\/alerts\/confirm\/([\w-]+)/.exec((await outbox()).at(-1)?.payload ?? "")?.[1] ?? "";
    const eightDays = new Date(Date.now() + 8 * 86_400_000);
    expect(await confirmAlert(db(), late, eightDays)).toEqual({ state: "unknown" });
  });

  it("answers the same alert again as a new one without storing it twice, and refuses the eleventh", async () => {
    expect(
      await createAlert(db(), { email: "a@example.com", search: "maxPrice=30000000&make=Lexus" }, await getBusiness()),
    ).toBe("created");
    expect(
      await createAlert(
        db(),
        { email: "A@example.com", search: "make=lexus&maxPrice=30000000&sort=price_asc" },
        await getBusiness(),
      ),
    ).toBe("exists");
    for (let i = 1; i < 10; i++) {
      expect(
        await createAlert(db(), { email: "a@example.com", search: `maxPrice=${i}000000` }, await getBusiness()),
      ).toBe("created");
    }
    expect(await createAlert(db(), { email: "a@example.com", search: "make=BMW" }, await getBusiness())).toBe("limit");
    const n = await db().selectFrom("buyer_alerts").select(db().fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(10);
  });
});

describe("retention", () => {
  it("forgets alerts never confirmed within 7 days, and the addresses left without alerts", async () => {
    await confirmed("ada@example.com", { search: "make=Lexus" });
    expect(await createAlert(db(), { email: "bola@example.com", search: "make=Toyota" }, await getBusiness())).toBe(
      "created",
    );
    await forgetUnconfirmedAlerts(new Date(Date.now() + 6 * 86_400_000));
    expect((await pageAlerts(1, 10)).alerts).toHaveLength(2);
    await forgetUnconfirmedAlerts(new Date(Date.now() + 8 * 86_400_000));
    expect((await pageAlerts(1, 10)).alerts.map((a) => a.email)).toEqual(["ada@example.com"]);
    const contacts = await db().selectFrom("alert_contacts").select("email").execute();
    expect(contacts.map((c) => c.email)).toEqual(["ada@example.com"]);
  });
});

describe("matching", () => {
  it("tells each confirmed search alert about a new matching car once, with its one-click unsubscribe", async () => {
    await confirmed("ada@example.com", { search: "make=Lexus&maxPrice=30000000" });
    await confirmed("bola@example.com", { search: "body_type=SUV" });
    await confirmed("chi@example.com", { search: "make=Toyota" });

    const id = await makeCar(lexus);
    const sent = await outbox();
    expect(sent.map((m) => m.recipient).sort()).toEqual(["ada@example.com", "bola@example.com"]);
    const payload = JSON.parse(sent[0].payload) as EmailPayload;
    expect(payload.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(payload.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/shop\.ng\/api\/alerts\/leave\/[\w-]{40,}>$/);
    expect(payload.html).toContain("₦28,000,000");
    expect(payload.html).toContain("http://shop.ng/uploads/test-image.jpg");
    expect(sent[0].subject).toBe("New arrival: Lexus RX 350 2020");

    // An edit that keeps it in the searches sends nothing again.
    const car = await db().selectFrom("cars").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await updateCar(
      getDb(),
      id,
      { ...baseCar, ...lexus, price: car.price - 1_000_000 },
      ["/uploads/test-image.jpg"],
      [],
    );
    expect(await outbox()).toHaveLength(2);
  });

  it("sends a car edited into a search (its price lowered into range), and never one already there", async () => {
    const id = await makeCar({ ...lexus, price: 35_000_000 });
    await makeCar({ ...lexus, price: 20_000_000 }); // there before the alert
    await confirmed("ada@example.com", { search: "make=Lexus&maxPrice=30000000" });
    await updateCar(getDb(), id, { ...baseCar, ...lexus, price: 35_000_000, car_description: "Edited" }, [], []);
    expect(await outbox()).toHaveLength(0);
    await updateCar(getDb(), id, { ...baseCar, ...lexus, price: 29_000_000 }, [], []);
    const sent = await outbox();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain("Lexus RX 350");
    // Out of range and back in: still once.
    await updateCar(getDb(), id, { ...baseCar, ...lexus, price: 31_000_000 }, [], []);
    await updateCar(getDb(), id, { ...baseCar, ...lexus, price: 29_500_000 }, [], []);
    expect(await outbox()).toHaveLength(1);
  });

  it("matches words and models as /browse does (a typo, a part of the model)", async () => {
    await confirmed("ada@example.com", { search: "q=corola" });
    await confirmed("bola@example.com", { search: "model=cam" });
    await makeCar({ make: "Toyota", model: "Corolla" });
    await makeCar({ make: "Toyota", model: "Camry XLE" });
    const sent = await outbox();
    expect(sent.map((m) => `${m.recipient} ${m.subject}`)).toEqual([
      "ada@example.com New arrival: Toyota Corolla 2020",
      "bola@example.com New arrival: Toyota Camry XLE 2020",
    ]);
  });
});

describe("the daily email", () => {
  it("sends the first match at once and keeps the day's others for the next morning's one email", async () => {
    await confirmed("ada@example.com", { search: "make=Lexus" });
    await makeCar(lexus);
    await queueDueAlerts(); // the sender, woken by the car's commit
    await makeCar({ ...lexus, model: "NX 300" });
    await makeCar({ ...lexus, model: "ES 350" });
    expect((await outbox()).map((m) => m.subject)).toEqual(["New arrival: Lexus RX 350 2020"]);

    // Before 08:00 Lagos time the next day nothing more goes; from 08:00 one email lists both.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = tomorrow.toISOString().slice(0, 10);
    expect(await queueDueAlerts(new Date(`${day}T06:30:00Z`))).toBe(0);
    expect(await queueDueAlerts(new Date(`${day}T07:30:00Z`))).toBe(1);
    expect(await queueDueAlerts(new Date(`${day}T09:30:00Z`))).toBe(0);
    const sent = await outbox();
    expect(sent).toHaveLength(2);
    expect(sent[1].subject).toBe("2 new arrivals for Lexus");
    expect(sent[1].payload).toContain("Lexus NX 300 2020");
    expect(sent[1].payload).toContain("Lexus ES 350 2020");
    const [row] = (await pageAlerts(1, 10)).alerts;
    expect(row).toMatchObject({ matches_sent: 3, waiting: 0, about: "Lexus", status: "active" });
    expect(await waitingBuyers()).toBe(1);
  });
});

describe("a car sold while its match waits", () => {
  it("is left out of the next morning's email, and an email of sold cars only is not sent", async () => {
    await confirmed("ada@example.com", { search: "make=Lexus" });
    await confirmed("bola@example.com", { search: "model=ES" });
    await makeCar({ ...lexus, model: "ES 300" });
    await queueDueAlerts(); // both told at once
    await makeCar({ ...lexus, model: "NX 300" });
    const es = await makeCar({ ...lexus, model: "ES 350" });
    await markCarSold(getDb(), es, { salePrice: null });
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await queueDueAlerts(new Date(`${day}T07:30:00Z`))).toBe(1);
    const morning = (await queued()).at(-1);
    expect(morning).toMatchObject({ recipient: "ada@example.com", subject: "New arrival: Lexus NX 300 2020" });
    expect(morning?.payload).not.toContain("ES 350");
    const waiting = await db().selectFrom("alert_matches").select("car_id").where("sent_at", "is", null).execute();
    expect(waiting).toEqual([]);
    const rows = (await pageAlerts(1, 10)).alerts;
    expect(rows.map((r) => [r.email, r.matches_sent])).toEqual([
      ["bola@example.com", 1],
      ["ada@example.com", 2],
    ]);
  });
});

describe("price alerts", () => {
  it("names the old and new price on a drop, and says once when the car is sold, with similar cars", async () => {
    const id = await makeCar(lexus);
    await makeCar({ ...lexus, model: "NX 300", price: 26_000_000 });
    await confirmed("ada@example.com", { car_id: id });
    await updateCar(getDb(), id, { ...baseCar, ...lexus, price: 30_000_000 }, [], []); // up: nothing
    expect(await outbox()).toHaveLength(0);
    await updateCar(getDb(), id, { ...baseCar, ...lexus, price: 27_000_000 }, [], []);
    const [drop] = await outbox();
    expect(drop.subject).toBe("Price drop: Lexus RX 350 2020 now ₦27,000,000");
    expect(drop.payload).toContain("went down from ₦30,000,000 to ₦27,000,000");

    await markCarSold(getDb(), id, { salePrice: null });
    const sold = (await outbox())[1];
    expect(sold.subject).toBe("Sold: Lexus RX 350 2020");
    expect(sold.payload).toContain("Lexus NX 300 2020");
    const [alert] = (await pageAlerts(1, 10)).alerts;
    expect(alert.status).toBe("ended");
  });

  it("says sorry when a sale marked by mistake is undone, and the price alert is on again", async () => {
    const id = await makeCar(lexus);
    await confirmed("ada@example.com", { car_id: id });
    await markCarSold(getDb(), id, { salePrice: null });
    expect((await outbox()).map((m) => m.subject)).toEqual(["Sold: Lexus RX 350 2020"]);
    expect(await unmarkCarSold(getDb(), id)).toMatchObject({ ok: true });
    const sorry = (await outbox())[1];
    expect(sorry.subject).toBe("Still for sale: Lexus RX 350 2020");
    expect(sorry.payload).toContain("that was a mistake");
    expect(sorry.payload).toContain("Your price alert is on again");
    expect((await pageAlerts(1, 10)).alerts[0].status).toBe("active");
    await updateCar(getDb(), id, { ...baseCar, ...lexus, price: 27_000_000 }, [], []);
    expect((await outbox()).map((m) => m.subject)).toContain("Price drop: Lexus RX 350 2020 now ₦27,000,000");
    // A buyer who left meanwhile hears nothing more.
    await markCarSold(getDb(), id, { salePrice: null });
    await db().deleteFrom("buyer_alerts").execute();
    await db().deleteFrom("outbox").execute();
    await unmarkCarSold(getDb(), id);
    expect(await outbox()).toEqual([]);
  });

  it("refuses an alert on a car that is not for sale", async () => {
    const id = await makeCar({ sold: true });
    expect(await createAlert(db(), { email: "a@example.com", car_id: id }, await getBusiness())).toBe("no-car");
  });
});

describe("leaving", () => {
  it("one click removes the alert; the manage link lists and removes, and stop all forgets the address", async () => {
    await confirmed("ada@example.com", { search: "make=Lexus" });
    await confirmed("ada@example.com", { search: "make=Toyota" });
    await makeCar(lexus);
    const payload = JSON.parse((await outbox())[0].payload) as EmailPayload;
    const leave = /\/alerts\/leave\/([\w-]+)/.exec(payload.text)?.[1] ?? "";
    const manage = /\/alerts\/manage\/([\w-]+)/.exec(payload.text)?.[1] ?? "";
    await leaveAlert(db(), leave);
    await leaveAlert(db(), leave); // twice: the same
    const listed = await alertsOfLink(manage);
    expect(listed?.alerts.map((a) => a.about)).toEqual(["Toyota"]);
    await makeCar({ ...lexus, model: "NX" });
    expect(await outbox()).toHaveLength(1);

    expect(await removeAlerts(db(), manage, "all")).toBe(true);
    expect(await alertsOfLink(manage)).toBeNull();
    expect(await db().selectFrom("alert_contacts").selectAll().execute()).toEqual([]);
    expect(await removeAlerts(db(), "unknown", "all")).toBe(false);
  });
});

describe("scale", () => {
  // Timings never decide a test (the bench's alerts row measures this one).
  it("records a new car's 5,000 matches in its transaction and writes one email each after it", async () => {
    const at = new Date().toISOString();
    const contacts = Array.from({ length: 5000 }, (_, i) => ({
      email: `buyer${i}@example.com`,
      manage_token: `m${i}`,
      whatsapp: null,
      created_at: at,
    }));
    for (let i = 0; i < contacts.length; i += 500) {
      await db()
        .insertInto("alert_contacts")
        .values(contacts.slice(i, i + 500))
        .execute();
      await db()
        .insertInto("buyer_alerts")
        .values(
          contacts.slice(i, i + 500).map((c, j) => ({
            email: c.email,
            kind: "search" as const,
            search: `make=Lexus&maxPrice=${30_000_000 + (i + j) * 1000}`,
            status: "active" as const,
            leave_token: `l${i + j}`,
            created_at: at,
            confirmed_at: at,
          })),
        )
        .execute();
    }
    await createCar(getDb(), { ...baseCar, ...lexus }, []);
    // The car's transaction holds one small row per alert; the sender writes the emails after it.
    expect(await queued()).toHaveLength(0);
    const matches = await db().selectFrom("alert_matches").select("alert_id").where("sent_at", "is", null).execute();
    expect(matches).toHaveLength(5000);
    expect(await queueDueAlerts()).toBe(5000);
    const sent = await queued();
    expect(sent).toHaveLength(5000);
    expect(new Set(sent.map((m) => m.recipient)).size).toBe(5000);
    expect(sent[4999].subject).toBe("New arrival: Lexus RX 350 2020");
    expect(await queueDueAlerts()).toBe(0); // once
  });
});
