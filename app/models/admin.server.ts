import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { type Kysely, sql } from "kysely";
import type { Role } from "~/lib/roles";
import { getDb, nowIso } from "../../db/database.server";
import type { Database } from "../../db/schema";

export interface Admin {
  id: number;
  username: string;
  role: Role;
}

export class AdminError extends Error {}

export function hashPassword(password: string): Promise<string> {
  return hash(password); // argon2id with the library's recommended cost
}

export async function countAdmins(): Promise<number> {
  const row = await getDb()
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findAdminByUsername(username: string) {
  return getDb()
    .selectFrom("admins")
    .selectAll()
    .where(sql`username`, "=", sql`${username.trim()} COLLATE NOCASE`)
    .executeTakeFirst();
}

/** Adds an admin (a sales account unless said otherwise); a taken username (any letter case) is an AdminError. */
export async function createAdmin(username: string, password: string, role: Role = "sales"): Promise<Admin> {
  const name = username.trim();
  if (await findAdminByUsername(name)) throw new AdminError(`Username '${name}' is already taken`);
  const now = nowIso();
  const row = await getDb()
    .insertInto("admins")
    .values({ username: name, password_hash: await hashPassword(password), role, created_at: now, updated_at: now })
    .returning(["id", "username", "role"])
    .executeTakeFirstOrThrow();
  return row;
}

/** The admin for a correct username and password, else null (no hint which one was wrong). */
export async function verifyLogin(username: string, password: string): Promise<Admin | null> {
  const row = await findAdminByUsername(username);
  if (!row) {
    // Spend the same time as a real check so timing does not reveal which usernames exist.
    await verify(await dummyHash(), password).catch(() => false);
    return null;
  }
  const ok = await verify(row.password_hash, password).catch(() => false);
  return ok ? { id: row.id, username: row.username, role: row.role } : null;
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return dummy;
}

/**
 * On a database with no admin, creates the first one, an owner. Returns the generated password when
 * none was configured, so the caller can print it once.
 */
export async function ensureFirstAdmin(
  username: string,
  password: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if ((await countAdmins()) > 0) return { created: false };
  if (password) {
    await createAdmin(username, password, "owner");
    return { created: true };
  }
  const generated = crypto.randomBytes(12).toString("base64url");
  await createAdmin(username, generated, "owner");
  return { created: true, generatedPassword: generated };
}

/** Sets a new password for an admin found by username (any letter case); unknown is an AdminError. */
export async function changeAdminPassword(username: string, newPassword: string): Promise<Admin> {
  const row = await findAdminByUsername(username);
  if (!row) throw new AdminError(`No admin with username '${username.trim()}'`);
  await getDb()
    .updateTable("admins")
    .set({ password_hash: await hashPassword(newPassword), updated_at: nowIso() })
    .where("id", "=", row.id)
    .execute();
  return { id: row.id, username: row.username, role: row.role };
}

/** Every admin's username, role and creation date, oldest first (the management page lists them). */
export async function listAdmins(): Promise<{ id: number; username: string; role: Role; created_at: string }[]> {
  return getDb()
    .selectFrom("admins")
    .select(["id", "username", "role", "created_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export const LAST_OWNER_REMOVE = "The last owner cannot be removed";
export const LAST_OWNER_DEMOTE = "The last owner cannot be made a sales account";

async function ownerCount(trx: Kysely<Database>): Promise<number> {
  const { n } = await trx
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(n);
}

function findIn(trx: Kysely<Database>, username: string) {
  return trx
    .selectFrom("admins")
    .select(["id", "username", "role"])
    .where(sql`username`, "=", sql`${username.trim()} COLLATE NOCASE`)
    .executeTakeFirst();
}

/**
 * Removes an admin and, with the row, every session they hold (their tokens stop working at
 * once). Never the admin asking, and never the last owner.
 */
export async function removeAdmin(actorId: number, username: string): Promise<Admin> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await findIn(trx, username);
      if (!row) throw new AdminError(`No admin with username '${username.trim()}'`);
      if (row.id === actorId) throw new AdminError("You cannot remove yourself");
      if (row.role === "owner" && (await ownerCount(trx)) <= 1) throw new AdminError(LAST_OWNER_REMOVE);
      await trx.deleteFrom("sessions").where("admin_id", "=", row.id).execute();
      await trx.deleteFrom("admins").where("id", "=", row.id).execute();
      return row;
    });
}

/** Gives an admin another role; the last owner keeps theirs. Returns the admin and their role before. */
export async function setAdminRole(username: string, role: Role): Promise<{ admin: Admin; before: Role }> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await findIn(trx, username);
      if (!row) throw new AdminError(`No admin with username '${username.trim()}'`);
      if (row.role === "owner" && role !== "owner" && (await ownerCount(trx)) <= 1) {
        throw new AdminError(LAST_OWNER_DEMOTE);
      }
      await trx.updateTable("admins").set({ role, updated_at: nowIso() }).where("id", "=", row.id).execute();
      return { admin: { ...row, role }, before: row.role };
    });
}
