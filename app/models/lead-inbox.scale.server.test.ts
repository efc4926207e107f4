import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { LeadFilters } from "~/lib/leads";
import { getDb, getSqlite } from "../../db/database.server";
import { clearData, insertManyCars } from "../../tests/helpers/db";
import { activityQueries } from "./activity.server";
import { inspectionQueries } from "./lead.server";
import { leadQueries, pageLeads } from "./lead-inbox.server";
import { firstResponseQuery } from "./reports.server";

/**
 * The inbox must stay fast at 50,000 leads: every filter is answered through an index (never by
 * reading every lead), for the count and for a deep page. Timings never decide a test; the query
 * plans do.
 */

const LEADS = 50_000;
let carOf17 = 0;

beforeAll(async () => {
  await clearData();
  insertManyCars(400);
  const sqlite = getSqlite();
  const carIds = (sqlite.prepare("SELECT id FROM cars ORDER BY id").all() as { id: number }[]).map((c) => c.id);
  carOf17 = carIds[3]; // its leads are loans (i % 400 = 3 means i % 5 = 3)
  const start = Date.UTC(2024, 0, 1);
  const at = (i: number) => new Date(start + i * 600_000).toISOString(); // one lead every 10 minutes
  const phone = (i: number) => `+23480${String(30_000_000 + i).padStart(8, "0")}`;
  const day = (i: number) => new Date(start + i * 600_000 + (i % 60) * 86_400_000).toISOString().slice(0, 10);
  const inspection = sqlite.prepare(`INSERT INTO inspections
    (name, phone, email, car_make, car_model, inspection_date, other_info, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const contact = sqlite.prepare(
    "INSERT INTO contact_messages (name, phone, email, message, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const newsletter = sqlite.prepare("INSERT INTO newsletter_subscriptions (name, email, created_at) VALUES (?, ?, ?)");
  const loan = sqlite.prepare(`INSERT INTO loan_applications
    (car_id, car_name, loan_amount, initial_deposit, loan_period, monthly_repayment, created_at, reference)
    VALUES (?, ?, 1000000, 400000, '3 months', 200000, ?, ?)`);
  const click = sqlite.prepare(
    "INSERT INTO whatsapp_clicks (car_id, car_label, from_path, created_at) VALUES (?, ?, ?, ?)",
  );
  const status = sqlite.prepare("UPDATE leads SET status = ? WHERE id = ?");
  sqlite.transaction(() => {
    for (let i = 0; i < LEADS; i++) {
      const name = `Buyer ${i} ${["Okafor", "Bello", "Adeyemi", "Obi", "Eze"][i % 5]}`;
      switch (i % 5) {
        case 0:
          // Bookings for a day a few weeks after they came in, so the date views have every kind of day.
          inspection.run(name, phone(i), `b${i}@example.com`, "Toyota", "Camry", day(i), null, at(i));
          break;
        case 1:
          contact.run(name, phone(i), `b${i}@example.com`, `Is car ${i} still available?`, at(i));
          break;
        case 2:
          newsletter.run(name, `b${i}@example.com`, at(i));
          break;
        case 3:
          loan.run(carIds[i % 400], `Car ${i % 400}`, at(i), `ref${i}`);
          break;
        default:
          click.run(carIds[i % 400], `Car ${i % 400}`, "/browse", at(i));
      }
    }
    // Most leads get answered over time: a realistic spread of statuses.
    for (let id = 1; id <= LEADS; id++) {
      const s = id % 10 === 0 ? "new" : id % 10 < 5 ? "contacted" : id % 10 < 8 ? "won" : "lost";
      if (s !== "new") status.run(s, id);
    }
  })();
  await sql`ANALYZE`.execute(getDb());
}, 120_000);

async function plan(query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<string> {
  const { sql: text, parameters } = query.compile();
  const rows = getSqlite()
    .prepare(`EXPLAIN QUERY PLAN ${text}`)
    .all(...parameters) as { detail: string }[];
  return rows.map((r) => r.detail).join("\n");
}

const FILTERS: [string, LeadFilters, RegExp][] = [
  ["kind", { kind: "loan" }, /leads_kind_(status_)?created|sqlite_autoindex_leads_1/],
  ["status", { status: "new" }, /leads_status_created/],
  ["car", { car: 17 }, /leads_car_created/], // the plan does not depend on which car
  ["from", { from: "2024-06-01" }, /leads_created/],
  ["to", { to: "2024-02-01" }, /leads_created/],
  ["from + to", { from: "2024-03-01", to: "2024-03-31" }, /leads_created/],
  ["q (name)", { q: "buyer 4242" }, /leads_fts/],
  ["q (phone)", { q: "0803 004 2421" }, /leads_fts/],
  ["kind + status", { kind: "contact", status: "won" }, /leads_kind_status_created/],
  ["kind + dates", { kind: "whatsapp", from: "2024-05-01", to: "2024-05-31" }, /leads_(kind_)?created/],
  ["status + car + q", { status: "new", car: 3, q: "car" }, /leads_(car_created|fts)|leads_status_created/],
  ["assignee", { assignee: "tunde" }, /leads_assignee_created/],
  ["assignee + status (My new leads)", { assignee: "tunde", status: "new" }, /leads_assignee_status_created/],
  ["category", { category: "incomplete" }, /leads_category_(status_)?created/],
  ["category + status (New leads)", { category: "lead", status: "new" }, /leads_category_status_created/],
  [
    "category + status + assignee (My new leads)",
    { category: "lead", status: "new", assignee: "tunde" },
    /leads_(assignee|category)_(status_)?created/,
  ],
];

describe(`the leads inbox at ${LEADS.toLocaleString("en")} leads`, () => {
  it("has them all in the registry", async () => {
    expect((await pageLeads({}, 1, 25)).total).toBe(LEADS);
  });

  it.each(FILTERS)("%s is served by an index, for the count and for a deep page", async (_name, filters, index) => {
    for (const offset of [0, 2_000]) {
      const { count, ids } = leadQueries(filters, { limit: 25, offset });
      for (const lines of [await plan(count), await plan(ids)]) {
        expect(lines).toMatch(index);
        // Neither the table nor a whole index is read to answer a filter.
        expect(lines, lines).not.toMatch(/^SCAN leads\b/m);
      }
      // One filter (or kind and status): the index gives the page in order, no sorting of the matches.
      if (!filters.q && Object.keys(filters).length === 1) expect(await plan(ids)).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("without filters walks the date index alone, newest first, without sorting", async () => {
    const { count, ids } = leadQueries({}, { limit: 25, offset: 49_000 });
    const idsPlan = await plan(ids);
    expect(idsPlan).toMatch(/SCAN leads USING COVERING INDEX leads_created/);
    expect(idsPlan).not.toMatch(/TEMP B-TREE/);
    expect(await plan(count)).toMatch(/USING COVERING INDEX/);
  });

  it("gives the same answers as a plain reading of the rows", async () => {
    const all = getSqlite().prepare("SELECT kind, source_id, status, car_id, created_at FROM leads").all() as {
      kind: string;
      source_id: number;
      status: string;
      car_id: number | null;
      created_at: string;
    }[];
    const total = async (f: LeadFilters) => (await pageLeads(f, 1, 25)).total;
    expect(await total({ kind: "loan" })).toBe(all.filter((l) => l.kind === "loan").length);
    expect(await total({ status: "new" })).toBe(all.filter((l) => l.status === "new").length);
    expect(await total({ car: carOf17 })).toBeGreaterThan(0);
    expect(await total({ car: carOf17 })).toBe(all.filter((l) => l.car_id === carOf17).length);
    expect(await total({ from: "2024-03-01", to: "2024-03-31" })).toBe(
      all.filter((l) => l.created_at >= "2024-02-29T23:00:00.000Z" && l.created_at < "2024-03-31T23:00:00.000Z").length,
    );
    // Every word is a prefix: "4242" also finds 42422 and 42427.
    expect((await pageLeads({ q: "buyer 4242 adeyemi" }, 1, 25)).leads.map((l) => l.name)).toEqual([
      "Buyer 42427 Adeyemi",
      "Buyer 42422 Adeyemi",
      "Buyer 4242 Adeyemi",
    ]);
    expect((await pageLeads({ q: "0803 004 2421" }, 1, 25)).leads.map((l) => l.name)).toEqual(["Buyer 42421 Bello"]);
    const deep = await pageLeads({ kind: "contact" }, 300, 25);
    const expected = all
      .filter((l) => l.kind === "contact")
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(299 * 25, 300 * 25)
      .map((l) => l.source_id);
    expect(deep.leads.map((l) => l.id)).toEqual(expected);
  });

  it("counts what the dashboard counts as a plain reading of the rows does", async () => {
    const all = getSqlite().prepare("SELECT kind, status, name, source_id FROM leads").all() as {
      kind: string;
      status: string;
      name: string | null;
      source_id: number;
    }[];
    const answerable = all.filter(
      (l) => ["inspection", "contact", "sourcing"].includes(l.kind) || (l.kind === "loan" && l.name !== null),
    );
    expect((await pageLeads({ category: "lead", status: "new" }, 1, 25)).total).toBe(
      answerable.filter((l) => l.status === "new").length,
    );
    // These loans never got their client information.
    expect((await pageLeads({ category: "incomplete" }, 1, 25)).total).toBe(
      all.filter((l) => l.kind === "loan").length,
    );
  });

  it("lists inspections by date through inspections_date, never reading every booking", async () => {
    const today = "2024-03-15";
    for (const view of ["upcoming", "today", "past"] as const) {
      for (const offset of [0, 2_000]) {
        const { count, page } = inspectionQueries(view, today, { limit: 25, offset });
        for (const lines of [await plan(count), await plan(page)]) {
          expect(lines, `${view}\n${lines}`).toMatch(/inspections_date/);
          expect(lines, lines).not.toMatch(/^SCAN inspections\b/m);
        }
        // The index gives each view in its order: no sorting of the bookings.
        expect(await plan(page)).not.toMatch(/TEMP B-TREE/);
      }
    }
  });

  it("finds each lead's first status change through the activity trail's index", async () => {
    const lines = await plan({ compile: () => firstResponseQuery("2024-01-01", "2024-02-01").compile(getDb()) });
    expect(lines).toMatch(/leads_category_created/);
    expect(lines).toMatch(/activity_target/);
    expect(lines).not.toMatch(/^SCAN (leads|activity)\b/m);
  });

  it("filters the activity trail through its indexes too", async () => {
    for (const filters of [{ admin: "boss" }, { kind: "lead" as const }]) {
      const { count, ids } = activityQueries(filters, { limit: 50, offset: 0 });
      for (const lines of [await plan(count), await plan(ids)]) expect(lines).not.toMatch(/^SCAN activity\b/m);
    }
  });
});
