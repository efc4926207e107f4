import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { sql } from "kysely";
import { Refusal } from "~/lib/refusal";
import { isOwner, type Role } from "~/lib/roles";
import { getDb, nowIso } from "../../db/database.server";
import { atomically, type Db } from "./db.server";

export interface Admin {
  id: number;
  username: string;
  role: Role;
}

/** A refusal about a username: unknown is not found; the rules (taken, yourself, last owner) are invalid. */
function refused(message: string, code: "invalid" | "not_found" = "invalid"): Refusal {
  return new Refusal(code, message, { username: message });
}

const noAdmin = (username: string) => refused(`No admin with username '${username.trim()}'`, "not_found");

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

export async function findAdminByUsername(username: string, db: Db = getDb()) {
  return db
    .selectFrom("admins")
    .selectAll()
    .where(sql`username`, "=", sql`${username.trim()} COLLATE NOCASE`)
    .executeTakeFirst();
}

/** Adds an admin from a password (hashed first): start-up and tests; staff changes use insertAdmin. */
export async function createAdmin(
  username: string,
  password: string,
  role: Role = "sales",
  opts: { mustChangePassword?: boolean } = {},
): Promise<Admin> {
  return insertAdmin(getDb(), username, await hashPassword(password), role, opts);
}

/**
 * Adds an admin (a sales account unless said otherwise) with a password hashed beforehand (slow
 * work stays out of a transaction); a taken username (any letter case) is refused.
 * `mustChangePassword`: someone other than the account holder chose the password, so they must
 * choose their own at their first sign-in.
 */
export async function insertAdmin(
  db: Db,
  username: string,
  passwordHash: string,
  role: Role = "sales",
  { mustChangePassword = false, details }: { mustChangePassword?: boolean; details?: StaffDetails } = {},
): Promise<Admin> {
  const name = username.trim();
  if (await findAdminByUsername(name, db)) throw refused(`Username '${name}' is already taken`);
  const now = nowIso();
  const row = await db
    .insertInto("admins")
    .values({
      username: name,
      password_hash: passwordHash,
      role,
      must_change_password: mustChangePassword ? 1 : 0,
      display_name: details?.displayName ?? null,
      phone: details?.phone ?? null,
      created_at: now,
      updated_at: now,
    })
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

/** The password the deployment template once shipped: an owner still using it must choose another. */
const PUBLISHED_TEMPLATE_PASSWORD = "change-me-at-first-login";

/**
 * On a database with no admin, creates the first one, an owner. Returns the generated password when
 * none was configured, so the caller can print it once. Either way the owner did not type that
 * password at a sign-in (it sits in the log or in an environment file), so they must choose their
 * own at their first sign-in. On a database with admins, the account `username` must choose a new
 * password if it still signs in with the password the deployment template once published.
 */
export async function ensureFirstAdmin(
  username: string,
  password: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if ((await countAdmins()) > 0) {
    if (await verifyLogin(username, PUBLISHED_TEMPLATE_PASSWORD)) await requirePasswordChange(username);
    return { created: false };
  }
  if (password) {
    await createAdmin(username, password, "owner", { mustChangePassword: true });
    return { created: true };
  }
  const generated = crypto.randomBytes(12).toString("base64url");
  await createAdmin(username, generated, "owner", { mustChangePassword: true });
  return { created: true, generatedPassword: generated };
}

/** Whether the admin must still replace a password someone else chose. */
export async function mustChangePassword(id: number, db: Db = getDb()): Promise<boolean> {
  const row = await db.selectFrom("admins").select("must_change_password").where("id", "=", id).executeTakeFirst();
  return row?.must_change_password === 1;
}

async function requirePasswordChange(username: string): Promise<void> {
  await getDb()
    .updateTable("admins")
    .set({ must_change_password: 1 })
    .where(sql`username`, "=", sql`${username.trim()} COLLATE NOCASE`)
    .execute();
}

/**
 * Sets a new password (hashed beforehand) for an admin found by username (any letter case);
 * unknown is refused. `chosenByHolder`: the admin typed their own new password, which ends the
 * duty to change it; a password chosen by someone else (an owner's reset) sets that duty.
 */
export async function changeAdminPassword(
  db: Db,
  username: string,
  passwordHash: string,
  { chosenByHolder }: { chosenByHolder: boolean },
): Promise<Admin> {
  const row = await findAdminByUsername(username, db);
  if (!row) throw noAdmin(username);
  await db
    .updateTable("admins")
    .set({
      password_hash: passwordHash,
      must_change_password: chosenByHolder ? 0 : 1,
      updated_at: nowIso(),
    })
    .where("id", "=", row.id)
    .execute();
  return { id: row.id, username: row.username, role: row.role };
}

/** A staff member's name and phone as people see them on the leads they answer; null: not given. */
export interface StaffDetails {
  displayName: string | null;
  phone: string | null;
}

export interface StaffMember extends Admin, StaffDetails {
  created_at: string;
}

/** Every admin's username, role, name, phone and creation date, oldest first (the management page lists them). */
export async function listAdmins(): Promise<StaffMember[]> {
  return getDb()
    .selectFrom("admins")
    .select(["id", "username", "role", "created_at", "display_name as displayName", "phone"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

const LAST_OWNER_REMOVE = "The last owner cannot be removed";
const LAST_OWNER_DEMOTE = "The last owner cannot be made a sales account";

async function ownerCount(trx: Db): Promise<number> {
  const { n } = await trx
    .selectFrom("admins")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(n);
}

function findIn(trx: Db, username: string) {
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
export async function removeAdmin(db: Db, actorId: number, username: string): Promise<Admin> {
  return atomically(db, async (trx) => {
    const row = await findIn(trx, username);
    if (!row) throw noAdmin(username);
    if (row.id === actorId) throw refused("You cannot remove yourself");
    if (isOwner(row.role) && (await ownerCount(trx)) <= 1) throw refused(LAST_OWNER_REMOVE);
    await trx.deleteFrom("sessions").where("admin_id", "=", row.id).execute();
    await trx.deleteFrom("admins").where("id", "=", row.id).execute();
    return row;
  });
}

/** Gives an admin another role; the last owner keeps theirs. Returns the admin and their role before. */
export async function setAdminRole(db: Db, username: string, role: Role): Promise<{ admin: Admin; before: Role }> {
  return atomically(db, async (trx) => {
    const row = await findIn(trx, username);
    if (!row) throw noAdmin(username);
    if (isOwner(row.role) && !isOwner(role) && (await ownerCount(trx)) <= 1) {
      throw refused(LAST_OWNER_DEMOTE);
    }
    await trx.updateTable("admins").set({ role, updated_at: nowIso() }).where("id", "=", row.id).execute();
    return { admin: { ...row, role }, before: row.role };
  });
}

/** Sets an admin's display name and phone (found by username, any letter case); returns them before and after. */
export async function setAdminDetails(
  db: Db,
  username: string,
  details: StaffDetails,
): Promise<{ admin: Admin; before: StaffDetails }> {
  const row = await findAdminByUsername(username, db);
  if (!row) throw noAdmin(username);
  await db
    .updateTable("admins")
    .set({ display_name: details.displayName, phone: details.phone, updated_at: nowIso() })
    .where("id", "=", row.id)
    .execute();
  return {
    admin: { id: row.id, username: row.username, role: row.role },
    before: { displayName: row.display_name, phone: row.phone },
  };
}
