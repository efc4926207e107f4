import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// Cars with photos are listed before cars without (an imported car waits for its photos): `has_photos`
// (1 or 0) is kept by triggers on car_images, so no code path or outside tool can forget it, and every
// public order starts with it. Each sort walks a partial index over unsold cars led by it, in the
// direction its order needs (SQLite walks an index one way: ascending sorts need has_photos DESC
// in the index, descending ones walk an ascending index backwards). The mileage sort's old index is
// replaced; the others stay for the range filters, similar cars and the sitemap.

const SORT_INDEXES = [
  "CREATE INDEX cars_available_photos_created ON cars (has_photos, created_at) WHERE sold = 0",
  "CREATE INDEX cars_available_photos_price_desc ON cars (has_photos, price) WHERE sold = 0",
  "CREATE INDEX cars_available_photos_price_asc ON cars (has_photos DESC, price) WHERE sold = 0",
  "CREATE INDEX cars_available_photos_year ON cars (has_photos, year) WHERE sold = 0",
  "CREATE INDEX cars_available_photos_mileage ON cars (has_photos DESC, mileage IS NULL, mileage) WHERE sold = 0",
  `CREATE INDEX cars_available_body_photos_price ON cars (body_type COLLATE NOCASE, has_photos DESC, price)
    WHERE sold = 0`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("ALTER TABLE cars ADD COLUMN has_photos INTEGER NOT NULL DEFAULT 0 CHECK (has_photos IN (0, 1))");
  await run("UPDATE cars SET has_photos = 1 WHERE EXISTS (SELECT 1 FROM car_images WHERE car_images.car_id = cars.id)");
  const gained = "UPDATE cars SET has_photos = 1 WHERE id = new.car_id AND has_photos = 0;";
  const lost = `UPDATE cars SET has_photos = 0 WHERE id = old.car_id AND has_photos = 1
    AND NOT EXISTS (SELECT 1 FROM car_images WHERE car_images.car_id = old.car_id);`;
  await run(`CREATE TRIGGER car_images_photos_ai AFTER INSERT ON car_images BEGIN ${gained} END`);
  await run(`CREATE TRIGGER car_images_photos_ad AFTER DELETE ON car_images BEGIN ${lost} END`);
  await run(`CREATE TRIGGER car_images_photos_au AFTER UPDATE OF car_id ON car_images BEGIN ${lost} ${gained} END`);
  for (const index of SORT_INDEXES) await run(index);
  await run("DROP INDEX IF EXISTS cars_available_mileage_sort");
  await run("ANALYZE");
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("CREATE INDEX cars_available_mileage_sort ON cars (mileage IS NULL, mileage) WHERE sold = 0");
  for (const index of SORT_INDEXES) await run(`DROP INDEX IF EXISTS ${index.split(" ")[2]}`);
  for (const event of ["ai", "ad", "au"]) await run(`DROP TRIGGER IF EXISTS car_images_photos_${event}`);
  await run("ALTER TABLE cars DROP COLUMN has_photos");
}
