import crypto from "node:crypto";
import { sql } from "kysely";
import { logger } from "~/config/logger.server";
import { type CarInterest, noInterest, type ViewSource } from "~/lib/car-interest";
import { lagosDate, lagosDayEnd, lagosDayStart } from "~/lib/lagos-time";
import { daysBetween } from "~/lib/stock-list";
import { getDb, getSqlite } from "../../db/database.server";

/**
 * Interest per car: views of its page counted once per address per car per Lagos day, and the
 * figures the back office shows (views, chat clicks, leads, days in stock).
 *
 * Counting keeps no address: each view is remembered for the day as a salted SHA-256 of the
 * address and the car, in memory only, with a salt drawn at random each Lagos day and never
 * stored, so yesterday's marks cannot be matched to anyone and are dropped at midnight. What is
 * stored is a number per car, day and source (`car_views`). Counted views wait in memory and are
 * written together every few seconds (one transaction), before any figure is read, and at
 * shutdown; a crash loses at most those seconds. A restart forgets the day's marks, so an address
 * that comes back the same day after a restart is counted again.
 *
 * The state sits on globalThis: the server's bundle counts (server/remix.ts) and the Remix build
 * reads the figures, and both must see the same pending counts.
 */

/** At most this many marks a day (about 5 MB); past it views are not counted until midnight. */
const MAX_VIEW_MARKS_PER_DAY = 50_000;
const FLUSH_MS = 5_000;
/** Daily counters older than this are deleted (they hold no personal data; two years of history). */
const KEEP_DAYS = 730;

interface ViewState {
  day: string;
  /** The day's random salt, as hex. */
  salt: string;
  marks: Set<string>;
  pending: Map<string, { carId: number; day: string; source: ViewSource; views: number }>;
  timer: ReturnType<typeof setTimeout> | null;
}

const STATE = Symbol.for("lekki.carViews");

const newSalt = () => crypto.randomBytes(16).toString("hex");

function state(): ViewState {
  const g = globalThis as { [STATE]?: ViewState };
  g[STATE] ??= { day: "", salt: newSalt(), marks: new Set(), pending: new Map(), timer: null };
  return g[STATE];
}

/**
 * Counts one person's view of a car's page (the caller has decided it is a person: not a bot, a
 * prefetch or staff). False when this address has already been counted for this car today.
 */
export function countCarView(view: { carId: number; address: string; source: ViewSource; at?: Date }): boolean {
  const s = state();
  const day = lagosDate(view.at ?? new Date());
  if (s.day !== day) {
    const first = s.day === "";
    s.day = day;
    s.salt = newSalt();
    s.marks = new Set();
    if (!first) purgeOldCounters(day);
  }
  const mark = crypto.hash("sha256", `${s.salt}\0${view.carId}\0${view.address}`, "base64url").slice(0, 22);
  if (s.marks.has(mark) || s.marks.size >= MAX_VIEW_MARKS_PER_DAY) return false;
  s.marks.add(mark);
  const key = `${view.carId}|${day}|${view.source}`;
  const row = s.pending.get(key);
  if (row) row.views += 1;
  else s.pending.set(key, { carId: view.carId, day, source: view.source, views: 1 });
  s.timer ??= setTimeout(() => {
    try {
      flushCarViews();
    } catch (e) {
      logger.error({ err: e }, "Could not store the counted car views");
    }
  }, FLUSH_MS).unref();
  return true;
}

/** Writes the counted views (a car deleted meanwhile is skipped). Safe to call at any time. */
export function flushCarViews(): void {
  const s = state();
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  if (s.pending.size === 0) return;
  const rows = [...s.pending.values()];
  s.pending.clear();
  const db = getSqlite();
  const insert = db.prepare(
    `INSERT INTO car_views (car_id, day, source, views)
     SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM cars WHERE id = ?)
     ON CONFLICT (car_id, day, source) DO UPDATE SET views = views + excluded.views`,
  );
  db.transaction(() => {
    for (const r of rows) insert.run(r.carId, r.day, r.source, r.views, r.carId);
  })();
}

function purgeOldCounters(today: string): void {
  const oldest = lagosDate(new Date(Date.parse(`${today}T12:00:00Z`) - KEEP_DAYS * 86_400_000));
  try {
    getSqlite().prepare("DELETE FROM car_views WHERE day < ?").run(oldest);
  } catch (e) {
    logger.error({ err: e }, "Could not delete old car view counters");
  }
}

/** Forgets the day's marks and the pending counts (tests). */
export function resetViewCounting(): void {
  const s = state();
  if (s.timer) clearTimeout(s.timer);
  Object.assign(s, { day: "", marks: new Set(), pending: new Map(), timer: null });
}

