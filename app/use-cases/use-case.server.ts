import type { z } from "zod";
import { Refusal } from "~/lib/refusal";
import { type ActorRole, can, OWNER_ONLY_MESSAGE, type Permission } from "~/lib/roles";
import { firstError, validate } from "~/lib/validation";
import type { Admin } from "~/models/admin.server";
import { type Db, inTransaction } from "~/models/db.server";
import { confirmPassword } from "~/models/login.server";
import { wakeOutbox } from "~/models/outbox.server";

/**
 * What every write shares (docs/architecture.md, The write path): who acts, the permission check,
 * the input checked against its schema, and one transaction in which the models, the activity
 * entry and any outbox message are written together. A refusal is a `Refusal` (app/lib/refusal.ts),
 * which app/http/refusals.server.ts turns into a page answer or an API answer in one place.
 */

/** A signed-in staff member; the address throttles password guesses, the token is their session. */
export interface StaffActor {
  kind: "staff";
  admin: Admin;
  ip: string;
  /** The session making the request, kept when its own password changes. */
  token?: string;
}

/** Someone on the public site, known by their address only. */
export interface VisitorActor {
  kind: "visitor";
  ip: string;
}

export type Actor = StaffActor | VisitorActor;

export function staffActor(admin: Admin, ip: string, token?: string): StaffActor {
  return { kind: "staff", admin, ip, token };
}

export function visitorActor(ip: string): VisitorActor {
  return { kind: "visitor", ip };
}

function roleOf(actor: Actor): ActorRole {
  return actor.kind === "staff" ? actor.admin.role : "visitor";
}

/** Refuses (`forbidden`) an actor whose role may not do `permission`; for reads and writes alike. */
export function assertCan(actor: Actor, permission: Permission): void {
  if (!can(roleOf(actor), permission)) throw new Refusal("forbidden", OWNER_ONLY_MESSAGE);
}

/** The staff member behind a staff-only write (a visitor is refused). */
export function adminOf(actor: Actor): Admin {
  if (actor.kind !== "staff") throw new Refusal("forbidden", OWNER_ONLY_MESSAGE);
  return actor.admin;
}

/**
 * The permission check for the actor's role, then one transaction: `fn` gets it, and everything
 * written through it (the change, its activity entry, its outbox messages) commits or rolls back
 * together, and the outbox is woken once it has committed. Inside, getDb() throws: pass `trx` to
 * every model call.
 */
export async function runWrite<T>(actor: Actor, permission: Permission, fn: (trx: Db) => Promise<T>): Promise<T> {
  assertCan(actor, permission);
  const result = await inTransaction(fn);
  // Messages the write queued (alerts, receipts, staff alerts) go out now, not at the next poll:
  // a wake-up from inside the transaction would come before its rows could be read.
  wakeOutbox();
  return result;
}

/**
 * The input checked against its schema; a refusal (`invalid`) names each field, under `headline`
 * (a form's own failure text) or the first field's message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, headline?: string): z.output<S> {
  const result = validate(schema, input);
  if (!result.ok) throw new Refusal("invalid", headline ?? firstError(result.fieldErrors), result.fieldErrors);
  return result.data;
}

/** The actor's own password again before an account change: wrong is 'wrong_password', many guesses 'throttled'. */
export async function confirmOwnPassword(actor: StaffActor, password: string): Promise<void> {
  const check = await confirmPassword(actor.ip, actor.admin, password);
  if (check.ok) return;
  if (check.reason === "throttled") {
    throw new Refusal("throttled", check.message, {}, { retryAfterSeconds: check.retryAfterSeconds });
  }
  throw new Refusal("wrong_password", check.message, { currentPassword: check.message });
}
