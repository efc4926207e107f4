import { type Selectable, type SelectQueryBuilder, sql } from "kysely";
import {
  CAR_FLAG_FIELDS,
  CAR_UNKNOWN_FLAG_FIELDS,
  type Car,
  type CarFields,
  type CarInput,
  customsDutyPaid,
} from "~/lib/car";
import { type CarFilters, type CarSort, DEFAULT_SORT, FACET_FIELDS, type StockFacets } from "~/lib/car-filters";
import { CarSchema } from "~/lib/car-schema";
import { autoStockNumber, isSiteStockNumber, siteStockNumberRefused } from "~/lib/car-sheet";
import { getDb, getSqlite, nowIso } from "../../db/database.server";
import type { Database, StoredCarFields } from "../../db/schema";
import { carAlertState, queueCarAlerts, queueSoldAlerts, queueUnsoldAlerts } from "./alerts.server";
import { catalogVersion } from "./catalog-version.server";
import { atomically, type Db } from "./db.server";
import { wakeOutbox } from "./outbox.server";

type CarRow = Selectable<Database["cars"]> & { images_json: string | null; reserved_until?: string | null };

function parseJsonList(json: string | null): string[] {
  if (!json) return [];
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** The car's own columns, in the order the admin form declares them. */
const CAR_FIELD_NAMES = Object.keys(CarSchema.shape) as (keyof CarFields)[];
const isFlag = (key: string): key is (typeof CAR_FLAG_FIELDS)[number] =>
  (CAR_FLAG_FIELDS as readonly string[]).includes(key);
/** Yes/no fields that may be unknown: NULL stays null (unknown), never false. */
const isUnknownFlag = (key: string): key is (typeof CAR_UNKNOWN_FLAG_FIELDS)[number] =>
  (CAR_UNKNOWN_FLAG_FIELDS as readonly string[]).includes(key);

function toCar(row: CarRow): Car {
  const fields: Record<string, unknown> = {};
  for (const key of CAR_FIELD_NAMES) {
    const value = row[key];
    fields[key] = isFlag(key)
      ? value === 1
      : isUnknownFlag(key)
        ? value === null || value === undefined
          ? null
          : value === 1
        : key === "keyfeatures"
          ? parseJsonList(value as string)
          : (value ?? null);
  }
  return {
    ...(fields as CarFields),
    id: row.id,
    images: parseJsonList(row.images_json),
    reserved_until: row.reserved_until ?? null,
    sold: row.sold === 1,
    created_at: row.created_at,
    customs_duty_paid: customsDutyPaid(row.custom_paper),
    demo: row.demo === 1,
  };
}

/** A car's image paths, in position order, as one JSON text (so a list needs no second query). */
const imagesJson = sql<
  string | null
>`(SELECT json_group_array(path ORDER BY position, id) FROM car_images WHERE car_images.car_id = cars.id)`;

/** Until when a buyer's paid deposit holds the car (a hold whose end has passed no longer counts), or null. */
const reservedUntil = sql<string | null>`(SELECT hold_until FROM reservations
  WHERE reservations.car_id = cars.id AND status = 'paid' AND hold_until > strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** Newest first; the id breaks ties so paging is stable (the sitemap's order). */
const NEWEST = sql`cars.created_at DESC, cars.id DESC`;

/**
 * Each public list order: cars with photos first (an imported car waits for its photos, see
 * docs/product.md), then the asked order, with the id as the tie-break so paging is stable. Every
 * one walks a partial index over unsold cars led by `has_photos` (migration 0028), the mileage
 * one putting unknown mileages last.
 */
const SORT_ORDERS: Record<CarSort, ReturnType<typeof sql>> = {
  newest: sql`cars.has_photos DESC, cars.created_at DESC, cars.id DESC`,
  price_asc: sql`cars.has_photos DESC, cars.price ASC, cars.id ASC`,
  price_desc: sql`cars.has_photos DESC, cars.price DESC, cars.id DESC`,
  year_desc: sql`cars.has_photos DESC, cars.year DESC, cars.id DESC`,
  mileage_asc: sql`cars.has_photos DESC, cars.mileage IS NULL, cars.mileage ASC, cars.id ASC`,
};
const PHOTOS_FIRST = SORT_ORDERS.newest;

type CarsQuery = SelectQueryBuilder<Database, "cars", object>;

/** The words of a text for a full-text search: letters and digits only, at most eight. */
export function searchWords(text: string | undefined): string[] {
  return (text ?? "").match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
}

/** An FTS5 expression: every word, as a prefix, must appear in one of the given columns. */
function ftsTerm(columns: string, words: string[]): string | null {
  if (words.length === 0) return null;
  return `{${columns}} : (${words.map((w) => `"${w}"*`).join(" AND ")})`;
}

const SEARCHED_COLUMNS = "make model car_description color keyfeatures year";

/** A name as cars_names holds it: lower case, without spaces, hyphens, dots or slashes. */
export function squeezeName(text: string): string {
  return text.toLowerCase().replace(/[\s\-./]+/g, "");
}

/** The distinct three-letter pieces of a word ("corola": cor, oro, rol, ola). */
export function trigrams(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  return [...out];
}

/** Share of a searched word's trigrams a car's make and model must hold to count as a typo of it. */
export const TYPO_SHARE = 0.7;

const inWords = (match: string) => sql<boolean>`cars.id IN (SELECT rowid FROM cars_fts WHERE cars_fts MATCH ${match})`;
const inNames = (column: "make" | "model" | "name", text: string) =>
  sql<boolean>`cars.id IN (SELECT rowid FROM cars_names WHERE cars_names MATCH ${`{${column}} : "${text}"`})`;

/**
 * A car whose make and model hold most of a word's trigrams ("corola" in "toyotacorolla", 3 of 4),
 * or the word itself when it has only one. Each trigram is one lookup in the trigram index.
 */
function nameLike(word: string) {
  const pieces = trigrams(squeezeName(word));
  if (pieces.length === 0) return null;
  if (pieces.length === 1) return inNames("name", pieces[0]);
  const need = Math.max(2, Math.ceil(pieces.length * TYPO_SHARE));
  const lookups = pieces.map((p) => sql`SELECT rowid FROM cars_names WHERE cars_names MATCH ${`{name} : "${p}"`}`);
  return sql<boolean>`cars.id IN (SELECT rowid FROM (${sql.join(lookups, sql` UNION ALL `)})
    GROUP BY rowid HAVING count(*) >= ${need})`;
}

/**
 * The filters as SQL. Everything here is served by an index (see the catalog-search migration):
 * `sold = 0` is written literally so the partial indexes over unsold cars apply, text filters
 * compare with NOCASE (never lower() per row), words go through the FTS5 index and key
 * features through car_features.
 */
function applyFilters(query: CarsQuery, f: CarFilters, includeSold = false): CarsQuery {
  let q = includeSold ? query : query.where(sql<boolean>`cars.sold = 0`);
  const noCase = (col: "body_type" | "fuel_type" | "drive_train" | "make" | "transmission", v?: string) => {
    if (v) q = q.where(sql<boolean>`${sql.ref(`cars.${col}`)} = ${v} COLLATE NOCASE`);
  };
  noCase("body_type", f.body_type);
  noCase("fuel_type", f.fuel_type);
  noCase("drive_train", f.drive_train);
  noCase("transmission", f.transmission);
  // A part of the make is enough ("Mercedes" finds Mercedes-Benz); a make under three letters must be whole.
  if (f.make) {
    const make = squeezeName(f.make);
    q = q.where(
      [...make].length >= 3 && /^[\p{L}\p{N}]+$/u.test(make)
        ? inNames("make", make)
        : sql<boolean>`cars.make = ${f.make} COLLATE NOCASE`,
    );
  }
  if (f.condition) {
    const c = f.condition.toLowerCase().replace(/[-_]/g, " ");
    // The browse panel's "Used" means either kind of used car.
    const conditions = c === "used" ? ["Foreign Used", "Nigerian Used"] : [c];
    q = q.where(sql<boolean>`cars.condition COLLATE NOCASE IN (${sql.join(conditions)})`);
  }
  if (f.financing) q = q.where(sql<boolean>`cars.financing = 1`);
  if (f.customs_duty_paid) q = q.where(sql<boolean>`cars.custom_paper = 'Yes' COLLATE NOCASE`);
  // The same hold as `reserved_until` (a paid one not yet ended), found through the one-holder index.
  if (f.hide_reserved) {
    q = q.where(sql<boolean>`NOT EXISTS (SELECT 1 FROM reservations AS r WHERE r.car_id = cars.id
      AND r.status IN ('pending', 'paid') AND r.status = 'paid'
      AND r.hold_until > strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
  }
  if (f.minYear !== undefined) q = q.where("cars.year", ">=", f.minYear);
  if (f.maxYear !== undefined) q = q.where("cars.year", "<=", f.maxYear);
  if (f.minPrice !== undefined) q = q.where("cars.price", ">=", f.minPrice);
  if (f.maxPrice !== undefined) q = q.where("cars.price", "<=", f.maxPrice);
  if (f.minMileage !== undefined) q = q.where("cars.mileage", ">=", f.minMileage);
  if (f.maxMileage !== undefined) q = q.where("cars.mileage", "<=", f.maxMileage);
  for (const feature of f.keyFeatures ?? []) {
    q = q.where(sql<boolean>`cars.id IN (SELECT car_id FROM car_features WHERE feature = ${feature.trim()})`);
  }
  // Location matches word prefixes ("lekki" finds "Lekki, Lagos"); model too ("cam" finds
  // "Camry XLE"), or the model written as one word ("landcruiser"). Each word of q is a prefix
  // in the searched columns or, failing that, most of a make and model ("corola").
  for (const text of [f.q, f.model, f.location]) {
    // A text with no letters or digits ("%_") cannot be in any car.
    if (text?.trim() && searchWords(text).length === 0) return q.where(sql<boolean>`0`);
  }
  const location = ftsTerm("location", searchWords(f.location));
  if (location) q = q.where(inWords(location));
  const model = ftsTerm("model", searchWords(f.model));
  if (model && f.model) {
    const whole = squeezeName(f.model);
    const joined = [...whole].length >= 3 && /^[\p{L}\p{N}]+$/u.test(whole);
    q = q.where(joined ? sql<boolean>`(${inWords(model)} OR ${inNames("model", whole)})` : inWords(model));
  }
  for (const word of searchWords(f.q)) {
    const prefix = inWords(`{${SEARCHED_COLUMNS}} : "${word}"*`);
    const like = nameLike(word);
    q = q.where(like ? sql<boolean>`(${prefix} OR ${like})` : prefix);
  }
  return q;
}

