import type { Business } from "./business";
import { carPath } from "./car";
import { absoluteUrl, carSearchName } from "./car-seo";
import type { CsvValue } from "./csv";
import { formatMileage, formatNaira } from "./money";

/**
 * The catalogue feeds (docs/product.md, Catalogue feeds): the stock in Meta's vehicle catalogue
 * format (a CSV a Facebook, Instagram or WhatsApp Business catalogue fetches on a schedule) and an
 * RSS 2.0 list of new arrivals. Pure: the cars come from app/models/catalogue-feed.server.ts, the
 * routes stream or answer them. Every URL is absolute on the site's public origin (SITE_URL), and
 * the car links carry utm_source (meta, rss) so the views they bring are counted apart.
 */

export const META_FEED_PATH = "/feeds/meta-vehicles.csv";
export const RSS_FEED_PATH = "/feeds/new-arrivals.xml";
/** How many cars the new arrivals feed lists. */
export const RSS_FEED_SIZE = 30;
/** Meta reads up to ten photos per vehicle. */
export const META_FEED_IMAGES = 10;

/** What the feeds read of a car: public, unsold, with at least one photo. */
export interface FeedCar {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
  mileage: number | null;
  condition: string;
  body_type: string;
  color: string | null;
  transmission: string | null;
  fuel_type: string | null;
  drive_train: string;
  vin: string | null;
  car_description: string | null;
  location: string | null;
  created_at: string;
  /** Paths or absolute URLs, in display order (the first is the cover). */
  images: string[];
}

export const META_FEED_HEADER = [
  "vehicle_id",
  "title",
  "description",
  "url",
  "make",
  "model",
  "year",
  "mileage.value",
  "mileage.unit",
  ...Array.from({ length: META_FEED_IMAGES }, (_, i) => `image[${i}].url`),
  "price",
  "availability",
  "state_of_vehicle",
  "body_style",
  "exterior_color",
  "transmission",
  "fuel_type",
  "drivetrain",
  "vin",
  "address",
] as const;

/** Meta's body styles for the car form's body types (an EV's body is not known: OTHER). */
const BODY_STYLES: Record<string, string> = { SUV: "SUV", Sedan: "SEDAN", Coupe: "COUPE", Truck: "TRUCK" };
const DRIVETRAINS: Record<string, string> = { AWD: "AWD", FWD: "FWD", RWD: "RWD", "4WD": "FOUR_WD" };

/** Meta's transmission from the free text of the form ("Automatic", "CVT", "manual"). */
export function metaTransmission(text: string | null): string {
  const t = (text ?? "").toLowerCase();
  if (!t) return "NONE";
  if (/auto|cvt|tiptronic|dsg/.test(t)) return "AUTOMATIC";
  if (/manual|stick/.test(t)) return "MANUAL";
  return "OTHER";
}

/** Meta's fuel type from the free text of the form ("Petrol", "Diesel", "Hybrid"). */
export function metaFuelType(text: string | null, bodyType: string): string {
  const t = (text ?? "").toLowerCase();
  if (/plug/.test(t)) return "PLUGIN_HYBRID";
  if (/hybrid/.test(t)) return "HYBRID";
  if (/electric|\bev\b/.test(t) || (!t && bodyType === "EV")) return "ELECTRIC";
  if (/diesel/.test(t)) return "DIESEL";
  if (/petrol|gasoline|\bgas\b/.test(t)) return "PETROL";
  if (/flex/.test(t)) return "FLEX";
  return t ? "OTHER" : "NONE";
}

/** The car page's absolute address with where the visit comes from. */
function carFeedUrl(origin: string, car: FeedCar, source: "meta" | "rss"): string {
  return `${absoluteUrl(origin, carPath(car))}?utm_source=${source}`;
}

/**
 * The showroom as Meta's address object (written as JSON in the one `address` column): the car's
 * own location when it has one ("Ikeja, Lagos"), else the business area, in Nigeria.
 */
