import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// "Tell me if it becomes available": a buyer's alert of kind 'available' on a reserved car
// (car_id), emailed once when the car's paid hold ends or is cancelled. The kind CHECK of
// buyer_alerts is widened by rebuilding the table (rows, ids, indexes kept). Dropping the old table
// would delete alert_matches' rows through their ON DELETE CASCADE, so they are kept aside in a
// temporary table and put back.

const COLUMNS =
  "id, email, kind, search, car_id, status, confirm_hash, confirm_expires_at, leave_token, created_at, " +
  "confirmed_at, ended_at, last_sent_day, matches_sent";

async function rebuild(db: Kysely<any>, kinds: string, keep: string): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const indexes = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master
    WHERE tbl_name = 'buyer_alerts' AND type IN ('index', 'trigger') AND sql IS NOT NULL`.execute(db);
  await run("CREATE TEMP TABLE alert_matches_kept AS SELECT * FROM alert_matches");
  await run(`
    CREATE TABLE buyer_alerts_rebuilt (
      id INTEGER PRIMARY KEY,
      email TEXT NOT NULL COLLATE NOCASE REFERENCES alert_contacts (email) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN (${kinds})),
      search TEXT,
      car_id INTEGER REFERENCES cars (id) ON DELETE SET NULL,
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'ended', 'removed')),
      confirm_hash TEXT,
      confirm_expires_at TEXT,
      leave_token TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      confirmed_at TEXT,
      ended_at TEXT,
      last_sent_day TEXT,
      matches_sent INTEGER NOT NULL DEFAULT 0
    )`);
  await run(`INSERT INTO buyer_alerts_rebuilt (${COLUMNS}) SELECT ${COLUMNS} FROM buyer_alerts WHERE ${keep}`);
  await run("PRAGMA legacy_alter_table = ON");
  try {
    await run("DROP TABLE buyer_alerts");
    await run("ALTER TABLE buyer_alerts_rebuilt RENAME TO buyer_alerts");
  } finally {
    await run("PRAGMA legacy_alter_table = OFF");
  }
  for (const row of indexes.rows) await run(row.sql);
  await run(
    "INSERT INTO alert_matches SELECT * FROM alert_matches_kept WHERE alert_id IN (SELECT id FROM buyer_alerts)",
  );
  await run("DROP TABLE alert_matches_kept");
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, "'search', 'price', 'available'", "1");
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, "'search', 'price'", "kind <> 'available'");
}