export interface CarPage<T = Car> {
  cars: T[];
  total: number;
  page: number;
  pageCount: number;
}

const EQUALITY_FILTERS = [
  "make",
  "body_type",
  "fuel_type",
  "drive_train",
  "transmission",
  "financing",
  "customs_duty_paid",
] as const;
const RANGE_FILTERS = ["minYear", "maxYear", "minPrice", "maxPrice", "minMileage", "maxMileage"] as const;

/**
 * The two statements behind a page of cars: how many match, and the ids of one page in the
 * asked order (newest first by default). The ids come from an index alone (no row is read for
 * the cars OFFSET skips). With only range filters (price, year, mileage), the ordering by date
 * is written `+created_at` so SQLite seeks the range's index and sorts the matches, instead of
 * walking every unsold car by date and testing each.
 */
export function catalogQueries(
  filters: CarFilters,
  {
    includeSold = false,
    limit,
    offset,
    sort = DEFAULT_SORT,
  }: { includeSold?: boolean; limit: number; offset: number; sort?: CarSort },
) {
  const count = applyFilters(getDb().selectFrom("cars"), filters, includeSold).select((eb) =>
    eb.fn.countAll<number>().as("n"),
  );
  const rangeOnly =
    RANGE_FILTERS.some((k) => filters[k] !== undefined) &&
    !EQUALITY_FILTERS.some((k) => filters[k]) &&
    !filters.condition;
  const order = includeSold
    ? NEWEST // the back office's lists: newest first, photos or not
    : sort !== "newest"
      ? SORT_ORDERS[sort]
      : rangeOnly
        ? sql`cars.has_photos DESC, +cars.created_at DESC, cars.id DESC`
        : PHOTOS_FIRST;
  const ids = applyFilters(getDb().selectFrom("cars"), filters, includeSold)
    .select("cars.id")
    .orderBy(order)
    .limit(limit)
    .offset(offset);
  return { count, ids };
}

