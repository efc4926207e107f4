import { type Cookie, createCookie } from "@remix-run/node";
import { ADMIN_SESSION_MAX_AGE_MS } from "~/config/constants";
import { env } from "~/config/env.server";
import { parseCarIds } from "~/lib/saved-cars";
import { sessionSecret } from "~/models/settings.server";
import { readPersonalState } from "./render-scope.server";

/**
 * Every cookie the site sets, made once, and the one place that reads them: by name, through
 * Remix's cookie parser (`readCookie`), never by searching the header. All are HttpOnly and
 * SameSite=Lax. Reading one marks the render as personal (render-scope.server.ts), so the page
 * cache never shares it; and a request that holds any of PERSONAL_COOKIES, however spelled, is
 * never answered from the cache (`holdsPersonalCookie`).
 */

export const SESSION_COOKIE_NAME = "__admin_session";
const NEWSLETTER_COOKIE_NAME = "newsletter";
export const APPLICATION_FLASH_COOKIE_NAME = "application_submitted";
export const SAVED_CARS_COOKIE_NAME = "saved_cars";
const PERSONAL_COOKIES = [
  SESSION_COOKIE_NAME,
  NEWSLETTER_COOKIE_NAME,
  APPLICATION_FLASH_COOKIE_NAME,
  SAVED_CARS_COOKIE_NAME,
] as const;

/**
 * The names in a Cookie header as the most lenient reader could see them: spaces and tabs around
 * the name dropped, percent-escapes decoded, in lower case; duplicates and all.
 */
export function cookieNames(header: string): string[] {
  return header.split(";").flatMap((pair) => {
    const eq = pair.indexOf("=");
    if (eq < 0) return [];
    const raw = pair.slice(0, eq).trim();
    let name = raw;
    try {
      name = decodeURIComponent(raw);
    } catch {
      /* a stray '%': keep it as sent */
    }
    return [name.trim().toLowerCase()];
  });
}

const PERSONAL = new Set<string>(PERSONAL_COOKIES.map((n) => n.toLowerCase()));

/** Whether a Cookie header holds, however spelled, a cookie the site reads. */
export function holdsPersonalCookie(header: string | null | undefined): boolean {
  return !!header && cookieNames(header).some((name) => PERSONAL.has(name));
}

/**
 * A cookie's value from the request (null when absent or its signature is wrong). Reading one that
 * is there makes the render personal.
 */
async function readCookie(request: Request, cookie: Cookie): Promise<unknown> {
  const header = request.headers.get("Cookie");
  if (!header || !cookieNames(header).includes(cookie.name.toLowerCase())) return null;
  readPersonalState();
  return cookie.parse(header);
}

const secret = () => sessionSecret(env().SESSION_SECRET);

let sessionCookies: Promise<{ secure: Cookie; plain: Cookie }> | undefined;

/**
 * The signed page cookie that carries an admin's session token. Secure in production; a request
 * that reached us over plain http (a shop LAN without TLS) gets it without Secure, since the
 * browser would drop a Secure cookie there and nobody could sign in.
 */
export async function sessionCookie(request?: Request): Promise<Cookie> {
  sessionCookies ??= secret().then((s) => {
    const options = {
      httpOnly: true,
      sameSite: "lax" as const,
      path: "/",
      maxAge: ADMIN_SESSION_MAX_AGE_MS / 1000,
      secrets: [s],
    };
    return {
      secure: createCookie(SESSION_COOKIE_NAME, { ...options, secure: env().NODE_ENV === "production" }),
      plain: createCookie(SESSION_COOKIE_NAME, { ...options, secure: false }),
    };
  });
  const { secure, plain } = await sessionCookies;
  return request && new URL(request.url).protocol === "http:" ? plain : secure;
}

/**
 * The newsletter's 'Subscribed Users' list is per visitor: the entries this browser submitted,
 * kept in a signed cookie (never read from the table, so nobody sees anyone else's email). Not
 * Secure: it holds only what this visitor typed, and the site may run on plain http in a LAN.
 */
export interface VisitorEntry {
  name: string;
  email: string;
}
const MAX_VISITOR_ENTRIES = 5;
let newsletterCookie: Promise<Cookie> | undefined;

function visitorCookie(): Promise<Cookie> {
  newsletterCookie ??= secret().then((s) =>
    createCookie(NEWSLETTER_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 60 * 60 * 24 * 30,
      secrets: [s],
    }),
  );
  return newsletterCookie;
}

/** The admin session token of the page cookie, or null. */
export async function sessionToken(request: Request): Promise<string | null> {
  const value = await readCookie(request, await sessionCookie(request));
  return typeof value === "string" && value ? value : null;
}

/** The entries this visitor subscribed, oldest first. */
export async function visitorSubscriptions(request: Request): Promise<VisitorEntry[]> {
  const value = await readCookie(request, await visitorCookie());
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is VisitorEntry => !!e && typeof e.name === "string" && typeof e.email === "string")
    .slice(-MAX_VISITOR_ENTRIES);
}

/** The Set-Cookie header that appends one entry to this visitor's list. */
export async function rememberVisitorSubscription(request: Request, entry: VisitorEntry): Promise<string> {
  const list = await visitorSubscriptions(request);
  const next = [...list.filter((e) => e.email.toLowerCase() !== entry.email.toLowerCase()), entry].slice(
    -MAX_VISITOR_ENTRIES,
  );
  return (await visitorCookie()).serialize(next);
}

/**
 * 'Application submitted successfully!' on /financing is a one-time flash: the client-info
 * action sets this short-lived cookie and the /financing loader shows the message once and
 * clears it, so a reload or a shared /financing link never repeats it. It holds the loan
 * application's reference (unguessable, and already the address of that loan's own page), so the
 * message can say what was sent; it needs no signature.
 */
const applicationFlash = createCookie(APPLICATION_FLASH_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 300,
});
/** The Set-Cookie header that makes the next /financing page show the success message for this application. */
export function flashApplicationSubmitted(reference: string): Promise<string> {
  return applicationFlash.serialize(reference);
}

/**
 * Whether the success message is due, the application it is for (its reference, when the cookie
 * holds one), and the header that clears it once shown.
 */
export async function takeApplicationSubmitted(
  request: Request,
): Promise<{ submitted: boolean; reference: string | null; headers: HeadersInit }> {
  const value = await readCookie(request, applicationFlash);
  if (typeof value !== "string" || value === "") return { submitted: false, reference: null, headers: {} };
  return {
    submitted: true,
    reference: value,
    headers: { "Set-Cookie": await applicationFlash.serialize("", { maxAge: 0 }) },
  };
}

/**
 * The saved cars (the heart) of a visitor without JavaScript: a form post keeps the list of car
 * ids here. With JavaScript the list lives in the browser's storage and this cookie is never set,
 * so those visitors keep getting cached pages; pages read it to fill the hearts of the visitor
 * who holds it (a personal cookie: the page cache never answers them). Only car ids, no personal
 * data: unsigned, a year long.
 */
const savedCars = createCookie(SAVED_CARS_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
});

/** The car ids this visitor saved without JavaScript, oldest first. */
export async function savedCarIds(request: Request): Promise<number[]> {
  const value = await readCookie(request, savedCars);
  return typeof value === "string" ? parseCarIds(value) : [];
}

/** The Set-Cookie header that stores this list (an empty list removes the cookie). */
export function storeSavedCarIds(ids: readonly number[]): Promise<string> {
  return ids.length ? savedCars.serialize(ids.join(",")) : savedCars.serialize("", { maxAge: 0 });
}
