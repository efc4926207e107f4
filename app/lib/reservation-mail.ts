import type { Business } from "./business";
import { type RenderedMail, renderMail } from "./mail-layout";
import { formatNaira } from "./money";
import { formatNigerianPhone } from "./phone";
import { holdEndText } from "./reservations";

/**
 * The emails a reservation causes: the buyer's receipt and hold-ended notice, in the dealer's
 * voice, and the staff alerts. Only the dealer's words and the stored facts; the greeting names nobody.
 */

export interface MailReservation {
  reference: string;
  car: string;
  carUrl: string;
  amount: number;
  holdUntil: string;
  name: string;
  email: string;
  phone: string;
  leadUrl: string;
}

const dealerFacts = (b: Business): [string, string][] => [
  ["Our address", b.address],
  ["Call us", formatNigerianPhone(b.phones[0] ?? b.whatsapp)],
];

export function receiptMail(r: MailReservation, b: Business, terms: string): RenderedMail {
  return renderMail({
    subject: `Receipt: ${r.car} reserved for you until ${holdEndText(r.holdUntil)}`,
    greeting: "Hello,",
    paragraphs: [
      `Thank you. ${b.name} has received your deposit and the car is reserved for you until ` +
        `${holdEndText(r.holdUntil)} (Lagos time). Come and see it, or call us to arrange payment of the rest.`,
    ],
    facts: [
      ["Car", r.car],
      ["Deposit paid", formatNaira(r.amount)],
      ["Reference", r.reference],
      ["Reserved until", `${holdEndText(r.holdUntil)} (Lagos time)`],
      ...dealerFacts(b),
      ["Terms", terms],
    ],
    link: { label: "See the car", url: r.carUrl },
    signature: [b.name],
  });
}

export function holdEndedBuyerMail(r: MailReservation, b: Business): RenderedMail {
  return renderMail({
    subject: `Your reservation of the ${r.car} has ended`,
    greeting: "Hello,",
    paragraphs: [
      `The hold on the ${r.car} ended on ${holdEndText(r.holdUntil)} and the car is available to other buyers again. ` +
        "Call us about your deposit or if you still want the car.",
    ],
    facts: [["Reference", r.reference], ["Deposit", formatNaira(r.amount)], ...dealerFacts(b)],
    signature: [b.name],
  });
}

export type StaffReservationEvent = "paid" | "needs_refund" | "expired";

const STAFF_LINES: Record<StaffReservationEvent, (r: MailReservation) => [string, string]> = {
  paid: (r) => [
    `Reserved: ${r.car}, ${formatNaira(r.amount)} paid`,
    `A buyer paid a deposit of ${formatNaira(r.amount)} through Paystack; ` +
      `the car is held for them until ${holdEndText(r.holdUntil)}.`,
  ],
  needs_refund: (r) => [
    `Refund needed: ${formatNaira(r.amount)} paid for the ${r.car}`,
    "A deposit arrived that cannot hold the car " +
      "(someone else holds it, it is sold, or the amount is not the one asked). " +
      "Refund it from the reservation's page, or call the buyer.",
  ],
  expired: (r) => [
    `Hold ended: ${r.car}`,
    `The hold on the ${r.car} ended on ${holdEndText(r.holdUntil)}; the car is available again. ` +
      "Call the buyer about the deposit.",
  ],
};

export function staffReservationMail(event: StaffReservationEvent, r: MailReservation, b: Business): RenderedMail {
  const [subject, paragraph] = STAFF_LINES[event](r);
  return renderMail({
    subject,
    paragraphs: [paragraph],
    facts: [
      ["Buyer", r.name],
      ["Phone", formatNigerianPhone(r.phone)],
      ["Email", r.email],
      ["Reference", r.reference],
    ],
    link: { label: "Open the reservation in the back office", url: r.leadUrl },
    signature: [`${b.name} back office`],
  });
}
