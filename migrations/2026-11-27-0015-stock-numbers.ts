import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// Every car has a stock number, so an exported spreadsheet always imports back as updates: a car
// without a typed one gets LPA- and its id in six digits (LPA-000123), now for the cars that have
// none and from now on by trigger, whichever way a car is written (the form, the API, an import,
// the demo seed, a script); a stock number cleared later gives the car its own number back. When
// that number is already taken (typed by hand before the pattern existed), the car gets it with
// -B after it. The app refuses typed numbers of the pattern that are not the car's own (the
// car-sheet rules in app/lib/car-sheet.ts), so the two cannot meet again.
//
// The search index's update trigger is narrowed to the columns it indexes: giving a number is an
// UPDATE, which would otherwise index every new car twice.

const FTS_COLUMNS = "make, model, car_description, color, keyfeatures, year, location";
const FTS_NEW = "new.make, new.model, new.car_description, new.color, new.keyfeatures, new.year, new.location";
const FTS_OLD = "old.make, old.model, old.car_description, old.color, old.keyfeatures, old.year, old.location";

/** The number of the car whose id is `ref`.id, or the same with -B when another car has it. */
const numberOf = (ref: string) => `CASE
    WHEN EXISTS (SELECT 1 FROM cars AS o WHERE o.stock_number = printf('LPA-%06d', ${ref}.id) COLLATE NOCASE)
    THEN printf('LPA-%06d-B', ${ref}.id)
    ELSE printf('LPA-%06d', ${ref}.id)
  END`;

export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("DROP TRIGGER IF EXISTS cars_fts_au");
  await run(`CREATE TRIGGER cars_fts_au AFTER UPDATE OF ${FTS_COLUMNS} ON cars BEGIN
      INSERT INTO cars_fts (cars_fts, rowid, ${FTS_COLUMNS}) VALUES ('delete', old.id, ${FTS_OLD});
      INSERT INTO cars_fts (rowid, ${FTS_COLUMNS}) VALUES (new.id, ${FTS_NEW});
    END`);
  // One car at a time, in id order, so each sees the numbers given before it.
  const missing = await sql<{ id: number }>`SELECT id FROM cars WHERE stock_number IS NULL ORDER BY id`.execute(db);
  for (const { id } of missing.rows) {
    await sql`UPDATE cars SET stock_number = ${sql.raw(numberOf("cars"))} WHERE id = ${id}`.execute(db);
  }
  await run(`CREATE TRIGGER cars_stock_number_ai AFTER INSERT ON cars WHEN new.stock_number IS NULL BEGIN
      UPDATE cars SET stock_number = ${numberOf("new")} WHERE id = new.id;
    END`);
  await run(`CREATE TRIGGER cars_stock_number_au AFTER UPDATE OF stock_number ON cars
    WHEN new.stock_number IS NULL BEGIN
      UPDATE cars SET stock_number = ${numberOf("new")} WHERE id = new.id;
    END`);
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("DROP TRIGGER IF EXISTS cars_stock_number_ai");
  await run("DROP TRIGGER IF EXISTS cars_stock_number_au");
  await run("DROP TRIGGER IF EXISTS cars_fts_au");
  await run(`CREATE TRIGGER cars_fts_au AFTER UPDATE ON cars BEGIN
      INSERT INTO cars_fts (cars_fts, rowid, ${FTS_COLUMNS}) VALUES ('delete', old.id, ${FTS_OLD});
      INSERT INTO cars_fts (rowid, ${FTS_COLUMNS}) VALUES (new.id, ${FTS_NEW});
    END`);
}
