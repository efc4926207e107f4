import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// The dealer's own reference for a car (the stock number on the windscreen and in their
// spreadsheet), optional, unique among the cars that have one whatever the letter case: a
// spreadsheet import matches its rows to cars by it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE cars ADD COLUMN stock_number TEXT`.execute(db);
  await sql`CREATE UNIQUE INDEX cars_stock_number ON cars (stock_number COLLATE NOCASE)
    WHERE stock_number IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS cars_stock_number`.execute(db);
  await sql`ALTER TABLE cars DROP COLUMN stock_number`.execute(db);
}
