import { type Business, DAY_NAMES, type DayHours, dayOfDate, formatTime, hoursLines } from "./business";
import { lagosDateTime } from "./lagos-time";
import { LEAD_KIND_LABELS, type LeadKind } from "./leads";
import { type Lines, type MailText, type RenderedMail, renderMail } from "./mail-layout";
import { formatNaira } from "./money";
import type { LeadNotifyKind } from "./notifications";
import { formatNigerianPhone } from "./phone";

/**
 * What each email says (docs/product.md, Notifications): the staff alert of a new lead, the
 * buyer's confirmation, the morning digest. Pure: the model gathers the lead, the car and the
 * business settings, these functions write the words.
 *
 * Anyone can type any address into a lead form, so the buyer's own email carries only what the
 * dealer wrote: fixed texts, the business's details and facts the site itself holds (the booked
 * date, a stock car's name and price, the loan figures). Nothing the visitor typed (their name,
 * message, a typed car, a link) is ever repeated to the address they gave. Staff alerts carry it.
 */

/** The car a lead is about, when it has one: its name, price and public page. */
export interface MailCar {
  id: number;
  name: string;
  price: number;
  url: string;
}

export interface LoanFigures {
  car_name: string;
  loan_amount: number;
  initial_deposit: number;
  loan_period: string;
  monthly_repayment: number;
}

export interface LoanClient {
  age_bracket: string;
  income_range: string;
  client_location: string;
  client_id: string;
  bvn_available: string;
  deposit_available: string;
  employment_status: string;
  referral: string | null;
}

/** What the buyer sent, by kind of lead. */
export type LeadDetails =
  | { kind: "inspection"; car_make: string; car_model: string; inspection_date: string; other_info: string | null }
  | { kind: "contact"; message: string }
  | { kind: "loan"; application: LoanFigures | null; client: LoanClient }
  | { kind: "sourcing"; car_wanted: string; budget: number | null; search: string | null };

export interface MailLead {
  kind: LeadNotifyKind;
  /** The lead's id as its page and the API name it. */
  id: number;
  created_at: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  details: LeadDetails;
  car: MailCar | null;
  /** The lead's page in the back office, absolute. */
  url: string;
}

/** "Tuesday, 1 December 2026" for "2026-12-01" (a calendar date: no time zone shifts it). */
export function longDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  const month = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }).format(Date.UTC(y, m - 1, d));
  return `${DAY_NAMES[dayOfDate(isoDate)]}, ${d} ${month} ${y}`;
}

const phoneText = (p: string | null) => (p ? formatNigerianPhone(p) : "not given");

function signature(business: Business): string[] {
  return [business.name, business.address, business.phones.map(formatNigerianPhone).join(" · "), business.email];
}

type Fact = [string, MailText];

/** A multi-line text as the mail layout takes it: its lines. */
const textLines = (value: string): Lines => value.split("\n");

/** A fact only when it has a value. */
const optional = (label: string, value: MailText | null | undefined): Fact[] => (value ? [[label, value]] : []);

const carLine = (car: MailCar): Lines => [`${car.name}, ${formatNaira(car.price)}`, car.url];

function loanFacts(a: LoanFigures): Fact[] {
  return [
    ["Car price", formatNaira(a.loan_amount)],
    ["Initial deposit", formatNaira(a.initial_deposit)],
    ["Amount to finance", formatNaira(a.loan_amount - a.initial_deposit)],
    ["Loan period", a.loan_period],
    ["Monthly repayment", formatNaira(a.monthly_repayment)],
  ];
}

function detailFacts(lead: MailLead): Fact[] {
  const d = lead.details;
  switch (d.kind) {
    case "inspection":
      return [
        ["Car asked for", `${d.car_make} ${d.car_model}`],
        ["Inspection date", longDate(d.inspection_date)],
        ...optional("Other information", d.other_info && textLines(d.other_info)),
      ];
    case "contact":
      return [["Message", textLines(d.message)]];
    case "loan":
      return [
        ...(d.application ? [["Car financed", d.application.car_name] as Fact, ...loanFacts(d.application)] : []),
        ["Employment", d.client.employment_status],
        ["Income", d.client.income_range],
        ["Age", d.client.age_bracket],
        ["Location", d.client.client_location],
        ["Valid ID", d.client.client_id],
        ["BVN", d.client.bvn_available],
        ["Deposit ready", d.client.deposit_available],
        ...optional("Referral", d.client.referral),
      ];
    case "sourcing":
      return [
        ["Car wanted", d.car_wanted],
        ["Budget", d.budget === null ? "not given" : formatNaira(d.budget)],
        ...optional("Their search", d.search),
      ];
  }
}

