/**
 * Which requests the page cache may answer, and which answers it may keep. The rule of thumb:
 * only what every anonymous visitor sees alike. Anything tied to a person (an admin session, the
 * newsletter's 'Subscribed Users' list, a one-time flash message, a loan application) is never
 * read from or written to the cache.
 */

/**
 * Public pages (and their `.data` requests for client navigations), the public list APIs, the
 * sitemap and robots.txt. /compare?ids= is the same for everyone; /saved is personal (never here).
 */
const CACHEABLE_PATHS: RegExp[] = [
  /^\/(_root)?$/,
  /^\/(about|browse|financing|book-inspection|connect|compare)$/,
  /^\/(sitemap\.xml|robots\.txt)$/,
  /^\/cars\/[^/]+$/,
  /^\/financing\/[^/]+$/,
  /^\/api\/cars(\/(all|recent|financing))?$/,
  /^\/api\/cars\/\d+$/,
];

function isCacheablePath(pathname: string): boolean {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
  return CACHEABLE_PATHS.some((re) => re.test(page === "/_root" ? "/" : page));
}

export interface RequestFacts {
  method: string;
  url: URL;
  headers: { get(name: string): string | null | undefined };
}

/**
 * The cache key of a request (its normalised URL), or null when the request must not be
 * answered from the cache. `personalCookies` are the names of cookies that change what a
 * page shows for the visitor who holds them.
 */
export function cacheKey(req: RequestFacts, personalCookies: readonly string[]): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (!isCacheablePath(req.url.pathname)) return null;
  if (req.headers.get("authorization")) return null;
  const cookie = req.headers.get("cookie");
  if (cookie && personalCookies.some((name) => new RegExp(`(^|;\\s*)${name}=`).test(cookie))) return null;
  const params = new URLSearchParams(req.url.search);
  const search = params.toString();
  return `${req.url.protocol}//${req.url.host}${req.url.pathname}${search ? `?${search}` : ""}`;
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
  return /^(text\/html|application\/json|text\/x-script|application\/xml|text\/plain)/i.test(type);
}

/** What a shared answer tells browsers (always ask again, with If-None-Match) and CDNs (keep it briefly). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=30, stale-while-revalidate=60";
export const PRIVATE_CACHE_CONTROL = "private, no-store";
