import { type AppLoadContext, data } from "@remix-run/node";
import type { z } from "zod";
import { HONEYPOT_FIELD, STAMP_FIELD } from "~/lib/bot-trap";
import { type FieldErrors, validate } from "~/lib/validation";
import { checkLeadApiPost, checkLeadPost, withoutGuardFields } from "./bot-guard.server";
import { refusalForPage } from "./refusals.server";
import { readFields, readFormValues } from "./request.server";
import { jsonError, methodNotAllowed } from "./responses.server";

/**
 * One idiom for every form and API body: read, validate with the schema, and on refusal answer
 * the same shape: pages get `{ ok: false, error, fieldErrors, values }` (typed back into the
 * form), APIs `{ error, fields }` with 400.
 */

export type FormValues = Record<string, string>;

export interface FormFailure {
  ok: false;
  /** The headline: the form's failure text, or why it must be sent again. */
  error: string;
  fieldErrors: FieldErrors;
  values: FormValues;
}

export function formFailure(error: string, fieldErrors: FieldErrors, values: FormValues, status = 400) {
  return data<FormFailure>({ ok: false, error, fieldErrors, values }, { status });
}

type Read<T> = { ok: true; data: T; values: FormValues } | { ok: false; response: ReturnType<typeof formFailure> };

/** A page form, validated. */
export async function readForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  failure: string,
): Promise<Read<z.output<S>>> {
  const result = validate(schema, await readFormValues(request));
  if (!result.ok) return { ok: false, response: formFailure(failure, result.fieldErrors, result.values) };
  return { ok: true, data: result.data, values: result.values };
}

/**
 * A public lead form's fields as sent, past the guard against scripts and over-budget posts (see
 * bot-guard.server.ts); its use case validates them.
 */
export async function readLeadFormFields(
  request: Request,
  context: AppLoadContext,
): Promise<{ ok: true; values: FormValues } | { ok: false; response: ReturnType<typeof formFailure> }> {
  const sent = await readFormValues(request);
  const values = withoutGuardFields(sent);
  const refused = await checkLeadPost(sent, context);
  if (refused) return { ok: false, response: formFailure(refused.message, {}, values, refused.status) };
  return { ok: true, values };
}

/** A public lead form (a buyer's details): guarded (readLeadFormFields), then validated. */
export async function readLeadForm<S extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  schema: S,
  failure: string,
): Promise<Read<z.output<S>>> {
  const read = await readLeadFormFields(request, context);
  if (!read.ok) return read;
  const { values } = read;
  const result = validate(schema, values);
  if (!result.ok) return { ok: false, response: formFailure(failure, result.fieldErrors, values) };
  return { ok: true, data: result.data, values };
}

/** A lead form's use case refused (a `Refusal`): the form shown again with what was sent; anything else is rethrown. */
export function refusedForm(e: unknown, values: FormValues) {
  const page = refusalForPage(e);
  return formFailure(page.message, page.fieldErrors, values, page.status);
}

/** `400 { error, fields }`: a refused API body, with one message per field. */
function apiRefusal(error: string, fields: FieldErrors): Response {
  return Response.json({ error, fields }, { status: 400 });
}

/**
 * An API body's fields, unvalidated (a use case validates them): 405 for another method, 400 for
 * malformed JSON, 415 for another type.
 */
export async function readApiFields(
  request: Request,
  method = "POST",
): Promise<{ ok: true; fields: Record<string, unknown> } | { ok: false; response: Response }> {
  if (request.method !== method) return { ok: false, response: methodNotAllowed([method]) };
  const fields = await readFields(request);
  if (fields) return { ok: true, fields };
  const json = (request.headers.get("content-type") ?? "").includes("json");
  return {
    ok: false,
    response: json
      ? jsonError("The request body is not valid JSON", 400)
      : jsonError("Send the fields as JSON or form-encoded", 415),
  };
}

/**
 * An API body (JSON or form-encoded) for `method` (POST by default): 405 for another method,
 * 400 for malformed JSON, 415 for another type, 400 `{ error, fields }` when the schema refuses it.
 */
export async function readApiBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  /** The refusal's `error`: a fixed text, or made from the field messages (e.g. the first one). */
  failure: string | ((fieldErrors: FieldErrors) => string),
  method = "POST",
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  const read = await readApiFields(request, method);
  if (!read.ok) return read;
  return validateApiFields(read.fields, schema, failure);
}

/**
 * A lead API's fields as sent (JSON or form-encoded; its use case validates them): as readApiFields,
 * then the bot guard's checks on what was sent (see bot-guard.server.ts; 400 or 429 with `{ error }`);
 * the guard's own fields are left out.
 */
export async function readLeadApiFields(
  request: Request,
): Promise<{ ok: true; fields: Record<string, unknown> } | { ok: false; response: Response }> {
  const read = await readApiFields(request, "POST");
  if (!read.ok) return read;
  const refused = await checkLeadApiPost(read.fields);
  if (refused) {
    const headers = refused.status === 429 ? { "Retry-After": String(refused.retryAfterSeconds) } : undefined;
    return { ok: false, response: jsonError(refused.message, refused.status, headers) };
  }
  const { [HONEYPOT_FIELD]: _trap, [STAMP_FIELD]: _stamp, ...rest } = read.fields;
  return { ok: true, fields: rest };
}

/** A JSON lead API's body (a buyer's details): guarded (readLeadApiFields), then as readApiBody. */
export async function readLeadApiBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  failure: string | ((fieldErrors: FieldErrors) => string),
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  const read = await readLeadApiFields(request);
  if (!read.ok) return read;
  return validateApiFields(read.fields, schema, failure);
}

function validateApiFields<S extends z.ZodType>(
  fields: Record<string, unknown>,
  schema: S,
  failure: string | ((fieldErrors: FieldErrors) => string),
): { ok: true; data: z.output<S> } | { ok: false; response: Response } {
  const result = validate(schema, fields);
  if (!result.ok) {
    const error = typeof failure === "string" ? failure : failure(result.fieldErrors);
    return { ok: false, response: apiRefusal(error, result.fieldErrors) };
  }
  return { ok: true, data: result.data };
}
