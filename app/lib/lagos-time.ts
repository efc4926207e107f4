import { MONTH_LABELS } from "~/config/constants";

/**
 * The dealer's calendar: Lagos keeps West Africa Time, UTC+1, all year (no daylight saving), so
 * a Lagos day or month is a fixed span of UTC timestamps. Stored timestamps are ISO-8601 UTC.
 */

export const LAGOS_UTC_OFFSET_HOURS = 1;
const OFFSET_MS = LAGOS_UTC_OFFSET_HOURS * 3_600_000;

/** Whether a text is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The Lagos calendar date of an instant, YYYY-MM-DD. */
export function lagosDate(at: Date | string = new Date()): string {
  return new Date(new Date(at).getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC timestamp at which a Lagos day (YYYY-MM-DD) starts: "2026-03-01" -> "2026-02-28T23:00:00.000Z". */
export function lagosDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS).toISOString();
}

/** The UTC timestamp at which the Lagos day after `day` starts (an exclusive upper bound). */
export function lagosDayEnd(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 - OFFSET_MS).toISOString();
}

/** "2026-03-01 14:05" in Lagos time, for lists and exports; "" for nothing. */
export function lagosDateTime(at: string | null | undefined): string {
  if (!at) return "";
  const t = Date.parse(at);
  if (Number.isNaN(t)) return at;
  return new Date(t + OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** Every month from the month of `from` to the month of `to`, as YYYY-MM (empty when from > to). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split("-").map(Number);
  const [ty, tm] = to.slice(0, 7).split("-").map(Number);
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** "2026-03" -> "Mar" when every month shown is in one year, else "Mar 2026". */
export function monthLabel(month: string, withYear: boolean): string {
  const name = MONTH_LABELS[Number(month.slice(5, 7)) - 1] ?? month;
  return withYear ? `${name} ${month.slice(0, 4)}` : name;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A calendar day in words, the same on every device: "2026-03-05" -> "Thursday 5 March 2026". */
export function calendarDayLabel(day: string): string {
  if (!isCalendarDate(day)) return day;
  const d = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
