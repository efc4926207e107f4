import { data } from "@remix-run/node";
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
  const values = typedValues(Object.fromEntries(await request.formData()));
  const parsed = schema.safeParse(values);
  if (!parsed.success) return { ok: false, response: leadFormRefusal(refusal, fieldErrors(parsed.error), values) };
  return { ok: true, data: parsed.data, values };
}

export function leadFormRefusal(error: string, errors: FieldErrors, values: Record<string, string>) {
  return data<LeadFormRefusal>({ ok: false, error, errors, values }, { status: 400 });
}
