import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// Loan applications get an unguessable reference (128 random bits as 32 hex digits) so the
// /loan-application page and the client-information link no longer expose the sequential id.
// SQLite cannot add a NOT NULL column without a default, so the column is added, every
// existing row gets a random reference, and a unique index guards it from then on.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("loan_applications").addColumn("reference", "text").execute();
  await sql`update loan_applications set reference = lower(hex(randomblob(16))) where reference is null`.execute(db);
  await db.schema
    .createIndex("loan_applications_reference")
    .on("loan_applications")
    .column("reference")
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("loan_applications_reference").ifExists().execute();
  await db.schema.alterTable("loan_applications").dropColumn("reference").execute();
}
