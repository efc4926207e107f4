import { digestDayAt } from "./digest-clock";
import { lagosDate } from "./lagos-time";

/**
 * When the weekly newsletter is due: from Monday at 08:00 Lagos time (the digest's hour), once per
 * Lagos week (Monday to Sunday). Pure, and given the clock, so tests never wait for Monday.
 */

/** The Monday (YYYY-MM-DD) of the Lagos week of `now`. */
export function lagosWeekOf(now: Date): string {
  const day = Date.parse(`${lagosDate(now)}T00:00:00Z`);
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** The week whose newsletter may go out at `now` (its Monday), or null on a Monday before 08:00. */
export function newsletterWeekAt(now: Date): string | null {
  const week = lagosWeekOf(now);
  if (lagosDate(now) === week && digestDayAt(now) === null) return null;
  return week;
}
