import type { z } from "zod";
import { can, OWNER_ONLY_MESSAGE, type Permission } from "~/lib/roles";
import { type FieldErrors, firstError, validate } from "~/lib/validation";
import type { Admin } from "~/models/admin.server";
import { confirmPassword } from "~/models/login.server";

/**
 * What every admin write shares (docs/architecture.md, Use cases): the acting staff member's
 * role is checked, the input validated, and a refusal is a UseCaseError with a code, which
 * app/http/use-case-http.server.ts turns into a status in one place.
 */

export type UseCaseCode =
  | "forbidden"
  | "invalid"
  | "not_found"
  | "conflict"
  | "wrong_password"
  | "throttled"
  | "too_large"
  | "unsupported"
  | "unavailable";

export class UseCaseError extends Error {
  constructor(
    readonly code: UseCaseCode,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Who acts and from where (the address throttles password guesses). */
export interface Actor {
  admin: Admin;
  ip: string;
  /** The session making the request, kept when its own password changes. */
  token?: string;
}

export function assertCan(admin: Admin, permission: Permission): void {
  if (!can(admin.role, permission)) throw new UseCaseError("forbidden", OWNER_ONLY_MESSAGE);
}

/** The input checked against its schema; a refusal names each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input);
  if (!result.ok) throw new UseCaseError("invalid", firstError(result.fieldErrors), result.fieldErrors);
  return result.data;
}

/** The actor's own password again before an account change: wrong is 'wrong_password', many guesses 'throttled'. */
export async function confirmOwnPassword(actor: Actor, password: string): Promise<void> {
  const check = await confirmPassword(actor.ip, actor.admin, password);
  if (check.ok) return;
  if (check.reason === "throttled") {
    throw new UseCaseError("throttled", check.message, {}, check.retryAfterSeconds);
  }
  throw new UseCaseError("wrong_password", check.message, { currentPassword: check.message });
}
