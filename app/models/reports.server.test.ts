import { beforeEach, describe, expect, it } from "vitest";
import { lagosDate } from "~/lib/lagos-time";
import { ContactSchema } from "~/lib/lead-schemas";
import type { ReservationStatus } from "~/lib/reservations";
import { answerLead } from "~/use-cases/leads.server";
import { getDb, getSqlite } from "../../db/database.server";
import { TEST_PASSWORD } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import { validContact } from "../../tests/helpers/leads";
import { EXPECTED, loadReportDataset, REPORT_RANGE } from "../../tests/helpers/report-dataset";
import { createAdmin } from "./admin.server";
import { createContactMessage } from "./lead.server";
import { buildReport } from "./reports.server";

beforeEach(clearData);

describe("the Reports page's figures", () => {
  it("match a known history exactly, every one", async () => {
    const { unsold } = loadReportDataset(getSqlite());
    const report = await buildReport(REPORT_RANGE);
    expect(report.range).toEqual(REPORT_RANGE);
    expect(report.months).toEqual(EXPECTED.months);
    // Stock on hand is now: the two unsold cars of the history.
    expect(report.stock).toEqual({ count: 2, value: unsold.reduce((sum, c) => sum + c.price, 0) });
    expect(report.stock.value).toBe(20_000_000);
    expect(report.sales).toEqual(EXPECTED.sales);
    expect(report.leads).toEqual(EXPECTED.leads);
    expect(report.signals).toEqual(EXPECTED.signals);
    expect(report.firstResponse).toEqual(EXPECTED.firstResponse);
  });

  it("counts each month in Lagos time and nothing outside the range", async () => {
    loadReportDataset(getSqlite());
    const april = await buildReport({ from: "2019-04-01", to: "2019-04-01" });
    expect(april.months).toEqual(["2019-04"]);
    expect(april.sales).toMatchObject({ count: [1], value: [5_000_000], averageDaysToSale: 121 });
    expect(april.leads).toMatchObject({ total: 0, won: 0, wonShare: null });
    expect(april.firstResponse).toEqual({ staff: [], answered: 0, unanswered: 0, medianMs: null });
    const july = await buildReport({ from: "2019-07-01", to: "2019-07-31" });
    expect(july.leads.byKind.contact).toEqual([1]);
    // The July message was answered by bayo 8 h 30 min after it came (23:30 UTC, already July in Lagos).
    expect(july.firstResponse).toMatchObject({ staff: [{ staff: "bayo", answered: 1, medianMs: 8.5 * 3_600_000 }] });
    const empty = await buildReport({ from: "2000-01-01", to: "2000-02-29" });
    expect(empty.sales).toEqual({
      count: [0, 0],
      value: [0, 0],
      totalCount: 0,
      totalValue: 0,
      withoutPrice: 0,
      averageDaysToSale: null,
    });
  });
});

describe("the time to a first status change", () => {
  it("is read from the history the lead page writes: a note alone is not an answer", async () => {
    const admin = await createAdmin("report-tunde", TEST_PASSWORD, "sales");
    const actor = {
      kind: "staff" as const,
      admin: { id: admin.id, username: admin.username, role: admin.role },
      ip: "10.0.0.9",
    };
    const message = await createContactMessage(
      getDb(),
      ContactSchema.parse({ ...validContact(), message: "Report timing" }),
    );
    // The message came in 90 minutes ago.
    const came = new Date(Date.now() - 90 * 60_000).toISOString();
    await getDb().updateTable("contact_messages").set({ created_at: came }).where("id", "=", message.id).execute();
    await answerLead(actor, "contact", message.id, { note: "Called, no answer" });
    const today = { from: lagosDate(came), to: lagosDate() };
    expect((await buildReport(today)).firstResponse).toMatchObject({ staff: [], answered: 0, unanswered: 1 });
    await answerLead(actor, "contact", message.id, { status: "contacted" });
    const { firstResponse } = await buildReport(today);
    expect(firstResponse).toMatchObject({ answered: 1, unanswered: 0 });
    expect(firstResponse.staff).toEqual([{ staff: "report-tunde", answered: 1, medianMs: expect.any(Number) }]);
    // About 90 minutes, whatever the test's own speed.
    expect(firstResponse.staff[0].medianMs).toBeGreaterThanOrEqual(90 * 60_000 - 1_000);
    expect(firstResponse.staff[0].medianMs).toBeLessThan(95 * 60_000);
  });
});

describe("reservations in the report", () => {
  it("count deposits by the Lagos month paid, refunds among them, and sales from a reservation", async () => {
    const db = getDb();
    const car = await makeCar({});
    const reservation = (ref: string, status: ReservationStatus, paid_at: string | null, amount = 100_000) =>
      db
        .insertInto("reservations")
        .values({
          reference: ref,
          car_id: car,
          car_label: "Toyota Camry 2020",
          name: "Ada",
          email: "ada@example.com",
          phone: "+2348035550142",
          amount,
          status,
          hold_until: "2026-03-01T00:00:00.000Z",
          paid_at,
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
        })
        .execute();
    // 23:30 UTC on 31 January is already February in Lagos.
    await reservation("LPA-a", "converted", "2026-01-31T23:30:00.000Z", 150_000);
    await reservation("LPA-b", "expired", "2026-01-10T10:00:00.000Z");
    await reservation("LPA-c", "refunded", "2026-02-03T10:00:00.000Z");
    await reservation("LPA-d", "cancelled", null);
    await reservation("LPA-e", "expired", "2025-12-31T10:00:00.000Z");
    await db
      .insertInto("car_sales")
      .values({
        car_id: car,
        make: "Toyota",
        model: "Camry",
        year: 2020,
        color: "Black",
        date_sold: "2026-02-05",
        time_sold: "10:00",
        created_at: "2026-02-05T09:00:00.000Z",
        price: 20_000_000,
        listed_at: "2026-01-01T00:00:00.000Z",
        sale_price: null,
        deposit: 150_000,
        reservation_reference: "LPA-a",
      })
      .execute();
    const report = await buildReport({ from: "2026-01-01", to: "2026-02-28" });
    expect(report.reservations).toEqual({
      deposits: [1, 2],
      depositValue: [100_000, 250_000],
      totalDeposits: 3,
      totalDepositValue: 350_000,
      refunds: 1,
      converted: [0, 1],
      totalConverted: 1,
    });
  });
});
