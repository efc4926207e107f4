import { sql } from "kysely";
import { getDb } from "../../db/database.server";

/** Dashboard counts: twelve months, Jan to Dec, of one calendar year (UTC). */

function yearRange(year: number) {
  return [`${year}-01-01`, `${year + 1}-01-01`] as const;
}

function twelve(rows: { month: string; n: number }[]): number[] {
  const counts = Array<number>(12).fill(0);
  for (const r of rows) counts[Number(r.month) - 1] = Number(r.n);
  return counts;
}

/** Inspection requests booked (received) in each month of the year. */
export async function monthlyInspectionStats(year = new Date().getUTCFullYear()): Promise<number[]> {
  const [from, to] = yearRange(year);
  const rows = await getDb()
    .selectFrom("inspections")
    .select([sql<string>`strftime('%m', created_at)`.as("month"), (eb) => eb.fn.countAll<number>().as("n")])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy("month")
    .execute();
  return twelve(rows);
}

/** Cars listed (created) and cars sold in each month of the year. */
export async function monthlyCarStats(
  year = new Date().getUTCFullYear(),
): Promise<{ created: number[]; sold: number[] }> {
  const [from, to] = yearRange(year);
  const db = getDb();
  const created = await db
    .selectFrom("cars")
    .select([sql<string>`strftime('%m', created_at)`.as("month"), (eb) => eb.fn.countAll<number>().as("n")])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy("month")
    .execute();
  const sold = await db
    .selectFrom("car_sales")
    .select([sql<string>`strftime('%m', date_sold)`.as("month"), (eb) => eb.fn.countAll<number>().as("n")])
    .where("date_sold", ">=", from)
    .where("date_sold", "<", to)
    .groupBy("month")
    .execute();
  return { created: twelve(created), sold: twelve(sold) };
}

/** Cars in stock now and cars ever marked sold (dashboard summary cards). */
export async function stockCounts(): Promise<{ available: number; sold: number }> {
  const rows = await getDb()
    .selectFrom("cars")
    .select(["sold", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("sold")
    .execute();
  return {
    available: Number(rows.find((r) => r.sold === 0)?.n ?? 0),
    sold: Number(rows.find((r) => r.sold === 1)?.n ?? 0),
  };
}
