import { carPath } from "./car";
import { absoluteUrl, carSearchName } from "./car-seo";
import { formatNaira } from "./money";

/**
 * Sharing a car in one tap (docs/product.md, Share): the links the Share buttons hand out. Each
 * carries `utm_source` naming how it was shared, so the views it brings are counted apart
 * (app/lib/car-interest.ts); the page cache leaves the parameter out of its key.
 */

export type ShareChannel = "whatsapp" | "copy" | "share";

export interface ShareCar {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
}

/** The car page's absolute address on the public origin, marked with how it was shared. */
export function sharedCarUrl(origin: string, car: ShareCar, channel: ShareChannel): string {
  return `${absoluteUrl(origin, carPath(car))}?utm_source=${channel}`;
}

/** "2019 Toyota Camry for ₦12,500,000": what a shared link says of the car. */
export function shareText(car: ShareCar): string {
  return `${carSearchName(car)} for ${formatNaira(car.price)}`;
}

/** WhatsApp's own share link: the person picks a chat; the message is the car, its price and its address. */
export function whatsappShareHref(origin: string, car: ShareCar): string {
  return `https://wa.me/?text=${encodeURIComponent(`${shareText(car)}\n${sharedCarUrl(origin, car, "whatsapp")}`)}`;
}
