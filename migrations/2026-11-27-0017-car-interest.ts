import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// car_views: how many people looked at each car's page, per Lagos day and per source (where the
// visit came from: direct when the link said nothing, else the utm_source of a shared link or a
// feed: whatsapp, copy, share, meta, rss, or other). One row per car, day and source; no address,
// no cookie, nothing about the visitor.
// Deleted with the car. Writes here do not touch the catalogue version, so counting a view never
// empties the page cache.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE car_views (
    car_id INTEGER NOT NULL REFERENCES cars (id) ON DELETE CASCADE,
    day TEXT NOT NULL CHECK (length(day) = 10),
    source TEXT NOT NULL CHECK (length(source) BETWEEN 1 AND 16),
    views INTEGER NOT NULL CHECK (views >= 0),
    PRIMARY KEY (car_id, day, source)
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX car_views_day ON car_views (day, car_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS car_views`.execute(db);
}
