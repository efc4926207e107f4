import { alertFilters } from "./alerts";
import type { Business } from "./business";
import type { CarFilters } from "./car-filters";
import { lagosDateTime } from "./lagos-time";
import { type RenderedMail, renderMail } from "./mail-layout";
import { formatNaira } from "./money";
import { formatNigerianPhone } from "./phone";

/**
 * Sourcing requests ("find me this car") matched against the stock (docs/product.md, Sourcing
 * requests). Pure: which cars a request asks for, and the email that tells the staff.
 */

/** A sourcing request as the matching reads it. */
export interface SourcingWish {
  car_wanted: string;
  budget: number | null;
  /** The /browse query that found nothing ("?make=Lexus&maxPrice=30000000"), when it came from there. */
  search: string | null;
}

/**
 * The /browse filters a request asks for: the search it came from when that names a car (a make,
 * a model or words), else that search with the words of the car wanted ("Toyota Highlander": every
 * word must be in the car, as /browse's search box reads them); the budget, when given, is the
 * highest price. A request always names a car, so it never matches the whole stock.
 */
export function sourcingFilters(wish: SourcingWish): CarFilters {
  const filters = alertFilters((wish.search ?? "").replace(/^\?/, ""));
  const named = Boolean(filters.make || filters.model || filters.q);
  const out: CarFilters = named ? filters : { ...filters, q: wish.car_wanted };
  return wish.budget === null ? out : { ...out, maxPrice: wish.budget };
}

/** The request and the car, as the staff's email names them. */
export interface SourcingMatchMail {
  request: { id: number; name: string; phone: string; car_wanted: string; budget: number | null; created_at: string };
  car: { name: string; price: number; stock_number: string | null; url: string };
  /** The request's lead page (absolute). */
  leadUrl: string;
}

/** The email the staff who receive sourcing alerts get when a car answers a request. */
export function sourcingMatchMail(m: SourcingMatchMail, business: Business): RenderedMail {
  const { request, car } = m;
  return renderMail({
    subject: `A car for ${request.name}'s request: ${car.name}`,
    paragraphs: [
      `A car now for sale on the ${business.name} website answers a "find me this car" request. ` +
        "Call the buyer to tell them.",
    ],
    facts: [
      ["Buyer", request.name],
      ["Phone", formatNigerianPhone(request.phone)],
      ["Car wanted", request.car_wanted],
      ["Budget", request.budget === null ? "not given" : formatNaira(request.budget)],
      ["Asked", `${lagosDateTime(request.created_at)} (Lagos time)`],
      ["Matching car", `${car.name}${car.stock_number ? ` (${car.stock_number})` : ""}`],
      ["Price", formatNaira(car.price)],
      ["Car page", car.url],
    ],
    link: { label: "Open the request in the back office", url: m.leadUrl },
    closing: ["Set the request's status once you have called; won or lost requests are no longer matched."],
    signature: [`${business.name} back office`],
  });
}
