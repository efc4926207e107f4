import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// An admin whose password someone else chose (the first admin's, generated or read from the
// environment; an account an owner added or reset) must choose their own at the next sign-in:
// until then every back-office page leads to the change-password screen and the admin API
// answers 403. Accounts that existed before keep working as they did.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE admins ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE admins DROP COLUMN must_change_password`.execute(db);
}
