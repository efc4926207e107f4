import { REPORT_MAX_MONTHS } from "~/config/constants";
import { isCalendarDate, lagosDate, monthsBetween } from "./lagos-time";

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
