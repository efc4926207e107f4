import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import * as leadFigures from "../migrations/2026-11-26-0012-lead-figures";
import { migrations } from "../migrations/index";

const NAME = "2026-11-26-0012-lead-figures";
const AT = "2026-11-01T10:00:00.000Z";

/** A database as it was before the migration, with a booking, a message and two loan applications. */
async function beforeLeadFigures(): Promise<{ db: Kysely<any>; sqlite: Database.Database }> {
  const sqlite = new Database(":memory:");
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  for (const [name, migration] of Object.entries(migrations)) {
    if (name === NAME) break;
    await migration.up(db);
  }
  sqlite.exec(`
    INSERT INTO inspections (name, phone, email, car_make, car_model, inspection_date, other_info, created_at)
      VALUES ('Ada', '+2348035550142', 'ada@example.com', 'Toyota', 'Camry', '2026-11-05', NULL, '${AT}');
    INSERT INTO contact_messages (name, phone, email, message, created_at)
      VALUES ('Bayo', '+2348125550178', 'bayo@example.com', 'Still there?', '${AT}');
    INSERT INTO loan_applications (car_id, car_name, loan_amount, initial_deposit, loan_period, monthly_repayment,
      created_at, reference)
      VALUES (NULL, 'Kia Rio 2019 Red', 10000000, 4000000, '6 months', 1000000, '${AT}', 'a'),
             (NULL, 'Kia Rio 2019 Red', 10000000, 4500000.5, '3 months', 1833333.17, '${AT}', 'b');
    INSERT INTO client_infos (loan_application_id, name, email, phone, age_bracket, income_range, client_location,
      client_id, bvn_available, deposit_available, employment_status, referral, created_at)
      VALUES (1, 'Chi', 'chi@example.com', '+2349095550113', '26 - 35', '400k - 800k', 'Ikeja', 'Yes', 'Yes', 'No',
      'Employed', NULL, '${AT}');
    INSERT INTO whatsapp_clicks (car_id, car_label, from_path, created_at) VALUES (NULL, NULL, '/', '${AT}');
  `);
  return { db, sqlite };
}

const leads = (sqlite: Database.Database) =>
  sqlite.prepare("SELECT kind, source_id, car_id, category, summary FROM leads ORDER BY kind, source_id").all();

describe(`migration ${NAME}`, () => {
  it("keeps earlier leads carless, sorts every lead for the figures, names the amount financed", async () => {
    const { db, sqlite } = await beforeLeadFigures();
    await leadFigures.up(db);
    expect(leads(sqlite)).toEqual([
      { kind: "contact", source_id: 1, car_id: null, category: "lead", summary: "Still there?" },
      {
        kind: "inspection",
        source_id: 1,
        car_id: null,
        category: "lead",
        summary: "Toyota Camry, inspection on 2026-11-05",
      },
      {
        kind: "loan",
        source_id: 1,
        car_id: null,
        category: "lead",
        summary: "Loan for Kia Rio 2019 Red: ₦6,000,000 over 6 months",
      },
      {
        kind: "loan",
        source_id: 2,
        car_id: null,
        category: "incomplete",
        summary: "Loan for Kia Rio 2019 Red: ₦5,500,000 over 3 months",
      },
      { kind: "whatsapp", source_id: 1, car_id: null, category: "signal", summary: "WhatsApp chat from /" },
    ]);
    // New bookings and messages carry their car into the registry.
    sqlite.exec(`
      INSERT INTO inspections (name, phone, email, car_make, car_model, inspection_date, other_info, car_id, created_at)
        VALUES ('Dayo', '+2348035550199', 'dayo@example.com', 'Kia', 'Rio', '2026-11-09', NULL, 7, '${AT}');
      INSERT INTO contact_messages (name, phone, email, message, car_id, created_at)
        VALUES ('Efe', '+2348125550100', 'efe@example.com', 'Price?', 7, '${AT}');
    `);
    const carLeads = sqlite.prepare("SELECT kind FROM leads WHERE car_id = 7 ORDER BY kind").all();
    expect(carLeads).toEqual([{ kind: "contact" }, { kind: "inspection" }]);
    // A generated column: client information arriving makes the application a lead at once.
    sqlite.exec(`INSERT INTO client_infos (loan_application_id, name, email, phone, age_bracket, income_range,
      client_location, client_id, bvn_available, deposit_available, employment_status, referral, created_at)
      VALUES (2, 'Femi', 'femi@example.com', '+2349095550114', '26 - 35', '400k - 800k', 'Yaba', 'Yes', 'Yes', 'No',
      'Employed', NULL, '${AT}')`);
    expect(sqlite.prepare("SELECT category FROM leads WHERE kind = 'loan' AND source_id = 2").get()).toEqual({
      category: "lead",
    });
    const indexes = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(["inspections_date", "leads_category_created", "leads_category_status_created"]),
    );
  });

  it("goes back down to the registry as it was", async () => {
    const { db, sqlite } = await beforeLeadFigures();
    const registry = () =>
      sqlite.prepare("SELECT kind, source_id, car_id, summary FROM leads ORDER BY kind, source_id").all();
    const earlier = registry();
    await leadFigures.up(db);
    await leadFigures.down(db);
    expect(registry()).toEqual(earlier);
    const columns = (table: string) =>
      (sqlite.prepare(`PRAGMA table_xinfo(${table})`).all() as { name: string }[]).map((c) => c.name);
    expect(columns("inspections")).not.toContain("car_id");
    expect(columns("contact_messages")).not.toContain("car_id");
    expect(columns("leads")).not.toContain("category");
    // The triggers work as before.
    sqlite.exec(`INSERT INTO contact_messages (name, phone, email, message, created_at)
      VALUES ('Gbenga', '+2348125550101', 'g@example.com', 'Hello', '${AT}')`);
    expect(sqlite.prepare("SELECT count(*) AS n FROM leads WHERE kind = 'contact'").get()).toEqual({ n: 2 });
  });
});
