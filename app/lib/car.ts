import type { CarFormInput } from "./car-schema";

/**
 * The car, as every layer sees it. Its fields are declared once, by the admin form's schema
 * (CarSchema in car-schema.ts); the types below, the database table (db/schema.ts) and the
 * conversions in the car model all derive from it. Pure types and functions: safe for the
 * browser, the server and the database layer alike.
 */

type Widen<T> = T extends string ? string : T extends readonly string[] ? string[] : T;

/** What creating or saving a car takes (optional fields may be left out). */
export type CarInput = { [K in keyof CarFormInput]: Widen<CarFormInput[K]> };

/** A car's own fields as stored and read back: every optional one is present, null when empty. */
export type CarFields = { [K in keyof CarFormInput]-?: Widen<Exclude<CarFormInput[K], undefined>> };

export interface Car extends CarFields {
  id: number;
  /** Paths ("/uploads/<file>") or absolute URLs, in display order. */
  images: string[];
  sold: boolean;
  created_at: string;
  /** Custom Paper as yes/no (null when not set): the name the API used before, still answered. */
  customs_duty_paid: boolean | null;
  /** Until when a buyer's paid deposit holds it (ISO time), or null: "Reserved" on every page and the API. */
  reserved_until: string | null;
  /** Part of the demo stock a fresh install starts with (what "Remove the demo stock" removes); back office only. */
  demo: boolean;
}

/** Custom Paper ("Yes"/"No") as the API's customs_duty_paid: true, false, or null when not set. */
export function customsDutyPaid(customPaper: string | null | undefined): boolean | null {
  const v = customPaper?.trim().toLowerCase();
  return v === "yes" ? true : v === "no" ? false : null;
}

/** The yes/no fields (stored as 0/1). */
export const CAR_FLAG_FIELDS = ["registration", "financing"] as const satisfies readonly (keyof CarFields)[];

/** The yes/no fields that may be unknown: stored as 1/0, or NULL when nobody has checked (never read as "No"). */
export const CAR_UNKNOWN_FLAG_FIELDS = ["accident_free", "flood_free"] as const satisfies readonly (keyof CarFields)[];

/** Back-office fields the public never sees. */
const PRIVATE_CAR_FIELDS = ["vin", "car_history", "other_info"] as const satisfies readonly (keyof CarFields)[];

/** A car as the public pages and public lists show it (whether it is a demo car is the back office's). */
export type PublicCar = Omit<Car, (typeof PRIVATE_CAR_FIELDS)[number] | "demo">;

export function toPublicCar(car: Car): PublicCar {
  const out: Partial<Car> = { ...car };
  for (const key of PRIVATE_CAR_FIELDS) delete out[key];
  delete out.demo;
  return out as PublicCar;
}

/**
 * What a car card shows: enough for a list, light enough for 30 cards a page. `monthly_from` is
 * "From ₦X/month" for a car the dealer finances (null otherwise), worked out on the server
 * (car-card.ts) so the cards need no loan arithmetic in the browser.
 */
export type CardCar = Pick<
  Car,
  | "id"
  | "make"
  | "model"
  | "year"
  | "price"
  | "mileage"
  | "fuel_type"
  | "transmission"
  | "car_description"
  | "condition"
  | "images"
  | "location"
  | "reserved_until"
> & { monthly_from: number | null };

/** A URL-safe form of a text: lower case, accents dropped, every other run of characters a hyphen. */
function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The last segment of a car's canonical URL: "123-toyota-camry-2019". */
export function carSlug(car: { id: number; make: string; model: string; year: number }): string {
  const words = slugify(`${car.make} ${car.model} ${car.year}`);
  return words ? `${car.id}-${words}` : String(car.id);
}

/** The id a car URL's last segment starts with ("123", "123-toyota-camry-2019"); null for anything else. */
export function carIdFromSlug(segment: string | null | undefined): number | null {
  const m = /^(\d{1,15})(?:-[^/]*)?$/.exec(segment ?? "");
  const id = m ? Number(m[1]) : 0;
  return id > 0 ? id : null;
}

/** A car's canonical page: /cars/123-toyota-camry-2019 (the bare id and any other slug redirect to it). */
export function carPath(car: { id: number; make: string; model: string; year: number }): string {
  return `/cars/${carSlug(car)}`;
}

/** Book Inspection for this car: the form names it and the booking keeps its id. */
export function inspectionHref(car: { id: number }): string {
  return `/book-inspection?car=${car.id}`;
}

/** Connect with Us about this car: the message keeps its id. */
export function contactHref(car: { id: number }): string {
  return `/connect?car=${car.id}`;
}

/** 'make model - year', the car's name everywhere. */
export function carTitle(car: { make: string; model: string; year: number }): string {
  return `${car.make} ${car.model} - ${car.year}`;
}