/** The cars with these ids, in the given order (newest first by default), with their images. */
async function carsWithIds(
  ids: ReturnType<typeof catalogQueries>["ids"],
  sort: CarSort = DEFAULT_SORT,
  includeSold = false,
) {
  const rows = await getDb()
    .selectFrom("cars")
    .selectAll("cars")
    .select([imagesJson.as("images_json"), reservedUntil.as("reserved_until")])
    .where("cars.id", "in", ids)
    .orderBy(includeSold ? NEWEST : SORT_ORDERS[sort])
    .execute();
  return rows.map(toCar);
}

export interface PageOptions {
  /** A page past the end shows the last page (pages) instead of nothing (APIs). */
  clamp?: boolean;
  /** Sold cars too (the back office). */
  includeSold?: boolean;
  /** The order (public lists only: the sort indexes cover unsold cars); newest first by default. */
  sort?: CarSort;
}

/** One page of cars matching the filters, in the asked order (newest first); unsold only unless asked. */
export async function pageCars(
  filters: CarFilters,
  page: number,
  pageSize: number,
  { clamp = true, includeSold = false, sort = DEFAULT_SORT }: PageOptions = {},
): Promise<CarPage> {
  const { n } = await catalogQueries(filters, { includeSold, limit: 0, offset: 0 }).count.executeTakeFirstOrThrow();
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = clamp ? Math.min(Math.max(1, page), pageCount) : Math.max(1, page);
  const offset = (current - 1) * pageSize;
  const cars =
    offset < total
      ? await carsWithIds(
          catalogQueries(filters, { includeSold, limit: pageSize, offset, sort }).ids,
          sort,
          includeSold,
        )
      : [];
  return { cars, total, page: current, pageCount };
}

