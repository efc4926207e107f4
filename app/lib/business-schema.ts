import { z } from "zod";
import { type Business, DAYS, type DayHours } from "./business";
import { isHttpsLink, isSiteOrHttpsLink } from "./links";
import { localNigerianPhone, normalizeNigerianPhone } from "./phone";
import { multiLine, oneLine } from "./validation";

/**
 * The business settings as an owner sends them (the API's JSON, or the settings form turned into
 * the same shape by settingsFromForm). Field messages are keyed by their path ("phones.1",
 * "hours.sat", "socials.0.url"): the settings form names its inputs the same way.
 */

export const MAX_PHONES = 3;
export const MAX_SOCIALS = 6;
const MAX_SERVICES = 12;

/** A text without control characters (`clean`: one line unless told), trimmed, 1 to `max` characters. */
const text = (label: string, max: number, clean: (v: string) => string = oneLine) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(clean)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const PHONE_MESSAGE = "Enter a Nigerian mobile number, e.g. 0803 555 0142";
const phone = z.string({ error: PHONE_MESSAGE }).transform((value, ctx) => {
  const canonical = normalizeNigerianPhone(value);
  if (!canonical) {
    ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
    return z.NEVER;
  }
  return canonical;
});

const httpsUrl = z
  .string({ error: "Give the page's address" })
  .overwrite(oneLine)
  .trim()
  .max(300, "The address must be at most 300 characters")
  .refine(isHttpsLink, "Use a full https:// address, e.g. https://www.instagram.com/yourshop");

/** A link on the site ("/browse?condition=new") or another https site. */
const promotionUrl = z
  .string()
  .trim()
  .max(300, "The link must be at most 300 characters")
  .refine(isSiteOrHttpsLink, "Use a page of this site (/browse) or an https:// address");

const time = z.string({ error: "Use a time like 08:00" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time like 08:00");
const day = z
  .object({ open: time, close: time })
  .refine((d) => d.open < d.close, "Closing time must be after opening time")
  .nullable();

export const SettingsSchema = z.object({
  name: text("Business name", 80),
  shortName: text("Short name", 30),
  tagline: text("Tagline", 120),
  email: z
    .string({ error: "Email is required" })
    .overwrite(oneLine)
    .trim()
    .min(1, "Email is required")
    .max(120, "Email must be at most 120 characters")
    .email("Enter a valid email address"),
  phones: z
    .array(phone, { error: "Give 1 to 3 phone numbers" })
    .min(1, "Give at least one phone number")
    .max(MAX_PHONES, `At most ${MAX_PHONES} phone numbers`),
  whatsapp: phone,
  address: text("Address", 200),
  area: text("Area", 80),
  hours: z
    .object(Object.fromEntries(DAYS.map((d) => [d, day])) as Record<(typeof DAYS)[number], typeof day>, {
      error: "Give the opening hours of each day",
    })
    .refine((h) => DAYS.some((d) => h[d] !== null), "Open at least one day a week"),
  socials: z
    .array(z.object({ name: text("Network name", 30), url: httpsUrl }), { error: "Socials must be a list" })
    .max(MAX_SOCIALS, `At most ${MAX_SOCIALS} social links`),
  afterSalesServices: z
    .array(text("Service", 60), { error: "After-sales services must be a list" })
    .max(MAX_SERVICES, `At most ${MAX_SERVICES} services`),
  chatGreeting: text("Chat greeting", 300, multiLine),
  about: text("About text", 6000, multiLine),
  promotion: z
    .object({
      text: text("Promotion text", 140),
      url: promotionUrl.nullable().transform((v) => v || null),
    })
    .nullable(),
  catalogueFeed: z.boolean({ error: "catalogueFeed must be true or false" }),
  publishVins: z.boolean({ error: "publishVins must be true or false" }),
});

export type SettingsInput = z.output<typeof SettingsSchema>;

/** Field messages keyed by path ("phones.1"), the first message of each. */
export function settingsFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The settings form's flat fields as the API's document (empty rows left out). */
export function settingsFromForm(form: Record<string, string>): Record<string, unknown> {
  const v = (name: string) => (form[name] ?? "").trim();
  const rows = (count: number, make: (i: number) => unknown | null) =>
    Array.from({ length: count }, (_, i) => make(i)).filter((r) => r !== null);
  const hours = Object.fromEntries(
    DAYS.map((d): [string, DayHours | null] => [
      d,
      form[`hours.${d}.closed`] ? null : { open: v(`hours.${d}.open`), close: v(`hours.${d}.close`) },
    ]),
  );
  const promotionText = v("promotion.text");
  return {
    name: v("name"),
    shortName: v("shortName"),
    tagline: v("tagline"),
    email: v("email"),
    phones: rows(MAX_PHONES, (i) => v(`phones.${i}`) || null),
    whatsapp: v("whatsapp"),
    address: v("address"),
    area: v("area"),
    hours,
    socials: rows(MAX_SOCIALS, (i) =>
      v(`socials.${i}.name`) || v(`socials.${i}.url`)
        ? { name: v(`socials.${i}.name`), url: v(`socials.${i}.url`) }
        : null,
    ),
    afterSalesServices: (form.afterSalesServices ?? "")
      .split("\n")
      .map((s) => s.trim())
      .filter(Boolean),
    chatGreeting: v("chatGreeting"),
    about: (form.about ?? "").trim(),
    promotion: promotionText || v("promotion.url") ? { text: promotionText, url: v("promotion.url") || null } : null,
    catalogueFeed: Boolean(form.catalogueFeed),
    publishVins: Boolean(form.publishVins),
  };
}

/** The business as the settings form's flat fields (to fill it); phones written the local way, 0803 555 0142. */
export function settingsFormValues(b: Business): Record<string, string> {
  const out: Record<string, string> = {
    name: b.name,
    shortName: b.shortName,
    tagline: b.tagline,
    email: b.email,
    whatsapp: localNigerianPhone(b.whatsapp),
    address: b.address,
    area: b.area,
    afterSalesServices: b.afterSalesServices.join("\n"),
    chatGreeting: b.chatGreeting,
    about: b.about,
    "promotion.text": b.promotion?.text ?? "",
    "promotion.url": b.promotion?.url ?? "",
  };
  if (b.catalogueFeed) out.catalogueFeed = "on";
  if (b.publishVins) out.publishVins = "on";
  b.phones.forEach((p, i) => {
    out[`phones.${i}`] = localNigerianPhone(p);
  });
  for (const d of DAYS) {
    const h = b.hours[d];
    out[`hours.${d}.open`] = h?.open ?? "08:00";
    out[`hours.${d}.close`] = h?.close ?? "18:00";
    if (!h) out[`hours.${d}.closed`] = "on";
  }
  b.socials.forEach((s, i) => {
    out[`socials.${i}.name`] = s.name;
    out[`socials.${i}.url`] = s.url;
  });
  return out;
}
