import { sql, type SelectQueryBuilder } from "kysely";
import { getDb, nowIso } from "../../db/database.server";
import type { Database } from "../../db/schema";
import type { CarFilters } from "~/lib/car-filters";
import { deleteImageFiles } from "./upload.server";

/** A car as every page and API answer sees it (SPEC §3 field names). */
export interface Car {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
  mileage: number | null;
  condition: string;
  body_type: string;
  transmission: string | null;
  fuel_type: string | null;
  drive_train: string;
  engine_capacity: string;
  engine_size: string;
  custom_paper: string;
  color: string | null;
  registration: boolean;
  financing: boolean;
  car_description: string | null;
  car_history: string | null;
  other_info: string | null;
  location: string | null;
  vin: string | null;
  keyfeatures: string[];
  images: string[];
  sold: boolean;
  created_at: string;
}

/** A car as the public pages and public lists show it: without the back-office fields. */
export type PublicCar = Omit<Car, "vin" | "car_history" | "other_info">;

export function toPublicCar(car: Car): PublicCar {
  const { vin: _vin, car_history: _history, other_info: _other, ...rest } = car;
  return rest;
}

/** What createCar/updateCar store (images are handled apart). */
export interface CarInput {
  make: string;
  model: string;
  year: number;
  price: number;
  mileage?: number | null;
  condition: string;
  body_type: string;
  transmission?: string | null;
  fuel_type?: string | null;
  drive_train: string;
  engine_capacity: string;
  engine_size: string;
  custom_paper: string;
  color?: string | null;
  registration?: boolean;
  financing?: boolean;
  car_description?: string | null;
  car_history?: string | null;
  other_info?: string | null;
  location?: string | null;
  vin?: string | null;
  keyfeatures?: string[];
}

type CarRow = Database["cars"] & { id: number; sold: number };
type CarQuery = SelectQueryBuilder<Database, "cars", CarRow>;

function parseFeatures(json: string): string[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}

function toCar(row: CarRow, images: string[]): Car {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    price: row.price,
    mileage: row.mileage,
    condition: row.condition,
    body_type: row.body_type,
    transmission: row.transmission,
    fuel_type: row.fuel_type,
    drive_train: row.drive_train,
    engine_capacity: row.engine_capacity,
    engine_size: row.engine_size,
    custom_paper: row.custom_paper,
    color: row.color,
    registration: row.registration === 1,
    financing: row.financing === 1,
    car_description: row.car_description,
    car_history: row.car_history,
    other_info: row.other_info,
    location: row.location,
    vin: row.vin,
    keyfeatures: parseFeatures(row.keyfeatures),
    images,
    sold: row.sold === 1,
    created_at: row.created_at,
  };
}

