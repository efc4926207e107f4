import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import * as stockNumbers from "../migrations/2026-11-27-0015-stock-numbers";
import { migrations } from "../migrations/index";

const NAME = "2026-11-27-0015-stock-numbers";
const AT = "2026-11-01T10:00:00.000Z";

/** A database as it was before the migration: cars with and without a typed stock number. */
async function beforeStockNumbers(): Promise<{ db: Kysely<any>; sqlite: Database.Database }> {
  const sqlite = new Database(":memory:");
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  for (const [name, migration] of Object.entries(migrations)) {
    if (name === NAME) break;
    await migration.up(db);
  }
  const add = sqlite.prepare(
    `INSERT INTO cars (make, model, year, price, condition, body_type, drive_train, engine_capacity, engine_size,
       custom_paper, stock_number, created_at, updated_at)
     VALUES ('Toyota', 'Camry', 2020, 25000000, 'Foreign Used', 'Sedan', 'FWD', '2.5L', 'V4', 'Yes', ?,
       '${AT}', '${AT}')`,
  );
  add.run(null); // 1
  add.run("LP-0142"); // 2: the dealer's own
  add.run(null); // 3
  add.run("lpa-000003"); // 4: typed before the pattern existed, the same as car 3's would be
  return { db, sqlite };
}

describe(`migration ${NAME}`, () => {
  it("gives every car without a stock number one, keeps the typed ones, and numbers new cars", async () => {
    const { db, sqlite } = await beforeStockNumbers();
    await stockNumbers.up(db);
    expect(sqlite.prepare("SELECT id, stock_number FROM cars ORDER BY id").all()).toEqual([
      { id: 1, stock_number: "LPA-000001" },
      { id: 2, stock_number: "LP-0142" },
      { id: 3, stock_number: "LPA-000003-B" },
      { id: 4, stock_number: "lpa-000003" },
    ]);
    sqlite.exec(`INSERT INTO cars (make, model, year, price, condition, body_type, drive_train, engine_capacity,
      engine_size, custom_paper, created_at, updated_at)
      VALUES ('Kia', 'Rio', 2019, 9000000, 'New', 'Sedan', 'FWD', '1.6L', 'V4', 'No', '${AT}', '${AT}')`);
    expect(sqlite.prepare("SELECT stock_number FROM cars WHERE id = 5").get()).toEqual({ stock_number: "LPA-000005" });
    // Cleared by hand: the car gets its own number back.
    sqlite.exec("UPDATE cars SET stock_number = NULL WHERE id = 2");
    expect(sqlite.prepare("SELECT stock_number FROM cars WHERE id = 2").get()).toEqual({ stock_number: "LPA-000002" });
    // The search index still follows the searched columns.
    sqlite.exec("UPDATE cars SET model = 'Sportage' WHERE id = 5");
    expect(sqlite.prepare("SELECT rowid FROM cars_fts WHERE cars_fts MATCH 'Sportage'").all()).toEqual([{ rowid: 5 }]);
  });

  it("goes back down", async () => {
    const { db, sqlite } = await beforeStockNumbers();
    await stockNumbers.up(db);
    await stockNumbers.down(db);
    const triggers = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all() as {
      name: string;
    }[];
    expect(triggers.map((t) => t.name)).not.toContain("cars_stock_number_ai");
    expect(triggers.map((t) => t.name)).toContain("cars_fts_au");
  });
});
