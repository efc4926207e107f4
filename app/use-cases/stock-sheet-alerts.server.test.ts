// Buyers' alerts fire on a spreadsheet import too: cars the import adds or changes that newly
// answer a confirmed alert are queued in the import's transaction, each alert once (one email
// listing its new cars), never twice for the same car, and never for an unconfirmed alert. The
// staff are told of the open sourcing requests the imported cars newly answer, as for one car.
process.env.SMTP_URL = "smtp://127.0.0.1:2525";

import { beforeEach, describe, expect, it } from "vitest";
import { csvText } from "~/lib/csv";
import { NO_NOTIFICATIONS } from "~/lib/notifications";
import type { EmailPayload } from "~/lib/outbox";
import { confirmAlert, createAlert, queueDueAlerts } from "~/models/alerts.server";
import { getBusiness } from "~/models/business.server";
import { saveNotifications } from "~/models/notifications.server";
import { getDb, nowIso } from "../../db/database.server";
import { adminToken } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import { importStock } from "./stock-sheet.server";
import { staffActor } from "./use-case.server";

const db = () => getDb();
/** The buyers' emails once the sender has looked (it writes the alert emails due before each batch). */
async function alertMails() {
  await queueDueAlerts();
  return db().selectFrom("outbox").selectAll().where("topic", "=", "buyer-alert").orderBy("id").execute();
}

let actor: ReturnType<typeof staffActor>;
beforeEach(async () => {
  await clearData();
  await db().deleteFrom("buyer_alerts").execute();
  await db().deleteFrom("alert_contacts").execute();
  const session = await adminToken("owner1");
  actor = staffActor({ id: session.adminId, username: "owner1", role: "owner" }, "127.0.0.1");
});

async function alert(email: string, search: string, confirm = true): Promise<void> {
  expect(await createAlert(db(), { email, search }, await getBusiness())).toBe("created");
  const token = /\/alerts\/confirm\/([\w-]+)/.exec((await alertMails()).at(-1)?.payload ?? "")?.[1] ?? "";
  if (confirm) expect((await confirmAlert(db(), token)).state).toBe("confirmed");
  await db().deleteFrom("outbox").execute();
}

const CAR = {
  make: "Lexus",
  model: "RX 350",
  year: "2021",
  price: "28000000",
  condition: "Foreign Used",
  engine_capacity: "3.5L",
  engine_size: "V6",
  custom_paper: "Yes",
  body_type: "SUV",
  drive_train: "AWD",
};

const sheet = (rows: Record<string, string>[]) => {
  const header = ["stock_number", ...Object.keys(CAR)];
  const cells = rows.map((r) => header.map((h) => r[h] ?? ""));
  return { name: "stock.csv", bytes: Buffer.from(csvText(header, cells)) };
};

