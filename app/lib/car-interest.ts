/**
 * Interest per car (docs/product.md, Interest per car): what the back office shows of each car.
 * Pure: the counting and the figures live in app/models/car-interest.server.ts.
 */

/**
 * Where a counted view came from: the `utm_source` of a link the site shares (share-links.ts)
 * or of the catalogue feeds; any other value is "other", none at all is "direct". The list is
 * closed, so a stranger's link cannot add rows.
 */
export const VIEW_SOURCES = ["direct", "whatsapp", "copy", "share", "meta", "rss", "other"] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];

export const VIEW_SOURCE_LABELS: Record<ViewSource, string> = {
  direct: "Direct or search",
  whatsapp: "Shared on WhatsApp",
  copy: "Copied link",
  share: "Phone share sheet",
  meta: "Facebook / Instagram catalogue",
  rss: "New arrivals feed",
  other: "Other links",
};

/** The source of a visit from its `utm_source` (letter case ignored). */
export function viewSource(utmSource: string | null | undefined): ViewSource {
  if (!utmSource) return "direct";
  const v = utmSource.trim().toLowerCase();
  if (!v) return "direct";
  return (VIEW_SOURCES as readonly string[]).includes(v) && v !== "direct" ? (v as ViewSource) : "other";
}

/** The windows the figures may be asked for, in days. */
export const INTEREST_DEFAULT_DAYS = 30;
export const INTEREST_MAX_DAYS = 365;

/** A window in days from a query parameter: a whole number from 1 to 365, else null. */
export function parseInterestDays(raw: string | null): number | null {
  if (raw === null || raw === "") return INTEREST_DEFAULT_DAYS;
  if (!/^\d{1,3}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= INTEREST_MAX_DAYS ? n : null;
}

export interface CarInterest {
  car_id: number;
  /** People who opened the car's page in the last 7 days (today included). */
  views_7d: number;
  /** The same over the window (30 days unless asked). */
  views: number;
  /** The window's views by where they came from (sources with none left out). */
  views_by_source: Partial<Record<ViewSource, number>>;
  /** WhatsApp chat links followed about the car in the window. */
  chat_clicks: number;
  /** Leads about the car in the window (bookings, messages, loan applications). */
  leads: number;
  /** Buyers waiting to hear if its price drops (confirmed price alerts on this car). */
  waiting_alerts: number;
  /** Listing to sale, or to now while unsold. */
  days_in_stock: number;
}

/** The figures of a car nobody has looked at yet. */
export function noInterest(carId: number, daysInStock: number): CarInterest {
  return {
    car_id: carId,
    views_7d: 0,
    views: 0,
    views_by_source: {},
    chat_clicks: 0,
    leads: 0,
    waiting_alerts: 0,
    days_in_stock: daysInStock,
  };
}

/** Views that came from a link someone shared (WhatsApp, copied, share sheet). */
export function sharedViews(interest: Pick<CarInterest, "views_by_source">): number {
  const s = interest.views_by_source;
  return (s.whatsapp ?? 0) + (s.copy ?? 0) + (s.share ?? 0);
}
