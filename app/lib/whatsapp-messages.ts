import { z } from "zod";
import type { MailLead } from "./lead-mail";
import { formatNaira } from "./money";
import type { LeadNotifyKind } from "./notifications";
import { formatNigerianPhone, normalizeNigerianPhone } from "./phone";

/**
 * WhatsApp messages (docs/product.md, WhatsApp): what the outbox sends through the WhatsApp
 * Business Cloud API. Outside a conversation the buyer or the staff member opened, WhatsApp only
 * delivers template messages the dealer's WhatsApp Business account had approved by Meta, so a
 * message here is a template's name, its language and the texts of its body's placeholders
 * ({{1}}, {{2}}, …) in order. The names and the language are the owner's settings.
 */

/** A WhatsApp message as the outbox keeps it (the recipient is a column of its own). */
export interface WhatsappPayload {
  template: string;
  language: string;
  /** The body's placeholders, in order. */
  parameters: string[];
}

/** The template names and language an owner sets (approved in WhatsApp Manager under these names). */
export interface WhatsappTemplates {
  /** New leads, to staff: {{1}} kind, {{2}} name, {{3}} phone, {{4}} car, {{5}} link to the lead. */
  lead: string;
  /** Buyers' alerts: {{1}} what happened, {{2}} link to see it, {{3}} link to stop alerts. */
  alert: string;
  /** The templates' language code, as WhatsApp Manager shows it: en, en_US, en_GB… */
  language: string;
}

export const DEFAULT_WHATSAPP_TEMPLATES: WhatsappTemplates = {
  lead: "new_lead_alert",
  alert: "car_alert",
  language: "en",
};

/** The template bodies the owner submits to Meta for approval (shown on the notifications page). */
export const WHATSAPP_TEMPLATE_BODIES: Record<"lead" | "alert", string> = {
  lead: "New {{1}} from {{2}}, phone {{3}}. Car: {{4}}. Open the lead: {{5}}",
  alert: "{{1}} See it here: {{2}} To stop these alerts: {{3}}",
};

const templateName = z
  .string({ error: "A template name is required" })
  .trim()
  .min(1, { error: "A template name is required" })
  .max(512, { error: "A template name has at most 512 characters" })
  .regex(/^[a-z0-9_]+$/, { error: "Template names use only small letters, digits and _ (e.g. new_lead_alert)" });

export const whatsappTemplatesSchema = z.object({
  lead: templateName,
  alert: templateName,
  language: z
    .string({ error: "The language is required" })
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: "Enter the language code WhatsApp Manager shows, e.g. en or en_US" }),
});

/** The message for a number nobody can use on WhatsApp. */
export const WHATSAPP_NUMBER_MESSAGE = "Enter a Nigerian mobile number, e.g. 0803 555 0142";

/**
 * A WhatsApp number field: empty is none (null); anything else must be a Nigerian mobile number,
 * kept in the site's stored form (+2348035550142).
 */
export const whatsappNumberField = z
  .string()
  .trim()
  .max(30, { error: WHATSAPP_NUMBER_MESSAGE })
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const phone = normalizeNigerianPhone(v);
    if (!phone) ctx.addIssue({ code: "custom", message: WHATSAPP_NUMBER_MESSAGE });
    return phone;
  });

/** The Cloud API's `to`: the number in international form without "+" (2348035550142). */
export function whatsappRecipient(stored: string): string {
  return stored.replace(/\D/g, "");
}

/** "+234 803 555 0142 on WhatsApp" for the outbox page's recipient 2348035550142. */
export function whatsappRecipientLabel(recipient: string): string {
  return formatNigerianPhone(`+${recipient}`);
}

const PARAMETER_MAX = 600;

/**
 * A placeholder's text as WhatsApp takes it: one line (no line breaks or tabs), no run of more
 * than four spaces, never empty, at most PARAMETER_MAX characters.
 */
function templateText(value: string | null | undefined, empty = "Not given"): string {
  const text = (value ?? "")
    .replace(/[\r\n\t\v\f\u0085\u2028\u2029]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
  if (!text) return empty;
  return text.length > PARAMETER_MAX ? `${text.slice(0, PARAMETER_MAX - 1)}…` : text;
}

const LEAD_WORDS: Record<LeadNotifyKind, string> = {
  inspection: "inspection booking",
  contact: "message",
  loan: "loan application",
  sourcing: "sourcing request",
};

/** The car a lead is about, in words: a stock car with its price, else what the buyer asked for. */
function leadCar(lead: MailLead): string {
  if (lead.car) return `${lead.car.name}, ${formatNaira(lead.car.price)}`;
  const d = lead.details;
  if (d.kind === "inspection") return `${d.car_make} ${d.car_model}`;
  if (d.kind === "sourcing") return d.car_wanted;
  if (d.kind === "loan" && d.application) return d.application.car_name;
  return "None named";
}

/** A new lead's staff alert on WhatsApp: the outbox's subject and payload. */
export function leadWhatsapp(lead: MailLead, templates: WhatsappTemplates): { subject: string; payload: string } {
  const payload: WhatsappPayload = {
    template: templates.lead,
    language: templates.language,
    parameters: [
      templateText(LEAD_WORDS[lead.kind]),
      templateText(lead.name),
      templateText(lead.phone ? formatNigerianPhone(lead.phone) : null),
      templateText(leadCar(lead)),
      templateText(lead.url),
    ],
  };
  return { subject: `New ${LEAD_WORDS[lead.kind]}: ${templateText(lead.name)}`, payload: JSON.stringify(payload) };
}

/** A buyer's alert on WhatsApp: what happened, where to see it, where to stop. */
export function alertWhatsapp(
  what: string,
  seeUrl: string,
  stopUrl: string,
  templates: WhatsappTemplates,
): { subject: string; payload: string } {
  const payload: WhatsappPayload = {
    template: templates.alert,
    language: templates.language,
    parameters: [templateText(what), templateText(seeUrl), templateText(stopUrl)],
  };
  return { subject: templateText(what).slice(0, 200), payload: JSON.stringify(payload) };
}

/** What a buyer's alert message says, for each reason the site sends one. */
export const alertChatText = {
  matches(about: string, cars: { name: string; price: number }[]): string {
    const list = cars.map((c) => `${c.name}, ${formatNaira(c.price)}`).join("; ");
    return cars.length === 1
      ? `A new car for your alert "${about}": ${list}.`
      : `${cars.length} new cars for your alert "${about}": ${list}.`;
  },
  priceDrop(car: { name: string; price: number }, oldPrice: number): string {
    return `Price drop: the ${car.name} is now ${formatNaira(car.price)} (was ${formatNaira(oldPrice)}).`;
  },
  available(car: { name: string; price: number }): string {
    return `Good news: the ${car.name} is no longer reserved and is for sale again at ${formatNaira(car.price)}.`;
  },
  stillForSale(car: { name: string; price: number }): string {
    const price = formatNaira(car.price);
    return `Correction: the ${car.name} has not been sold after all. It is still for sale at ${price}.`;
  },
  sold(name: string, similar: { name: string; price: number }[]): string {
    const list = similar.map((c) => `${c.name}, ${formatNaira(c.price)}`).join("; ");
    return `The ${name} you were watching has been sold.${list ? ` Similar cars still for sale: ${list}.` : ""}`;
  },
};
