import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// Makes every public catalogue filter an index lookup, whatever the stock size:
// - partial indexes over unsold cars only (the public site never lists sold ones), with
//   NOCASE collation for the text filters, so `make = ? COLLATE NOCASE` is a seek, not lower()
//   on every row;
// - car_features: one row per (feature, car), kept in step with cars.keyfeatures by triggers;
// - cars_fts: an FTS5 index over the searchable text, kept in step by triggers;
// - catalog_version: a counter every write to cars or car_images bumps (by trigger, so no code
//   path can forget), which the page cache compares to know its pages are still current.

const FTS_COLUMNS = "make, model, car_description, color, keyfeatures, year, location";
const FTS_NEW = "new.make, new.model, new.car_description, new.color, new.keyfeatures, new.year, new.location";
const FTS_OLD = "old.make, old.model, old.car_description, old.color, old.keyfeatures, old.year, old.location";

const TEXT_FILTERS = ["make", "body_type", "fuel_type", "drive_train", "transmission", "condition"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // The old full-table indexes are replaced by the partial ones below (the admin list and the
  // stats read by created_at, which cars_created keeps).
  for (const name of [
    "cars_sold_created",
    "cars_make_model",
    "cars_price",
    "cars_year",
    "cars_body_type",
    "cars_condition",
    "cars_financing",
  ]) {
    await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
  }
  await sql`CREATE INDEX cars_created ON cars (created_at)`.execute(db);
  await sql`CREATE INDEX cars_available_created ON cars (created_at) WHERE sold = 0`.execute(db);
  for (const col of TEXT_FILTERS) {
    await sql
      .raw(`CREATE INDEX cars_available_${col} ON cars (${col} COLLATE NOCASE, created_at) WHERE sold = 0`)
      .execute(db);
  }
  for (const col of ["price", "year", "mileage"]) {
    await sql.raw(`CREATE INDEX cars_available_${col} ON cars (${col}) WHERE sold = 0`).execute(db);
  }
  await sql`CREATE INDEX cars_available_financing ON cars (financing, created_at) WHERE sold = 0`.execute(db);

  await sql`
    CREATE TABLE car_features (
      feature TEXT NOT NULL COLLATE NOCASE,
      car_id INTEGER NOT NULL REFERENCES cars (id) ON DELETE CASCADE,
      PRIMARY KEY (feature, car_id)
    ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX car_features_car ON car_features (car_id)`.execute(db);
  const featuresOf = (ref: string) =>
    `json_each(CASE WHEN json_valid(${ref}.keyfeatures) THEN ${ref}.keyfeatures ELSE '[]' END) AS j`;
  const fillFeatures = `
    INSERT OR IGNORE INTO car_features (feature, car_id)
    SELECT trim(j.value), new.id FROM ${featuresOf("new")} WHERE j.type = 'text' AND trim(j.value) <> ''`;
  await sql.raw(`CREATE TRIGGER car_features_ai AFTER INSERT ON cars BEGIN ${fillFeatures}; END`).execute(db);
  await sql
    .raw(`
    CREATE TRIGGER car_features_au AFTER UPDATE OF keyfeatures ON cars BEGIN
      DELETE FROM car_features WHERE car_id = old.id;
      ${fillFeatures};
    END`)
    .execute(db);
  await sql
    .raw(`
    INSERT OR IGNORE INTO car_features (feature, car_id)
    SELECT trim(j.value), cars.id FROM cars, ${featuresOf("cars")} WHERE j.type = 'text' AND trim(j.value) <> ''`)
    .execute(db);

  await sql
    .raw(`
    CREATE VIRTUAL TABLE cars_fts USING fts5(
      ${FTS_COLUMNS},
      content = 'cars', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2'
    )`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER cars_fts_ai AFTER INSERT ON cars BEGIN
      INSERT INTO cars_fts (rowid, ${FTS_COLUMNS}) VALUES (new.id, ${FTS_NEW});
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER cars_fts_ad AFTER DELETE ON cars BEGIN
      INSERT INTO cars_fts (cars_fts, rowid, ${FTS_COLUMNS}) VALUES ('delete', old.id, ${FTS_OLD});
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER cars_fts_au AFTER UPDATE ON cars BEGIN
      INSERT INTO cars_fts (cars_fts, rowid, ${FTS_COLUMNS}) VALUES ('delete', old.id, ${FTS_OLD});
      INSERT INTO cars_fts (rowid, ${FTS_COLUMNS}) VALUES (new.id, ${FTS_NEW});
    END`)
    .execute(db);
  await sql`INSERT INTO cars_fts (cars_fts) VALUES ('rebuild')`.execute(db);

  await sql`CREATE TABLE catalog_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO catalog_version (id, version) VALUES (1, 1)`.execute(db);
  for (const table of ["cars", "car_images"]) {
    for (const event of ["INSERT", "UPDATE", "DELETE"]) {
      await sql
        .raw(`CREATE TRIGGER ${table}_version_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN
          UPDATE catalog_version SET version = version + 1 WHERE id = 1;
        END`)
        .execute(db);
    }
  }
  await sql`ANALYZE`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["cars", "car_images"]) {
    for (const event of ["insert", "update", "delete"])
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_version_${event}`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS catalog_version`.execute(db);
  for (const t of ["cars_fts_ai", "cars_fts_ad", "cars_fts_au", "car_features_ai", "car_features_au"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS cars_fts`.execute(db);
  await sql`DROP TABLE IF EXISTS car_features`.execute(db);
  for (const col of [...TEXT_FILTERS, "price", "year", "mileage", "financing", "created"]) {
    await sql.raw(`DROP INDEX IF EXISTS cars_available_${col}`).execute(db);
  }
  await sql`DROP INDEX IF EXISTS cars_created`.execute(db);
  await sql`CREATE INDEX cars_sold_created ON cars (sold, created_at)`.execute(db);
  await sql`CREATE INDEX cars_make_model ON cars (make, model)`.execute(db);
  await sql`CREATE INDEX cars_price ON cars (price)`.execute(db);
  await sql`CREATE INDEX cars_year ON cars (year)`.execute(db);
  await sql`CREATE INDEX cars_body_type ON cars (body_type)`.execute(db);
  await sql`CREATE INDEX cars_condition ON cars (condition)`.execute(db);
  await sql`CREATE INDEX cars_financing ON cars (financing, sold)`.execute(db);
}
