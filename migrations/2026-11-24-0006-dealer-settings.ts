import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// The dealer runs the site from the back office:
// - admins.role: 'owner' (everything) or 'sales'. Accounts that exist before this migration become
//   owners, so nobody loses what they could do; new accounts are sales unless said otherwise;
// - business settings live in the settings table under the key 'business' (one JSON document,
//   defaults in the app until the first save);
// - hero_slides: the home page's slides (photo, heading, short text, optional link, position);
// - cars.demo: 1 for the demo stock a fresh install starts with. Existing demo cars are found by the
//   descriptions the demo generator writes (one of its three condition sentences);
// - leads.assignee_id: the staff member a lead is assigned to (NULL: nobody); set to NULL when
//   that account is removed;
// - car_sales.sale_price: the agreed price of the sale (NULL for sales recorded before: the list
//   price then stands);
// - every write to the business settings or the hero slides bumps the catalogue version, as a car
//   write does, so cached public pages never show the old name, phone or slides.

const DEMO_SENTENCES = [
  "Brand new, zero-mileage, with full manufacturer warranty",
  "Tokunbo (foreign used), freshly imported with clean title",
  "Nigerian used, well maintained and registered",
];

const BUMP = "UPDATE catalog_version SET version = version + 1 WHERE id = 1;";

export async function up(db: Kysely<any>): Promise<void> {
  const roleCheck = "CHECK (role IN ('owner', 'sales'))";
  await sql.raw(`ALTER TABLE admins ADD COLUMN role TEXT NOT NULL DEFAULT 'sales' ${roleCheck}`).execute(db);
  await sql`UPDATE admins SET role = 'owner'`.execute(db);

  await sql`ALTER TABLE cars ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))`.execute(db);
  for (const sentence of DEMO_SENTENCES) {
    await sql`UPDATE cars SET demo = 1 WHERE car_description LIKE ${`%. ${sentence}. %`}`.execute(db);
  }
  await sql`CREATE INDEX cars_demo ON cars (demo) WHERE demo = 1`.execute(db);

  await sql`ALTER TABLE leads ADD COLUMN assignee_id INTEGER REFERENCES admins (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX leads_assignee ON leads (assignee_id, created_at)`.execute(db);

  await sql`ALTER TABLE car_sales ADD COLUMN sale_price INTEGER CHECK (sale_price >= 0)`.execute(db);

  await sql`
    CREATE TABLE hero_slides (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      image TEXT NOT NULL,
      heading TEXT NOT NULL,
      text TEXT NOT NULL DEFAULT '',
      link TEXT,
      position INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX hero_slides_position ON hero_slides (position)`.execute(db);

  for (const event of ["INSERT", "UPDATE", "DELETE"]) {
    await sql
      .raw(`CREATE TRIGGER hero_slides_version_${event.toLowerCase()} AFTER ${event} ON hero_slides BEGIN ${BUMP} END`)
      .execute(db);
    const row = event === "DELETE" ? "old" : "new";
    await sql
      .raw(
        `CREATE TRIGGER business_version_${event.toLowerCase()} AFTER ${event} ON settings ` +
          `WHEN ${row}.key = 'business' BEGIN ${BUMP} END`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ["insert", "update", "delete"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS hero_slides_version_${event}`).execute(db);
    await sql.raw(`DROP TRIGGER IF EXISTS business_version_${event}`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS hero_slides`.execute(db);
  await sql`DELETE FROM settings WHERE key = 'business'`.execute(db);
  await sql`ALTER TABLE car_sales DROP COLUMN sale_price`.execute(db);
  await sql`DROP INDEX IF EXISTS leads_assignee`.execute(db);
  await sql`ALTER TABLE leads DROP COLUMN assignee_id`.execute(db);
  await sql`DROP INDEX IF EXISTS cars_demo`.execute(db);
  await sql`ALTER TABLE cars DROP COLUMN demo`.execute(db);
  await sql`ALTER TABLE admins DROP COLUMN role`.execute(db);
}
