import { sql } from "kysely";
import { daysBetween, type StockQuery, type StockRow, type StockSort } from "~/lib/stock-list";
import { getDb, nowIso } from "../../db/database.server";
import { searchWords } from "./car.server";

/**
 * One page of the stock list: every car, sold or not, found by text (make, model, description,
 * colour, features, year) or stock number, in the asked order. Days in stock run from listing to
 * the sale, or to now for a car still unsold.
 */

const SOLD_AT = sql<string | null>`(SELECT max(date_sold) FROM car_sales WHERE car_sales.car_id = cars.id)`;
/** The agreed price of the car's latest sale (the list price at the time when none was given). */
const SALE_PRICE = sql<number | null>`(SELECT coalesce(sale_price, price) FROM car_sales
  WHERE car_sales.car_id = cars.id ORDER BY date_sold DESC, id DESC LIMIT 1)`;
const DAYS = sql`julianday(coalesce(${SOLD_AT}, 'now')) - julianday(cars.created_at)`;

const ORDERS: Record<StockSort, ReturnType<typeof sql>> = {
  newest: sql`cars.created_at DESC, cars.id DESC`,
  oldest: sql`cars.created_at ASC, cars.id ASC`,
  price_desc: sql`cars.price DESC, cars.id DESC`,
  price_asc: sql`cars.price ASC, cars.id ASC`,
  days_desc: sql`${DAYS} DESC, cars.id ASC`,
  days_asc: sql`${DAYS} ASC, cars.id DESC`,
};

export async function stockPage(
  query: StockQuery,
  pageSize: number,
): Promise<{ cars: StockRow[]; total: number; page: number; pageCount: number }> {
  let base = getDb().selectFrom("cars");
  if (query.status === "sold") base = base.where(sql<boolean>`cars.sold = 1`);
  if (query.status === "available") base = base.where(sql<boolean>`cars.sold = 0`);
  if (query.q) {
    const words = searchWords(query.q);
    const fts = words.length ? words.map((w) => `"${w}"*`).join(" AND ") : null;
    base = base.where(
      fts
        ? sql<boolean>`(cars.stock_number LIKE ${`${query.q.replace(/[%_\\]/g, "\\$&")}%`} ESCAPE '\\'
            OR cars.id IN (SELECT rowid FROM cars_fts WHERE cars_fts MATCH ${fts}))`
        : sql<boolean>`cars.stock_number = ${query.q} COLLATE NOCASE`,
    );
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const now = nowIso();
  const rows = await base
    .select([
      "cars.id",
      "cars.make",
      "cars.model",
      "cars.year",
      "cars.price",
      "cars.stock_number",
      "cars.sold",
      "cars.demo",
      "cars.created_at",
    ])
    .select(SOLD_AT.as("sold_at"))
    .select(SALE_PRICE.as("sale_price"))
    .select(
      sql<string | null>`(SELECT path FROM car_images WHERE car_id = cars.id ORDER BY position, id LIMIT 1)`.as(
        "image",
      ),
    )
    .orderBy(ORDERS[query.sort])
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const cars = rows.map((r) => ({
    ...r,
    sold: r.sold === 1,
    sale_price: r.sold === 1 ? r.sale_price : null,
    demo: r.demo === 1,
    days_in_stock: daysBetween(r.created_at, r.sold === 1 && r.sold_at ? r.sold_at : now),
  }));
  return { cars, total, page, pageCount };
}
