import { createEvent, type DateArray } from "ics";
import type { Business } from "./business";
import { dayOfDate } from "./business";
import { LAGOS_UTC_OFFSET_HOURS } from "./lagos-time";

/**
 * The calendar invitation (RFC 5545, written by the `ics` package) sent with an inspection
 * booking's confirmation: the visit on the booked day, over the showroom's opening hours (the time
 * is agreed by phone), at the showroom's address. TENTATIVE until staff confirm it.
 */

/** A Lagos date and "HH:MM" as the UTC date array the ics package takes. */
function utcArray(isoDate: string, hhmm: string): DateArray {
  const [y, m, d] = isoDate.split("-").map(Number);
  const [h, min] = hhmm.split(":").map(Number);
  const at = new Date(Date.UTC(y, m - 1, d, h - LAGOS_UTC_OFFSET_HOURS, min));
  return [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes()];
}

export interface InspectionInvitation {
  /** Unique and stable for the booking, e.g. "inspection-12@lekkiprimeautos.ng". */
  uid: string;
  date: string;
  /** The stock car's name, or null (a car the buyer typed is never repeated to them). */
  car: string | null;
  business: Business;
  /** The page of the car, or the site. */
  url: string;
}

export function inspectionInvitation(input: InspectionInvitation): string {
  const { business, date } = input;
  const hours = business.hours[dayOfDate(date)];
  const [y, m, d] = date.split("-").map(Number);
  // A closed day (the hours changed after the booking) becomes an all-day event.
  const when = hours
    ? {
        start: utcArray(date, hours.open),
        end: utcArray(date, hours.close),
        startInputType: "utc" as const,
        startOutputType: "utc" as const,
        endInputType: "utc" as const,
        endOutputType: "utc" as const,
      }
    : { start: [y, m, d] as DateArray, duration: { days: 1 } };
  const { error, value } = createEvent({
    ...when,
    uid: input.uid,
    productId: `-//${business.name}//Website//EN`,
    method: "PUBLISH",
    title: `Car inspection at ${business.name}${input.car ? `: ${input.car}` : ""}`,
    description:
      `${input.car ? `Inspection of the ${input.car}` : "Your car inspection"} at ${business.name}. ` +
      "We call you to confirm the time. " +
      `Questions: ${business.phones[0] ?? business.whatsapp}.`,
    location: business.address,
    url: input.url,
    status: "TENTATIVE",
    busyStatus: "BUSY",
    organizer: { name: business.name, email: business.email },
  });
  if (error || !value) throw error ?? new Error("The calendar invitation could not be written");
  return value;
}
