import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// The dealer's desk:
// - whatsapp_clicks: one row per counted click on a chat link (car, page, time; no personal data);
// - leads: one registry row per buyer lead of every kind (inspection, contact, loan, newsletter,
//   whatsapp) with its status, note and who changed it. Triggers on the lead tables fill it in
//   the same transaction as the lead is stored, so no code path and no outside tool can forget;
//   existing leads are copied in here. The kind and the source row's id name a lead; a loan lead
//   is its loan application (its client information fills in name, phone and email), and client
//   information sent without a loan application is a loan lead of its own, named by the negative
//   of its client_infos id so it never collides with a loan application's id;
// - leads_fts: an FTS5 index over the registry's search_text (name, email, phone in its usual
//   writings, and what the buyer wrote), kept in step by triggers;
// - activity: the audit trail of admin writes; triggers refuse every UPDATE and DELETE;
// - car_sales gets the sale price and the car's listing date (copied from the car where it still
//   exists; a trigger fills them from the car for any writer that leaves them out).

const LEAD_COLUMNS = "kind, source_id, created_at, name, phone, email, car_id, summary, search_text";

/** Words joined by spaces, blanks left out. */
const words = (...exprs: string[]) => `trim(${exprs.map((e) => `coalesce(${e}, '')`).join(` || ' ' || `)})`;

/** A stored phone (+2348035550142) with its local (08035550142) and national (8035550142) writings. */
const phoneWords = (p: string) =>
  `CASE WHEN ${p} LIKE '+234%' THEN ${p} || ' 0' || substr(${p}, 5) || ' ' || substr(${p}, 5) ELSE ${p} END`;

interface LeadSource {
  kind: string;
  table: string;
  /** The registry's columns after kind and source_id (LEAD_COLUMNS' order), as SQL over the source row `r`. */
  values: (r: string) => string[];
}

const clientWords = (c: string) =>
  words(`${c}.name`, `${c}.email`, phoneWords(`${c}.phone`), `${c}.client_location`, `${c}.referral`);

/** A loan lead's search text: the application's car and the client information linked to it, if any. */
const loanWords = (a: string) =>
  words(
    `${a}.car_name`,
    `(SELECT ${clientWords("c")} FROM client_infos AS c WHERE c.loan_application_id = ${a}.id ORDER BY c.id LIMIT 1)`,
  );

const SOURCES: LeadSource[] = [
  {
    kind: "inspection",
    table: "inspections",
    values: (r) => [
      `${r}.created_at`,
      `${r}.name`,
      `${r}.phone`,
      `${r}.email`,
      "NULL",
      `${r}.car_make || ' ' || ${r}.car_model || ', inspection on ' || ${r}.inspection_date`,
      words(`${r}.name`, `${r}.email`, phoneWords(`${r}.phone`), `${r}.car_make`, `${r}.car_model`, `${r}.other_info`),
    ],
  },
  {
    kind: "contact",
    table: "contact_messages",
    values: (r) => [
      `${r}.created_at`,
      `${r}.name`,
      `${r}.phone`,
      `${r}.email`,
      "NULL",
      `substr(${r}.message, 1, 200)`,
      words(`${r}.name`, `${r}.email`, phoneWords(`${r}.phone`), `${r}.message`),
    ],
  },
  {
    kind: "newsletter",
    table: "newsletter_subscriptions",
    values: (r) => [
      `${r}.created_at`,
      `${r}.name`,
      "NULL",
      `${r}.email`,
      "NULL",
      `'Newsletter sign-up'`,
      words(`${r}.name`, `${r}.email`),
    ],
  },
  {
    kind: "loan",
    table: "loan_applications",
    values: (r) => [
      `${r}.created_at`,
      `(SELECT c.name FROM client_infos AS c WHERE c.loan_application_id = ${r}.id ORDER BY c.id LIMIT 1)`,
      `(SELECT c.phone FROM client_infos AS c WHERE c.loan_application_id = ${r}.id ORDER BY c.id LIMIT 1)`,
      `(SELECT c.email FROM client_infos AS c WHERE c.loan_application_id = ${r}.id ORDER BY c.id LIMIT 1)`,
      `${r}.car_id`,
      `'Loan for ' || ${r}.car_name || ' over ' || ${r}.loan_period`,
      loanWords(r),
    ],
  },
  {
    kind: "whatsapp",
    table: "whatsapp_clicks",
    values: (r) => [
      `${r}.created_at`,
      "NULL",
      "NULL",
      "NULL",
      `${r}.car_id`,
      `'WhatsApp chat' || coalesce(' about the ' || ${r}.car_label, '') || coalesce(' from ' || ${r}.from_path, '')`,
      words(`${r}.car_label`, `${r}.from_path`),
    ],
  },
];

