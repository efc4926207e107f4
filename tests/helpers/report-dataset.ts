import type Database from "better-sqlite3";

/**
 * A small, known history for the Reports page: cars listed and sold, a sale of a car deleted
 * before prices were kept, leads of every kind around the edges of Lagos months (and a loan
 * application left before the client information), and the staff's status changes in the
 * activity trail. Written with plain SQL, so the unit tests (the app's connection) and the e2e
 * tests (the test server's database file) load the very same rows; the lead tables' triggers fill
 * the leads registry and the car_sales trigger copies each sold car's price and listing date, as
 * for any other writer. REPORT_RANGE and EXPECTED are what the Reports page must show for it.
 */

export const REPORT_RANGE = { from: "2019-01-01", to: "2019-06-30" };

export const EXPECTED = {
  months: ["2019-01", "2019-02", "2019-03", "2019-04", "2019-05", "2019-06"],
  sales: {
    count: [0, 2, 1, 1, 0, 0],
    value: [0, 30_000_000, 0, 5_000_000, 0, 0],
    totalCount: 4,
    totalValue: 35_000_000,
    withoutPrice: 1,
    // (30 + 10 + 120.979…) / 3 days, to one decimal
    averageDaysToSale: 53.7,
  },
  // Leads a person can answer; the won WhatsApp click and the abandoned loan application are not.
  leads: {
    byKind: {
      inspection: [1, 1, 0, 0, 0, 0],
      contact: [0, 1, 0, 0, 0, 0],
      loan: [0, 0, 1, 0, 0, 0],
      sourcing: [0, 0, 0, 0, 0, 0],
      reservation: [0, 0, 0, 0, 0, 0],
    },
    total: 4,
    won: 2,
    wonShare: 0.5,
    incomplete: 1,
  },
  signals: {
    whatsapp: [0, 0, 2, 0, 0, 0],
    newsletter: [2, 0, 0, 0, 0, 0],
  },
  // ada: 2 h and 24 h (median 13 h); bayo: 30 min; everyone: 30 min, 2 h, 24 h (median 2 h). The
  // booking still new has only a note; later changes and the click's change do not count.
  firstResponse: {
    staff: [
      { staff: "ada", answered: 2, medianMs: 13 * 3_600_000 },
      { staff: "bayo", answered: 1, medianMs: 30 * 60_000 },
    ],
    answered: 3,
    unanswered: 1,
    medianMs: 2 * 3_600_000,
  },
};