function alertSubject(lead: MailLead): string {
  const who = lead.name ?? "a buyer";
  const d = lead.details;
  switch (d.kind) {
    case "inspection": {
      const car = lead.car?.name ?? `${d.car_make} ${d.car_model}`;
      return `New inspection booking: ${who}, ${car} on ${longDate(d.inspection_date)}`;
    }
    case "contact":
      return `New message from ${who}`;
    case "loan":
      return `New loan application: ${who}${d.application ? `, ${d.application.car_name}` : ""}`;
    case "sourcing":
      return `New sourcing request: ${who} wants ${d.car_wanted}`;
  }
}

/** The email staff get at once for a new lead: who, what, the car, and the link to answer it. */
export function staffAlert(lead: MailLead, business: Business): RenderedMail {
  const facts: Fact[] = [
    ["Name", lead.name ?? "not given"],
    ["Phone", phoneText(lead.phone)],
    ...optional("Email", lead.email),
    ...optional("Car", lead.car && carLine(lead.car)),
    ...detailFacts(lead),
    ["Received", `${lagosDateTime(lead.created_at)} (Lagos time)`],
  ];
  return renderMail({
    subject: alertSubject(lead),
    paragraphs: [`A new ${LEAD_KIND_LABELS[lead.kind].toLowerCase()} came in on the ${business.name} website.`],
    facts,
    link: { label: "Open the lead in the back office", url: lead.url },
    closing: lead.email
      ? ["Reply to this email to write to the buyer; set the lead's status once you have called."]
      : ["Call the buyer, then set the lead's status in the back office."],
    signature: [`${business.name} back office`],
  });
}

const hoursText = (h: DayHours | null) => (h ? `${formatTime(h.open)} to ${formatTime(h.close)}` : "closed");

/**
 * The buyer's own email, in the dealer's voice: a booking's confirmation (with a calendar
 * invitation, attached by the caller), a loan application's receipt with its figures, a contact
 * message's acknowledgement. Only the dealer's words and the site's facts (see above): the
 * greeting names nobody, a booking names the stock car or none. Null for a lead without an email
 * address (sourcing requests).
 */
export function buyerEmail(lead: MailLead, business: Business): RenderedMail | null {
  if (!lead.email) return null;
  const d = lead.details;
  const greeting = "Hello,";
  const call = formatNigerianPhone(business.phones[0] ?? business.whatsapp);
  const sign = signature(business);
  switch (d.kind) {
    case "inspection": {
      const day = dayOfDate(d.inspection_date);
      return renderMail({
        subject: `Your inspection at ${business.name} on ${longDate(d.inspection_date)}`,
        greeting,
        paragraphs: [
          `Thank you for booking an inspection with ${business.name}. We will call you on the number ` +
            "you gave within one working day to confirm the time.",
        ],
        facts: [
          ...(lead.car ? [["Car", carLine(lead.car)] as Fact] : []),
          ["Date", longDate(d.inspection_date)],
          ["We are open", `${hoursText(business.hours[day])} that day`],
          ["Where", business.address],
          ["Opening hours", hoursLines(business.hours).map((l) => `${l.days}: ${l.time}`)],
        ],
        closing: [
          "The calendar invitation attached puts the visit in your calendar.",
          `Need another date? Call us on ${call} or reply to this email.`,
        ],
        signature: sign,
      });
    }
    case "loan":
      return renderMail({
        subject: `We have received your loan application - ${business.name}`,
        greeting,
        paragraphs: [
          `Thank you for applying for car financing with ${business.name}. We have your application and ` +
            "will call you within one working day about the next steps.",
        ],
        facts: d.application
          ? [...(lead.car ? [["Car", carLine(lead.car)] as Fact] : []), ...loanFacts(d.application)]
          : [],
        closing: [
          ...(d.application ? ["These are the figures you applied with; nothing is owed until you sign."] : []),
          `Questions? Call us on ${call} or reply to this email.`,
        ],
        signature: sign,
      });
    case "contact":
      return renderMail({
        subject: `We have received your message - ${business.name}`,
        greeting,
        paragraphs: [
          `Thank you for writing to ${business.name}. We answer every message within one working day, ` +
            "by phone or by email.",
        ],
        closing: [`In a hurry? Call us on ${call}.`],
        signature: sign,
      });
    case "sourcing":
      return null;
  }
}

