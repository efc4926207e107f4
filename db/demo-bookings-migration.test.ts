import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import * as demoBookings from "../migrations/2026-11-26-0014-demo-bookings";
import { migrations } from "../migrations/index";

const NAME = "2026-11-26-0014-demo-bookings";
const AT = "2026-11-01T10:00:00.000Z";

/** A database as it was before the migration: two sample bookings of the demo and three real ones. */
async function beforeDemoBookings(): Promise<{ db: Kysely<any>; sqlite: Database.Database }> {
  const sqlite = new Database(":memory:");
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  for (const [name, migration] of Object.entries(migrations)) {
    if (name === NAME) break;
    await migration.up(db);
  }
  const add = sqlite.prepare(
    `INSERT INTO inspections (name, phone, email, car_make, car_model, inspection_date, other_info, car_id, created_at)
     VALUES (?, '+2348035550142', ?, 'Toyota', 'Camry', '2026-11-05', NULL, ?, '${AT}')`,
  );
  add.run("Aisha Bello", "aisha.bello@example.ng", null); // the demo's
  add.run("Funmilayo Adebayo", "funmilayo.adebayo@example.ng", null); // the demo's
  add.run("Aisha Bello", "aisha.bello@gmail.com", null); // a real buyer of the same name
  add.run("Aisha Bello", "aisha.bello@example.ng", 7); // booked from a car's page: real
  add.run("Ada Obi", "ada.obi@example.ng", null); // not one of the demo's buyers
  return { db, sqlite };
}

describe(`migration ${NAME}`, () => {
  it("marks the demo's sample bookings, and only them", async () => {
    const { db, sqlite } = await beforeDemoBookings();
    await demoBookings.up(db);
    expect(sqlite.prepare("SELECT id, demo FROM inspections ORDER BY id").all()).toEqual([
      { id: 1, demo: 1 },
      { id: 2, demo: 1 },
      { id: 3, demo: 0 },
      { id: 4, demo: 0 },
      { id: 5, demo: 0 },
    ]);
    // New bookings are real unless the seed says otherwise; the leads registry is untouched.
    sqlite.exec(`INSERT INTO inspections (name, phone, email, car_make, car_model, inspection_date, created_at)
      VALUES ('New', '+2348035550142', 'new@example.com', 'Kia', 'Rio', '2026-12-01', '${AT}')`);
    expect(sqlite.prepare("SELECT demo FROM inspections WHERE name = 'New'").get()).toEqual({ demo: 0 });
    expect(sqlite.prepare("SELECT count(*) AS n FROM leads WHERE kind = 'inspection'").get()).toEqual({ n: 6 });
  });

  it("goes back down", async () => {
    const { db, sqlite } = await beforeDemoBookings();
    await demoBookings.up(db);
    await demoBookings.down(db);
    const columns = sqlite.prepare("SELECT name FROM pragma_table_info('inspections')").all() as { name: string }[];
    expect(columns.map((c) => c.name)).not.toContain("demo");
    expect(sqlite.prepare("SELECT count(*) AS n FROM inspections").get()).toEqual({ n: 5 });
  });
});
