import { ALERT_CONFIRM_DAYS, searchInWords } from "./alerts";
import type { Business } from "./business";
import { escapeHtml, type MailCarCard, type RenderedMail, renderMail } from "./mail-layout";
import { formatNaira } from "./money";
import { formatNigerianPhone } from "./phone";
import { oneLine } from "./validation";

/**
 * The emails of buyers' alerts (docs/product.md, Alerts): the confirmation (double opt-in), new
 * matches, a price drop and a sale. Every alert email ends with the links to leave.
 */

/** What an alert is about, in words: the search, or the car. */
export interface AlertSubject {
  kind: "search" | "price" | "available";
  search: string | null;
  carName: string | null;
}

export interface AlertLinks {
  /** The one-click unsubscribe page of this alert. */
  leave: string;
  /** The page listing the address's alerts. */
  manage: string;
}

export interface AlertCar {
  name: string;
  price: number;
  url: string;
  photo: string | null;
}

const signature = (b: Business) => [b.name, b.address, b.phones.map(formatNigerianPhone).join(" · ")];

export function alertAbout(a: AlertSubject): string {
  if (a.kind === "search") return searchInWords(a.search ?? "");
  return a.kind === "price" ? `the price of the ${a.carName ?? "car"}` : `the ${a.carName ?? "car"} becoming available`;
}

const footer = (links: AlertLinks) => [
  { label: "Stop this alert", url: links.leave },
  { label: "All your alerts", url: links.manage },
];

const card = (c: AlertCar, note?: string): MailCarCard => ({
  name: c.name,
  price: formatNaira(c.price),
  url: c.url,
  photo: c.photo,
  note,
});

export function confirmAlertMail(a: AlertSubject, confirmUrl: string, links: AlertLinks, b: Business): RenderedMail {
  const about = alertAbout(a);
  return renderMail({
    subject: `Confirm your alert: ${about}`,
    greeting: "Hello,",
    paragraphs: [
      a.kind === "search"
        ? `You asked ${b.name} to tell you when a car arrives that matches: ${about}.`
        : a.kind === "price"
          ? `You asked ${b.name} to tell you if ${about} goes down, and when it is sold.`
          : `You asked ${b.name} to tell you if the ${a.carName ?? "car"}, reserved by another buyer, ` +
            "becomes available again. We email you once if the hold ends or is cancelled.",
      `Nothing is sent until you confirm. The link works for ${ALERT_CONFIRM_DAYS} days; ` +
        "if you did not ask for this, ignore this email and we will forget your address.",
    ],
    link: { label: "Confirm my alert", url: confirmUrl },
    signature: signature(b),
    footer: [{ label: "All your alerts", url: links.manage }],
  });
}

function matchesMail(
  a: AlertSubject,
  cars: AlertCar[],
  links: AlertLinks,
  browseUrl: string,
  b: Business,
  about = alertAbout(a),
) {
  const one = cars.length === 1;
  return renderMail({
    subject: one ? `New arrival: ${cars[0].name}` : `${cars.length} new arrivals for ${about}`,
    greeting: "Hello,",
    paragraphs: [
      one
        ? `A car that matches your search (${about}) has just arrived at ${b.name}:`
        : `These cars that match your search (${about}) arrived at ${b.name}:`,
    ],
    cars: cars.map((c) => card(c)),
    link: { label: "See every match", url: browseUrl },
    closing: ["We send at most one email a day for this search."],
    signature: signature(b),
    footer: footer(links),
  });
}

/** Each alert's part of a "new matches" email. */
export interface MatchesFor {
  subject: AlertSubject;
  links: AlertLinks;
  browseUrl: string;
}

const SLOTS = {
  about: "@@ALERT-ABOUT@@",
  leave: "@@ALERT-LEAVE@@",
  manage: "@@ALERT-MANAGE@@",
  browse: "@@ALERT-BROWSE@@",
};

/**
 * The "new matches" email for many alerts that got the same cars: laid out once, then each alert's
 * words and links put in their places (a car that matches thousands of searches is written fast).
 */
export function matchesMailsFor(cars: AlertCar[], b: Business): (alert: MatchesFor) => RenderedMail {
  const template = matchesMail(
    { kind: "search", search: null, carName: null },
    cars,
    { leave: SLOTS.leave, manage: SLOTS.manage },
    SLOTS.browse,
    b,
    SLOTS.about,
  );
  return (alert) => {
    const about = oneLine(alertAbout(alert.subject));
    const fill = (text: string, esc: (s: string) => string) =>
      text
        .replaceAll(SLOTS.about, esc(about))
        .replaceAll(SLOTS.leave, esc(alert.links.leave))
        .replaceAll(SLOTS.manage, esc(alert.links.manage))
        .replaceAll(SLOTS.browse, esc(alert.browseUrl));
    const same = (s: string) => s;
    return {
      subject: fill(template.subject, same),
      text: fill(template.text, same),
      html: fill(template.html, escapeHtml),
    };
  };
}

export function priceDropMail(car: AlertCar, oldPrice: number, links: AlertLinks, b: Business): RenderedMail {
  return renderMail({
    subject: `Price drop: ${car.name} now ${formatNaira(car.price)}`,
    greeting: "Hello,",
    paragraphs: [`The price of the ${car.name} went down from ${formatNaira(oldPrice)} to ${formatNaira(car.price)}.`],
    cars: [card(car, `Was ${formatNaira(oldPrice)}`)],
    signature: signature(b),
    footer: footer(links),
  });
}

export function soldMail(carName: string, similar: AlertCar[], links: AlertLinks, b: Business): RenderedMail {
  return renderMail({
    subject: `Sold: ${carName}`,
    greeting: "Hello,",
    paragraphs: [
      `The ${carName} you were watching has been sold, so this alert has ended.`,
      similar.length ? "These similar cars are still for sale:" : `Ask us and we will find you another one.`,
    ],
    cars: similar.map((c) => card(c)),
    signature: signature(b),
    footer: footer(links),
  });
}

/**
 * A sale marked by mistake was undone after the sold email went out: the correction. A price
 * alert (`resumed`) is on again; a buyer waiting for the car to be free is told it is, and that
 * alert ends.
 */
export function stillForSaleMail(car: AlertCar, resumed: boolean, links: AlertLinks, b: Business): RenderedMail {
  return renderMail({
    subject: `Still for sale: ${car.name}`,
    greeting: "Hello,",
    paragraphs: [
      `We wrote that the ${car.name} had been sold: that was a mistake, and we are sorry. ` +
        `It is still for sale at ${b.name}.`,
      resumed
        ? "Your price alert is on again: we will tell you if its price drops."
        : "Reserve it, book an inspection or call us soon.",
    ],
    cars: [card(car)],
    link: { label: "See the car", url: car.url },
    closing: resumed ? [] : ["This alert has now ended."],
    signature: signature(b),
    footer: footer(links),
  });
}

/** A reserved car is for sale again (its hold ended or was cancelled): sent once, and the alert ends. */
export function availableAgainMail(car: AlertCar, links: AlertLinks, b: Business): RenderedMail {
  return renderMail({
    subject: `Available again: ${car.name}`,
    greeting: "Hello,",
    paragraphs: [
      `Good news: the ${car.name} you asked about is no longer reserved and is for sale again at ${b.name}.`,
      "Another buyer may be looking too: reserve it, book an inspection or call us soon.",
    ],
    cars: [card(car)],
    link: { label: "See the car", url: car.url },
    closing: ["This alert has now ended."],
    signature: signature(b),
    footer: footer(links),
  });
}