/** Loads the images of many cars in one query, in position order. */
async function withImages(rows: CarRow[]): Promise<Car[]> {
  if (rows.length === 0) return [];
  const images = await getDb()
    .selectFrom("car_images")
    .select(["car_id", "path"])
    .where("car_id", "in", rows.map((r) => r.id))
    .orderBy("car_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const byCar = new Map<number, string[]>();
  for (const img of images) {
    const list = byCar.get(img.car_id) ?? [];
    list.push(img.path);
    byCar.set(img.car_id, list);
  }
  return rows.map((r) => toCar(r, byCar.get(r.id) ?? []));
}

function baseQuery(includeSold: boolean): CarQuery {
  let q = getDb().selectFrom("cars").selectAll() as CarQuery;
  if (!includeSold) q = q.where("sold", "=", 0);
  return q;
}

/** LIKE pattern for a user's text, with its wildcards escaped. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function applyFilters(query: CarQuery, f: CarFilters): CarQuery {
  let q = query;
  const eqNoCase = (col: "body_type" | "fuel_type" | "drive_train" | "make" | "transmission", v?: string) => {
    if (v) q = q.where(sql`lower(${sql.ref(col)})`, "=", v.toLowerCase());
  };
  eqNoCase("body_type", f.body_type);
  eqNoCase("fuel_type", f.fuel_type);
  eqNoCase("drive_train", f.drive_train);
  eqNoCase("make", f.make);
  eqNoCase("transmission", f.transmission);
  if (f.model) q = q.where(sql<boolean>`model LIKE ${contains(f.model)} ESCAPE '\\'`);
  if (f.location) q = q.where(sql<boolean>`location LIKE ${contains(f.location)} ESCAPE '\\'`);
  if (f.condition) {
    const c = f.condition.toLowerCase();
    // The browse panel's "Used" means either kind of used car (DESIGN §5).
    if (c === "used") q = q.where(sql`lower(condition)`, "in", ["foreign used", "nigerian used"]);
    else q = q.where(sql`lower(condition)`, "=", c.replace(/[-_]/g, " "));
  }
  if (f.minYear !== undefined) q = q.where("year", ">=", f.minYear);
  if (f.maxYear !== undefined) q = q.where("year", "<=", f.maxYear);
  if (f.minPrice !== undefined) q = q.where("price", ">=", f.minPrice);
  if (f.maxPrice !== undefined) q = q.where("price", "<=", f.maxPrice);
  if (f.minMileage !== undefined) q = q.where("mileage", ">=", f.minMileage);
  if (f.maxMileage !== undefined) q = q.where("mileage", "<=", f.maxMileage);
  for (const feature of f.keyFeatures ?? []) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom(sql`json_each(cars.keyfeatures)`.as("kf"))
          .select(sql`1`.as("one"))
          .where(sql`lower(kf.value)`, "=", feature.toLowerCase()),
      ),
    );
  }
  // Every word must appear in one of the searched fields, so "Toyota Camry" finds a car whose make
  // is Toyota and model Camry even when its description names neither.
  for (const word of (f.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = contains(word);
    q = q.where(({ or }) =>
      or([
        ...(["make", "model", "car_description", "color", "keyfeatures"] as const).map((col) =>
          sql<boolean>`${sql.ref(col)} LIKE ${pattern} ESCAPE '\\'`,
        ),
        sql<boolean>`CAST(year AS TEXT) = ${word}`,
      ]),
    );
  }
  return q;
}

export interface CarPage {
  cars: Car[];
  total: number;
  page: number;
  pageCount: number;
}

/** Unsold cars matching the filters, newest first. Without a page size: all of them. */
export async function listCars(filters: CarFilters = {}): Promise<Car[]> {
  const rows = await applyFilters(baseQuery(false), filters)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return withImages(rows);
}

/** One page of unsold cars matching the filters; a page past the end shows the last page. */
export async function pageCars(filters: CarFilters, page: number, pageSize: number): Promise<CarPage> {
  const { count } = await applyFilters(baseQuery(false), filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await applyFilters(baseQuery(false), filters)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return { cars: await withImages(rows), total: count, page: current, pageCount };
}

/** The newest unsold cars (New Arrivals). */
export async function listRecentCars(limit?: number): Promise<Car[]> {
  let q = baseQuery(false).orderBy("created_at", "desc").orderBy("id", "desc");
  if (limit) q = q.limit(limit);
  return withImages(await q.execute());
}

/** Unsold cars the dealer finances. */
export async function listFinancingCars(): Promise<Car[]> {
  const rows = await baseQuery(false)
    .where("financing", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return withImages(rows);
}

/** Every car, sold ones included, newest first (the admin list). */
export async function listAllCarsForAdmin(): Promise<Car[]> {
  const rows = await baseQuery(true).orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return withImages(rows);
}

/** One car by id, sold or not; null when there is none. */
export async function getCar(id: number): Promise<Car | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await baseQuery(true).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [car] = await withImages([row]);
  return car;
}

/** Parses an id from a URL segment; null for anything that is not a positive integer. */
export function parseCarId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export function carColumns(input: CarInput) {
  return {
    make: input.make,
    model: input.model,
    year: input.year,
    price: input.price,
    mileage: input.mileage ?? null,
    condition: input.condition,
    body_type: input.body_type,
    transmission: input.transmission || null,
    fuel_type: input.fuel_type || null,
    drive_train: input.drive_train,
    engine_capacity: input.engine_capacity,
    engine_size: input.engine_size,
    custom_paper: input.custom_paper,
    color: input.color || null,
    registration: input.registration ? 1 : 0,
    financing: input.financing ? 1 : 0,
    car_description: input.car_description || null,
    car_history: input.car_history || null,
    other_info: input.other_info || null,
    location: input.location || null,
    vin: input.vin || null,
    keyfeatures: JSON.stringify(input.keyfeatures ?? []),
  };
}

/** Stores a car and its image paths in one transaction; returns the new id. */
export async function createCar(
  input: CarInput,
  imagePaths: string[],
  createdAt: string = nowIso(),
): Promise<number> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
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
      return id;
    });
}

