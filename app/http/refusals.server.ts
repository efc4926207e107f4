import { Refusal, type RefusalCode } from "~/lib/refusal";
import { jsonError } from "./responses.server";

/**
 * The one mapping from a refusal to an answer (docs/architecture.md, The write path): the status
 * of each code, the API's `{ error, fields? }` and the page's message, field messages and values.
 */
export const REFUSAL_STATUS: Record<RefusalCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  wrong_password: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  throttled: 429,
  unavailable: 503,
};

function retryHeaders(e: Refusal): HeadersInit | undefined {
  return e.retryAfterSeconds ? { "Retry-After": String(e.retryAfterSeconds) } : undefined;
}

/** API: `{ error }` (with `fields` for invalid input) and the refusal's status; anything else is rethrown. */
export function refusalResponse(e: unknown): Response {
  if (!(e instanceof Refusal)) throw e;
  const status = REFUSAL_STATUS[e.code];
  if (e.code === "invalid") {
    return Response.json({ error: e.message, fields: e.fieldErrors }, { status, headers: retryHeaders(e) });
  }
  return jsonError(e.message, status, retryHeaders(e));
}

export interface PageRefusal {
  message: string;
  fieldErrors: Record<string, string>;
  /** The fields as the user sent them, for the form shown again. */
  values: Record<string, string>;
  status: number;
}

/** Pages: the refusal as data for the form and its status; anything else is rethrown. */
export function refusalForPage(e: unknown): PageRefusal {
  if (!(e instanceof Refusal)) throw e;
  return { message: e.message, fieldErrors: e.fieldErrors, values: e.values ?? {}, status: REFUSAL_STATUS[e.code] };
}

/** Pages that only show a refusal: a `forbidden` becomes the 403 page (thrown); any other refusal is returned. */
export function forbiddenAsPage(e: unknown): PageRefusal {
  const page = refusalForPage(e);
  if (page.status === 403 && (e as Refusal).code === "forbidden") throw new Response(page.message, { status: 403 });
  return page;
}
