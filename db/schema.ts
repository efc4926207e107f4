import type { ColumnType, Generated } from "kysely";

import type { ActivityKind } from "../app/lib/activity";
import type { CarFields } from "../app/lib/car";
import type { LeadCategory, LeadKind, LeadStatus } from "../app/lib/leads";
import type { OutboxChannel, OutboxStatus, OutboxTopic } from "../app/lib/outbox";
import type { ReservationStatus } from "../app/lib/reservations";
import type { Role } from "../app/lib/roles";

/** The Kysely view of the database. Timestamps are ISO-8601 UTC text. */

/** How one of a car's fields is stored: yes/no as 0/1 (NULL when unknown), key features as JSON text. */
type StoredCarField<T> = T extends boolean ? number : T extends string[] ? string : T;

/** A car's own fields as columns: the admin form's fields, yes/no as 0/1, key features as JSON text. */
export type StoredCarFields = { [K in keyof CarFields]: StoredCarField<CarFields[K]> };

export interface CarsTable extends StoredCarFields {
  id: Generated<number>;
  sold: Generated<number>; // 0 | 1
  /** 1 for the demo stock of a fresh install (removable in one go), 0 for the dealer's own cars. */
  demo: Generated<number>;
  /** 1 when the car has a photo, kept by triggers on car_images (migration 0028); public lists put 0 last. */
  has_photos: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CarImagesTable {
  id: Generated<number>;
  car_id: number;
  path: string; // "/uploads/<file>" or an absolute URL
  position: number;
}

export interface CarSalesTable {
  id: Generated<number>;
  car_id: number | null;
  make: string;
  model: string;
  year: number;
  color: string | null;
  date_sold: string;
  time_sold: string;
  created_at: string;
  /** The car's price when it was sold (whole naira); null for old sales of cars deleted since. */
  price: number | null;
  /** When the car was listed (its created_at); null for old sales of cars deleted since. */
  listed_at: string | null;
  /** The agreed price (whole naira); null when none was given (the list price stands). */
  sale_price: number | null;
  /** The reservation deposit already paid for this car (whole naira); null for a sale without one. */
  deposit: Generated<number | null>;
  /** The Paystack reference of that reservation. */
  reservation_reference: Generated<string | null>;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  name: string;
  email: string;
  created_at: string;
  /** 'pending' until the address confirms through the emailed link; only 'confirmed' ones are mailed. */
  status: Generated<"pending" | "confirmed">;
  /** SHA-256 of the confirmation link's token; kept after confirming, so a second use says "already". */
  confirm_hash: string | null;
  confirm_sent_at: string | null;
  confirmed_at: string | null;
  /** Where the sign-up came from: '/' (home page form) or '/api/newsletter'; null before consent was recorded. */
  source_page: string | null;
  /** The random token of the one-click leave link. */
  leave_token: string;
}

export interface InspectionsTable {
  id: Generated<number>;
  name: string;
  phone: string;
  email: string;
  car_make: string;
  car_model: string;
  inspection_date: string; // YYYY-MM-DD
  other_info: string | null;
  /** The car the booking was made from (its page or the lightbox); no foreign key: kept after the car goes. */
  car_id: number | null;
  created_at: string;
  /** 1 for the sample bookings of the demo inventory: removing the demo stock removes them. */
  demo: Generated<number>;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  phone: string;
  email: string;
  message: string;
  /** The car the message was sent about (Connect opened from its page); no foreign key. */
  car_id: number | null;
  created_at: string;
}

export interface LoanApplicationsTable {
  id: Generated<number>;
  car_id: number | null;
  car_name: string;
  loan_amount: number;
  initial_deposit: number;
  loan_period: string;
  monthly_repayment: number;
  created_at: string;
  /** Unguessable public handle (32 hex digits) used in URLs and by /api/client-info; unique. */
  reference: string;
}

export interface ClientInfosTable {
  id: Generated<number>;
  loan_application_id: number | null;
  name: string;
  email: string;
  phone: string;
  age_bracket: string;
  income_range: string;
  client_location: string;
  client_id: string;
  bvn_available: string;
  deposit_available: string;
  employment_status: string;
  referral: string | null;
  created_at: string;
}

export interface AdminsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: Generated<Role>;
  /** 1 while the admin must choose their own password (someone else chose the current one). */
  must_change_password: Generated<number>; // 0 | 1
  /** The name shown on the leads assigned to them ("Chidi Okafor"); null: the username stands. */
  display_name: Generated<string | null>;
  /** Their phone, in the +234 form, shown beside that name; null when not given. */
  phone: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  admin_id: number;
  created_at: string;
  last_seen_at: string;
}

/** One row per (key feature, car), kept in step with cars.keyfeatures by triggers. */
export interface CarFeaturesTable {
  feature: string; // COLLATE NOCASE
  car_id: number;
}

/** A single row whose version every write to cars or car_images bumps (triggers). */
export interface CatalogVersionTable {
  id: number;
  version: number;
}

/** One counted click on a WhatsApp chat link (/go/whatsapp): no personal data. */
export interface WhatsappClicksTable {
  id: Generated<number>;
  car_id: number | null;
  car_label: string | null; // "Toyota Camry 2020", kept if the car is deleted later
  from_path: string | null; // the page the link was on
  created_at: string;
}

/**
 * The leads registry: one row per buyer lead of every kind, filled by triggers on the lead tables
 * (migration 2026-11-22-0004-leads-desk). `source_id` is the id of the row the lead came from.
 */
