import { logger } from "~/config/logger.server";
import { defaultBusiness } from "~/config/site";
import { type Business, closedDayError } from "~/lib/business";
import { type DB, getDb, getSqlite } from "../../db/database.server";
import { catalogVersion } from "./catalog-version.server";
import type { Db } from "./db.server";

/**
 * The business settings: one JSON document in the settings table (key 'business'), the defaults
 * of app/config/site.ts until an owner saves. Read on every page render, so it is kept in memory
 * and read again whenever the catalogue version moves: a save bumps it (a trigger), whichever
 * process or tool wrote it, and the page cache starts over on the same bump.
 */

const KEY = "business";
let cache: { db: unknown; version: number; business: Business } | null = null;

/** A stored document over the defaults: a field the document lacks (older saves) keeps its default. */
function fromStored(value: string): Business {
  try {
    const stored = JSON.parse(value) as Partial<Business>;
    return { ...defaultBusiness, ...stored, hours: { ...defaultBusiness.hours, ...stored.hours } };
  } catch {
    logger.error("The stored business settings are not valid JSON; using the defaults");
    return defaultBusiness;
  }
}

async function readBusiness(db: DB): Promise<Business> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst();
  return row ? fromStored(row.value) : defaultBusiness;
}

/** The settings; `db` is a transaction's when called inside one (the outbox composes emails in the lead's). */
export async function getBusiness(db: DB = getDb()): Promise<Business> {
  // Inside a transaction the connection is the transaction's: read the row itself, not the cache.
  if (db.isTransaction) return readBusiness(db);
  const sqlite = getSqlite();
  const version = catalogVersion();
  if (cache && cache.db === sqlite && cache.version === version) return cache.business;
  const business = await readBusiness(db);
  cache = { db: sqlite, version, business };
  return business;
}

/** Stores the whole document (validated by the caller); every page shows it at its next request. */
export async function saveBusiness(db: Db, business: Business): Promise<void> {
  const value = JSON.stringify(business);
  await db
    .insertInto("settings")
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
  cache = null;
}

/** Null when the showroom is open on that date ("YYYY-MM-DD"), else why an inspection cannot be booked then. */
export async function inspectionDayError(isoDate: string): Promise<string | null> {
  return closedDayError((await getBusiness()).hours, isoDate);
}
