import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// Reservations: a buyer pays a deposit through Paystack and the car is held for them.
// - reservations: one row per checkout started (reference, car, buyer, deposit in naira, status,
//   hold end). A partial unique index lets only one reservation per car be pending or paid at
//   a time, so two buyers can never hold one car, whatever code path writes.
// - each reservation is a lead of kind 'reservation' in the leads registry (triggers, as for the
//   other lead tables); the registry's kind CHECK is widened by rebuilding the table, its
//   columns read from the schema (the generated `category` is left to be computed again), its
//   indexes and triggers made again.
// - every change of a reservation's status or hold end bumps the catalogue version, so cached
//   pages show "Reserved" (or no longer) at their next request.

const LEAD_COLUMNS = "kind, source_id, created_at, name, phone, email, car_id, summary, search_text";
const BUMP = "UPDATE catalog_version SET version = version + 1 WHERE id = 1;";
const phoneWords = (p: string) =>
  `CASE WHEN ${p} LIKE '+234%' THEN ${p} || ' 0' || substr(${p}, 5) || ' ' || substr(${p}, 5) ELSE ${p} END`;
const reservationValues = (r: string) => [
  `${r}.created_at`,
  `${r}.name`,
  `${r}.phone`,
  `${r}.email`,
  `${r}.car_id`,
  `'Reservation of the ' || ${r}.car_label || ', deposit ₦' || printf('%,d', ${r}.amount)` +
    ` || ' (' || ${r}.status || ')'`,
  `trim(${r}.name || ' ' || ${r}.email || ' ' || ${phoneWords(`${r}.phone`)}` +
    ` || ' ' || ${r}.car_label || ' ' || ${r}.reference)`,
];

/** Rebuilds `leads` with its CREATE statement changed by `edit`, keeping rows, ids, indexes and triggers. */
async function rebuildLeads(db: Kysely<any>, edit: (createSql: string) => string): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const table = await sql<{
    sql: string;
  }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'leads'`.execute(db);
  const createSql = table.rows[0]?.sql;
  if (!createSql) throw new Error("The leads table is missing");
  const changed = edit(createSql);
  if (changed === createSql) throw new Error("The leads table's kind check was not found");
  const columns = await sql<{
    name: string;
    hidden: number;
  }>`SELECT name, hidden FROM pragma_table_xinfo('leads')`.execute(db);
  const stored = columns.rows
    .filter((c) => c.hidden === 0)
    .map((c) => `"${c.name}"`)
    .join(", ");
  const extras = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master
    WHERE tbl_name = 'leads' AND type IN ('index', 'trigger') AND sql IS NOT NULL`.execute(db);
  await run("PRAGMA legacy_alter_table = ON");
  try {
    await db.transaction().execute(async (trx) => {
      const t = (text: string) => sql.raw(text).execute(trx);
      await t(changed.replace(/^CREATE TABLE "?leads"?/, "CREATE TABLE leads_rebuilt"));
      await t(`INSERT INTO leads_rebuilt (${stored}) SELECT ${stored} FROM leads`);
      await t("DROP TABLE leads");
      await t("ALTER TABLE leads_rebuilt RENAME TO leads");
      for (const row of extras.rows) await t(row.sql);
    });
  } finally {
    await run("PRAGMA legacy_alter_table = OFF");
  }
}

/** The kind CHECK's list, whatever kinds other migrations added to it. */
const KIND_LIST = /(kind IN \([^)]*)\)/;

export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`
    CREATE TABLE reservations (
      id INTEGER PRIMARY KEY,
      reference TEXT NOT NULL UNIQUE,
      car_id INTEGER NOT NULL,
      car_label TEXT NOT NULL,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      phone TEXT NOT NULL,
      amount INTEGER NOT NULL CHECK (amount > 0),
      status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'paid', 'expired', 'converted', 'cancelled', 'needs_refund', 'refunded')),
      hold_until TEXT NOT NULL,
      paid_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`);
  await run("CREATE UNIQUE INDEX reservations_one_holder ON reservations (car_id) WHERE status IN ('pending', 'paid')");
  await run("CREATE INDEX reservations_holding ON reservations (hold_until) WHERE status IN ('pending', 'paid')");
  await run("CREATE INDEX reservations_created ON reservations (created_at)");

  await rebuildLeads(db, (text) => text.replace(KIND_LIST, "$1, 'reservation')"));
  await run(`CREATE TRIGGER reservations_lead_ai AFTER INSERT ON reservations BEGIN
      INSERT INTO leads (${LEAD_COLUMNS}) VALUES ('reservation', new.id, ${reservationValues("new").join(", ")});
      ${BUMP}
    END`);
  await run(`CREATE TRIGGER reservations_lead_ad AFTER DELETE ON reservations BEGIN
      DELETE FROM leads WHERE kind = 'reservation' AND source_id = old.id;
      ${BUMP}
    END`);
  const [, name, phone, email, carId, summary, searchText] = reservationValues("new");
  await run(`CREATE TRIGGER reservations_lead_au AFTER UPDATE ON reservations BEGIN
      UPDATE leads SET name = ${name}, phone = ${phone}, email = ${email}, car_id = ${carId},
        summary = ${summary}, search_text = ${searchText}
      WHERE kind = 'reservation' AND source_id = new.id;
    END`);
  await run(`CREATE TRIGGER reservations_catalog_au AFTER UPDATE OF status, hold_until ON reservations BEGIN
      ${BUMP}
    END`);
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const t of ["reservations_lead_ai", "reservations_lead_ad", "reservations_lead_au", "reservations_catalog_au"]) {
    await run(`DROP TRIGGER IF EXISTS ${t}`);
  }
  await run("DELETE FROM leads WHERE kind = 'reservation'");
  await rebuildLeads(db, (text) => text.replace(/, 'reservation'/, ""));
  await run("DROP TABLE IF EXISTS reservations");
}
