import { REPORT_MAX_MONTHS } from "~/config/constants";
import { type CsvValue, csvText } from "./csv";
import { isCalendarDate, lagosDate, monthsBetween } from "./lagos-time";
import { LEAD_KIND_LABELS, LEAD_KINDS, type LeadKind } from "./leads";

/** The Reports page: its date range, its figures and their CSV (app/models/reports.server.ts builds them). */

/** The Reports page's date range: `from` and `to` (Lagos days, both included); this year by default. */
export interface ReportRangeChoice {
  from: string;
  to: string;
  /** Why the asked range was not used (the default is shown instead); null when it was. */
  problem: string | null;
}

export function thisYear(now: Date = new Date()): { from: string; to: string } {
  const year = lagosDate(now).slice(0, 4);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

export function parseReportRange(params: URLSearchParams, now: Date = new Date()): ReportRangeChoice {
  const fallback = thisYear(now);
  const from = params.get("from")?.trim() || "";
  const to = params.get("to")?.trim() || "";
  if (!from && !to) return { ...fallback, problem: null };
  const range = { from: from || fallback.from, to: to || fallback.to };
  if (!isCalendarDate(range.from) || !isCalendarDate(range.to))
    return { ...fallback, problem: "Enter the dates as YYYY-MM-DD." };
  if (range.from > range.to) return { ...fallback, problem: "The start date must be on or before the end date." };
  if (monthsBetween(range.from, range.to).length > REPORT_MAX_MONTHS)
    return { ...fallback, problem: `A report can cover at most ${REPORT_MAX_MONTHS} months.` };
  return { ...range, problem: null };
}

/** The Reports page's figures (every per-month list has one entry per month of `months`). */
export interface ReportFigures {
  range: { from: string; to: string };
  months: string[];
  stock: { count: number; value: number };
  sales: {
    count: number[];
    value: number[];
    totalCount: number;
    totalValue: number;
    withoutPrice: number;
    averageDaysToSale: number | null;
  };
  leads: { byKind: Record<LeadKind, number[]>; total: number; won: number; wonShare: number | null };
}

/** A share from 0 to 1 as a percentage with one decimal: 0.25 -> "25.0%"; null -> "N/A". */
export function percent(share: number | null): string {
  return share === null ? "N/A" : `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}

/**
 * The report as a CSV: one row per month (cars sold, sales value, leads of each kind, all leads)
 * and a total row, then the summary figures. Money is in whole naira, as plain numbers.
 */
export function reportCsv(report: ReportFigures): string {
  const header = [
    "Month",
    "Cars sold",
    "Sales value (NGN)",
    ...LEAD_KINDS.map((k) => `${LEAD_KIND_LABELS[k]} leads`),
    "All leads",
  ];
  const leadsIn = (i: number) => LEAD_KINDS.reduce((sum, k) => sum + report.leads.byKind[k][i], 0);
  const rows: CsvValue[][] = report.months.map((month, i) => [
    month,
    report.sales.count[i],
    report.sales.value[i],
    ...LEAD_KINDS.map((k) => report.leads.byKind[k][i]),
    leadsIn(i),
  ]);
  rows.push([
    "Total",
    report.sales.totalCount,
    report.sales.totalValue,
    ...LEAD_KINDS.map((k) => report.leads.byKind[k].reduce((a, b) => a + b, 0)),
    report.leads.total,
  ]);
  rows.push([]);
  rows.push(["Period", `${report.range.from} to ${report.range.to}`]);
  rows.push(["Stock on hand (cars)", report.stock.count]);
  rows.push(["Stock value (NGN)", report.stock.value]);
  rows.push(["Average days from listing to sale", report.sales.averageDaysToSale ?? "N/A"]);
  rows.push(["Sales without a recorded price", report.sales.withoutPrice]);
  rows.push(["Leads won", report.leads.won]);
  rows.push(["Share of leads won", percent(report.leads.wonShare)]);
  return csvText(header, rows);
}
