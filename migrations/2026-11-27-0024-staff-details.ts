import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// Staff have a display name and a phone (shown on the leads assigned to them), and an activity
// entry keeps the list of fields it changed, with old and new values, as JSON text.

export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("ALTER TABLE admins ADD COLUMN display_name TEXT");
  await run("ALTER TABLE admins ADD COLUMN phone TEXT");
  await run("ALTER TABLE activity ADD COLUMN changes TEXT");
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("ALTER TABLE activity DROP COLUMN changes");
  await run("ALTER TABLE admins DROP COLUMN phone");
  await run("ALTER TABLE admins DROP COLUMN display_name");
}