/** The newest unsold cars (New Arrivals). */
export async function listRecentCars(limit: number): Promise<Car[]> {
  return carsWithIds(catalogQueries({}, { limit, offset: 0 }).ids);
}

export interface HomePageCarsRequest {
  recent: number;
  collection: { page: number; pageSize: number };
  /** The condition tab's cars ("New", "Foreign Used", ...). */
  tab: { condition: string; size: number };
  /** Body types whose newest car's photo illustrates a tile. */
  bodyTypes: readonly string[];
}

export interface HomePageCars {
  recent: Car[];
  collection: CarPage;
  tab: { cars: Car[]; total: number };
  tiles: { type: string; count: number; image: string | null }[];
}

/**
 * Everything the home page lists, in two queries whatever the stock size: the counts (per body
 * type and per condition, from the covering indexes), then every car shown, picked by index
 * and loaded with its images in one statement.
 */
export async function homePageCars(req: HomePageCarsRequest): Promise<HomePageCars> {
  const db = getDb();
  const counts = await sql<{ kind: "body" | "condition"; value: string; n: number }>`
    SELECT 'body' AS kind, body_type COLLATE NOCASE AS value, count(*) AS n FROM cars WHERE sold = 0 GROUP BY 2
    UNION ALL
    SELECT 'condition', condition COLLATE NOCASE, count(*) FROM cars WHERE sold = 0 GROUP BY 2`.execute(db);
  const countOf = (kind: string, value: string) =>
    counts.rows
      .filter((r) => r.kind === kind && r.value.toLowerCase() === value.toLowerCase())
      .reduce((a, r) => a + Number(r.n), 0);
  const total = counts.rows.filter((r) => r.kind === "body").reduce((a, r) => a + Number(r.n), 0);
  const { pageSize } = req.collection;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, req.collection.page), pageCount);

  const picks = [
    sql`SELECT 'recent' AS section, id
      FROM (SELECT id FROM cars WHERE sold = 0 ORDER BY ${PHOTOS_FIRST} LIMIT ${req.recent})`,
    sql`SELECT 'collection', id
      FROM (SELECT id FROM cars WHERE sold = 0 ORDER BY ${PHOTOS_FIRST}
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize})`,
    sql`SELECT 'tab', id
      FROM (SELECT id FROM cars WHERE sold = 0 AND condition = ${req.tab.condition} COLLATE NOCASE
        ORDER BY ${PHOTOS_FIRST} LIMIT ${req.tab.size})`,
    ...req.bodyTypes.map(
      (type) =>
        sql`SELECT ${`tile:${type}`}, id
          FROM (SELECT id FROM cars WHERE sold = 0 AND body_type = ${type} COLLATE NOCASE
            ORDER BY ${PHOTOS_FIRST} LIMIT 1)`,
    ),
  ];
  const rows = await sql<CarRow & { section: string }>`
    WITH picked (section, id) AS (${sql.join(picks, sql` UNION ALL `)})
    SELECT picked.section, cars.*, ${imagesJson} AS images_json, ${reservedUntil} AS reserved_until
    FROM picked JOIN cars ON cars.id = picked.id
    ORDER BY ${PHOTOS_FIRST}`.execute(db);
  const section = (name: string) => rows.rows.filter((r) => r.section === name).map(toCar);
  return {
    recent: section("recent"),
    collection: { cars: section("collection"), total, page, pageCount },
    tab: { cars: section("tab"), total: countOf("condition", req.tab.condition) },
    tiles: req.bodyTypes.map((type) => ({
      type,
      count: countOf("body", type),
      image: section(`tile:${type}`)[0]?.images[0] ?? null,
    })),
  };
}