/** Loads the history; returns the ids of the cars still in stock it added. */
export function loadReportDataset(sqlite: Database.Database): { unsold: { id: number; price: number }[] } {
  const car = sqlite.prepare(`
    INSERT INTO cars (make, model, year, price, mileage, condition, body_type, transmission, fuel_type, drive_train,
      engine_capacity, engine_size, custom_paper, color, registration, financing, car_description, location,
      keyfeatures, sold, created_at, updated_at)
    VALUES (?, ?, 2018, ?, 50000, 'Foreign Used', 'Sedan', 'Automatic', 'Petrol', 'FWD', '2.0L', 'V4', 'Yes',
      'Black', 0, 0, 'Report dataset car', 'Lekki, Lagos', '[]', ?, ?, ?)`);
  const sale = sqlite.prepare(`
    INSERT INTO car_sales (car_id, make, model, year, color, date_sold, time_sold, created_at)
    VALUES (?, ?, ?, 2018, 'Black', ?, '10:00:00', ?)`);
  const addCar = (model: string, price: number, listed: string, sold: string | null) => {
    const id = Number(car.run("Report", model, price, sold ? 1 : 0, listed, listed).lastInsertRowid);
    if (sold) sale.run(id, "Report", model, sold, sold);
    return id;
  };
  let unsold: { id: number; price: number }[] = [];
  sqlite.transaction(() => {
    addCar("Thirty Days", 10_000_000, "2019-01-10T09:00:00.000Z", "2019-02-09T09:00:00.000Z");
    addCar("Ten Days", 20_000_000, "2019-02-01T00:00:00.000Z", "2019-02-11T00:00:00.000Z");
    // Sold at 23:30 UTC on 31 March: already 1 April in Lagos.
    addCar("Lagos April", 5_000_000, "2018-12-01T00:00:00.000Z", "2019-03-31T23:30:00.000Z");
    // Sold before the range.
    addCar("Last Year", 9_000_000, "2018-11-01T00:00:00.000Z", "2018-12-20T12:00:00.000Z");
    unsold = [
      { id: addCar("In Stock One", 7_500_000, "2019-03-01T10:00:00.000Z", null), price: 7_500_000 },
      { id: addCar("In Stock Two", 12_500_000, "2019-05-01T10:00:00.000Z", null), price: 12_500_000 },
    ];
    // A car deleted before sale prices were kept: no car, no price.
    sqlite
      .prepare(`INSERT INTO car_sales (car_id, make, model, year, color, date_sold, time_sold, created_at)
        VALUES (NULL, 'Gone', 'Car', 2010, NULL, '2019-03-05T12:00:00.000Z', '13:00:00', '2019-03-05T12:00:00.000Z')`)
      .run();

    const inspection = sqlite.prepare(`INSERT INTO inspections
      (name, phone, email, car_make, car_model, inspection_date, other_info, created_at)
      VALUES (?, '+2348035550142', 'report@example.com', 'Toyota', 'Camry', '2019-02-01', NULL, ?)`);
    const contact = sqlite.prepare(`INSERT INTO contact_messages (name, phone, email, message, created_at)
      VALUES (?, '+2348125550178', 'report@example.com', 'Report dataset', ?)`);
    const newsletter = sqlite.prepare(
      "INSERT INTO newsletter_subscriptions (name, email, created_at) VALUES (?, ?, ?)",
    );
    const loan = sqlite.prepare(`INSERT INTO loan_applications
      (car_id, car_name, loan_amount, initial_deposit, loan_period, monthly_repayment, created_at, reference)
      VALUES (NULL, 'Report Car 2018', 1000000, 400000, '3 months', 200000, ?, lower(hex(randomblob(16))))`);
    const click = sqlite.prepare(
      "INSERT INTO whatsapp_clicks (car_id, car_label, from_path, created_at) VALUES (NULL, NULL, '/', ?)",
    );
    const client = sqlite.prepare(`INSERT INTO client_infos (loan_application_id, name, email, phone, age_bracket,
      income_range, client_location, client_id, bvn_available, deposit_available, employment_status, referral,
      created_at) VALUES (?, 'Report Client', 'client@example.com', '+2349095550113', '26 - 35', '400k - 800k',
      'Ikeja, Lagos', 'Yes', 'Yes', 'No', 'Employed', NULL, ?)`);
    // A staff member's change to a lead, as the lead page records it in the activity trail.
    const changed = (who: string, kind: string, id: number | bigint, at: string, detail: string) =>
      sqlite
        .prepare(`INSERT INTO activity (created_at, admin_id, admin_username, action, target_kind, target_id,
          target_label, detail) VALUES (?, NULL, ?, 'lead.update', 'lead', ?, 'Report lead', ?)`)
        .run(at, who, `${kind}/${id}`, detail);
    const won = (kind: string, id: number | bigint) =>
      sqlite.prepare("UPDATE leads SET status = 'won' WHERE kind = ? AND source_id = ?").run(kind, id);
    const lost = (kind: string, id: number | bigint) =>
      sqlite.prepare("UPDATE leads SET status = 'lost' WHERE kind = ? AND source_id = ?").run(kind, id);

    const wonInspection = inspection.run("Report Won Inspection", "2019-01-15T10:00:00.000Z").lastInsertRowid;
    won("inspection", wonInspection);
    changed("ada", "inspection", wonInspection, "2019-01-15T12:00:00.000Z", "status New → Won");
    const newInspection = inspection.run("Report New Inspection", "2019-02-03T10:00:00.000Z").lastInsertRowid;
    changed("bayo", "inspection", newInspection, "2019-02-03T11:00:00.000Z", "note: called, no answer");
    const wonContact = contact.run("Report Won Contact", "2019-02-20T10:00:00.000Z").lastInsertRowid;
    won("contact", wonContact);
    changed("ada", "contact", wonContact, "2019-02-21T10:00:00.000Z", "status New → Contacted");
    changed("bayo", "contact", wonContact, "2019-02-22T10:00:00.000Z", "status Contacted → Won");
    // 23:30 UTC on 30 June is 1 July in Lagos: outside the range.
    const julyContact = contact.run("Report July Contact", "2019-06-30T23:30:00.000Z").lastInsertRowid;
    changed("bayo", "contact", julyContact, "2019-07-01T08:00:00.000Z", "status New → Contacted");
    newsletter.run("Report Reader", "report-reader@example.com", "2019-01-01T00:30:00.000Z");
    // 23:30 UTC on 31 December 2018 is already 1 January 2019 in Lagos.
    newsletter.run("Report Early Reader", "report-early@example.com", "2018-12-31T23:30:00.000Z");
    const lostLoan = loan.run("2019-03-10T10:00:00.000Z").lastInsertRowid;
    client.run(lostLoan, "2019-03-10T10:05:00.000Z");
    lost("loan", lostLoan);
    changed("bayo", "loan", lostLoan, "2019-03-10T10:30:00.000Z", "status New → Lost; note: bought elsewhere");
    // Left before the client information: not a lead.
    loan.run("2019-03-12T10:00:00.000Z");
    const wonClick = click.run("2019-03-10T11:00:00.000Z").lastInsertRowid;
    won("whatsapp", wonClick);
    changed("ada", "whatsapp", wonClick, "2019-03-10T11:05:00.000Z", "status New → Won");
    click.run("2019-03-10T12:00:00.000Z");
  })();
  return { unsold };
}
