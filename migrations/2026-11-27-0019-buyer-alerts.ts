import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// Buyers' alerts ("tell me when it arrives", "tell me if the price drops"):
// - buyer_alerts: one row per alert. kind 'search' (search: the canonical /browse query string)
//   or 'price' (car_id). status 'pending' until the buyer confirms through the emailed link
//   (confirm_hash: the SHA-256 of that link's token, confirm_expires_at 7 days on), then
//   'active'; 'ended' once its car is sold; 'removed' when the buyer leaves. leave_token is the
//   random token of the alert's one-click unsubscribe link. last_sent_day (Lagos date) keeps an
//   alert to one "new matches" email a day; matches_sent counts the cars it has told about.
// - alert_contacts: one row per email address: its random manage_token (the link to the page
//   listing the address's alerts) and the WhatsApp number given last, if any.
// - alert_matches: each (alert, car) pair once: the car newly matched the alert. sent_at is NULL
//   while it waits for the next day's email.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE alert_contacts (
      email TEXT PRIMARY KEY COLLATE NOCASE,
      manage_token TEXT NOT NULL UNIQUE,
      whatsapp TEXT,
      created_at TEXT NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE buyer_alerts (
      id INTEGER PRIMARY KEY,
      email TEXT NOT NULL COLLATE NOCASE REFERENCES alert_contacts (email) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('search', 'price')),
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
    )`.execute(db);
  await sql`CREATE INDEX buyer_alerts_email ON buyer_alerts (email)`.execute(db);
  await sql`CREATE INDEX buyer_alerts_active_search ON buyer_alerts (kind) WHERE status = 'active'`.execute(db);
  await sql`CREATE INDEX buyer_alerts_car ON buyer_alerts (car_id) WHERE car_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX buyer_alerts_confirm ON buyer_alerts (confirm_hash)`.execute(db);
  await sql`
    CREATE TABLE alert_matches (
      alert_id INTEGER NOT NULL REFERENCES buyer_alerts (id) ON DELETE CASCADE,
      car_id INTEGER NOT NULL REFERENCES cars (id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      sent_at TEXT,
      PRIMARY KEY (alert_id, car_id)
    ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX alert_matches_waiting ON alert_matches (alert_id) WHERE sent_at IS NULL`.execute(db);
  await sql`CREATE INDEX alert_matches_car ON alert_matches (car_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS alert_matches`.execute(db);
  await sql`DROP TABLE IF EXISTS buyer_alerts`.execute(db);
  await sql`DROP TABLE IF EXISTS alert_contacts`.execute(db);
}
