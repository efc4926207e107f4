import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// A sale that comes from a reservation notes the deposit already paid (naira) and the
// reservation's Paystack reference; a refund asked of Paystack is recorded on the reservation.

export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("ALTER TABLE car_sales ADD COLUMN deposit INTEGER CHECK (deposit IS NULL OR deposit > 0)");
  await run("ALTER TABLE car_sales ADD COLUMN reservation_reference TEXT");
  await run("ALTER TABLE reservations ADD COLUMN refund_note TEXT");
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("ALTER TABLE reservations DROP COLUMN refund_note");
  await run("ALTER TABLE car_sales DROP COLUMN reservation_reference");
  await run("ALTER TABLE car_sales DROP COLUMN deposit");
}