/** Client information sent without a loan application: a loan lead of its own (source id = -id). */
const orphanClientValues = (c: string) => [
  `${c}.created_at`,
  `${c}.name`,
  `${c}.phone`,
  `${c}.email`,
  "NULL",
  `'Loan client information without a loan application'`,
  clientWords(c),
];

export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);

  await run(`
    CREATE TABLE whatsapp_clicks (
      id INTEGER PRIMARY KEY,
      car_id INTEGER,
      car_label TEXT,
      from_path TEXT,
      created_at TEXT NOT NULL
    )`);

  await run(`
    CREATE TABLE leads (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('inspection', 'contact', 'loan', 'newsletter', 'whatsapp')),
      source_id INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'won', 'lost')),
      name TEXT,
      phone TEXT,
      email TEXT,
      car_id INTEGER,
      summary TEXT NOT NULL DEFAULT '',
      search_text TEXT NOT NULL DEFAULT '',
      note TEXT,
      updated_by TEXT,
      updated_at TEXT,
      UNIQUE (kind, source_id)
    )`);
  // The inbox lists newest first, filtered by kind, status, car or a date range.
  await run("CREATE INDEX leads_created ON leads (created_at, id)");
  await run("CREATE INDEX leads_kind_created ON leads (kind, created_at, id)");
  await run("CREATE INDEX leads_status_created ON leads (status, created_at, id)");
  await run("CREATE INDEX leads_kind_status_created ON leads (kind, status, created_at, id)");
  await run("CREATE INDEX leads_car_created ON leads (car_id, created_at, id) WHERE car_id IS NOT NULL");

  await run(`
    CREATE VIRTUAL TABLE leads_fts USING fts5(
      search_text,
      content = 'leads', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2'
    )`);
  await run(`CREATE TRIGGER leads_fts_ai AFTER INSERT ON leads BEGIN
      INSERT INTO leads_fts (rowid, search_text) VALUES (new.id, new.search_text);
    END`);
  await run(`CREATE TRIGGER leads_fts_ad AFTER DELETE ON leads BEGIN
      INSERT INTO leads_fts (leads_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    END`);
  await run(`CREATE TRIGGER leads_fts_au AFTER UPDATE OF search_text ON leads BEGIN
      INSERT INTO leads_fts (leads_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO leads_fts (rowid, search_text) VALUES (new.id, new.search_text);
    END`);

  for (const source of SOURCES) {
    await run(`CREATE TRIGGER ${source.table}_lead_ai AFTER INSERT ON ${source.table} BEGIN
        INSERT INTO leads (${LEAD_COLUMNS}) VALUES ('${source.kind}', new.id, ${source.values("new").join(", ")});
      END`);
    await run(`CREATE TRIGGER ${source.table}_lead_ad AFTER DELETE ON ${source.table} BEGIN
        DELETE FROM leads WHERE kind = '${source.kind}' AND source_id = old.id;
      END`);
    await run(`INSERT INTO leads (${LEAD_COLUMNS}) SELECT '${source.kind}', r.id, ${source.values("r").join(", ")}
        FROM ${source.table} AS r ORDER BY r.id`);
  }
  // A buyer's own fields, if someone edits a stored lead outside the app (the car a lead was
  // about stays, even when the car is deleted later).
  for (const source of SOURCES.filter((s) => s.kind !== "whatsapp")) {
    const [createdAt, name, phone, email, , summary, searchText] = source.values("new");
    await run(`CREATE TRIGGER ${source.table}_lead_au AFTER UPDATE ON ${source.table} BEGIN
        UPDATE leads SET created_at = ${createdAt}, name = ${name}, phone = ${phone}, email = ${email},
          summary = ${summary}, search_text = ${searchText}
        WHERE kind = '${source.kind}' AND source_id = new.id;
      END`);
  }
  // Client information completes its loan lead, or is a loan lead of its own.
  await run(`CREATE TRIGGER client_infos_lead_ai AFTER INSERT ON client_infos BEGIN
      UPDATE leads SET name = new.name, phone = new.phone, email = new.email,
        search_text = (SELECT ${loanWords("a")} FROM loan_applications AS a WHERE a.id = new.loan_application_id)
        WHERE new.loan_application_id IS NOT NULL AND kind = 'loan' AND source_id = new.loan_application_id;
      INSERT INTO leads (${LEAD_COLUMNS}) SELECT 'loan', -new.id, ${orphanClientValues("new").join(", ")}
        WHERE new.loan_application_id IS NULL;
    END`);
  await run(`CREATE TRIGGER client_infos_lead_ad AFTER DELETE ON client_infos BEGIN
      DELETE FROM leads WHERE kind = 'loan' AND source_id = -old.id;
      UPDATE leads SET name = NULL, phone = NULL, email = NULL,
        search_text = (SELECT ${loanWords("a")} FROM loan_applications AS a WHERE a.id = old.loan_application_id)
        WHERE old.loan_application_id IS NOT NULL AND kind = 'loan' AND source_id = old.loan_application_id;
    END`);
  await run(`INSERT INTO leads (${LEAD_COLUMNS}) SELECT 'loan', -c.id, ${orphanClientValues("c").join(", ")}
      FROM client_infos AS c WHERE c.loan_application_id IS NULL ORDER BY c.id`);

  await run(`
    CREATE TABLE activity (
      id INTEGER PRIMARY KEY,
      created_at TEXT NOT NULL,
      admin_id INTEGER,
      admin_username TEXT NOT NULL,
      action TEXT NOT NULL,
      target_kind TEXT NOT NULL CHECK (target_kind IN ('car', 'admin', 'lead')),
      target_id TEXT,
      target_label TEXT,
      detail TEXT
    )`);
  await run("CREATE INDEX activity_created ON activity (created_at, id)");
  await run("CREATE INDEX activity_admin_created ON activity (admin_username COLLATE NOCASE, created_at, id)");
  await run("CREATE INDEX activity_target_created ON activity (target_kind, created_at, id)");
  await run("CREATE INDEX activity_target ON activity (target_kind, target_id)");
  await run(`CREATE TRIGGER activity_no_update BEFORE UPDATE ON activity BEGIN
      SELECT RAISE(ABORT, 'The activity log cannot be changed');
    END`);
  await run(`CREATE TRIGGER activity_no_delete BEFORE DELETE ON activity BEGIN
      SELECT RAISE(ABORT, 'The activity log cannot be changed');
    END`);

  await run("ALTER TABLE car_sales ADD COLUMN price INTEGER");
  await run("ALTER TABLE car_sales ADD COLUMN listed_at TEXT");
  await run(`UPDATE car_sales SET
      price = (SELECT cars.price FROM cars WHERE cars.id = car_sales.car_id),
      listed_at = (SELECT cars.created_at FROM cars WHERE cars.id = car_sales.car_id)
    WHERE car_id IS NOT NULL`);
  await run(`CREATE TRIGGER car_sales_from_car_ai AFTER INSERT ON car_sales
    WHEN new.car_id IS NOT NULL AND (new.price IS NULL OR new.listed_at IS NULL) BEGIN
      UPDATE car_sales SET
        price = coalesce(new.price, (SELECT cars.price FROM cars WHERE cars.id = new.car_id)),
        listed_at = coalesce(new.listed_at, (SELECT cars.created_at FROM cars WHERE cars.id = new.car_id))
      WHERE id = new.id;
    END`);
  await run("ANALYZE");
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("DROP TRIGGER IF EXISTS car_sales_from_car_ai");
  await run("ALTER TABLE car_sales DROP COLUMN listed_at");
  await run("ALTER TABLE car_sales DROP COLUMN price");
  await run("DROP TABLE IF EXISTS activity");
  for (const source of SOURCES) {
    for (const event of ["ai", "ad", "au"]) await run(`DROP TRIGGER IF EXISTS ${source.table}_lead_${event}`);
  }
  await run("DROP TRIGGER IF EXISTS client_infos_lead_ai");
  await run("DROP TRIGGER IF EXISTS client_infos_lead_ad");
  await run("DROP TABLE IF EXISTS leads_fts");
  await run("DROP TABLE IF EXISTS leads");
  await run("DROP TABLE IF EXISTS whatsapp_clicks");
}
