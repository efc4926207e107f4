import { REPORT_MAX_MONTHS } from "~/config/constants";
import { type CsvValue, csvText } from "./csv";
import { isCalendarDate, lagosDate, monthsBetween } from "./lagos-time";
import { ANSWERABLE_KINDS, type AnswerableKind, LEAD_KIND_LABELS, SIGNAL_KINDS, type SignalKind } from "./leads";

/** The Reports page: its date range, its figures and their CSV (app/models/reports.server.ts builds them). */

/** The Reports page's date range: `from` and `to` (Lagos days, both included); this year by default. */
export interface ReportRangeChoice {
  from: string;
  to: string;
  /** Why the asked range was not used (the default is shown instead); null when it was. */
  problem: string | null;
}

function thisYear(now: Date = new Date()): { from: string; to: string } {
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
  /**
   * Leads a person can answer (bookings, messages, completed loan applications, sourcing requests),
   * per kind per month; the share won is over them. `incomplete`: loan applications left before the
   * client information, not counted as leads.
   */
  leads: {
    byKind: Record<AnswerableKind, number[]>;
    total: number;
    won: number;
    wonShare: number | null;
    incomplete: number;
  };
  /**
   * Online reservations: deposits received through Paystack per month (by the day paid; their
   * count and naira), how many of them were refunded or wait for a refund, and the sales that
   * came from a reservation per month (by the day sold).
   */
  reservations: {
    deposits: number[];
    depositValue: number[];
    totalDeposits: number;
    totalDepositValue: number;
    refunds: number;
    converted: number[];
    totalConverted: number;
  };
  /** WhatsApp clicks and newsletter sign-ups per month, counted apart from the leads. */
  signals: Record<SignalKind, number[]>;
  /** The time from a lead to its first status change: the median per staff member and over everyone. */
  firstResponse: {
    staff: StaffResponse[];
    /** Leads of the period whose status was changed, and those still waiting. */
    answered: number;
    unanswered: number;
    medianMs: number | null;
  };
}

export interface StaffResponse {
  /** The username of who changed the status first. */
  staff: string;
  answered: number;
  medianMs: number;
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A wait in words, to the minute: "under a minute", "45 min", "2 h 5 min", "3 days 4 h"; "N/A" for none. */
export function formatWait(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return "N/A";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const dayWord = days === 1 ? "day" : "days";
  return hours % 24 ? `${days} ${dayWord} ${hours % 24} h` : `${days} ${dayWord}`;
}

/** A share from 0 to 1 as a percentage with one decimal: 0.25 -> "25.0%"; null -> "N/A". */
export function percent(share: number | null): string {
  return share === null ? "N/A" : `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}

const SIGNAL_COLUMNS: Record<SignalKind, string> = { whatsapp: "WhatsApp clicks", newsletter: "Newsletter sign-ups" };

/**
 * The report as a CSV: one row per month (cars sold, sales value, leads of each kind, all leads,
 * then WhatsApp clicks and newsletter sign-ups, counted apart) and a total row, then the summary
 * figures and each staff member's median time to a first status change. Money is in whole naira,
 * as plain numbers; times in hours.
 */
export function reportCsv(report: ReportFigures): string {
  const header = [
    "Month",
    "Cars sold",
    "Sales value (NGN)",
    ...ANSWERABLE_KINDS.map((k) => `${LEAD_KIND_LABELS[k]} leads`),
    "All leads",
    ...SIGNAL_KINDS.map((k) => SIGNAL_COLUMNS[k]),
    "Deposits taken",
    "Deposits (NGN)",
    "Reservations converted",
  ];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const leadsIn = (i: number) => ANSWERABLE_KINDS.reduce((n, k) => n + report.leads.byKind[k][i], 0);
  const rows: CsvValue[][] = report.months.map((month, i) => [
    month,
    report.sales.count[i],
    report.sales.value[i],
    ...ANSWERABLE_KINDS.map((k) => report.leads.byKind[k][i]),
    leadsIn(i),
    ...SIGNAL_KINDS.map((k) => report.signals[k][i]),
    report.reservations.deposits[i],
    report.reservations.depositValue[i],
    report.reservations.converted[i],
  ]);
  rows.push([
    "Total",
    report.sales.totalCount,
    report.sales.totalValue,
    ...ANSWERABLE_KINDS.map((k) => sum(report.leads.byKind[k])),
    report.leads.total,
    ...SIGNAL_KINDS.map((k) => sum(report.signals[k])),
    report.reservations.totalDeposits,
    report.reservations.totalDepositValue,
    report.reservations.totalConverted,
  ]);
  rows.push([]);
  rows.push(["Period", `${report.range.from} to ${report.range.to}`]);
  rows.push(["Stock on hand (cars)", report.stock.count]);
  rows.push(["Stock value (NGN)", report.stock.value]);
  rows.push(["Average days from listing to sale", report.sales.averageDaysToSale ?? "N/A"]);
  rows.push(["Sales without a recorded price", report.sales.withoutPrice]);
  rows.push(["Leads won", report.leads.won]);
  rows.push(["Share of leads won", percent(report.leads.wonShare)]);
  rows.push(["Incomplete loan applications (not counted as leads)", report.leads.incomplete]);
  rows.push(["Deposits refunded or to refund", report.reservations.refunds]);
  rows.push([]);
  const hours = (ms: number | null) => (ms === null ? "N/A" : Math.round((ms / 3_600_000) * 10) / 10);
  rows.push(["Staff member", "Leads answered", "Median hours to first status change"]);
  for (const r of report.firstResponse.staff) rows.push([r.staff, r.answered, hours(r.medianMs)]);
  rows.push(["Everyone", report.firstResponse.answered, hours(report.firstResponse.medianMs)]);
  rows.push(["Not yet answered", report.firstResponse.unanswered]);
  return csvText(header, rows);
}