/** The first Lagos day of a window of `days` days ending today. */
function windowStart(days: number, now: Date): string {
  return lagosDate(new Date(now.getTime() - (days - 1) * 86_400_000));
}

type Figures = Omit<CarInterest, "car_id" | "days_in_stock">;

/**
 * Views (7 days and the window, by source), chat clicks and leads of the window, and the buyers
 * waiting on a price alert, for the given cars (every car when `ids` is null). Grouped statements,
 * on the day index of car_views, the car index of the leads registry and buyer_alerts' car index.
 */
async function figuresFor(ids: readonly number[] | null, days: number, now: Date): Promise<Map<number, Figures>> {
  flushCarViews();
  const out = new Map<number, Figures>();
  if (ids && ids.length === 0) return out;
  const get = (id: number) => {
    let f = out.get(id);
    if (!f) {
      const { car_id: _, days_in_stock: __, ...empty } = noInterest(id, 0);
      f = empty;
      out.set(id, f);
    }
    return f;
  };
  const from = windowStart(days, now);
  const week = windowStart(Math.min(7, days), now);
  const onlyIds = (column: string) => (ids ? sql`AND ${sql.ref(column)} IN (${sql.join(ids)})` : sql``);
  const db = getDb();
  const views = await sql<{ car_id: number; source: ViewSource; n: number; n7: number }>`
    SELECT car_id, source, sum(views) AS n, sum(CASE WHEN day >= ${week} THEN views ELSE 0 END) AS n7
    FROM car_views WHERE day >= ${from} ${onlyIds("car_id")}
    GROUP BY car_id, source`.execute(db);
  for (const r of views.rows) {
    const f = get(r.car_id);
    f.views += Number(r.n);
    f.views_7d += Number(r.n7);
    f.views_by_source[r.source] = (f.views_by_source[r.source] ?? 0) + Number(r.n);
  }
  const leads = await sql<{ car_id: number; chats: number; leads: number }>`
    SELECT car_id, sum(kind = 'whatsapp') AS chats, sum(category = 'lead') AS leads
    FROM leads WHERE car_id IS NOT NULL AND created_at >= ${lagosDayStart(from)} ${onlyIds("car_id")}
    GROUP BY car_id`.execute(db);
  for (const r of leads.rows) {
    const f = get(r.car_id);
    f.chat_clicks = Number(r.chats);
    f.leads = Number(r.leads);
  }
  // Alerts wait now, whatever the window: confirmed price alerts on each car.
  const waiting = await sql<{ car_id: number; n: number }>`
    SELECT car_id, count(*) AS n FROM buyer_alerts
    WHERE kind = 'price' AND status = 'active' AND car_id IS NOT NULL ${onlyIds("car_id")}
    GROUP BY car_id`.execute(db);
  for (const r of waiting.rows) get(r.car_id).waiting_alerts = Number(r.n);
  return out;
}

/** The figures of the cars of a stock list page (their days in stock as the list worked them out). */
export async function interestOf(
  cars: readonly { id: number; days_in_stock: number }[],
  days: number,
  now = new Date(),
): Promise<Record<number, CarInterest>> {
  const figures = await figuresFor(
    cars.map((c) => c.id),
    days,
    now,
  );
  return Object.fromEntries(cars.map((c) => [c.id, { ...noInterest(c.id, c.days_in_stock), ...figures.get(c.id) }]));
}

export interface StockInterest extends CarInterest {
  title: string;
  stock_number: string | null;
  price: number;
}

/** Every unsold car with its figures, most viewed first (GET /api/admin/cars/interest). */
export async function stockInterest(days: number, now = new Date()): Promise<StockInterest[]> {
  const cars = await getDb()
    .selectFrom("cars")
    .select(["id", "make", "model", "year", "stock_number", "price", "created_at"])
    .where(sql<boolean>`cars.sold = 0`)
    .orderBy("id")
    .execute();
  const figures = await figuresFor(null, days, now);
  const nowIso = now.toISOString();
  return cars
    .map((c) => ({
      ...noInterest(c.id, daysBetween(c.created_at, nowIso)),
      ...figures.get(c.id),
      title: `${c.make} ${c.model} ${c.year}`,
      stock_number: c.stock_number,
      price: c.price,
    }))
    .sort((a, b) => b.views - a.views || b.views_7d - a.views_7d || a.car_id - b.car_id);
}

/** One car's figures (its edit page); days in stock run to its sale when sold. */
export async function carInterest(
  car: { id: number; created_at: string; sold: boolean },
  days: number,
  now = new Date(),
): Promise<CarInterest> {
  const sale = car.sold
    ? await getDb()
        .selectFrom("car_sales")
        .select((eb) => eb.fn.max("date_sold").as("at"))
        .where("car_id", "=", car.id)
        .executeTakeFirst()
    : undefined;
  const until = sale?.at ?? now.toISOString();
  const figures = await figuresFor([car.id], days, now);
  return { ...noInterest(car.id, daysBetween(car.created_at, until)), ...figures.get(car.id) };
}

