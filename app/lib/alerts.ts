import { z } from "zod";
import { type CarFilters, canonicalFilterQuery, parseCarFilters } from "./car-filters";
import { formatNaira, formatNumber } from "./money";
import { normalizeNigerianPhone } from "./phone";
import { oneLine } from "./validation";
import { WHATSAPP_NUMBER_MESSAGE } from "./whatsapp-messages";

/**
 * Buyers' alerts (docs/product.md, Alerts): "tell me when it arrives" (a /browse search) and
 * "tell me if the price drops" (one car). Pure: the form's schema, the search in words, the texts.
 */

/** Most alerts (waiting or confirmed) one address may hold. */
export const MAX_ALERTS_PER_ADDRESS = 10;
/** How long a confirmation link works. */
export const ALERT_CONFIRM_DAYS = 7;

export const ALERT_SUCCESS =
  "Almost done: we have sent you an email. Open the link in it to confirm, and we will tell you when a match arrives.";
export const ALERT_LIMIT_MESSAGE =
  `An email address can have at most ${MAX_ALERTS_PER_ADDRESS} alerts. ` +
  "Remove one from the link in any alert email first.";
export const ALERTS_UNAVAILABLE = "Email alerts are not available at the moment. Please call or WhatsApp us instead.";

/** The query parameters of /browse an alert keeps (not the order or the page). */
const NOT_KEPT = new Set(["sort", "page"]);

/** The canonical query string of a search, without order and page: the same search is always the same text. */
export function alertSearchQuery(search: string): string {
  const params = canonicalFilterQuery(new URLSearchParams(search.replace(/^\?/, "")));
  const kept = [...params].filter(([k]) => !NOT_KEPT.has(k));
  kept.sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
  return new URLSearchParams(kept).toString();
}

export const AlertSchema = z
  .object({
    email: z
      .string({ error: "Email is required" })
      .overwrite(oneLine)
      .trim()
      .min(1, { error: "Email is required" })
      .max(254, { error: "Email is too long" })
      .pipe(z.email({ error: "Enter a valid email address" })),
    search: z.string().max(2000, { error: "The search is too long" }).optional(),
    car_id: z.coerce.number().int().positive({ error: "Unknown car" }).optional(),
    /** With a car: "available" asks to be told when the reserved car is for sale again (else its price). */
    when: z
      .enum(["available", "price", ""], { error: "Choose what to be told about the car" })
      .optional()
      .transform((v) => (v === "available" ? "available" : undefined)),
    whatsapp: z
      .string()
      .overwrite(oneLine)
      .trim()
      .max(30, { error: WHATSAPP_NUMBER_MESSAGE })
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const phone = normalizeNigerianPhone(v);
        if (!phone) ctx.addIssue({ code: "custom", message: WHATSAPP_NUMBER_MESSAGE });
        return phone ?? undefined;
      }),
  })
  .transform((v, ctx) => {
    if (v.car_id === undefined && v.search === undefined) {
      ctx.addIssue({ code: "custom", path: ["search"], message: "Say which search or which car the alert is for" });
      return z.NEVER;
    }
    return v;
  });
export type AlertInput = z.output<typeof AlertSchema>;

/** The filters of a stored search. */
export function alertFilters(search: string): CarFilters {
  return parseCarFilters(new URLSearchParams(search)).filters;
}

const range = (min: number | undefined, max: number | undefined, show: (n: number) => string, unit = "") => {
  if (min !== undefined && max !== undefined) return `${show(min)} to ${show(max)}${unit}`;
  if (max !== undefined) return `up to ${show(max)}${unit}`;
  if (min !== undefined) return `from ${show(min)}${unit}`;
  return null;
};

/** A search in words: "Lexus RX, up to ₦30,000,000"; "Any car" for no filter at all. */
export function searchInWords(search: string): string {
  const f = alertFilters(search);
  const name = [f.make, f.model].filter(Boolean).join(" ");
  const parts = [
    name || null,
    f.q ? `"${f.q}"` : null,
    f.condition ?? null,
    f.body_type ?? null,
    f.fuel_type ?? null,
    f.transmission ?? null,
    f.drive_train ?? null,
    range(f.minPrice, f.maxPrice, formatNaira),
    range(f.minYear, f.maxYear, String) ? `year ${range(f.minYear, f.maxYear, String)}` : null,
    range(f.minMileage, f.maxMileage, formatNumber, " km"),
    f.location ? `in ${f.location}` : null,
    f.customs_duty_paid ? "duty paid" : null,
    ...(f.keyFeatures ?? []),
  ].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(", ") : "Any car";
}

/** The price and size filters, which a car's own numbers answer without asking the database. */
export function inNumberRange(f: CarFilters, car: { price: number; year: number; mileage: number | null }): boolean {
  const within = (v: number | null, min?: number, max?: number) =>
    (min === undefined || (v !== null && v >= min)) && (max === undefined || (v !== null && v <= max));
  return (
    within(car.price, f.minPrice, f.maxPrice) &&
    within(car.year, f.minYear, f.maxYear) &&
    within(car.mileage, f.minMileage, f.maxMileage)
  );
}

/** The filters other than the number ranges (what the database must answer). */
export function withoutNumberRanges(f: CarFilters): CarFilters {
  const { minPrice, maxPrice, minYear, maxYear, minMileage, maxMileage, ...rest } = f;
  return rest;
}