/** The last facets counted, with the catalogue version they were counted at. */
let facetsCache: { db: unknown; version: number; facets: StockFacets } | null = null;

/**
 * How many unsold cars have each body type, fuel, drive train, transmission, condition and make
 * (spellings that differ only in case counted together), for the browse filters. One statement;
 * each part walks its field's partial index over unsold cars (8,000 entries each at 10,000 cars),
 * so the counts are kept until the catalogue version moves (every write to cars bumps it): every
 * browse page but the first after a change reads them from memory.
 */
export async function stockFacets(): Promise<StockFacets> {
  const sqlite = getSqlite();
  const version = catalogVersion();
  if (facetsCache && facetsCache.db === sqlite && facetsCache.version === version) return facetsCache.facets;
  const facets = await countFacets();
  facetsCache = { db: sqlite, version, facets };
  return facets;
}

async function countFacets(): Promise<StockFacets> {
  const parts = FACET_FIELDS.map(
    (field) => sql`SELECT ${field} AS field, ${sql.ref(field)} COLLATE NOCASE AS value, count(*) AS n
      FROM cars WHERE sold = 0 AND ${sql.ref(field)} IS NOT NULL AND ${sql.ref(field)} <> '' GROUP BY 2`,
  );
  const rows = await sql<{ field: keyof StockFacets; value: string; n: number }>`${sql.join(
    parts,
    sql` UNION ALL `,
  )}`.execute(getDb());
  const facets = Object.fromEntries(FACET_FIELDS.map((f) => [f, []])) as unknown as StockFacets;
  for (const r of rows.rows) facets[r.field].push({ value: r.value, count: Number(r.n) });
  return facets;
}

