import type { MetaDescriptor } from "@remix-run/react";
import { useRouteLoaderData } from "@remix-run/react";
import { defaultBusiness } from "~/config/site";
import { formatNigerianPhone } from "./phone";

/**
 * The dealer's own facts (docs/product.md, Business settings): edited by an owner in the back
 * office, stored in the database, read by every public page. Pure helpers here; storage in
 * app/models/business.server.ts; the defaults of a fresh install in app/config/site.ts.
 */

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Day = (typeof DAYS)[number];
const DAY_SHORT: Record<Day, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};
export const DAY_NAMES: Record<Day, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** One day's opening hours, 24-hour "HH:MM" in Lagos time. */
export interface DayHours {
  open: string;
  close: string;
}
export type WeekHours = Record<Day, DayHours | null>;

export interface Social {
  name: string;
  url: string;
}

export interface Promotion {
  text: string;
  url: string | null;
}

export interface Business {
  name: string;
  shortName: string;
  tagline: string;
  email: string;
  /** 1 to 3 numbers, stored canonical (+234 and ten digits); the first is the number to call. */
  phones: string[];
  /** The chat number (+234...): every WhatsApp link and the floating button use it. */
  whatsapp: string;
  address: string;
  /** Where the cars are, e.g. "Lekki, Lagos". */
  area: string;
  hours: WeekHours;
  socials: Social[];
  afterSalesServices: string[];
  chatGreeting: string;
  /** The About page's text: paragraphs separated by blank lines. */
  about: string;
  promotion: Promotion | null;
  /** GET /feeds/meta-vehicles.csv answers (the stock for a Facebook, Instagram or WhatsApp catalogue); off: 404. */
  catalogueFeed: boolean;
  /** The catalogue feed carries each car's VIN (off: the column stays empty). */
  publishVins: boolean;
  /** Public path of the uploaded logo, or null (the initials are drawn instead). */
  logo: string | null;
}

/** "8:00 AM" for "08:00". */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

function sameHours(a: DayHours | null, b: DayHours | null): boolean {
  return a === b || (a !== null && b !== null && a.open === b.open && a.close === b.close);
}

/**
 * The week as lines to show: weekdays with the same hours share a line ("Mon-Fri"), Saturday and
 * Sunday have their own (how showrooms write them).
 */
export function hoursLines(hours: WeekHours): { days: string; time: string }[] {
  const lines: { days: string; time: string }[] = [];
  let start = 0;
  const weekdays = DAYS.slice(0, 5);
  for (let i = 1; i <= weekdays.length; i++) {
    if (i < weekdays.length && sameHours(hours[weekdays[i]], hours[weekdays[start]])) continue;
    const span =
      i - 1 === start ? DAY_SHORT[weekdays[start]] : `${DAY_SHORT[weekdays[start]]}-${DAY_SHORT[weekdays[i - 1]]}`;
    lines.push({ days: span, time: timeText(hours[weekdays[start]]) });
    start = i;
  }
  for (const day of ["sat", "sun"] as const) lines.push({ days: DAY_SHORT[day], time: timeText(hours[day]) });
  return lines;
}

function timeText(h: DayHours | null): string {
  return h ? `${formatTime(h.open)}-${formatTime(h.close)}` : "Closed";
}

function openDays(hours: WeekHours): Day[] {
  return DAYS.filter((d) => hours[d] !== null);
}

/** "Monday to Saturday", "Monday, Wednesday and Friday": the open days in words. */
export function openDaysText(hours: WeekHours): string {
  const open = openDays(hours);
  if (open.length === 0) return "no day at the moment";
  const contiguous = open.every((d, i) => i === 0 || DAYS.indexOf(d) === DAYS.indexOf(open[i - 1]) + 1);
  if (contiguous && open.length >= 3) return `${DAY_NAMES[open[0]]} to ${DAY_NAMES[open[open.length - 1]]}`;
  const names = open.map((d) => DAY_NAMES[d]);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The day of the week of a "YYYY-MM-DD" date (a calendar date: no time zone shifts it). */
export function dayOfDate(isoDate: string): Day {
  const [y, m, d] = isoDate.split("-").map(Number);
  const index = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday
  return DAYS[(index + 6) % 7];
}

/** Null when the showroom is open on that date, else the message for the visitor. */
export function closedDayError(hours: WeekHours, isoDate: string): string | null {
  const day = dayOfDate(isoDate);
  if (hours[day]) return null;
  return `We are closed on ${DAY_NAMES[day]}s. Please pick a day we are open: ${openDaysText(hours)}.`;
}

/** "tel:+2348035550142". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** "+234 803 555 0142": how a stored number is shown. */
export const showPhone = formatNigerianPhone;

/** The greeting sent with a WhatsApp chat: the dealer's own, or one naming the car. */
function chatGreeting(business: Business, car?: { make: string; model: string; year: number } | null) {
  if (!car) return business.chatGreeting;
  return `Hello, I'm interested in the ${car.make} ${car.model} ${car.year} listed on your website.`;
}

/** The wa.me chat with the dealer's WhatsApp number and the greeting. */
export function whatsappLink(business: Business, car?: { make: string; model: string; year: number } | null) {
  const digits = business.whatsapp.replace(/\D/g, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(chatGreeting(business, car))}`;
}

/** The About text as paragraphs (blank lines separate them). */
export function aboutParagraphs(about: string): string[] {
  return about
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** "LP" for "Lekki Prime Autos": the mark drawn when there is no logo. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return (
    words
      .slice(0, 2)
      .map((w) => w[0])
      .join("")
      .toUpperCase() || "•"
  );
}

/** The business from the root loader's data (meta functions get it through `matches`). */
export function businessFromMatches(matches: readonly { id: string; data?: unknown }[]): Business {
  const root = matches.find((m) => m.id === "root")?.data as { business?: Business } | undefined;
  return root?.business ?? defaultBusiness;
}

/** The uploaded logo as an absolute address on the public origin (the root loader's), or null without a logo. */
export function logoUrlFromMatches(matches: readonly { id: string; data?: unknown }[]): string | null {
  const root = matches.find((m) => m.id === "root")?.data as { business?: Business; origin?: string } | undefined;
  const logo = root?.business?.logo;
  return logo && root?.origin ? new URL(logo, root.origin).href : null;
}

/** The picture of a shared link to a page that has none of its own: the dealer's logo (none without one). */
export function logoPreviewMeta(matches: readonly { id: string; data?: unknown }[]): MetaDescriptor[] {
  const logo = logoUrlFromMatches(matches);
  if (!logo) return [];
  const site = businessFromMatches(matches);
  return [
    { property: "og:site_name", content: site.name },
    { property: "og:image", content: logo },
    { property: "og:image:alt", content: site.name },
  ];
}

/** The dealer's facts in a component, from the root loader (the defaults if it did not run). */
export function useBusiness(): Business {
  const data = useRouteLoaderData("root") as { business?: Business } | undefined;
  return data?.business ?? defaultBusiness;
}
