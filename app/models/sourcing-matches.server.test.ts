// Sourcing requests ("find me this car") matched against the stock as buyers' alerts are: when a
// car that answers an open request goes on sale (added, gets its first photo, edited into range),
// the staff who receive sourcing alerts are emailed once per request and car, in the car's
// transaction; the request's lead page lists the matching cars for sale.
process.env.SMTP_URL = "smtp://127.0.0.1:2525";

import { beforeEach, describe, expect, it } from "vitest";
import { carPath } from "~/lib/car";
import { NO_NOTIFICATIONS } from "~/lib/notifications";
import type { EmailPayload } from "~/lib/outbox";
import { createCar, updateCar } from "~/models/car.server";
import { saveNotifications } from "~/models/notifications.server";
import { getDb, nowIso } from "../../db/database.server";
import { baseCar, clearData, makeCar } from "../../tests/helpers/db";
import { inTransaction } from "./db.server";
import { sourcingMatches } from "./sourcing-matches.server";

const db = () => getDb();
const DESK = "desk@lekkiprimeautos.ng";

beforeEach(async () => {
  await clearData();
  await saveNotifications(db(), {
    ...NO_NOTIFICATIONS,
    recipients: [
      { email: DESK, kinds: ["sourcing"] },
      { email: "loans@lekkiprimeautos.ng", kinds: ["loan"] },
    ],
  });
});

async function request(fields: { name?: string; car_wanted: string; budget?: number | null; search?: string | null }) {
  const row = await db()
    .insertInto("sourcing_requests")
    .values({
      name: fields.name ?? "Ada Obi",
      phone: "+2348035550142",
      car_wanted: fields.car_wanted,
      budget: fields.budget ?? null,
      search: fields.search ?? null,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The request's own staff alert is not what these tests look at.
  await db().deleteFrom("outbox").execute();
  return row.id;
}

const told = () =>
  db()
    .selectFrom("outbox")
    .selectAll()
    .where("topic", "=", "staff-alert")
    .where("lead_kind", "=", "sourcing")
    .orderBy("id")
    .execute();

const lexus = { make: "Lexus", model: "RX 350", year: 2019, price: 28_000_000, body_type: "SUV" };

describe("which cars answer a sourcing request", () => {
  it("reads the search it came from, else the car wanted; the budget is the highest price", async () => {
    const fromSearch = await request({ car_wanted: "Lexus RX, black", search: "?make=Lexus&maxPrice=30000000" });
    const byWords = await request({ name: "Bola", car_wanted: "Toyota Highlander" });
    const withBudget = await request({ name: "Chidi", car_wanted: "Lexus RX", budget: 20_000_000 });
    const anything = await request({ name: "Dayo", car_wanted: "any car", search: "?maxPrice=90000000" });

    const rx = await makeCar(lexus);
    const highlander = await makeCar({ make: "Toyota", model: "Highlander", price: 35_000_000 });
    await makeCar({ make: "Toyota", model: "Camry", price: 20_000_000 });

    const pairs = await db()
      .selectFrom("sourcing_matches")
      .select(["sourcing_id", "car_id"])
      .orderBy("sourcing_id")
      .execute();
    expect(pairs).toEqual([
      { sourcing_id: fromSearch, car_id: rx },
      { sourcing_id: byWords, car_id: highlander },
    ]);
    // Chidi's ₦20m budget is under the RX's price; "any car" names no car and matches none.
    expect((await sourcingMatches(withBudget)).map((c) => c.id)).toEqual([]);
    expect((await sourcingMatches(anything)).map((c) => c.id)).toEqual([]);

    const listed = await sourcingMatches(fromSearch);
    expect(listed).toEqual([
      expect.objectContaining({
        id: rx,
        name: "Lexus RX 350 2019",
        price: 28_000_000,
        path: carPath({ id: rx, ...lexus }),
      }),
    ]);
  });

  it("leaves out requests already won or lost, and sold cars", async () => {
    const open = await request({ car_wanted: "Lexus RX" });
    const closed = await request({ name: "Closed", car_wanted: "Lexus RX" });
    await db()
      .updateTable("leads")
      .set({ status: "won" })
      .where("kind", "=", "sourcing")
      .where("source_id", "=", closed)
      .execute();
    const sold = await makeCar(lexus);
    const other = await makeCar({ ...lexus, year: 2020 });
    expect((await told()).map((m) => m.lead_id)).toEqual([open, open]);
    await db().updateTable("cars").set({ sold: 1 }).where("id", "=", sold).execute();
    expect((await sourcingMatches(open)).map((c) => c.id)).toEqual([other]);
    // A sold car edited is not for sale: nobody is told.
    await db().deleteFrom("sourcing_matches").execute();
    await updateCar(db(), sold, { ...baseCar, ...lexus, price: 20_000_000 }, ["/uploads/test-image.jpg"], []);
    expect(await told()).toHaveLength(2);
  });
});

describe("telling the staff", () => {
  it("emails each sourcing recipient once per request and car, naming the request and the car", async () => {
    const id = await request({ car_wanted: "Lexus RX 350", budget: 30_000_000 });
    const rx = await makeCar(lexus);
    const [mail, ...more] = await told();
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ recipient: DESK, lead_kind: "sourcing", lead_id: id, channel: "email" });
    expect(mail.subject).toBe("A car for Ada Obi's request: Lexus RX 350 2019");
    const body = (JSON.parse(mail.payload) as EmailPayload).text;
    expect(body).toContain("Lexus RX 350");
    expect(body).toContain("₦28,000,000");
    expect(body).toContain(`/admin/leads/sourcing/${id}`);
    expect(body).toContain(carPath({ id: rx, ...lexus }));
    expect(body).toContain("+234 803 555 0142");

    // Edited again (price down, still matching): not told twice.
    await updateCar(db(), rx, { ...baseCar, ...lexus, price: 27_000_000 }, ["/uploads/test-image.jpg"], []);
    expect(await told()).toHaveLength(1);
    // Another matching car: told about that one.
    await makeCar({ ...lexus, year: 2021 });
    expect(await told()).toHaveLength(2);
  });

  it("tells when a car is edited into range, not for a car that already matched", async () => {
    const id = await request({ car_wanted: "Lexus RX", budget: 25_000_000 });
    const pricey = await makeCar(lexus); // ₦28m: over the budget
    expect(await told()).toHaveLength(0);
    await updateCar(db(), pricey, { ...baseCar, ...lexus, price: 24_500_000 }, ["/uploads/test-image.jpg"], []);
    expect((await told()).map((m) => m.lead_id)).toEqual([id]);

    // A request made while a matching car is already on sale: editing that car does not email.
    const later = await request({ name: "Later", car_wanted: "Lexus RX", budget: 25_000_000 }); // empties the outbox
    await updateCar(db(), pricey, { ...baseCar, ...lexus, price: 24_000_000 }, ["/uploads/test-image.jpg"], []);
    expect(await told()).toHaveLength(0);
    expect((await sourcingMatches(later)).map((c) => c.id)).toEqual([pricey]);
  });

  it("is queued in the car's transaction: a write that fails leaves no email and no match", async () => {
    await request({ car_wanted: "Lexus RX" });
    await expect(
      inTransaction(async (trx) => {
        await createCar(trx, { ...baseCar, ...lexus }, []);
        throw new Error("the write fails after the car");
      }),
    ).rejects.toThrow("the write fails after the car");
    expect(await told()).toHaveLength(0);
    expect(await db().selectFrom("sourcing_matches").selectAll().execute()).toEqual([]);
  });
});
