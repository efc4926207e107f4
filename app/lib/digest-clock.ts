import { DIGEST_HOUR_LAGOS } from "~/config/constants";
import { LAGOS_UTC_OFFSET_HOURS, lagosDate } from "./lagos-time";

/**
 * When the morning digest is due: at DIGEST_HOUR_LAGOS (08:00) Lagos time, once per Lagos day.
 * Pure, and given the clock, so tests never wait for the morning.
 */

/** The Lagos day whose digest may go out at `now` (today from 08:00 on), or null before 08:00. */
export function digestDayAt(now: Date): string | null {
  const lagosHour = new Date(now.getTime() + LAGOS_UTC_OFFSET_HOURS * 3_600_000).getUTCHours();
  return lagosHour >= DIGEST_HOUR_LAGOS ? lagosDate(now) : null;
}

/** The next 08:00 Lagos time strictly after `now`. */
export function nextDigestAt(now: Date): Date {
  const today = lagosDate(now);
  const at = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + (DIGEST_HOUR_LAGOS - LAGOS_UTC_OFFSET_HOURS) * 3_600_000);
  const todays = at(today);
  return todays > now ? todays : new Date(todays.getTime() + 86_400_000);
}
