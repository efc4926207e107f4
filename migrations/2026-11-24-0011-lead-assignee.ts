import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// The inbox filters leads by who they are assigned to ("mine", "nobody's", a colleague's), alone
// or with a status (the dashboard's "My new leads"), newest first. Two indexes serve those pages
// in order; they replace leads_assignee, which lacked the id that breaks ties between leads.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS leads_assignee`.execute(db);
  await sql`CREATE INDEX leads_assignee_created ON leads (assignee_id, created_at, id)`.execute(db);
  await sql`CREATE INDEX leads_assignee_status_created ON leads (assignee_id, status, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS leads_assignee_status_created`.execute(db);
  await sql`DROP INDEX IF EXISTS leads_assignee_created`.execute(db);
  await sql`CREATE INDEX leads_assignee ON leads (assignee_id, created_at)`.execute(db);
}
