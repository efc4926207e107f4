import { z } from "zod";
import { ADMIN_MIN_PASSWORD_LENGTH } from "./constants";

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_PATH: z.string().min(1).default("db/dealership.sqlite"),
  UPLOADS_DIR: z.string().min(1).default("uploads"),
  BACKUP_DIR: z.string().min(1).default("backups"),
  SEED_DEMO: z.enum(["0", "1"], { message: "SEED_DEMO must be 0 or 1" }).default("1"),
  ADMIN_USERNAME: z.string().trim().min(1).max(64).default("admin"),
  ADMIN_PASSWORD: z
    .string()
    .min(ADMIN_MIN_PASSWORD_LENGTH, {
      message: `ADMIN_PASSWORD must be at least ${ADMIN_MIN_PASSWORD_LENGTH} characters`,
    })
    .optional(),
  SESSION_SECRET: z.string().min(16, { message: "SESSION_SECRET must be at least 16 characters" }).optional(),
  RATE_LIMITS: z.enum(["on", "off"], { message: "RATE_LIMITS must be on or off" }).default("on"),
  /** Counting car page views (docs/product.md, Interest per car); off only to measure what it costs. */
  COUNT_VIEWS: z.enum(["on", "off"], { message: "COUNT_VIEWS must be on or off" }).default("on"),
  FORM_MIN_FILL_MS: z.coerce
    .number({ message: "FORM_MIN_FILL_MS must be a number of milliseconds" })
    .int()
    .min(0, { message: "FORM_MIN_FILL_MS must be 0 or more" })
    .max(60_000, { message: "FORM_MIN_FILL_MS must be at most 60000" })
    .default(2_000),
  PAGE_CACHE_MB: z.coerce
    .number({ message: "PAGE_CACHE_MB must be a number of megabytes" })
    .min(0, { message: "PAGE_CACHE_MB must be 0 (off) or more" })
    .max(4096, { message: "PAGE_CACHE_MB must be at most 4096" })
    .default(16),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((v) => v.toLowerCase() !== "true", {
      message:
        "TRUST_PROXY=true would believe any X-Forwarded-For: name the proxy (loopback, a hop count, or its addresses)",
    })
    .refine(
      (v) =>
        /^\d{1,2}$/.test(v) ||
        v.split(",").every((p) => /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i.test(p.trim())),
      {
        message:
          "TRUST_PROXY must be a hop count (e.g. 1), or a comma list of loopback, linklocal, uniquelocal, " +
          "IP addresses or CIDR ranges",
      },
    )
    .optional(),
  METRICS_TOKEN: z.string().min(16, { message: "METRICS_TOKEN must be at least 16 characters" }).optional(),
  /** The public origin (scheme, host, port): every absolute URL is made from it. */
  SITE_URL: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^/?#\s]+\/?$/i.test(v), {
      message: "SITE_URL must be the site's public origin, e.g. https://lekkiprimeautos.ng (no path)",
    })
    .optional(),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.ng:587 (smtps:// for TLS from the start). */
  SMTP_URL: z
    .string()
    .trim()
    .refine(isSmtpUrl, {
      message: "SMTP_URL must be an smtp:// or smtps:// address, e.g. smtp://user:password@mail.example.ng:587",
    })
    .optional(),
  /** The sender of every email: an address, or "Name <address>". */
  MAIL_FROM: z
    .string()
    .trim()
    .refine((v) => MAIL_FROM_PATTERN.test(v), {
      message: 'MAIL_FROM must be an email address, or a name and address: "Lekki Prime Autos <sales@example.ng>"',
    })
    .optional(),
  /** 1 lets webhooks reach loopback and private addresses (tests, or a receiver on the dealer's own network). */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(["0", "1"], { message: "WEBHOOKS_ALLOW_PRIVATE must be 0 or 1" }).default("0"),
  /** The dealer's Paystack secret key (sk_live_… or sk_test_…); an owner may paste one in the settings instead. */
  PAYSTACK_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^sk_(test|live)_[A-Za-z0-9]{8,100}$/, {
      message: "PAYSTACK_SECRET_KEY must start with sk_live_ or sk_test_",
    })
    .optional(),
  /** Where Paystack's API is. */
  PAYSTACK_API_URL: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^/?#\s]+\/?$/i.test(v), {
      message: "PAYSTACK_API_URL must be an origin such as https://api.paystack.co (no path)",
    })
    .default("https://api.paystack.co"),
  /**
   * The WhatsApp Business Cloud API's access token (a system user's permanent token); with the
   * number's id, WhatsApp is on.
   */
  WHATSAPP_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_\-.|]{20,1000}$/, { message: "WHATSAPP_TOKEN must be the access token Meta gave, e.g. EAAG…" })
    .optional(),
  /** The id of the WhatsApp Business phone number that sends (WhatsApp Manager, API Setup): digits. */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, { message: "WHATSAPP_PHONE_NUMBER_ID must be the phone number's id: digits only" })
    .optional(),
  /** Where the Cloud API is, with its version. */
  WHATSAPP_API_URL: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(v), {
      message: "WHATSAPP_API_URL must be an address such as https://graph.facebook.com/v21.0",
    })
    .transform((v) => v.replace(/\/+$/, ""))
    .default("https://graph.facebook.com/v21.0"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
});

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const MAIL_FROM_PATTERN = /^(?:[^<>@]*<\s*[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

export type Env = z.infer<typeof EnvSchema>;

/**
 * Express's `trust proxy` for TRUST_PROXY: unset trusts no forwarding header (the client is the
 * socket's address), a number trusts that many hops, anything else names the proxies.
 */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (!value) return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The site's public origin: SITE_URL, else http://localhost:PORT. */
export function siteOrigin(config: Env): string {
  return new URL(config.SITE_URL ?? `http://localhost:${config.PORT}`).origin;
}

/** "mail.example.ng:587" for SMTP_URL smtp://user:pass@mail.example.ng:587 (never the credentials); null when unset. */
export function smtpServer(config: Pick<Env, "SMTP_URL">): string | null {
  if (!config.SMTP_URL) return null;
  const url = new URL(config.SMTP_URL);
  return `${url.hostname}:${url.port || (url.protocol === "smtps:" ? "465" : "587")}`;
}

/** The WhatsApp Cloud API settings, or null unless both the token and the phone number's id are set. */
export function whatsappConfig(
  config: Pick<Env, "WHATSAPP_TOKEN" | "WHATSAPP_PHONE_NUMBER_ID" | "WHATSAPP_API_URL">,
): { token: string; phoneNumberId: string; apiUrl: string } | null {
  if (!config.WHATSAPP_TOKEN || !config.WHATSAPP_PHONE_NUMBER_ID) return null;
  return {
    token: config.WHATSAPP_TOKEN,
    phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
    apiUrl: config.WHATSAPP_API_URL,
  };
}

/** Parses the environment; throws one readable message listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

// server.ts and the Remix build are bundled apart: keep the one parsed copy on globalThis.
const g = globalThis as typeof globalThis & { __dealershipEnv?: Env };

/**
 * The configuration, parsed once on first use (not at import time, so a test or script can
 * set process.env first).
 */
export function env(): Env {
  g.__dealershipEnv ??= parseEnv();
  return g.__dealershipEnv;
}