export interface InterestRow {
  car_id: number;
  title: string;
  price: number;
  views: number;
  chat_clicks: number;
  leads: number;
  days_in_stock: number;
}

export interface InterestReport {
  /** The cars most looked at in the period. */
  mostViewed: InterestRow[];
  /** Unsold cars looked at in the period that brought no lead in it, most viewed first. */
  viewedNoLeads: InterestRow[];
  /** Unsold cars in stock over 60 days today, oldest first (views and leads of the last 30 days). */
  aged: { over60: number; over90: number; cars: InterestRow[] };
}

const REPORT_ROWS = 10;
const AGED_ROWS = 20;

/** The report's interest sections over a range of Lagos days (both ends included). */
export async function interestReport(range: { from: string; to: string }, now = new Date()): Promise<InterestReport> {
  flushCarViews();
  const db = getDb();
  const start = lagosDayStart(range.from);
  const end = lagosDayEnd(range.to);
  const nowIso = now.toISOString();
  const leadCount = sql<number>`(SELECT count(*) FROM leads WHERE leads.car_id = cars.id AND leads.category = 'lead'
      AND leads.created_at >= ${start} AND leads.created_at < ${end})`;
  const chatCount = sql<number>`(SELECT count(*) FROM leads WHERE leads.car_id = cars.id AND leads.kind = 'whatsapp'
      AND leads.created_at >= ${start} AND leads.created_at < ${end})`;
  const viewed = (unsoldWithoutLeads: boolean) =>
    sql<{
      id: number;
      make: string;
      model: string;
      year: number;
      price: number;
      created_at: string;
      views: number;
      chats: number;
      leads: number;
    }>`
    SELECT cars.id, cars.make, cars.model, cars.year, cars.price, cars.created_at, v.views,
      ${chatCount} AS chats, ${leadCount} AS leads
    FROM (SELECT car_id, sum(views) AS views FROM car_views WHERE day >= ${range.from} AND day <= ${range.to}
          GROUP BY car_id) v
    JOIN cars ON cars.id = v.car_id
    ${unsoldWithoutLeads ? sql`WHERE cars.sold = 0 AND ${leadCount} = 0` : sql``}
    ORDER BY v.views DESC, cars.id
    LIMIT ${REPORT_ROWS}`.execute(db);
  const toRow = (r: {
    id: number;
    make: string;
    model: string;
    year: number;
    price: number;
    created_at: string;
    views: number;
    chats: number;
    leads: number;
  }): InterestRow => ({
    car_id: r.id,
    title: `${r.make} ${r.model} ${r.year}`,
    price: r.price,
    views: Number(r.views),
    chat_clicks: Number(r.chats),
    leads: Number(r.leads),
    days_in_stock: daysBetween(r.created_at, nowIso),
  });
  const [most, unanswered] = [await viewed(false), await viewed(true)];

  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const counts = await sql<{ over60: number; over90: number }>`
    SELECT sum(created_at < ${ago(60)}) AS over60, sum(created_at < ${ago(90)}) AS over90
    FROM cars WHERE sold = 0`.execute(db);
  const recent = windowStart(30, now);
  const aged = await sql<{
    id: number;
    make: string;
    model: string;
    year: number;
    price: number;
    created_at: string;
    views: number;
    chats: number;
    leads: number;
  }>`
    SELECT cars.id, cars.make, cars.model, cars.year, cars.price, cars.created_at,
      coalesce((SELECT sum(views) FROM car_views WHERE car_views.car_id = cars.id AND day >= ${recent}), 0) AS views,
      (SELECT count(*) FROM leads WHERE leads.car_id = cars.id AND leads.kind = 'whatsapp'
        AND leads.created_at >= ${lagosDayStart(recent)}) AS chats,
      (SELECT count(*) FROM leads WHERE leads.car_id = cars.id AND leads.category = 'lead'
        AND leads.created_at >= ${lagosDayStart(recent)}) AS leads
    FROM cars WHERE sold = 0 AND created_at < ${ago(60)}
    ORDER BY created_at, id
    LIMIT ${AGED_ROWS}`.execute(db);
  return {
    mostViewed: most.rows.map(toRow),
    viewedNoLeads: unanswered.rows.map(toRow),
    aged: {
      over60: Number(counts.rows[0]?.over60 ?? 0),
      over90: Number(counts.rows[0]?.over90 ?? 0),
      cars: aged.rows.map(toRow),
    },
  };
}
