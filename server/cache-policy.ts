/**
 * Which requests the page cache may answer, and which answers it may keep. Only what the route
 * declared the same for everyone (its `handle`: app/lib/edge.ts) and only for a request that
 * carries nothing personal. The render itself is watched too (server/remix.ts): an answer whose
 * render read a cookie or a bearer token is never kept, whatever the route said.
 */
import { holdsPersonalCookie } from "../app/http/cookies.server";
import type { EdgePolicy } from "../app/lib/edge";

/** Longer addresses (path and query) are answered but never kept. */
const MAX_CACHED_URL = 2048;
/** Remix's own parameter on a client navigation's data request (which routes to load). */
const DATA_REQUEST_PARAMS = ["_routes"];
/**
 * Parameters that say where a visitor came from (a shared link's utm_source, the ads' click ids),
 * which no page reads: left out of the key, and of the address a kept page is rendered for, so a
 * shared link is answered from the same entry as the plain address. The car page's view counter
 * still reads them from the request (server/car-views.ts).
 */
const TRACKING_PARAMS = new Set([
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "fbclid",
  "gclid",
]);

/** The URL without its tracking parameters (the same text when it has none). */
export function withoutTrackingParams(url: string): string {
  const parsed = new URL(url);
  if (![...parsed.searchParams.keys()].some((name) => TRACKING_PARAMS.has(name))) return url;
  for (const name of TRACKING_PARAMS) parsed.searchParams.delete(name);
  return parsed.href;
}

export interface RequestFacts {
  method: string;
  url: URL;
  headers: { get(name: string): string | null | undefined };
  /** The policy the matched route declared. */
  policy: EdgePolicy;
}

/**
 * The cache key of a request (its path and query), or null when the request must not be answered
 * from the cache: not a GET/HEAD, a route not declared shared, an Authorization header, any cookie
 * the site reads (however spelled), another host than `siteHost` (SITE_URL's), an address over
 * MAX_CACHED_URL, or a query parameter the route does not read (tracking parameters aside: they
 * are left out of the key).
 */
export function cacheKey(req: RequestFacts, siteHost: string): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const shared = req.policy.shared;
  if (!shared) return null;
  if (req.headers.get("authorization")) return null;
  if (holdsPersonalCookie(req.headers.get("cookie"))) return null;
  if (req.url.host !== siteHost) return null;
  const params = new URLSearchParams(req.url.search);
  for (const name of TRACKING_PARAMS) params.delete(name);
  const known = new Set([...shared.query, ...(req.url.pathname.endsWith(".data") ? DATA_REQUEST_PARAMS : [])]);
  for (const name of params.keys()) if (!known.has(name)) return null;
  const search = params.toString();
  const key = `${req.url.pathname}${search ? `?${search}` : ""}`;
  return key.length > MAX_CACHED_URL || req.url.pathname.length + req.url.search.length > MAX_CACHED_URL ? null : key;
}

export interface ResponseFacts {
  status: number;
  headers: Headers;
}

/** Whether an answer may be kept and sent to other visitors. */
export function isStorable(res: ResponseFacts): boolean {
  if (res.status !== 200) return false;
  if (res.headers.has("set-cookie")) return false;
  const cacheControl = res.headers.get("cache-control") ?? "";
  if (/\b(private|no-store)\b/i.test(cacheControl)) return false;
  const type = res.headers.get("content-type") ?? "";
  return /^(text\/html|application\/json|text\/x-script|application\/xml|application\/rss\+xml|text\/plain)/i.test(
    type,
  );
}

/** What a shared answer tells browsers (always ask again, with If-None-Match) and CDNs (keep it briefly). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=30, stale-while-revalidate=60";
export const PRIVATE_CACHE_CONTROL = "private, no-store";
