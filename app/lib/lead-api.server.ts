import { createCookie, data } from "@remix-run/node";
import type { z } from "zod";
import { jsonError, methodNotAllowed, readFields } from "~/lib/http.server";
import { type FieldErrors, fieldErrors, typedValues } from "~/lib/lead-schemas";

/**
 * The shared shape of the public lead APIs (POST /api/inspections, /api/contact,
 * /api/loan-applications, /api/client-info): POST only, JSON or form-encoded body, the lead
 * schema, 400 { error, fields } on refusal (nothing stored), 201 with the stored row.
 */
export async function readLeadBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  refusal: string,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  if (request.method !== "POST") return { ok: false, response: methodNotAllowed(["POST"]) };
  const type = request.headers.get("content-type") ?? "";
  const fields = await readFields(request);
  if (!fields) {
    return {
      ok: false,
      response: type.includes("json")
        ? jsonError("The request body is not valid JSON", 400)
        : jsonError("Send the fields as JSON or form-encoded", 415),
    };
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return { ok: false, response: leadRefusal(refusal, fieldErrors(parsed.error)) };
  return { ok: true, data: parsed.data };
}

/** 400 { error, fields }: the SPEC's failure text plus one message per field. */
export function leadRefusal(error: string, fields: FieldErrors): Response {
  return Response.json({ error, fields }, { status: 400 });
}

export function created(body: unknown): Response {
  return Response.json(body, { status: 201 });
}

export interface LeadFormRefusal {
  ok: false;
  error: string;
  errors: FieldErrors;
  values: Record<string, string>;
}

/**
 * A page action's half of the same job: reads the posted form, parses it with the schema, and
 * on refusal gives the 400 answer (SPEC failure text, per-field messages, what was typed).
 */
export async function readLeadForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  refusal: string,
): Promise<{ ok: true; data: z.output<S>; values: Record<string, string> } | { ok: false; response: ReturnType<typeof data<LeadFormRefusal>> }> {
  const values = await readFormValues(request);
  const parsed = schema.safeParse(values);
  if (!parsed.success) return { ok: false, response: leadFormRefusal(refusal, fieldErrors(parsed.error), values) };
  return { ok: true, data: parsed.data, values };
}

/**
 * A posted form's text fields. A body that is not a form (JSON, plain text, garbage) reads as
 * an empty form, so the schema refuses it with 400 and the "required" messages instead of a 500.
 */
export async function readFormValues(request: Request): Promise<Record<string, string>> {
  try {
    return typedValues(Object.fromEntries(await request.formData()));
  } catch {
    return {};
  }
}

export function leadFormRefusal(error: string, errors: FieldErrors, values: Record<string, string>) {
  return data<LeadFormRefusal>({ ok: false, error, errors, values }, { status: 400 });
}

/**
 * 'Application submitted successfully!' on /financing is a one-time flash: the client-info
 * action sets this short-lived cookie and the /financing loader shows the message once and
 * clears it, so a reload or a shared /financing link never repeats it. It holds only a
 * marker (no personal data), so it needs no signature.
 */
export const APPLICATION_FLASH_COOKIE_NAME = "application_submitted";
const applicationFlash = createCookie(APPLICATION_FLASH_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 300,
});
const FLASH_VALUE = "1";

/** The Set-Cookie header that makes the next /financing page show the success message. */
export function flashApplicationSubmitted(): Promise<string> {
  return applicationFlash.serialize(FLASH_VALUE);
}

/** Whether the success message is due, and the header that clears it once shown. */
export async function takeApplicationSubmitted(request: Request): Promise<{ submitted: boolean; headers: HeadersInit }> {
  const value: unknown = await applicationFlash.parse(request.headers.get("Cookie"));
  if (value !== FLASH_VALUE) return { submitted: false, headers: {} };
  return { submitted: true, headers: { "Set-Cookie": await applicationFlash.serialize("", { maxAge: 0 }) } };
}