function metaAddress(car: Pick<FeedCar, "location">, business: Pick<Business, "address" | "area">): string {
  const place = (car.location?.trim() || business.area).split(",").map((p) => p.trim());
  const city = place[0] || business.area;
  const region = place.length > 1 ? place[place.length - 1] : city;
  return JSON.stringify({ addr1: business.address, city, region, country: "NG" });
}

/** One feed row, in META_FEED_HEADER's order. */
export function metaFeedRow(
  car: FeedCar,
  origin: string,
  business: Pick<Business, "address" | "area" | "publishVins">,
): CsvValue[] {
  const title = carSearchName(car);
  const images = car.images.slice(0, META_FEED_IMAGES).map((path) => absoluteUrl(origin, path));
  return [
    String(car.id),
    title,
    (car.car_description?.trim() || `${car.condition} ${title}`).slice(0, 5000),
    carFeedUrl(origin, car, "meta"),
    car.make,
    car.model,
    car.year,
    car.mileage ?? "",
    car.mileage === null ? "" : "MI",
    ...Array.from({ length: META_FEED_IMAGES }, (_, i) => images[i] ?? ""),
    `${car.price} NGN`,
    "available",
    car.condition === "New" ? "NEW" : "USED",
    BODY_STYLES[car.body_type] ?? "OTHER",
    car.color ?? "",
    metaTransmission(car.transmission),
    metaFuelType(car.fuel_type, car.body_type),
    DRIVETRAINS[car.drive_train] ?? "OTHER",
    business.publishVins ? (car.vin ?? "") : "",
    metaAddress(car, business),
  ];
}

const escapeXml = (text: string) =>
  // Characters XML 1.0 cannot carry at all are dropped; the five special ones escaped.
  text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** An RFC 822 date, as RSS 2.0 writes them ("Fri, 27 Nov 2026 10:00:00 GMT"). */
const rssDate = (iso: string) => new Date(iso).toUTCString();

/** The new arrivals as an RSS 2.0 document: newest first, each with its price, facts and cover photo. */
export function newArrivalsRss(
  cars: readonly FeedCar[],
  origin: string,
  business: Pick<Business, "name" | "area">,
  now: Date = new Date(),
): string {
  const items = cars.map((car) => {
    const link = carFeedUrl(origin, car, "rss");
    const facts = [car.condition, formatMileage(car.mileage), car.transmission, car.fuel_type, car.location]
      .filter((f) => f && f !== "N/A")
      .join(" · ");
    const cover = absoluteUrl(origin, car.images[0]);
    const html =
      `<p><img src="${escapeXml(cover)}" alt="${escapeXml(carSearchName(car))}" width="640"></p>` +
      `<p><strong>${escapeXml(formatNaira(car.price))}</strong> · ${escapeXml(facts)}</p>` +
      (car.car_description ? `<p>${escapeXml(car.car_description)}</p>` : "");
    return [
      "<item>",
      `<title>${escapeXml(`${carSearchName(car)}: ${formatNaira(car.price)}`)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="false">car-${car.id}</guid>`,
      `<pubDate>${rssDate(car.created_at)}</pubDate>`,
      `<description>${escapeXml(html)}</description>`,
      "</item>",
    ].join("");
  });
  const newest = cars[0]?.created_at ?? now.toISOString();
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n' +
    `<title>${escapeXml(`${business.name}: new arrivals`)}</title>\n` +
    `<link>${escapeXml(absoluteUrl(origin, "/browse"))}</link>\n` +
    `<description>${escapeXml(`The newest cars at ${business.name}, ${business.area}.`)}</description>\n` +
    "<language>en-NG</language>\n" +
    `<lastBuildDate>${rssDate(newest)}</lastBuildDate>\n` +
    "<ttl>60</ttl>\n" +
    `<atom:link href="${escapeXml(absoluteUrl(origin, RSS_FEED_PATH))}" rel="self" type="application/rss+xml"/>\n` +
    `${items.join("\n")}\n</channel>\n</rss>\n`
  );
}
