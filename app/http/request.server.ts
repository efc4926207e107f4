import type { AppLoadContext } from "@remix-run/node";
import { readPersonalState } from "./render-scope.server";

/**
 * Reading a request: its body (already bounded by the server: see server/body-limits.ts), the
 * client's address the server worked out, and a bearer token.
 */

/**
 * The body as plain fields, JSON or form-encoded; null when it cannot be read (malformed JSON,
 * another type). Only text values are kept from a form.
 */
export async function readFields(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body = await request.json();
      return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of await request.formData()) if (typeof v === "string") out[k] = v;
      return out;
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * A posted page form's text fields (the last value of a repeated name). A body that is not a form
 * reads as an empty form, so the form's schema answers with its "required" messages and a 400.
 */
export async function readFormValues(request: Request): Promise<Record<string, string>> {
  try {
    const out: Record<string, string> = {};
    for (const [k, v] of await request.formData()) if (typeof v === "string") out[k] = v;
    return out;
  } catch {
    return {};
  }
}

/**
 * The client's address: the server works it out once (the socket's address, or a forwarded
 * one only from a proxy TRUST_PROXY names) and passes it as load context. A header is never
 * read here.
 */
export function clientIp(context: AppLoadContext): string {
  return context.clientIp || "unknown";
}

/** The token of an `Authorization: Bearer <token>` header, or null. Reading one makes the render personal. */
export function bearerToken(request: Request): string | null {
  if (hasAuthorization(request)) readPersonalState();
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  return m ? m[1] : null;
}

/** Whether a request carries an Authorization header at all (GET /api/cars answers both audiences). */
export function hasAuthorization(request: Request): boolean {
  const has = request.headers.has("Authorization");
  if (has) readPersonalState();
  return has;
}

/** The path of the page a same-site link was followed from (its Referer), or null. */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.host === new URL(request.url).host ? from.pathname : null;
  } catch {
    return null;
  }
}

/** Whether the browser is only prefetching a link (Sec-Purpose/Purpose: prefetch), not following it. */
export function isPrefetch(request: Request): boolean {
  return /prefetch/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "");
}

/**
 * Whether the browser is following a link in its own window: Sec-Fetch-Dest "document" and
 * Sec-Fetch-Mode "navigate" when it sends Sec-Fetch headers (an <img>, a fetch or a frame says
 * otherwise); a browser too old to send them is taken at its word.
 */
export function isTopLevelNavigation(request: Request): boolean {
  const dest = request.headers.get("Sec-Fetch-Dest");
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (dest === null && mode === null) return true;
  return (dest === null || dest === "document") && (mode === null || mode === "navigate");
}
