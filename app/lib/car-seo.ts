import type { Business } from "./business";
import { carPath, type PublicCar } from "./car";
import { imageVariant } from "./images";
import { formatNaira } from "./money";

/**
 * What a car's page tells search engines and link previews (WhatsApp, Facebook, X): absolute
 * URLs from the request's origin, the price in naira, and schema.org's Car with its Offer. Pure.
 */

/** The dealer facts a listing's preview and structured data name. */
type SeoBusiness = Pick<Business, "name" | "area" | "phones" | "address">;

type SeoCar = Pick<
  PublicCar,
  | "id"
  | "make"
  | "model"
  | "year"
  | "price"
  | "condition"
  | "images"
  | "sold"
  | "car_description"
  | "transmission"
  | "fuel_type"
  | "body_type"
  | "color"
  | "mileage"
  | "engine_capacity"
  | "engine_size"
  | "drive_train"
>;

/** "2019 Toyota Camry": how people search for a car. */
export function carSearchName(car: { make: string; model: string; year: number }): string {
  return `${car.year} ${car.make} ${car.model}`;
}

/** A path or URL made absolute on this origin ("https://shop.ng/uploads/x.card.webp"). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).href;
}

/** The preview image: the first photo's 640 px card variant, absolute (null without a photo). */
export function carPreviewImage(car: Pick<PublicCar, "images">, origin: string): string | null {
  return car.images[0] ? absoluteUrl(origin, imageVariant(car.images[0], "card")) : null;
}

/** One line for previews: the price in naira first, then what the car is. */
export function carPreviewText(car: SeoCar, site: SeoBusiness): string {
  const facts = [car.transmission, car.fuel_type].filter(Boolean).join(", ");
  return `${formatNaira(car.price)}${car.sold ? " (sold)" : ""}: ${car.condition} ${carSearchName(car)}${
    facts ? `, ${facts}` : ""
  } at ${site.name}, ${site.area}.`;
}

const SCHEMA = "https://schema.org/";

/** schema.org Car with an Offer (price in NGN, in stock or sold out, new or used). */
export function carStructuredData(car: SeoCar, origin: string, site: SeoBusiness): Record<string, unknown> {
  const url = absoluteUrl(origin, carPath(car));
  const condition = `${SCHEMA}${car.condition === "New" ? "NewCondition" : "UsedCondition"}`;
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: carSearchName(car),
    url,
    image: car.images.map((p) => absoluteUrl(origin, imageVariant(p, "card"))),
    description: car.car_description || undefined,
    brand: { "@type": "Brand", name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    bodyType: car.body_type,
    color: car.color || undefined,
    fuelType: car.fuel_type || undefined,
    vehicleTransmission: car.transmission || undefined,
    driveWheelConfiguration: car.drive_train,
    vehicleEngine: { "@type": "EngineSpecification", name: `${car.engine_capacity} ${car.engine_size}` },
    mileageFromOdometer:
      car.mileage === null ? undefined : { "@type": "QuantitativeValue", value: car.mileage, unitCode: "SMI" },
    itemCondition: condition,
    offers: {
      "@type": "Offer",
      price: car.price,
      priceCurrency: "NGN",
      availability: `${SCHEMA}${car.sold ? "SoldOut" : "InStock"}`,
      itemCondition: condition,
      url,
      seller: { "@type": "AutoDealer", name: site.name, telephone: site.phones[0], address: site.address },
    },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` written as \u escapes, so no
 * text in a listing ("</script>", "<!--") can end the script or start markup. Still valid JSON.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
