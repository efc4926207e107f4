import { sql } from "kysely";
import type { FeedCar } from "~/lib/catalogue-feeds";
import { getDb } from "../../db/database.server";

/**
 * The cars of the catalogue feeds (app/lib/catalogue-feeds.ts): unsold, with at least one photo.
 * The Meta feed reads them a batch at a time in id order (each batch one statement continuing
 * after the last id, nothing held open between batches), so a 10,000-car feed is streamed and
 * never held in memory; the new arrivals are one statement over the index of unsold cars.
 */

const FEED_BATCH = 500;

const COLUMNS = sql`cars.id, cars.make, cars.model, cars.year, cars.price, cars.mileage, cars.condition,
  cars.body_type, cars.color, cars.transmission, cars.fuel_type, cars.drive_train, cars.vin,
  cars.car_description, cars.location, cars.created_at,
  (SELECT json_group_array(path ORDER BY position, id) FROM car_images WHERE car_images.car_id = cars.id) AS images`;
const WITH_PHOTO = sql`EXISTS (SELECT 1 FROM car_images WHERE car_images.car_id = cars.id)`;

type Row = Omit<FeedCar, "images"> & { images: string };

function toFeedCar(row: Row): FeedCar {
  let images: string[] = [];
  try {
    const parsed = JSON.parse(row.images);
    if (Array.isArray(parsed)) images = parsed.filter((p): p is string => typeof p === "string");
  } catch {
    /* no photos */
  }
  return { ...row, images };
}

/** Every unsold car with a photo, in id order, `size` at a time. */
export async function* feedCarBatches(size = FEED_BATCH): AsyncGenerator<FeedCar[]> {
  let after = 0;
  for (;;) {
    const rows = await sql<Row>`SELECT ${COLUMNS} FROM cars
      WHERE cars.sold = 0 AND cars.id > ${after} AND ${WITH_PHOTO}
      ORDER BY cars.id LIMIT ${size}`.execute(getDb());
    if (rows.rows.length === 0) return;
    yield rows.rows.map(toFeedCar);
    after = rows.rows[rows.rows.length - 1].id;
    if (rows.rows.length < size) return;
  }
}

/** The newest unsold cars with a photo, newest first. */
export async function newArrivals(limit: number): Promise<FeedCar[]> {
  const rows = await sql<Row>`SELECT ${COLUMNS} FROM cars
    WHERE cars.sold = 0 AND ${WITH_PHOTO}
    ORDER BY cars.created_at DESC, cars.id DESC LIMIT ${limit}`.execute(getDb());
  return rows.rows.map(toFeedCar);
}
