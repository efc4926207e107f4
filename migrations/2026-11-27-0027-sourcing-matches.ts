import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// Sourcing requests matched against the stock: each (request, car) pair once, written when a car
// newly answers an open request (in the car write's transaction, with the staff's email), so the
// staff are told about a car once per request. The lead page lists matching cars for sale by
// asking the catalogue, not this table.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE sourcing_matches (
      sourcing_id INTEGER NOT NULL REFERENCES sourcing_requests (id) ON DELETE CASCADE,
      car_id INTEGER NOT NULL REFERENCES cars (id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      PRIMARY KEY (sourcing_id, car_id)
    ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX sourcing_matches_car ON sourcing_matches (car_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sourcing_matches`.execute(db);
}