/**
 * Saves an edited car: its fields, the images it keeps (any order, only ones it had) and the new
 * ones appended after them. Returns the paths it no longer uses, for the caller to delete once
 * the transaction has committed; null when there is no such car.
 */
export async function updateCar(
  id: number,
  input: CarInput,
  keptImages: string[],
  newImages: string[],
): Promise<{ removed: string[] } | null> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom("cars").select("id").where("id", "=", id).executeTakeFirst();
      if (!current) return null;
      await trx
        .updateTable("cars")
        .set({ ...carColumns(input), updated_at: nowIso() })
        .where("id", "=", id)
        .execute();
      const had = (
        await trx.selectFrom("car_images").select("path").where("car_id", "=", id).orderBy("position").orderBy("id").execute()
      ).map((r) => r.path);
      const kept = [...new Set(keptImages)].filter((p) => had.includes(p));
      const images = [...kept, ...newImages];
      await trx.deleteFrom("car_images").where("car_id", "=", id).execute();
      if (images.length) {
        await trx
          .insertInto("car_images")
          .values(images.map((path, position) => ({ car_id: id, path, position })))
          .execute();
      }
      return { removed: had.filter((p) => !kept.includes(p)) };
    });
}

/** Deletes a car and its image rows; returns the image paths it had, or null when unknown. */
export async function deleteCarRow(id: number): Promise<string[] | null> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("cars").select("id").where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      const paths = (await trx.selectFrom("car_images").select("path").where("car_id", "=", id).execute()).map((r) => r.path);
      await trx.deleteFrom("cars").where("id", "=", id).execute(); // car_images cascade, sales keep their record
      return paths;
    });
}

/** Deletes a car and then its uploaded files (originals and variants); false when unknown. */
export async function deleteCar(id: number): Promise<boolean> {
  const paths = await deleteCarRow(id);
  if (!paths) return false;
  await Promise.all(paths.map(deleteImageFiles));
  return true;
}

/** The sold record of SPEC §7. */
export interface CarSale {
  make: string;
  model: string;
  year: number;
  color: string | null;
  dateSold: string; // ISO timestamp
  timeSold: string; // time of day as text
}

export type MarkSoldResult = "ok" | "not-found" | "already-sold";

/** Stores the sold record and sets the car sold, in one transaction. */
export async function markCarSold(id: number, sale: CarSale): Promise<MarkSoldResult> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("cars").select(["id", "sold"]).where("id", "=", id).executeTakeFirst();
      if (!row) return "not-found";
      if (row.sold === 1) return "already-sold";
      const now = nowIso();
      await trx
        .insertInto("car_sales")
        .values({
          car_id: id,
          make: sale.make,
          model: sale.model,
          year: sale.year,
          color: sale.color,
          date_sold: sale.dateSold,
          time_sold: sale.timeSold,
          created_at: now,
        })
        .execute();
      await trx.updateTable("cars").set({ sold: 1, updated_at: now }).where("id", "=", id).execute();
      return "ok";
    });
}
