import ipaddr from "ipaddr.js";
import { z } from "zod";
import { MAX_NOTIFY_RECIPIENTS, MAX_WEBHOOKS } from "~/config/constants";
import { formatNigerianPhone } from "./phone";
import {
  DEFAULT_WHATSAPP_TEMPLATES,
  type WhatsappTemplates,
  whatsappNumberField,
  whatsappTemplatesSchema,
} from "./whatsapp-messages";

/**
 * Who is told what (docs/product.md, Notifications): email recipients and webhooks, each with
 * the kinds of message they get. Stored as one document; an owner edits it on the notifications
 * page or with PUT /api/admin/notifications.
 */

/** The leads that are told at once: a booking, a message, a completed loan application, a sourcing request. */
export const LEAD_NOTIFY_KINDS = ["inspection", "contact", "loan", "sourcing"] as const;
export type LeadNotifyKind = (typeof LEAD_NOTIFY_KINDS)[number];
/** Reservations are told at once too, to staff only (the buyer gets a receipt of their own). */
export const NOTIFY_KINDS = [...LEAD_NOTIFY_KINDS, "reservation", "digest"] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export const NOTIFY_KIND_LABELS: Record<NotifyKind, string> = {
  inspection: "Inspection bookings",
  contact: "Contact messages",
  loan: "Loan applications",
  sourcing: "Sourcing requests",
  reservation: "Reservations (deposits paid, holds ended, refunds needed)",
  digest: "Morning digest",
};

/** The checkboxes' labels. */
export const NOTIFY_KIND_SHORT: Record<NotifyKind, string> = {
  inspection: "Inspections",
  contact: "Contact",
  loan: "Loans",
  sourcing: "Sourcing",
  reservation: "Reservations",
  digest: "Digest",
};

/** "inspection bookings, contact messages and the morning digest". */
export function kindsText(kinds: readonly NotifyKind[]): string {
  const words = kinds.map((k) => (k === "digest" ? "the morning digest" : NOTIFY_KIND_LABELS[k].toLowerCase()));
  return words.length <= 1 ? (words[0] ?? "nothing") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

export const NOTIFY_KIND_HINTS: Record<NotifyKind, string> = {
  inspection: "a buyer books an inspection",
  contact: "a message from the Connect page",
  loan: "a buyer sends the client information of a loan application",
  sourcing: 'a "find me this car" request from Browse',
  reservation: "a buyer pays a deposit to hold a car, a hold ends, or a payment needs a refund",
  digest: "every morning at 08:00: yesterday's leads, leads still new after a day, today's inspections",
};

export interface Recipient {
  email: string;
  /** Their WhatsApp number (+2348035550142): new leads of their kinds go there too, when WhatsApp is set up. */
  whatsapp?: string | null;
  kinds: NotifyKind[];
}

export interface Webhook {
  url: string;
  kinds: LeadNotifyKind[];
}

/** A webhook as stored: with its signing secret (never shown again after it is made) and when it was added. */
export interface StoredWebhook extends Webhook {
  secret: string;
  created_at: string;
}

export interface Notifications {
  recipients: Recipient[];
  webhooks: StoredWebhook[];
  /** The WhatsApp templates' names and language. */
  templates: WhatsappTemplates;
}

export const NO_NOTIFICATIONS: Notifications = { recipients: [], webhooks: [], templates: DEFAULT_WHATSAPP_TEMPLATES };

/** The document as the page and the API show it: webhooks without their secrets. */
export interface NotificationsView {
  recipients: Recipient[];
  webhooks: (Webhook & { created_at: string })[];
  templates: WhatsappTemplates;
}

export function notificationsView(n: Notifications): NotificationsView {
  return {
    recipients: n.recipients,
    webhooks: n.webhooks.map(({ url, kinds, created_at }) => ({ url, kinds, created_at })),
    templates: n.templates,
  };
}

const ADDRESS_HINT = "Use the receiver's public address";
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

/**
 * Why a webhook URL is refused, or null: only http(s), no user name or password in it, and,
 * unless private addresses are allowed, no loopback, private or link-local address and no local
 * name (the server would be posting into its own network). Names are checked again when a
 * delivery resolves them (jobs/webhook-delivery.ts).
 */
export function webhookUrlProblem(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter the full address, starting with https://";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "Only http:// and https:// addresses can be used";
  if (url.username || url.password) return "Leave the user name and password out of the address";
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : `${ADDRESS_HINT}: this one is on a private network`;
  if (!host.includes(".") || LOCAL_NAMES.test(host)) return `${ADDRESS_HINT}: this name is only known locally`;
  return null;
}

/**
 * Whether an IP address is on the public internet (not loopback, private, link-local, reserved...).
 * An IPv6 address that embeds an IPv4 one is judged by what it embeds: the mapped form
 * (`::ffff:10.0.0.1`) as that IPv4 address; the IPv4-compatible form (`::127.0.0.1`, written by
 * URLs as `::7f00:1`), deprecated and never a public host, is refused whatever it embeds; the
 * translation and tunnel prefixes (64:ff9b::/96, 6to4, Teredo) are ranges of their own, refused.
 */
export function isPublicAddress(address: string): boolean {
  const canonical = canonicalAddress(address);
  if (canonical === null || !ipaddr.isValid(canonical)) return false;
  const parsed = ipaddr.parse(canonical);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return false;
  // process() turns an IPv4-mapped IPv6 address into the IPv4 address it maps.
  return ipaddr.process(canonical).range() === "unicast";
}

/**
 * An IPv6 address as URLs write it (`::8.8.8.8` becomes `::808:808`: ipaddr.js would read the
 * dotted form as a mapped address), or null when it is not one; an IPv4 address as it is.
 */
function canonicalAddress(address: string): string | null {
  if (!address.includes(":")) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

function kindsSchema<const T extends readonly [string, ...string[]]>(allowed: T, what: string) {
  type Kind = T[number];
  return z
    .array(z.enum(allowed, { error: `Kinds must be among: ${allowed.join(", ")}` }), {
      error: `Kinds must be a list among: ${allowed.join(", ")}`,
    })
    .transform((values): Kind[] => allowed.filter((k) => (values as string[]).includes(k)))
    .refine((v) => v.length > 0, { error: `Choose at least one kind of ${what}` });
}

const recipientSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Email is required" })
    .max(254, { error: "Email must be at most 254 characters" })
    .pipe(z.email({ error: "Enter a valid email address, e.g. sales@example.ng" })),
  whatsapp: whatsappNumberField,
  kinds: kindsSchema(NOTIFY_KINDS, "message"),
});

