/** Every number the product rules fix (docs/product.md, Constants), named. */
export const HOME_COLLECTION_PAGE_SIZE = 12;
export const NEW_ARRIVALS_COUNT = 6;
export const HOME_REFRESH_MS = 30_000;
export const SLIDESHOW_INTERVAL_MS = 3_000;
export const SLIDESHOW_SLIDES = 4;
/** The owner's hero slides on the home page, at most. */
export const MAX_HERO_SLIDES = 6;
export const GALLERY_IMAGES = 8;

export const BROWSE_PAGE_SIZE = 6;

/** Saved cars (the heart) a visitor can keep, and how many cars compare side by side. */
export const SAVED_CARS_MAX = 24;
export const COMPARE_MAX = 3;
/** Similar cars on a car's page: the same body type, closest in price. */
export const SIMILAR_CARS_COUNT = 4;

export const DEPOSIT_PERCENT_DEFAULT = 40;
export const DEPOSIT_PERCENT_MIN = 40;
export const DEPOSIT_PERCENT_MAX = 90;
export const LOAN_PERIODS = [3, 6, 12] as const;
export const LOAN_PERIOD_DEFAULT = 3;

export const MAX_IMAGES_PER_UPLOAD = 10;
export const MAX_IMAGE_BYTES = 2_097_152;
/** Larger images are refused from their header, before any decoding (pixel floods). */
export const MAX_IMAGE_MEGAPIXELS = 40;
/**
 * A home slide's photo as it arrives: up to the car form's whole photo budget (a camera photo sent
 * without JavaScript, which cannot be resized in the browser); the server scales it down to
 * SLIDE_PHOTO_MAX_SIDE before storing it.
 */
export const MAX_SLIDE_PHOTO_BYTES = MAX_IMAGES_PER_UPLOAD * MAX_IMAGE_BYTES;
export const SLIDE_PHOTO_MAX_SIDE = 2560;

export const ADMIN_IDLE_TIMEOUT_MS = 300_000;
export const ADMIN_SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
export const ADMIN_MIN_PASSWORD_LENGTH = 8;

/** Login throttling (see app/models/login-throttle.server.ts). */
export const LOGIN_ATTEMPTS_PER_MINUTE_PER_IP = 10;
export const LOGIN_FREE_FAILURES = 3;
export const LOGIN_FIRST_DELAY_MS = 5_000;
export const LOGIN_MAX_DELAY_MS = 15 * 60 * 1000;
export const LOGIN_USERNAME_CAP = 20;
export const LOGIN_USERNAME_WINDOW_MS = 15 * 60 * 1000;

export const MONTH_LABELS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** Public and admin list APIs: `limit` defaults to this and is capped at API_MAX_LIMIT. */
export const API_DEFAULT_LIMIT = 60;
export const API_MAX_LIMIT = 100;
export const FINANCING_PAGE_SIZE = 12;
export const ADMIN_CARS_PAGE_SIZE = 20;
export const ADMIN_INSPECTIONS_PAGE_SIZE = 25;
/** The dealer's desk: leads inbox and activity pages, rows per CSV export batch, longest report. */
export const ADMIN_LEADS_PAGE_SIZE = 25;
export const ADMIN_ACTIVITY_PAGE_SIZE = 50;
export const CSV_EXPORT_BATCH = 500;
export const REPORT_MAX_MONTHS = 36;
/** WhatsApp chat clicks counted per client address in a window (more are sent on, not counted). */
export const WHATSAPP_CLICKS_PER_ADDRESS = 30;
export const WHATSAPP_CLICK_WINDOW_MS = 10 * 60 * 1000;

/** Write budgets per client address (server/rate-limits.ts). Lead forms get room for many buyers
 * behind one mobile network address; scripts are caught by the forms' honeypot and fill time. */
export const WRITES_PER_MINUTE = 60;
export const LEAD_POSTS_PER_WINDOW = 300;
export const LEAD_WINDOW_MS = 10 * 60 * 1000;
/** The same lead sent again within this time is stored once (a double tap, a replayed form). */
export const LEAD_DEDUPE_MS = 10 * 60 * 1000;
/** A lead form's stamp older than this is refused: the page was left open too long (or replayed). */
export const FORM_STAMP_MAX_AGE_MS = 2 * 60 * 60 * 1000;

/** Slow clients (server/connections.ts, server/body-limits.ts): time to send headers, a form or
 * JSON body, a car upload (the whole request); open connections one address may hold. */
export const HEADERS_TIMEOUT_MS = 15_000;
export const BODY_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;
export const MAX_CONNECTIONS_PER_ADDRESS = 128;

/**
 * The outbox (email and webhooks): the waits before each retry of a failed delivery, in minutes.
 * A message gets one attempt plus one per wait (9 in all, over about 3 hours), then is marked failed.
 */
export const OUTBOX_RETRY_MINUTES = [1, 2, 5, 10, 20, 40, 60, 60] as const;
export const ADMIN_OUTBOX_PAGE_SIZE = 50;
/** Sent messages (they hold buyers' details) are deleted after this many days. */
export const OUTBOX_KEEP_SENT_DAYS = 90;
/** The morning digest goes out at this hour, Lagos time. */
export const DIGEST_HOUR_LAGOS = 8;
/** Who can be told: at most this many email recipients and webhooks. */
export const MAX_NOTIFY_RECIPIENTS = 20;
export const MAX_WEBHOOKS = 10;
/**
 * A buyer's own email (a booking's confirmation, a loan's receipt, a message's acknowledgement)
 * goes to one address at most this many times in any 24 hours, counted in the outbox; past it the
 * lead is still stored and staff still alerted. Anyone can type any address into a form.
 */
export const BUYER_EMAILS_PER_DAY = 3;
/**
 * Most alert messages one WhatsApp number gets in any 24 hours, whatever addresses gave it (a
 * number is never confirmed by its owner: only the email is), counted in the outbox.
 */
export const BUYER_WHATSAPP_PER_DAY = 3;
