import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// What buyers search and ask for:
// - cars_names: an FTS5 index with the trigram tokenizer over each car's make, model and the two
//   together, written without spaces, hyphens, dots or slashes ("mercedesbenz", "landcruiser"),
//   so a search finds a part of a name ("Mercedes" finds Mercedes-Benz), a name typed as one word
//   ("landcruiser") and, by counting shared trigrams, a typo ("corola"). Kept in step by triggers.
// - custom_paper becomes the one field for customs papers: where customs_duty_paid (added later)
//   was set, it wins (it was the one the staff edited last); that column and its index go, and
//   the duty-paid filter gets an index over custom_paper.
// - sourcing_requests: "Can't find it? We'll source it for you" (name, phone, the car wanted, an
//   optional budget in naira and the search it came from), a lead of kind 'sourcing' in the
//   leads registry, filled by triggers like the other lead tables. The registry's kind CHECK is
//   widened by rebuilding the table (SQLite cannot alter a CHECK); its indexes and triggers,
//   whoever added them, are read from the schema and made again.

/** A name as the trigram index holds it: lower case, no spaces, hyphens, dots or slashes. */
const squeezed = (expr: string) =>
  `lower(replace(replace(replace(replace(coalesce(${expr}, ''), ' ', ''), '-', ''), '.', ''), '/', ''))`;
const nameValues = (r: string) =>
  `${r}.id, ${squeezed(`${r}.make`)}, ${squeezed(`${r}.model`)}, ${squeezed(`${r}.make || ${r}.model`)}`;

const LEAD_COLUMNS = "kind, source_id, created_at, name, phone, email, car_id, summary, search_text";
const phoneWords = (p: string) =>
  `CASE WHEN ${p} LIKE '+234%' THEN ${p} || ' 0' || substr(${p}, 5) || ' ' || substr(${p}, 5) ELSE ${p} END`;
const sourcingValues = (r: string) => [
  `${r}.created_at`,
  `${r}.name`,
  `${r}.phone`,
  "NULL",
  "NULL",
  `'Source a car: ' || ${r}.car_wanted || coalesce(', budget ₦' || printf('%,d', ${r}.budget), '')`,
  `trim(${r}.name || ' ' || ${phoneWords(`${r}.phone`)} || ' ' || ${r}.car_wanted)`,
];

/** Rebuilds `leads` with its kind CHECK changed by `edit`, keeping rows, ids, indexes and triggers. */
async function rebuildLeads(db: Kysely<any>, edit: (createSql: string) => string): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const table = await sql<{
    sql: string;
  }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'leads'`.execute(db);
  const createSql = table.rows[0]?.sql;
  if (!createSql) throw new Error("The leads table is missing");
  const changed = edit(createSql);
  if (changed === createSql) throw new Error("The leads table's kind check was not found");
  const extras = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master
    WHERE tbl_name = 'leads' AND type IN ('index', 'trigger') AND sql IS NOT NULL`.execute(db);
  // Triggers on the lead tables name `leads`; the legacy rename leaves them as they are.
  await run("PRAGMA legacy_alter_table = ON");
  try {
    await db.transaction().execute(async (trx) => {
      const t = (text: string) => sql.raw(text).execute(trx);
      await t(changed.replace(/^CREATE TABLE "?leads"?/, "CREATE TABLE leads_rebuilt"));
      await t("INSERT INTO leads_rebuilt SELECT * FROM leads");
      await t("DROP TABLE leads");
      await t("ALTER TABLE leads_rebuilt RENAME TO leads");
      for (const row of extras.rows) await t(row.sql);
    });
  } finally {
    await run("PRAGMA legacy_alter_table = OFF");
  }
}

const KIND_CHECK = /(kind IN \([^)]*'whatsapp')/;

export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);

  await run(`CREATE VIRTUAL TABLE cars_names USING fts5(make, model, name, tokenize = 'trigram')`);
  await run(`CREATE TRIGGER cars_names_ai AFTER INSERT ON cars BEGIN
      INSERT INTO cars_names (rowid, make, model, name) VALUES (${nameValues("new")});
    END`);
  await run(`CREATE TRIGGER cars_names_ad AFTER DELETE ON cars BEGIN
      DELETE FROM cars_names WHERE rowid = old.id;
    END`);
  await run(`CREATE TRIGGER cars_names_au AFTER UPDATE OF make, model ON cars BEGIN
      DELETE FROM cars_names WHERE rowid = old.id;
      INSERT INTO cars_names (rowid, make, model, name) VALUES (${nameValues("new")});
    END`);
  await run(`INSERT INTO cars_names (rowid, make, model, name) SELECT ${nameValues("cars")} FROM cars`);

  await run(`UPDATE cars SET custom_paper = CASE customs_duty_paid WHEN 1 THEN 'Yes' ELSE 'No' END
    WHERE customs_duty_paid IS NOT NULL`);
  await run("DROP INDEX IF EXISTS cars_available_duty");
  await run("ALTER TABLE cars DROP COLUMN customs_duty_paid");
  await run(
    "CREATE INDEX cars_available_custom_paper ON cars (custom_paper COLLATE NOCASE, created_at) WHERE sold = 0",
  );

  await run(`
    CREATE TABLE sourcing_requests (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      phone TEXT NOT NULL,
      car_wanted TEXT NOT NULL,
      budget INTEGER CHECK (budget > 0),
      search TEXT,
      created_at TEXT NOT NULL
    )`);
  await run("CREATE INDEX sourcing_requests_created ON sourcing_requests (created_at)");
  await rebuildLeads(db, (text) => text.replace(KIND_CHECK, "$1, 'sourcing'"));
  await run(`CREATE TRIGGER sourcing_requests_lead_ai AFTER INSERT ON sourcing_requests BEGIN
      INSERT INTO leads (${LEAD_COLUMNS}) VALUES ('sourcing', new.id, ${sourcingValues("new").join(", ")});
    END`);
  await run(`CREATE TRIGGER sourcing_requests_lead_ad AFTER DELETE ON sourcing_requests BEGIN
      DELETE FROM leads WHERE kind = 'sourcing' AND source_id = old.id;
    END`);
  const [createdAt, name, phone, , , summary, searchText] = sourcingValues("new");
  await run(`CREATE TRIGGER sourcing_requests_lead_au AFTER UPDATE ON sourcing_requests BEGIN
      UPDATE leads SET created_at = ${createdAt}, name = ${name}, phone = ${phone},
        summary = ${summary}, search_text = ${searchText}
      WHERE kind = 'sourcing' AND source_id = new.id;
    END`);
  await run("ANALYZE");
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const event of ["ai", "ad", "au"]) await run(`DROP TRIGGER IF EXISTS sourcing_requests_lead_${event}`);
  await run("DELETE FROM leads WHERE kind = 'sourcing'");
  await rebuildLeads(db, (text) => text.replace(/, 'sourcing'/, ""));
  await run("DROP TABLE IF EXISTS sourcing_requests");

  await run("DROP INDEX IF EXISTS cars_available_custom_paper");
  await run("ALTER TABLE cars ADD COLUMN customs_duty_paid INTEGER CHECK (customs_duty_paid IN (0, 1))");
  await run(`UPDATE cars SET customs_duty_paid = CASE custom_paper WHEN 'Yes' THEN 1 WHEN 'No' THEN 0 END`);
  await run("CREATE INDEX cars_available_duty ON cars (customs_duty_paid, created_at) WHERE sold = 0");

  for (const event of ["ai", "ad", "au"]) await run(`DROP TRIGGER IF EXISTS cars_names_${event}`);
  await run("DROP TABLE IF EXISTS cars_names");
}