export interface LeadsTable {
  id: Generated<number>;
  kind: LeadKind;
  source_id: number;
  created_at: string;
  status: Generated<LeadStatus>;
  name: string | null;
  phone: string | null;
  email: string | null;
  car_id: number | null;
  summary: string;
  search_text: string; // indexed by leads_fts
  note: string | null;
  updated_by: string | null; // the admin's username
  updated_at: string | null;
  /** The staff member the lead is assigned to; null when nobody (or when that account was removed). */
  assignee_id: number | null;
  /** What the figures count it as (a generated column, read only): see LEAD_CATEGORIES. */
  category: ColumnType<LeadCategory, never, never>;
}

/** "We'll source it for you": a buyer's request for a car the stock does not have (a `sourcing` lead). */
export interface SourcingRequestsTable {
  id: Generated<number>;
  name: string;
  phone: string; // +234...
  car_wanted: string;
  budget: number | null; // whole naira
  search: string | null; // the browse query that found nothing, e.g. "?make=Lexus&maxPrice=20000000"
  created_at: string;
}

/** The audit trail of admin writes: append-only (triggers refuse UPDATE and DELETE). */
export interface ActivityTable {
  id: Generated<number>;
  created_at: string;
  admin_id: number | null;
  admin_username: string;
  action: string;
  target_kind: ActivityKind;
  target_id: string | null;
  target_label: string | null;
  detail: string | null;
  /** The fields the write changed, with old and new values: JSON text of ActivityChange[]; null for none. */
  changes: Generated<string | null>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A home page hero slide: a photo with a heading, a short text and an optional link. */
export interface HeroSlidesTable {
  id: Generated<number>;
  image: string; // "/uploads/<file>"
  heading: string;
  text: Generated<string>;
  link: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

/**
 * The outbox: every email and webhook, written in the same transaction as the lead that causes it
 * and delivered by the sender (jobs/outbox-sender.ts) with retries.
 */
export interface OutboxTable {
  id: Generated<number>;
  created_at: string;
  channel: OutboxChannel;
  topic: OutboxTopic;
  lead_kind: LeadKind | null;
  /** The lead's id as its page names it (the source row's id). */
  lead_id: number | null;
  /** An email address, or the webhook's URL. */
  recipient: string;
  subject: string;
  /** Email: JSON (text, html, replyTo, attachments). Webhook: the exact JSON body sent. */
  payload: string;
  /** Webhook: "sha256=<hex>" of the payload with the webhook's secret. */
  signature: string | null;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The last failure as the mail server or the receiver answered it. */
  last_error: string | null;
  sent_at: string | null;
  updated_at: string;
}

/** People who looked at a car's page, per Lagos day and source (migration 2026-11-27-0017-car-interest). */
export interface CarViewsTable {
  car_id: number;
  /** The Lagos date, YYYY-MM-DD. */
  day: string;
  /** Where the visit came from: a ViewSource (app/lib/car-interest.ts), "direct" without utm_source. */
  source: string;
  views: number;
}

/** A buyer's address for alerts: the link to the page of its alerts, and a WhatsApp number. */
export interface AlertContactsTable {
  email: string;
  manage_token: string;
  whatsapp: string | null;
  created_at: string;
}

/**
 * A buyer's alert: a /browse search ('search'), one car's price ('price'), or a reserved car
 * becoming available again ('available').
 */
export interface BuyerAlertsTable {
  id: Generated<number>;
  email: string;
  kind: "search" | "price" | "available";
  search: string | null;
  car_id: number | null;
  status: Generated<"pending" | "active" | "ended" | "removed">;
  confirm_hash: string | null;
  confirm_expires_at: string | null;
  leave_token: string;
  created_at: string;
  confirmed_at: string | null;
  ended_at: string | null;
  last_sent_day: string | null;
  matches_sent: Generated<number>;
}

/** A car that newly matched an alert, once; sent_at NULL while it waits for the next day's email. */
export interface AlertMatchesTable {
  alert_id: number;
  car_id: number;
  created_at: string;
  sent_at: string | null;
}

/** A car that newly answered an open sourcing request: each pair once (the staff are told once). */
export interface SourcingMatchesTable {
  sourcing_id: number;
  car_id: number;
  created_at: string;
}

export interface Database {
  cars: CarsTable;
  car_images: CarImagesTable;
  car_sales: CarSalesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  inspections: InspectionsTable;
  contact_messages: ContactMessagesTable;
  loan_applications: LoanApplicationsTable;
  client_infos: ClientInfosTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  car_features: CarFeaturesTable;
  catalog_version: CatalogVersionTable;
  whatsapp_clicks: WhatsappClicksTable;
  leads: LeadsTable;
  activity: ActivityTable;
  hero_slides: HeroSlidesTable;
  sourcing_requests: SourcingRequestsTable;
  outbox: OutboxTable;
  car_views: CarViewsTable;
  alert_contacts: AlertContactsTable;
  buyer_alerts: BuyerAlertsTable;
  alert_matches: AlertMatchesTable;
  sourcing_matches: SourcingMatchesTable;
  reservations: ReservationsTable;
}

/** A buyer's deposit through Paystack holding a car (a `reservation` lead); one holder per car. */
export interface ReservationsTable {
  id: Generated<number>;
  reference: string;
  car_id: number;
  car_label: string; // "Toyota Camry 2020", kept if the car is deleted later
  name: string;
  email: string;
  phone: string; // +234...
  amount: number; // the deposit, whole naira
  status: ReservationStatus;
  hold_until: string;
  paid_at: string | null;
  refund_note: string | null;
  created_at: string;
  updated_at: string;
}
