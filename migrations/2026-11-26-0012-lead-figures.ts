import { type Kysely, sql } from "kysely";

// Frozen: never import app code here, never edit after it has landed. Add a new file instead.
//
// Lead figures staff can trust:
// - inspections.car_id and contact_messages.car_id: the car a booking or a message was sent from
//   (its page, or the lightbox). No foreign key, as for loan applications and chat clicks: the
//   lead keeps naming the car after the car is deleted. Rows stored before stay NULL.
// - the leads registry copies that car_id for these two kinds (their insert and edit triggers are
//   made again); a message's search text also holds the car's name.
// - leads.category, a virtual generated column, sorts every lead into what the figures count:
//   'lead' (a person to answer: a booking, a message, a completed loan application, a sourcing
//   request), 'signal' (a WhatsApp click or a newsletter sign-up, counted apart) or 'incomplete'
//   (a loan application whose client information never came). Being generated, it cannot drift
//   from the row: client information arriving turns 'incomplete' into 'lead' at once. Indexed for
//   the inbox's "Show" filter and the dashboard's counts. (A rebuild of `leads` must now list its
//   columns: INSERT ... SELECT * cannot write a generated column.)
// - a loan lead's summary names the amount financed (car price minus deposit):
//   'Loan for Toyota Camry 2020 Black: ₦15,000,000 over 3 months'; existing summaries follow.
// - inspections_date: the back office lists bookings by their inspection date (today, upcoming
//   soonest first, past latest first).

const LEAD_COLUMNS = "kind, source_id, created_at, name, phone, email, car_id, summary, search_text";

/** Words joined by spaces, blanks left out. */
const words = (...exprs: string[]) => `trim(${exprs.map((e) => `coalesce(${e}, '')`).join(` || ' ' || `)})`;

/** A stored phone (+2348035550142) with its local (08035550142) and national (8035550142) writings. */
const phoneWords = (p: string) =>
  `CASE WHEN ${p} LIKE '+234%' THEN ${p} || ' 0' || substr(${p}, 5) || ' ' || substr(${p}, 5) ELSE ${p} END`;

/** The car's name ("Toyota Camry 2020") when the row names a car that exists. */
const carName = (carId: string) =>
  `(SELECT c.make || ' ' || c.model || ' ' || c.year FROM cars AS c WHERE c.id = ${carId})`;

interface Source {
  kind: string;
  table: string;
  /** The registry's columns after kind and source_id (LEAD_COLUMNS' order), as SQL over the source row `r`. */
  values: (r: string) => string[];
}

const SOURCES: Source[] = [
  {
    kind: "inspection",
    table: "inspections",
    values: (r) => [
      `${r}.created_at`,
      `${r}.name`,
      `${r}.phone`,
      `${r}.email`,
      `${r}.car_id`,
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
      `${r}.car_id`,
      `substr(${r}.message, 1, 200)`,
      words(`${r}.name`, `${r}.email`, phoneWords(`${r}.phone`), `${r}.message`, carName(`${r}.car_id`)),
    ],
  },
];

/** 'Loan for Toyota Camry 2020 Black: ₦15,000,000 over 3 months' (the amount financed, to the naira). */
const loanSummary = (a: string) =>
  `'Loan for ' || ${a}.car_name || ': ₦' ||` +
  ` printf('%,d', CAST(round(${a}.loan_amount - ${a}.initial_deposit) AS INTEGER)) || ' over ' || ${a}.loan_period`;
const OLD_LOAN_SUMMARY = (a: string) => `'Loan for ' || ${a}.car_name || ' over ' || ${a}.loan_period`;

const clientWords = (c: string) =>
  words(`${c}.name`, `${c}.email`, phoneWords(`${c}.phone`), `${c}.client_location`, `${c}.referral`);
const clientOf = (a: string, column: string) =>
  `(SELECT c.${column} FROM client_infos AS c WHERE c.loan_application_id = ${a}.id ORDER BY c.id LIMIT 1)`;
const loanWords = (a: string) =>
  words(
    `${a}.car_name`,
    `(SELECT ${clientWords("c")} FROM client_infos AS c WHERE c.loan_application_id = ${a}.id ORDER BY c.id LIMIT 1)`,
  );

