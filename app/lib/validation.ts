import type { z } from "zod";

/**
 * The one way every form and API turns a schema's verdict into an answer: the parsed data, or
 * the first message of each field (a problem with the whole input is filed under "form") and
 * the values as sent, so a refused form can show what the person typed.
 */

export type FieldErrors = Record<string, string>;

export type Validation<T, V> = { ok: true; data: T; values: V } | { ok: false; fieldErrors: FieldErrors; values: V };

function fieldErrors(error: z.ZodError): FieldErrors {
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

/*
 * Control characters never reach stored text (docs/security.md): a raw line break in a name would
 * add lines to the staff alert, a NUL or an escape code corrupts what staff read. The shared
 * schemas clean every text field with one of these before trimming and counting it.
 */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/** A one-line field (a name, an email, a phone, a subject): line breaks and tabs become a space, other controls go. */
export function oneLine(value: string): string {
  return value.replace(LINE_BREAKS, " ").replace(CONTROLS, "");
}

/** A multi-line field (a message, a note): every kind of line break becomes \n, a tab a space, other controls go. */
export function multiLine(value: string): string {
  return value
    .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, "\n")
    .replace(/\t/g, " ")
    .replace(CONTROLS_BUT_NEWLINE, "");
}
