import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// WhatsApp joins the outbox: channel 'whatsapp' (recipient: the number in international form
// without "+", e.g. 2348035550142; payload: JSON with the template's name, its language and the
// body's parameters, in order). SQLite cannot change a CHECK constraint in place, so the table is
// made again under a new name with the wider check, every row copied as it is (ids kept), the old
// table dropped, the new one renamed, and the three indexes made again.

const COLUMNS = `id, created_at, channel, topic, lead_kind, lead_id, recipient, subject, payload, signature,
  status, attempts, next_attempt_at, last_error, sent_at, updated_at`;

async function rebuild(db: Kysely<any>, channels: string): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`
    CREATE TABLE outbox_next (
      id INTEGER PRIMARY KEY,
      created_at TEXT NOT NULL,
      channel TEXT NOT NULL CHECK (channel IN (${channels})),
      topic TEXT NOT NULL,
      lead_kind TEXT,
      lead_id INTEGER,
      recipient TEXT NOT NULL,
      subject TEXT NOT NULL,
      payload TEXT NOT NULL,
      signature TEXT,
      status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      last_error TEXT,
      sent_at TEXT,
      updated_at TEXT NOT NULL
    )`);
  await run(`INSERT INTO outbox_next (${COLUMNS}) SELECT ${COLUMNS} FROM outbox ORDER BY id`);
  await run("DROP TABLE outbox");
  await run("ALTER TABLE outbox_next RENAME TO outbox");
  // The sender's question: which queued messages are due, soonest first.
  await run("CREATE INDEX outbox_queued_due ON outbox (next_attempt_at) WHERE status = 'queued'");
  // The outbox page: newest first, all or one status.
  await run("CREATE INDEX outbox_created ON outbox (created_at, id)");
  await run("CREATE INDEX outbox_status_created ON outbox (status, created_at, id)");
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, "'email', 'webhook', 'whatsapp'");
}

export async function down(db: Kysely<any>): Promise<void> {
  // WhatsApp messages have no place in the older table.
  await sql`DELETE FROM outbox WHERE channel = 'whatsapp'`.execute(db);
  await rebuild(db, "'email', 'webhook'");
}
