import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// A newsletter with recorded consent (double opt-in):
// - newsletter_subscriptions gets status 'pending' until the address confirms through the emailed
//   link (confirm_hash: the SHA-256 of that link's token; confirm_sent_at: when the link was sent,
//   it works for 7 days), then 'confirmed' (confirmed_at). source_page is the page the sign-up came
//   from ('/' for the home page's form, '/api/newsletter' for the API). leave_token is the random
//   token of the one-click leave link of every newsletter email.
// - Sign-ups stored before this migration have no record of consent to a weekly email: they stay
//   'pending' with no link sent and are never mailed until they sign up again and confirm.
// - The leads registry's summary of a sign-up says whether it is confirmed (its triggers are made
//   again; existing summaries follow).

const LEAD_COLUMNS = "kind, source_id, created_at, name, phone, email, car_id, summary, search_text";
const SUMMARY = (r: string) =>
  `CASE ${r}.status WHEN 'confirmed' THEN 'Newsletter: confirmed' ELSE 'Newsletter: not confirmed' END`;
const WORDS = (r: string) => `trim(coalesce(${r}.name, '') || ' ' || coalesce(${r}.email, ''))`;

export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(
    `ALTER TABLE newsletter_subscriptions ADD COLUMN status TEXT NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'confirmed'))`,
  );
  await run("ALTER TABLE newsletter_subscriptions ADD COLUMN confirm_hash TEXT");
  await run("ALTER TABLE newsletter_subscriptions ADD COLUMN confirm_sent_at TEXT");
  await run("ALTER TABLE newsletter_subscriptions ADD COLUMN confirmed_at TEXT");
  await run("ALTER TABLE newsletter_subscriptions ADD COLUMN source_page TEXT");
  await run("ALTER TABLE newsletter_subscriptions ADD COLUMN leave_token TEXT");
  await run("UPDATE newsletter_subscriptions SET leave_token = lower(hex(randomblob(32))) WHERE leave_token IS NULL");
  await run("CREATE UNIQUE INDEX newsletter_confirm ON newsletter_subscriptions (confirm_hash)");
  await run("CREATE UNIQUE INDEX newsletter_leave ON newsletter_subscriptions (leave_token)");
  await run("CREATE INDEX newsletter_confirmed ON newsletter_subscriptions (id) WHERE status = 'confirmed'");

  await run("DROP TRIGGER IF EXISTS newsletter_subscriptions_lead_ai");
  await run("DROP TRIGGER IF EXISTS newsletter_subscriptions_lead_au");
  await run(`CREATE TRIGGER newsletter_subscriptions_lead_ai AFTER INSERT ON newsletter_subscriptions BEGIN
      INSERT INTO leads (${LEAD_COLUMNS})
      VALUES ('newsletter', new.id, new.created_at, new.name, NULL, new.email, NULL,
        ${SUMMARY("new")}, ${WORDS("new")});
    END`);
  await run(`CREATE TRIGGER newsletter_subscriptions_lead_au AFTER UPDATE ON newsletter_subscriptions BEGIN
      UPDATE leads SET created_at = new.created_at, name = new.name, email = new.email,
        summary = ${SUMMARY("new")}, search_text = ${WORDS("new")}
      WHERE kind = 'newsletter' AND source_id = new.id;
    END`);
  await run(`UPDATE leads SET summary = 'Newsletter: not confirmed' WHERE kind = 'newsletter'`);
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("DROP TRIGGER IF EXISTS newsletter_subscriptions_lead_ai");
  await run("DROP TRIGGER IF EXISTS newsletter_subscriptions_lead_au");
  await run(`CREATE TRIGGER newsletter_subscriptions_lead_ai AFTER INSERT ON newsletter_subscriptions BEGIN
      INSERT INTO leads (${LEAD_COLUMNS})
      VALUES ('newsletter', new.id, new.created_at, new.name, NULL, new.email, NULL,
        'Newsletter sign-up', ${WORDS("new")});
    END`);
  await run(`CREATE TRIGGER newsletter_subscriptions_lead_au AFTER UPDATE ON newsletter_subscriptions BEGIN
      UPDATE leads SET created_at = new.created_at, name = new.name, email = new.email,
        summary = 'Newsletter sign-up', search_text = ${WORDS("new")}
      WHERE kind = 'newsletter' AND source_id = new.id;
    END`);
  await run(`UPDATE leads SET summary = 'Newsletter sign-up' WHERE kind = 'newsletter'`);
  await run("DROP INDEX IF EXISTS newsletter_confirm");
  await run("DROP INDEX IF EXISTS newsletter_leave");
  await run("DROP INDEX IF EXISTS newsletter_confirmed");
  for (const column of ["status", "confirm_hash", "confirm_sent_at", "confirmed_at", "source_page", "leave_token"]) {
    await run(`ALTER TABLE newsletter_subscriptions DROP COLUMN ${column}`);
  }
}
