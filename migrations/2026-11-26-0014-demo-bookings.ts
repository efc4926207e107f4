import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// inspections.demo: 1 for the sample bookings the demo inventory comes with, so that removing the
// demo stock takes them too (a dealer's clean start shows no stranger's booking). Existing sample
// bookings are found by what the demo generator writes: one of its twelve buyers, the email it
// makes of the name at example.ng, and no car id (bookings made on the site since carry one when
// made from a car's page). A real booking never matches all three.

const DEMO_BUYERS = [
  "Chinedu Okafor",
  "Aisha Bello",
  "Tunde Adeyemi",
  "Ngozi Eze",
  "Emeka Nwosu",
  "Funmilayo Adebayo",
  "Ibrahim Musa",
  "Kemi Ogunleye",
  "Obinna Chukwu",
  "Zainab Lawal",
  "Segun Bakare",
  "Chiamaka Obi",
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE inspections ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))`.execute(db);
  await sql`UPDATE inspections SET demo = 1
    WHERE name IN (${sql.join(DEMO_BUYERS)})
      AND email = lower(replace(name, ' ', '.')) || '@example.ng'
      AND car_id IS NULL`.execute(db);
  await sql`CREATE INDEX inspections_demo ON inspections (demo) WHERE demo = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS inspections_demo`.execute(db);
  await sql`ALTER TABLE inspections DROP COLUMN demo`.execute(db);
}