function webhookSchema(allowPrivate: boolean) {
  return z.object({
    url: z
      .string({ error: "Address is required" })
      .trim()
      .min(1, { error: "Address is required" })
      .max(500, { error: "The address must be at most 500 characters" })
      .superRefine((v, ctx) => {
        const problem = webhookUrlProblem(v, allowPrivate);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    kinds: kindsSchema(LEAD_NOTIFY_KINDS, "lead"),
  });
}

/** Refuses the second of two entries with the same key (an email, a URL). */
function noRepeats<T>(key: (item: T) => string, field: string, message: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: "custom", path: [i, field], message });
      seen.add(k);
    });
  };
}

/**
 * The document an owner sends: both lists whole and the WhatsApp templates (an API caller may
 * leave any of the three out: it keeps its value). `allowPrivate` is the server's WEBHOOKS_ALLOW_PRIVATE.
 */
export function notificationsSchema(allowPrivate: boolean) {
  return z.object({
    recipients: z
      .array(recipientSchema, { error: "recipients must be a list of { email, kinds }" })
      .max(MAX_NOTIFY_RECIPIENTS, { error: `At most ${MAX_NOTIFY_RECIPIENTS} recipients` })
      .superRefine(noRepeats((r) => r.email, "email", "This address is already on the list")),
    webhooks: z
      .array(webhookSchema(allowPrivate), { error: "webhooks must be a list of { url, kinds }" })
      .max(MAX_WEBHOOKS, { error: `At most ${MAX_WEBHOOKS} webhooks` })
      .superRefine(noRepeats((w) => w.url, "url", "This address is already a webhook")),
    templates: whatsappTemplatesSchema.default(DEFAULT_WHATSAPP_TEMPLATES),
  });
}

export type NotificationsInput = z.output<ReturnType<typeof notificationsSchema>>;

/** Field messages keyed by their path ("recipients.2.email"), the first per field. */
export function notificationFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

const kindList = (kinds: readonly string[]) => kinds.join(", ");

/**
 * A webhook as the activity trail and other staff-visible text name it: "webhook on
 * hooks.slack.com". Its address is a password (whoever has it can post into the channel), so
 * only its host is ever shown.
 */
export function webhookName(url: string): string {
  try {
    return `webhook on ${new URL(url).hostname}`;
  } catch {
    return "webhook";
  }
}

const ADDRESS_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s;,()]+/gi;

/** Text with every address in it reduced to its host (entries written before webhooks were named by host). */
export function withAddressesHidden(text: string): string {
  return text.replace(ADDRESS_IN_TEXT, (url) => {
    try {
      const host = new URL(url).hostname;
      return host ? `address on ${host}` : "an address";
    } catch {
      return "an address";
    }
  });
}

/**
 * What changed, for the activity trail: "added recipient a@b.ng (inspection, digest); removed
 * webhook on hooks.example.com". Webhooks are named by host only (webhookName).
 */
export function notificationChanges(before: NotificationsView, after: NotificationsView): string[] {
  const changes: string[] = [];
  const diff = <T extends { kinds: readonly string[] }>(
    key: (x: T) => string,
    name: (x: T) => string,
    was: T[],
    now: T[],
  ) => {
    const old = new Map(was.map((x) => [key(x), x]));
    const next = new Map(now.map((x) => [key(x), x]));
    for (const [k, x] of next) {
      const prev = old.get(k);
      if (!prev) changes.push(`added ${name(x)} (${kindList(x.kinds)})`);
      else if (kindList(prev.kinds) !== kindList(x.kinds)) changes.push(`${name(x)} now gets ${kindList(x.kinds)}`);
    }
    for (const [k, x] of old) if (!next.has(k)) changes.push(`removed ${name(x)}`);
  };
  diff(
    (r: Recipient) => r.email,
    (r) => `recipient ${r.email}${r.whatsapp ? ` with WhatsApp ${formatNigerianPhone(r.whatsapp)}` : ""}`,
    before.recipients,
    after.recipients,
  );
  for (const r of after.recipients) {
    const prev = before.recipients.find((x) => x.email === r.email);
    if (!prev || (prev.whatsapp ?? null) === (r.whatsapp ?? null)) continue;
    changes.push(
      r.whatsapp
        ? `recipient ${r.email} now on WhatsApp ${formatNigerianPhone(r.whatsapp)}`
        : `recipient ${r.email} no longer on WhatsApp`,
    );
  }
  diff(
    (w: Webhook) => w.url,
    (w) => webhookName(w.url),
    before.webhooks,
    after.webhooks,
  );
  const t = (x: WhatsappTemplates) => `${x.lead}, ${x.alert} (${x.language})`;
  if (t(before.templates) !== t(after.templates)) changes.push(`WhatsApp templates now ${t(after.templates)}`);
  return changes;
}
