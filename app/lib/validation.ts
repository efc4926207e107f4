import type { z } from "zod";

/**
 * The one way every form and API turns a schema's verdict into an answer: the parsed data, or
 * the first message of each field (a problem with the whole input is filed under "form") and
 * the values as sent, so a refused form can show what the person typed.
 */

export type FieldErrors = Record<string, string>;

export type Validation<T, V> = { ok: true; data: T; values: V } | { ok: false; fieldErrors: FieldErrors; values: V };

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export function validate<S extends z.ZodType, V>(schema: S, values: V): Validation<z.output<S>, V> {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? { ok: true, data: parsed.data, values }
    : { ok: false, fieldErrors: fieldErrors(parsed.error), values };
}

/** One line for messages like 'Failed to add admin: …': the first field's message. */
export function firstError(errors: FieldErrors, fallback = "Invalid input"): string {
  return Object.values(errors)[0] ?? fallback;
}
