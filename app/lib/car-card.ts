import type { Car, CardCar, PublicCar } from "./car";
import { calculatorHref, monthlyFrom, monthlyFromQuote } from "./loan-math";

/**
 * The card's and the comparison's share of a car, made by loaders. Apart from car.ts so that the
 * loan arithmetic behind "From ₦X/month" stays on the server: browser code imports car.ts, never
 * this module.
 */

/** "From ₦X/month" of an available car the dealer finances (see monthlyFrom); null for any other. */
export function carMonthlyFrom(car: { financing: boolean; sold: boolean; price: number }): number | null {
  return car.financing && !car.sold ? monthlyFrom(car.price) : null;
}

/**
 * The car page's "From ₦X/month over N months after a ₦Y deposit (P%)" and the link to the
 * calculator showing those figures, whose Close comes back to `from` (the car's page); null as above.
 */
export function carMonthlyQuote(car: { id: number; financing: boolean; sold: boolean; price: number }, from?: string) {
  if (!car.financing || car.sold) return null;
  const quote = monthlyFromQuote(car.price);
  return {
    amount: quote.monthlyRepayment,
    months: quote.months,
    deposit: quote.initialDeposit,
    percent: quote.depositPercent,
    href: calculatorHref(car.id, quote, from),
  };
}

const CARD_DESCRIPTION_CHARS = 160;

/** The card's share of a car: its first photo only, and the description cut to what a card shows. */
export function toCardCar(car: Car | PublicCar): CardCar {
  const description = car.car_description;
  return {
    id: car.id,
    make: car.make,
    model: car.model,
    year: car.year,
    price: car.price,
    mileage: car.mileage,
    fuel_type: car.fuel_type,
    transmission: car.transmission,
    condition: car.condition,
    location: car.location,
    monthly_from: carMonthlyFrom(car),
    car_description:
      description && description.length > CARD_DESCRIPTION_CHARS
        ? `${description.slice(0, CARD_DESCRIPTION_CHARS).replace(/\s+\S*$/, "")}…`
        : description,
    images: car.images.slice(0, 1),
    reserved_until: car.reserved_until,
  };
}