/** A lead in the digest: "Contact message: Ada Obi, +234 803 555 0142, received 2026-11-25 09:10". */
export interface DigestLead {
  kind: LeadKind;
  name: string | null;
  phone: string | null;
  summary: string;
  created_at: string;
  url: string;
}

export interface DigestInspection {
  name: string;
  phone: string;
  car: string;
  url: string;
}

export interface DigestData {
  /** The Lagos day the digest is for (today) and the day it counts (yesterday), YYYY-MM-DD. */
  day: string;
  yesterday: string;
  /** Yesterday's leads per kind that a person answers, then sign-ups and chat clicks counted apart. */
  counts: { kind: LeadKind; count: number }[];
  stale: DigestLead[];
  staleTotal: number;
  inspections: DigestInspection[];
  /** The inbox's address (absolute), for "see them all". */
  inboxUrl: string;
}

/** The morning digest for the recipients of kind `digest`. */
export function digestMail(data: DigestData, business: Business): RenderedMail {
  const answerable = data.counts.filter((c) => c.kind !== "newsletter" && c.kind !== "whatsapp");
  const total = answerable.reduce((n, c) => n + c.count, 0);
  const countLines = data.counts.filter((c) => c.count > 0).map((c) => `${LEAD_KIND_LABELS[c.kind]}: ${c.count}`);
  const who = (l: { name: string | null; phone: string | null }) =>
    [l.name ?? "No name given", l.phone ? formatNigerianPhone(l.phone) : null].filter(Boolean).join(", ");
  const staleLines: MailText[] = data.stale.map(
    (l): Lines => [
      `${LEAD_KIND_LABELS[l.kind]}: ${who(l)}, received ${lagosDateTime(l.created_at)}. ${l.summary}`,
      l.url,
    ],
  );
  if (data.staleTotal > data.stale.length) staleLines.push(`and ${data.staleTotal - data.stale.length} more`);
  return renderMail({
    subject: `${business.name}: ${total} new lead${total === 1 ? "" : "s"} yesterday, ${data.staleTotal} waiting, ${
      data.inspections.length
    } inspection${data.inspections.length === 1 ? "" : "s"} today`,
    greeting: "Good morning,",
    paragraphs: [`Here is the desk for ${longDate(data.day)}.`],
    sections: [
      {
        heading: `Yesterday's leads (${longDate(data.yesterday)})`,
        lines: countLines,
        empty: "No leads yesterday.",
      },
      { heading: "Still new after a day", lines: staleLines, empty: "None: every lead has been answered." },
      {
        heading: "Inspections today",
        lines: data.inspections.map((i): Lines => [`${i.name}, ${formatNigerianPhone(i.phone)}: ${i.car}`, i.url]),
        empty: "No inspection is booked for today.",
      },
    ],
    link: { label: "Open the leads inbox", url: data.inboxUrl },
    signature: [`${business.name} back office`],
  });
}

/**
 * A webhook's JSON body for a new lead: `kind`, `id`, `created_at`, the lead's fields (who, and
 * what they sent), the car (or null) and the lead's page in the back office.
 */
export function webhookBody(lead: MailLead): string {
  const { kind: _kind, ...sent } = lead.details;
  const fields =
    sent && "client" in sent ? { ...(sent.application ?? {}), ...sent.client } : (sent as Record<string, unknown>);
  return JSON.stringify({
    kind: lead.kind,
    id: lead.id,
    created_at: lead.created_at,
    lead: { name: lead.name, phone: lead.phone, email: lead.email, ...fields },
    car: lead.car,
    url: lead.url,
  });
}
