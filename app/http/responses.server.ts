import { redirect } from "@remix-run/node";
import { API_DEFAULT_LIMIT, API_MAX_LIMIT } from "~/config/constants";

/** The answers every route shares: JSON errors, 404s, 405s, 201s and paged lists. */

/** `{ "error": message }` with a fitting status: the one shape of every JSON refusal. */
export function jsonError(message: string, status: number, headers?: HeadersInit): Response {
  return Response.json({ error: message }, { status, headers });
}

/** Throws a 404 when a thing is missing: pages get the styled 404, API routes catch it. */
export function notFoundIfMissing<T>(value: T | null | undefined, message = "Not found"): T {
  if (value === null || value === undefined) throw new Response(message, { status: 404 });
  return value;
}

/**
 * 303 back to the page a form came from (its `back` field): only a path on this site, never
 * another site ("//evil.ng", "https://…"); anything else goes to `fallback`.
 */
export function redirectBack(back: unknown, fallback: string, headers?: HeadersInit): Response {
  const local = typeof back === "string" && /^\/(?![/\\])[^\s]*$/.test(back) ? back : fallback;
  return redirect(local, { status: 303, headers });
}

/** A generated XML document (the sitemap). */
export function xmlResponse(body: string): Response {
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}

/** A generated plain-text document (robots.txt). */
export function textResponse(body: string): Response {
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function methodNotAllowed(allowed: string[]): Response {
  return jsonError("Method not allowed", 405, { Allow: allowed.join(", ") });
}

export function created(body: unknown): Response {
  return Response.json(body, { status: 201 });
}

/**
 * Paging for the JSON list APIs: `page` (from 1) and `limit` (default API_DEFAULT_LIMIT, at
 * most API_MAX_LIMIT). Bad values fall back to the default and are named in `ignored`, like
 * bad filters, so a typo never turns into a 500 or an unbounded answer.
 */
export function parsePaging(params: URLSearchParams): { page: number; limit: number; ignored: string[] } {
  const ignored: string[] = [];
  const read = (name: string, fallback: number) => {
    const raw = params.get(name);
    if (raw === null || raw.trim() === "") return fallback;
    const n = Number(raw);
    if (Number.isInteger(n) && n >= 1) return n;
    ignored.push(name);
    return fallback;
  };
  return { page: read("page", 1), limit: Math.min(read("limit", API_DEFAULT_LIMIT), API_MAX_LIMIT), ignored };
}

/**
 * A JSON array answer with its paging headers: X-Total-Count (every match) and a Link header
 * with rel="next"/rel="prev" URLs that keep the request's other parameters.
 */
export function listResponse<T>(
  request: Request,
  items: T[],
  { total, page, limit, ignored = [] }: { total: number; page: number; limit: number; ignored?: string[] },
): Response {
  const headers = new Headers({ "X-Total-Count": String(total) });
  const link = (n: number, rel: string) => {
    const url = new URL(request.url);
    url.searchParams.set("page", String(n));
    url.searchParams.set("limit", String(limit));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [];
  if (page * limit < total) links.push(link(page + 1, "next"));
  if (page > 1) links.push(link(Math.min(page - 1, Math.max(1, Math.ceil(total / limit))), "prev"));
  if (links.length) headers.set("Link", links.join(", "));
  if (ignored.length) headers.set("X-Ignored-Filters", ignored.join(","));
  return Response.json(items, { headers });
}

/**
 * A CSV download: the body streams as it is written (a ReadableStream, never one big string),
 * UTF-8 with its byte-order mark (see app/lib/csv.ts), never kept by a cache or proxy.
 */
export function csvResponse(filename: string, body: ReadableStream<Uint8Array> | string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
