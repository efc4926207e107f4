/**
 * The one refusal type (docs/architecture.md, The write path). Use cases throw it, and models
 * where a rule lives there; `app/http/refusals.server.ts` turns it into a page answer or an API
 * answer in one place. `fieldErrors` names each field's problem; `values` carries the fields as the
 * user sent them, for a form shown again.
 */

export type RefusalCode =
  | "forbidden"
  | "invalid"
  | "not_found"
  | "conflict"
  | "wrong_password"
  | "throttled"
  | "too_large"
  | "unsupported"
  | "unavailable"
  /** A sign-in with a wrong username or password (401). */
  | "unauthenticated";

export class Refusal extends Error {
  readonly fieldErrors: Record<string, string>;
  readonly retryAfterSeconds?: number;
  readonly values?: Record<string, string>;

  constructor(
    readonly code: RefusalCode,
    message: string,
    fieldErrors: Record<string, string> = {},
    extra: { retryAfterSeconds?: number; values?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "Refusal";
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.values = extra.values;
  }
}

export function isRefusal(e: unknown): e is Refusal {
  return e instanceof Refusal;
}
