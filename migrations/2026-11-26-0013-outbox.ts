import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// The outbox: every email and webhook the site sends is first a row here, written in the same
// transaction as the lead that causes it, then delivered by the sender in the server process
// with retries. A row is the whole message as it will be sent:
// - channel 'email' (recipient: an address; payload: JSON with the text, the HTML, the reply-to
//   address and any attachments) or 'webhook' (recipient: the URL; payload: the exact JSON body;
//   signature: its HMAC-SHA256, made when it was queued);
// - topic: what it is for ('staff-alert', 'confirmation', 'digest', 'webhook'); lead_kind and
//   lead_id name the lead it is about (NULL for the digest);
// - status 'queued' (next_attempt_at says when), 'sent' (sent_at) or 'failed' (last_error holds
//   the mail server's or the receiver's answer); attempts counts the tries.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE outbox (
      id INTEGER PRIMARY KEY,
      created_at TEXT NOT NULL,
      channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
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
    )`.execute(db);
  // The sender's question: which queued messages are due, soonest first.
  await sql`CREATE INDEX outbox_queued_due ON outbox (next_attempt_at) WHERE status = 'queued'`.execute(db);
  // The outbox page: newest first, all or one status.
  await sql`CREATE INDEX outbox_created ON outbox (created_at, id)`.execute(db);
  await sql`CREATE INDEX outbox_status_created ON outbox (status, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS outbox`.execute(db);
}
