import { sql } from "kysely";
import { lagosDayEnd, lagosDayStart, monthsBetween } from "~/lib/lagos-time";
import type { LeadKind } from "~/lib/leads";
import type { ReportFigures } from "~/lib/report";
import { getDb } from "../../db/database.server";

/**
 * The Reports page: stock on hand, sales per month, days from listing to sale, leads per kind
 * per month and the share of leads won, over a range of Lagos calendar days (both ends included;
 * months are Lagos months: Lagos keeps UTC+1 all year).
 */

export interface ReportRange {
  from: string; // YYYY-MM-DD
  to: string; // YYYY-MM-DD
}

export type Report = ReportFigures;

/** The SQL month (Lagos) of a stored UTC timestamp column. */
const lagosMonth = (column: string) => sql<string>`strftime('%Y-%m', ${sql.ref(column)}, '+1 hours')`;

export async function buildReport(range: ReportRange): Promise<Report> {
  const db = getDb();
  const start = lagosDayStart(range.from);
  const end = lagosDayEnd(range.to);
  const months = monthsBetween(range.from, range.to);
  const index = new Map(months.map((m, i) => [m, i]));
  const perMonth = () => months.map(() => 0);

  const stock = await db
    .selectFrom("cars")
    .select([(eb) => eb.fn.countAll<number>().as("n"), sql<number>`coalesce(sum(price), 0)`.as("value")])
    .where(sql<boolean>`cars.sold = 0`)
    .executeTakeFirstOrThrow();

  const salesRows = await db
    .selectFrom("car_sales")
    .select([
      lagosMonth("date_sold").as("month"),
      (eb) => eb.fn.countAll<number>().as("n"),
      // The agreed price of the sale; the list price for sales recorded before prices were asked.
      sql<number>`coalesce(sum(coalesce(sale_price, price)), 0)`.as("value"),
      sql<number>`sum(coalesce(sale_price, price) IS NULL)`.as("unpriced"),
    ])
    .where("date_sold", ">=", start)
    .where("date_sold", "<", end)
    .groupBy("month")
    .execute();
  const sales = { count: perMonth(), value: perMonth(), totalCount: 0, totalValue: 0, withoutPrice: 0 };
  for (const r of salesRows) {
    const i = index.get(r.month);
    if (i === undefined) continue;
    sales.count[i] = Number(r.n);
    sales.value[i] = Number(r.value);
    sales.totalCount += Number(r.n);
    sales.totalValue += Number(r.value);
    sales.withoutPrice += Number(r.unpriced);
  }

  const days = await db
    .selectFrom("car_sales")
    .select(sql<number | null>`avg(julianday(date_sold) - julianday(listed_at))`.as("days"))
    .where("date_sold", ">=", start)
    .where("date_sold", "<", end)
    .where("listed_at", "is not", null)
    .executeTakeFirstOrThrow();

  const leadRows = await db
    .selectFrom("leads")
    .select([
      "kind",
      lagosMonth("created_at").as("month"),
      (eb) => eb.fn.countAll<number>().as("n"),
      sql<number>`sum(status = 'won')`.as("won"),
    ])
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .groupBy(["kind", "month"])
    .execute();
  const byKind: Record<LeadKind, number[]> = {
    inspection: perMonth(),
    contact: perMonth(),
    loan: perMonth(),
    newsletter: perMonth(),
    whatsapp: perMonth(),
    sourcing: perMonth(),
  };
  let total = 0;
  let won = 0;
  for (const r of leadRows) {
    const i = index.get(r.month);
    if (i === undefined) continue;
    byKind[r.kind][i] = Number(r.n);
    total += Number(r.n);
    won += Number(r.won);
  }

  return {
    range,
    months,
    stock: { count: Number(stock.n), value: Number(stock.value) },
    sales: {
      ...sales,
      averageDaysToSale: days.days === null ? null : Math.round(Number(days.days) * 10) / 10,
    },
    leads: { byKind, total, won, wonShare: total ? won / total : null },
  };
}