/** One car by id, sold or not; null when there is none. */
export async function getCar(id: number): Promise<Car | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await getDb()
    .selectFrom("cars")
    .selectAll("cars")
    .select([imagesJson.as("images_json"), reservedUntil.as("reserved_until")])
    .where("cars.id", "=", id)
    .executeTakeFirst();
  return row ? toCar(row) : null;
}

/**
 * Up to `limit` available cars of the same body type as `car`, closest to it in price (the car
 * itself left out). Two seeks of the body type's price index, from the car's price up and down,
 * give at most 2 × limit candidates; the closest are loaded with their images. One statement.
 */
export async function similarCars(car: { id: number; body_type: string; price: number }, limit = 4): Promise<Car[]> {
  const side = (op: ">=" | "<", direction: "ASC" | "DESC") => sql`
    SELECT id, price FROM (
      SELECT id, price FROM cars
      WHERE sold = 0 AND body_type = ${car.body_type} COLLATE NOCASE AND price ${sql.raw(op)} ${car.price}
        AND id <> ${car.id}
      ORDER BY price ${sql.raw(direction)} LIMIT ${limit})`;
  const rows = await sql<CarRow>`
    WITH near (id, price) AS (${side(">=", "ASC")} UNION ALL ${side("<", "DESC")}),
    picked AS (SELECT id, price FROM near ORDER BY abs(price - ${car.price}), id LIMIT ${limit})
    SELECT cars.*, ${imagesJson} AS images_json, ${reservedUntil} AS reserved_until
    FROM picked JOIN cars ON cars.id = picked.id
    ORDER BY abs(picked.price - ${car.price}), picked.id`.execute(getDb());
  return rows.rows.map(toCar);
}

/** What the sitemap lists of each available car: its canonical URL's parts and when it last changed. */
export interface SitemapCar {
  id: number;
  make: string;
  model: string;
  year: number;
  updated_at: string;
}

/** Every unsold car, newest first, in one statement over the index of unsold cars. */
export async function sitemapCars(): Promise<SitemapCar[]> {
  return getDb()
    .selectFrom("cars")
    .select(["cars.id", "cars.make", "cars.model", "cars.year", "cars.updated_at"])
    .where(sql<boolean>`cars.sold = 0`)
    .orderBy(NEWEST)
    .execute();
}

