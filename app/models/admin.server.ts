import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { sql } from "kysely";
import { getDb, nowIso } from "../../db/database.server";

export interface Admin {
  id: number;
  username: string;
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

/** Adds an admin; a taken username (any letter case) is an AdminError. */
export async function createAdmin(username: string, password: string): Promise<Admin> {
  const name = username.trim();
  if (await findAdminByUsername(name)) throw new AdminError(`Username '${name}' is already taken`);
  const now = nowIso();
  const row = await getDb()
    .insertInto("admins")
    .values({ username: name, password_hash: await hashPassword(password), created_at: now, updated_at: now })
    .returning(["id", "username"])
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
  return ok ? { id: row.id, username: row.username } : null;
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return dummy;
}

/**
 * On a database with no admin, creates the first one. Returns the generated password when
 * none was configured, so the caller can print it once.
 */
export async function ensureFirstAdmin(
  username: string,
  password: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if ((await countAdmins()) > 0) return { created: false };
  if (password) {
    await createAdmin(username, password);
    return { created: true };
  }
  const generated = crypto.randomBytes(12).toString("base64url");
  await createAdmin(username, generated);
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
  return { id: row.id, username: row.username };
}

/** Every admin's username and creation date, oldest first (the management page lists them). */
export async function listAdmins(): Promise<{ id: number; username: string; created_at: string }[]> {
  return getDb()
    .selectFrom("admins")
    .select(["id", "username", "created_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * Removes an admin and, with the row, every session they hold (their tokens stop working at
 * once). Never the admin asking, and never the last admin.
 */
export async function removeAdmin(actorId: number, username: string): Promise<Admin> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("admins")
        .select(["id", "username"])
        .where(sql`username`, "=", sql`${username.trim()} COLLATE NOCASE`)
        .executeTakeFirst();
      if (!row) throw new AdminError(`No admin with username '${username.trim()}'`);
      if (row.id === actorId) throw new AdminError("You cannot remove yourself");
      const { n } = await trx
        .selectFrom("admins")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(n) <= 1) throw new AdminError("The last admin cannot be removed");
      await trx.deleteFrom("sessions").where("admin_id", "=", row.id).execute();
      await trx.deleteFrom("admins").where("id", "=", row.id).execute();
      return row;
    });
}
