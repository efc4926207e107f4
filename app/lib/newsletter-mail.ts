import type { AlertCar } from "./alert-mail";
import type { Business } from "./business";
import { type MailCarCard, type RenderedMail, renderMail } from "./mail-layout";
import { formatNaira } from "./money";
import { NEWSLETTER_CONFIRM_DAYS } from "./newsletter-messages";
import { formatNigerianPhone } from "./phone";

/**
 * The newsletter's emails (docs/product.md, Newsletter): the confirmation (double opt-in), the
 * note to an address already on the list, and the weekly new arrivals. Every email that is sent
 * after confirming ends with the link to leave.
 */

const signature = (b: Business) => [b.name, b.address, b.phones.map(formatNigerianPhone).join(" · ")];

const card = (c: AlertCar): MailCarCard => ({ name: c.name, price: formatNaira(c.price), url: c.url, photo: c.photo });

export function confirmNewsletterMail(name: string, confirmUrl: string, b: Business): RenderedMail {
  return renderMail({
    subject: `Confirm your ${b.name} newsletter`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `You asked for the ${b.name} newsletter: every Monday, the cars that arrived that week, with photo and price.`,
      `Nothing is sent until you confirm. The link works for ${NEWSLETTER_CONFIRM_DAYS} days; ` +
        "if you did not ask for this, ignore this email and you will get nothing more from us.",
    ],
    link: { label: "Confirm my newsletter", url: confirmUrl },
    signature: signature(b),
  });
}

export function alreadySubscribedMail(name: string, leaveUrl: string, b: Business): RenderedMail {
  return renderMail({
    subject: `You are already on the ${b.name} newsletter`,
    greeting: `Hello ${name},`,
    paragraphs: [
      "Someone (probably you) signed this address up for our newsletter again. It is already confirmed, " +
        "so nothing changes: the week's new arrivals keep coming every Monday.",
    ],
    signature: signature(b),
    footer: [{ label: "Leave the newsletter", url: leaveUrl }],
  });
}

/** The weekly email: the cars published in the last 7 days (`more`: how many others are not shown). */
export function weeklyMail(cars: AlertCar[], more: number, browseUrl: string, leaveUrl: string, b: Business) {
  return renderMail({
    subject: cars.length === 1 ? `New this week: ${cars[0].name}` : `${cars.length + more} new arrivals this week`,
    greeting: "Hello,",
    paragraphs: [`These cars arrived at ${b.name} this week:`],
    cars: cars.map(card),
    link: { label: more ? `See all ${cars.length + more} on our site` : "See every car for sale", url: browseUrl },
    closing: ["You get this email every Monday because you confirmed our newsletter."],
    signature: signature(b),
    footer: [{ label: "Leave the newsletter", url: leaveUrl }],
  });
}