/** The cars with these ids, sold or not, in the order of the ids (unknown ids are left out). One statement. */
export async function getCars(ids: readonly number[]): Promise<Car[]> {
  const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (wanted.length === 0) return [];
  const rows = await getDb()
    .selectFrom("cars")
    .selectAll("cars")
    .select([imagesJson.as("images_json"), reservedUntil.as("reserved_until")])
    .where("cars.id", "in", wanted)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toCar(row)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** The id of the car with this stock number (letter case ignored), or null. */
export async function carIdByStockNumber(db: Db, stockNumber: string): Promise<number | null> {
  const row = await db
    .selectFrom("cars")
    .select("id")
    .where(sql<boolean>`stock_number = ${stockNumber.trim()} COLLATE NOCASE`)
    .executeTakeFirst();
  return row?.id ?? null;
}

const stockNumberTaken = (stock: string) => `Stock number ${stock} is already used by another car`;

/**
 * The stock number rule: free, or this car's own; the site's own pattern (LPA-000123) only for the
 * car it was given to (or would be). The problem's message, or null when the number may be used.
 */
export async function stockNumberProblem(
  db: Db,
  stock: string | null | undefined,
  carId?: number,
): Promise<string | null> {
  if (!stock) return null;
  const owner = await carIdByStockNumber(db, stock);
  if (owner !== null && owner !== carId) return stockNumberTaken(stock);
  const own =
    carId !== undefined && (owner === carId || stock.trim().toLowerCase() === autoStockNumber(carId).toLowerCase());
  if (isSiteStockNumber(stock) && !own) return siteStockNumberRefused(stock);
  return null;
}

/** Parses an id from a URL segment; null for anything that is not a positive integer. */
export function parseCarId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The columns a car's input is stored as: yes/no as 1/0 (NULL when it may be unknown and is), key
 * features as JSON text, empty texts as null.
 */
export function carColumns(input: CarInput): StoredCarFields {
  const columns: Record<string, unknown> = {};
  for (const key of CAR_FIELD_NAMES) {
    const value = input[key];
    columns[key] = isFlag(key)
      ? value
        ? 1
        : 0
      : isUnknownFlag(key)
        ? value === null || value === undefined
          ? null
          : value
            ? 1
            : 0
        : key === "keyfeatures"
          ? JSON.stringify(value ?? [])
          : value === undefined || value === ""
            ? null
            : value;
  }
  return columns as StoredCarFields;
}

/**
 * Which of the cars `ids` are for sale and answer `filters` exactly as /browse would find them
 * (the same SQL); `db` is the transaction of the write that changed them.
 */
export async function carsMatchingFilters(db: Db, ids: number[], filters: CarFilters): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await applyFilters(db.selectFrom("cars"), filters)
      .select("cars.id")
      .where("cars.id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** Stores a car and its image paths in one transaction; returns the new id. */
export async function createCar(
  db: Db,
  input: CarInput,
  imagePaths: string[],
  createdAt: string = nowIso(),
): Promise<number> {
  const { id, alerts } = await atomically(db, async (trx) => {
    const { id } = await trx
      .insertInto("cars")
      .values({ ...carColumns(input), created_at: createdAt, updated_at: createdAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (imagePaths.length) {
      await trx
        .insertInto("car_images")
        .values(imagePaths.map((path, position) => ({ car_id: id, path, position })))
        .execute();
    }
    // Buyers' alerts this new car answers, queued with it.
    return { id, alerts: await queueCarAlerts(trx, id, null) };
  });
  if (alerts) wakeOutbox();
  return id;
}

/**
 * Saves an edited car: its fields, the images it keeps in their new order (only ones it had, new
 * ones may be placed among them) and the new ones not placed, appended after them. Returns the
 * paths it no longer uses, for the caller to delete once the transaction has committed; null when
 * there is no such car.
 */
export async function updateCar(
  db: Db,
  id: number,
  input: CarInput,
  keptImages: string[],
  newImages: string[],
): Promise<{ removed: string[] } | null> {
  const result = await atomically(db, async (trx) => {
    const current = await trx.selectFrom("cars").select("id").where("id", "=", id).executeTakeFirst();
    if (!current) return null;
    const before = await carAlertState(trx, id);
    await trx
      .updateTable("cars")
      .set({ ...carColumns(input), updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    const had = (
      await trx
        .selectFrom("car_images")
        .select("path")
        .where("car_id", "=", id)
        .orderBy("position")
        .orderBy("id")
        .execute()
    ).map((r) => r.path);
    // The given order may place new photos among the kept ones; new photos it leaves out go last.
    const ordered = [...new Set(keptImages)].filter((p) => had.includes(p) || newImages.includes(p));
    const images = [...ordered, ...newImages.filter((p) => !ordered.includes(p))];
    const kept = images.filter((p) => had.includes(p));
    await trx.deleteFrom("car_images").where("car_id", "=", id).execute();
    if (images.length) {
      await trx
        .insertInto("car_images")
        .values(images.map((path, position) => ({ car_id: id, path, position })))
        .execute();
    }
    const alerts = await queueCarAlerts(trx, id, before);
    return { removed: had.filter((p) => !kept.includes(p)), alerts };
  });
  if (result?.alerts) wakeOutbox();
  return result && { removed: result.removed };
}

/**
 * Deletes a car and its image rows; returns the image paths it had (for the caller to delete once
 * the transaction has committed), or null when unknown.
 */
export async function deleteCarRow(db: Db, id: number): Promise<string[] | null> {
  return atomically(db, async (trx) => {
    const row = await trx.selectFrom("cars").select("id").where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const paths = (await trx.selectFrom("car_images").select("path").where("car_id", "=", id).execute()).map(
      (r) => r.path,
    );
    await trx.deleteFrom("cars").where("id", "=", id).execute(); // car_images cascade, sales keep their record
    return paths;
  });
}

/** Lagos wall-clock time of day ("14:05:09"), for the sold record's time_sold. */
function lagosTimeOfDay(d: Date): string {
  return d.toLocaleTimeString("en-GB", { timeZone: "Africa/Lagos", hour12: false });
}

/** A sale as stored: the agreed price in whole naira (the list price when null), and when. */
export interface CarSale {
  salePrice: number | null;
  /** When it sold; now when left out. */
  soldAt?: Date;
}

export type MarkSoldResult = { ok: true; label: string } | { ok: false; reason: "not-found" | "already-sold" };

/**
 * Stores the sold record from the car as stored (make, model, year, colour, list price) and sets
 * the car sold, in one transaction. The time of day is Lagos time, as the stock list shows it.
 */
export async function markCarSold(db: Db, id: number, sale: CarSale): Promise<MarkSoldResult> {
  const result = await atomically(db, async (trx): Promise<MarkSoldResult & { alerts?: boolean }> => {
    const row = await trx
      .selectFrom("cars")
      .select(["id", "sold", "price", "created_at", "make", "model", "year", "color"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "not-found" };
    if (row.sold === 1) return { ok: false, reason: "already-sold" };
    const now = nowIso();
    const soldAt = sale.soldAt ?? new Date();
    await trx
      .insertInto("car_sales")
      .values({
        car_id: id,
        make: row.make,
        model: row.model,
        year: row.year,
        color: row.color,
        date_sold: soldAt.toISOString(),
        time_sold: lagosTimeOfDay(soldAt),
        created_at: now,
        // For the reports: the price it sold at and when it was listed, kept if the car is deleted later.
        price: row.price,
        listed_at: row.created_at,
        sale_price: sale.salePrice ?? row.price,
      })
      .execute();
    await trx.updateTable("cars").set({ sold: 1, updated_at: now }).where("id", "=", id).execute();
    const alerts = (await queueSoldAlerts(trx, id)) > 0;
    return { ok: true, label: `${row.make} ${row.model} ${row.year}`, alerts };
  });
  if (result.ok && result.alerts) wakeOutbox();
  if (!result.ok) return result;
  return { ok: true, label: result.label };
}

export type UnmarkSoldResult =
  | { ok: true; label: string; salePrice: number | null }
  | { ok: false; reason: "not-found" | "not-sold" | "reservation-sale" };

/**
 * Undoes a sale marked by mistake: removes the car's sale record (reports and monthly figures stop
 * counting it), sets the car available again and tells the buyers whose alerts that sale ended
 * (queueUnsoldAlerts). A sale that came from a reservation (a deposit paid through Paystack) is
 * left as it is.
 */
export async function unmarkCarSold(db: Db, id: number): Promise<UnmarkSoldResult> {
  return atomically(db, async (trx) => {
    const row = await trx
      .selectFrom("cars")
      .select(["sold", "make", "model", "year"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "not-found" };
    if (row.sold !== 1) return { ok: false, reason: "not-sold" };
    const sale = await trx
      .selectFrom("car_sales")
      .select(["id", "price", "sale_price", "reservation_reference", "created_at"])
      .where("car_id", "=", id)
      .orderBy("date_sold", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (sale?.reservation_reference) return { ok: false, reason: "reservation-sale" };
    if (sale) await trx.deleteFrom("car_sales").where("id", "=", sale.id).execute();
    await trx.updateTable("cars").set({ sold: 0, updated_at: nowIso() }).where("id", "=", id).execute();
    // The buyers that sale told "sold" hear it was a mistake.
    if (sale) await queueUnsoldAlerts(trx, id, sale.created_at);
    return {
      ok: true,
      label: `${row.make} ${row.model} ${row.year}`,
      salePrice: sale?.sale_price ?? sale?.price ?? null,
    };
  });
}