const CATEGORY = `CASE
    WHEN kind IN ('whatsapp', 'newsletter') THEN 'signal'
    WHEN kind = 'loan' AND name IS NULL THEN 'incomplete'
    ELSE 'lead'
  END`;

async function sourceTriggers(db: Kysely<any>, sources: Source[]): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const source of sources) {
    await run(`DROP TRIGGER IF EXISTS ${source.table}_lead_ai`);
    await run(`DROP TRIGGER IF EXISTS ${source.table}_lead_au`);
    await run(`CREATE TRIGGER ${source.table}_lead_ai AFTER INSERT ON ${source.table} BEGIN
        INSERT INTO leads (${LEAD_COLUMNS}) VALUES ('${source.kind}', new.id, ${source.values("new").join(", ")});
      END`);
    const [createdAt, name, phone, email, carId, summary, searchText] = source.values("new");
    await run(`CREATE TRIGGER ${source.table}_lead_au AFTER UPDATE ON ${source.table} BEGIN
        UPDATE leads SET created_at = ${createdAt}, name = ${name}, phone = ${phone}, email = ${email},
          car_id = ${carId}, summary = ${summary}, search_text = ${searchText}
        WHERE kind = '${source.kind}' AND source_id = new.id;
      END`);
  }
}

async function loanTriggers(db: Kysely<any>, summary: (a: string) => string): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("DROP TRIGGER IF EXISTS loan_applications_lead_ai");
  await run("DROP TRIGGER IF EXISTS loan_applications_lead_au");
  await run(`CREATE TRIGGER loan_applications_lead_ai AFTER INSERT ON loan_applications BEGIN
      INSERT INTO leads (${LEAD_COLUMNS}) VALUES ('loan', new.id, new.created_at, ${clientOf("new", "name")},
        ${clientOf("new", "phone")}, ${clientOf("new", "email")}, new.car_id, ${summary("new")}, ${loanWords("new")});
    END`);
  await run(`CREATE TRIGGER loan_applications_lead_au AFTER UPDATE ON loan_applications BEGIN
      UPDATE leads SET created_at = new.created_at, name = ${clientOf("new", "name")},
        phone = ${clientOf("new", "phone")}, email = ${clientOf("new", "email")},
        summary = ${summary("new")}, search_text = ${loanWords("new")}
      WHERE kind = 'loan' AND source_id = new.id;
    END`);
  await run(`UPDATE leads
    SET summary = (SELECT ${summary("a")} FROM loan_applications AS a WHERE a.id = leads.source_id)
    WHERE kind = 'loan' AND source_id > 0`);
}

export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("ALTER TABLE inspections ADD COLUMN car_id INTEGER");
  await run("ALTER TABLE contact_messages ADD COLUMN car_id INTEGER");
  await sourceTriggers(db, SOURCES);
  await loanTriggers(db, loanSummary);

  await run(`ALTER TABLE leads ADD COLUMN category TEXT GENERATED ALWAYS AS (${CATEGORY}) VIRTUAL`);
  await run("CREATE INDEX leads_category_created ON leads (category, created_at, id)");
  await run("CREATE INDEX leads_category_status_created ON leads (category, status, created_at, id)");

  await run("CREATE INDEX inspections_date ON inspections (inspection_date, id)");
  await run("ANALYZE");
}

/** The triggers as migration 2026-11-22-0004-leads-desk made them (no car for these kinds). */
const BEFORE: Source[] = SOURCES.map((s) => ({
  ...s,
  values: (r) => {
    const v = s.values(r);
    v[4] = "NULL";
    if (s.kind === "contact") v[6] = words(`${r}.name`, `${r}.email`, phoneWords(`${r}.phone`), `${r}.message`);
    return v;
  },
}));

export async function down(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run("DROP INDEX IF EXISTS inspections_date");
  await run("DROP INDEX IF EXISTS leads_category_status_created");
  await run("DROP INDEX IF EXISTS leads_category_created");
  await run("ALTER TABLE leads DROP COLUMN category");
  await loanTriggers(db, OLD_LOAN_SUMMARY);
  await sourceTriggers(db, BEFORE);
  await run("UPDATE leads SET car_id = NULL WHERE kind IN ('inspection', 'contact')");
  await run("ALTER TABLE contact_messages DROP COLUMN car_id");
  await run("ALTER TABLE inspections DROP COLUMN car_id");
}
