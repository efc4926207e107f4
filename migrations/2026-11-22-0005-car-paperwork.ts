import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// A car's Nigerian paperwork, each optional and unknown (NULL) for the cars already listed:
// - customs_duty_paid, accident_free, flood_free: 1 yes, 0 no, NULL not checked yet;
// - plate_state: the state (or FCT) that issued the plate, NULL when not registered or unknown;
// - previous_owners_ng: how many owners the car has had in Nigeria, NULL when unknown.
// And the indexes of what buyers now ask the catalogue, all partial over unsold cars:
// - the 'Duty paid' filter, newest first;
// - similar cars: one body type, walked by price from the car's own price both ways;
// - the lowest-mileage sort with unknown mileages last.
// (Price and year sorts walk the existing cars_available_price and cars_available_year.)

const FLAGS = ["customs_duty_paid", "accident_free", "flood_free"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const flag of FLAGS) {
    await sql.raw(`ALTER TABLE cars ADD COLUMN ${flag} INTEGER CHECK (${flag} IN (0, 1))`).execute(db);
  }
  await sql`ALTER TABLE cars ADD COLUMN plate_state TEXT`.execute(db);
  await sql`ALTER TABLE cars ADD COLUMN previous_owners_ng INTEGER CHECK (previous_owners_ng >= 0)`.execute(db);

  await sql`CREATE INDEX cars_available_duty ON cars (customs_duty_paid, created_at) WHERE sold = 0`.execute(db);
  await sql`CREATE INDEX cars_available_body_price ON cars (body_type COLLATE NOCASE, price) WHERE sold = 0`.execute(
    db,
  );
  await sql`CREATE INDEX cars_available_mileage_sort ON cars (mileage IS NULL, mileage) WHERE sold = 0`.execute(db);
  await sql`ANALYZE`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ["cars_available_duty", "cars_available_body_price", "cars_available_mileage_sort"]) {
    await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
  }
  for (const column of [...FLAGS, "plate_state", "previous_owners_ng"]) {
    await sql.raw(`ALTER TABLE cars DROP COLUMN ${column}`).execute(db);
  }
}