describe("alerts on a spreadsheet import", () => {
  it("queues one email per alert listing the cars the import newly brings into its search, once", async () => {
    await alert("ada@example.com", "make=Lexus&maxPrice=30000000");
    await alert("bayo@example.com", "make=Lexus&maxPrice=30000000", false); // never confirmed
    await alert("kemi@example.com", "make=Kia");
    // Already for sale and out of range; the import lowers its price into range.
    const dear = await makeCar({ ...CAR, year: 2019, price: 45_000_000, stock_number: "LX-OLD" });
    await db().deleteFrom("outbox").execute();

    const done = await importStock(
      actor,
      sheet([
        { ...CAR, stock_number: "LX-1" },
        { ...CAR, stock_number: "LX-2", model: "GX 460", price: "29500000" },
        { ...CAR, stock_number: "LX-3", price: "60000000" }, // above the budget
        { ...CAR, stock_number: "LX-OLD", year: "2019", price: "29000000" },
      ]),
      { dryRun: false },
    );
    expect(done).toMatchObject({ written: true, problems: [] });
    expect(done).not.toHaveProperty("carIds");
    const mails = await alertMails();
    expect(mails.map((m) => m.recipient)).toEqual(["ada@example.com"]);
    expect(mails[0].subject).toBe("3 new arrivals for Lexus, up to ₦30,000,000");
    const text = (JSON.parse(mails[0].payload) as EmailPayload).text;
    expect(text).toContain("Lexus RX 350 2021: ₦28,000,000");
    expect(text).toContain("Lexus GX 460 2021: ₦29,500,000");
    expect(text).toContain("Lexus RX 350 2019: ₦29,000,000");
    expect(text).toContain(`/cars/${dear}`);
    expect(text).not.toContain("₦60,000,000");
    const matches = await db().selectFrom("alert_matches").select("car_id").execute();
    expect(matches).toHaveLength(3);

    // The same file again changes nothing a buyer would hear of: each car goes to an alert once.
    await importStock(
      actor,
      sheet([
        { ...CAR, stock_number: "LX-1" },
        { ...CAR, stock_number: "LX-OLD", year: "2019", price: "29000000" },
      ]),
      { dryRun: false },
    );
    expect(await alertMails()).toHaveLength(1);
    expect(await db().selectFrom("alert_matches").select("car_id").execute()).toHaveLength(3);
  });

  it("keeps a second import's matches of the same day for the next day's email", async () => {
    await alert("ada@example.com", "make=Lexus");
    await importStock(actor, sheet([{ ...CAR, stock_number: "LX-1" }]), { dryRun: false });
    await queueDueAlerts(); // the sender, woken by the first import's commit
    await importStock(actor, sheet([{ ...CAR, stock_number: "LX-2" }]), { dryRun: false });
    expect(await alertMails()).toHaveLength(1);
    const waiting = await db().selectFrom("alert_matches").select("sent_at").where("sent_at", "is", null).execute();
    expect(waiting).toHaveLength(1);
  });

  it("tells a price alert of a car whose price the import lowers", async () => {
    const id = await makeCar({ ...CAR, year: 2021, price: 30_000_000, stock_number: "LX-9" });
    expect(await createAlert(db(), { email: "tunde@example.com", car_id: id }, await getBusiness())).toBe("created");
    const token = /\/alerts\/confirm\/([\w-]+)/.exec((await alertMails()).at(-1)?.payload ?? "")?.[1] ?? "";
    await confirmAlert(db(), token);
    await db().deleteFrom("outbox").execute();
    await importStock(actor, sheet([{ ...CAR, stock_number: "LX-9", price: "27000000" }]), { dryRun: false });
    const [mail] = await alertMails();
    expect(mail.subject).toBe("Price drop: Lexus RX 350 2021 now ₦27,000,000");
  });

  it("tells the staff of each open sourcing request the imported cars newly answer, each car once", async () => {
    const desk = "desk@lekkiprimeautos.ng";
    await saveNotifications(db(), { ...NO_NOTIFICATIONS, recipients: [{ email: desk, kinds: ["sourcing"] }] });
    const { id: request } = await db()
      .insertInto("sourcing_requests")
      .values({
        name: "Ada Obi",
        phone: "+2348035550142",
        car_wanted: "Lexus RX",
        budget: null,
        search: "?make=Lexus&maxPrice=30000000",
        created_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const dear = await makeCar({ ...CAR, year: 2019, price: 45_000_000, stock_number: "LX-OLD" });
    // Answered the request before the import: only what the car answered before the write keeps
    // the import from telling the staff again.
    const known = await makeCar({ ...CAR, year: 2020, price: 25_000_000, stock_number: "LX-IN" });
    await db().deleteFrom("sourcing_matches").execute();
    await db().deleteFrom("outbox").execute();

    const rows = [
      { ...CAR, stock_number: "LX-1" },
      { ...CAR, stock_number: "LX-2", model: "GX 460", price: "29500000" },
      { ...CAR, stock_number: "LX-3", price: "60000000" }, // above the budget
      { ...CAR, stock_number: "LX-OLD", year: "2019", price: "29000000" },
      { ...CAR, stock_number: "LX-IN", year: "2020", price: "24000000" },
    ];
    await importStock(actor, sheet(rows), { dryRun: false });
    const staffMails = () =>
      db().selectFrom("outbox").selectAll().where("topic", "=", "staff-alert").orderBy("id").execute();
    const mails = await staffMails();
    expect(mails.map((m) => [m.recipient, m.lead_id])).toEqual([
      [desk, request],
      [desk, request],
      [desk, request],
    ]);
    const pairs = await db().selectFrom("sourcing_matches").select(["sourcing_id", "car_id"]).execute();
    expect(pairs).toHaveLength(3);
    expect(pairs.map((p) => p.car_id)).toContain(dear);
    expect(pairs.map((p) => p.car_id)).not.toContain(known);

    await importStock(actor, sheet(rows), { dryRun: false });
    expect(await staffMails()).toHaveLength(3);
  });
});
