import { type UseCaseCode, UseCaseError } from "~/use-cases/use-case.server";
import { jsonError } from "./responses.server";

/** The one mapping from a use case's refusal to an HTTP status, for pages and the API alike. */
export const USE_CASE_STATUS: Record<UseCaseCode, number> = {
  invalid: 400,
  wrong_password: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
  too_large: 413,
  unsupported: 415,
  unavailable: 503,
};

/** API: `{ error }` (with `fields` for invalid input) and the status of the refusal; anything else is rethrown. */
export function refusalResponse(e: unknown): Response {
  if (!(e instanceof UseCaseError)) throw e;
  const headers = e.retryAfterSeconds ? { "Retry-After": String(e.retryAfterSeconds) } : undefined;
  if (e.code === "invalid") {
    return Response.json({ error: e.message, fields: e.fieldErrors }, { status: 400, headers });
  }
  return jsonError(e.message, USE_CASE_STATUS[e.code], headers);
}

/** Pages: the refusal as data for the form (message, field messages) and its status; anything else is rethrown. */
export function refusalForPage(e: unknown): { message: string; fieldErrors: Record<string, string>; status: number } {
  if (!(e instanceof UseCaseError)) throw e;
  return { message: e.message, fieldErrors: e.fieldErrors, status: USE_CASE_STATUS[e.code] };
}
