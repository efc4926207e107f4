import { beforeEach, describe, expect, it } from "vitest";
import { getSqlite } from "../../db/database.server";
import { clearData } from "../../tests/helpers/db";
import { EXPECTED, loadReportDataset, REPORT_RANGE } from "../../tests/helpers/report-dataset";
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
  });

  it("counts each month in Lagos time and nothing outside the range", async () => {
    loadReportDataset(getSqlite());
    const april = await buildReport({ from: "2019-04-01", to: "2019-04-01" });
    expect(april.months).toEqual(["2019-04"]);
    expect(april.sales).toMatchObject({ count: [1], value: [5_000_000], averageDaysToSale: 121 });
    expect(april.leads).toMatchObject({ total: 0, won: 0, wonShare: null });
    const july = await buildReport({ from: "2019-07-01", to: "2019-07-31" });
    expect(july.leads.byKind.contact).toEqual([1]);
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
