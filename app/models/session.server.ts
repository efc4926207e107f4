import crypto from "node:crypto";
import { ADMIN_IDLE_TIMEOUT_MS, ADMIN_SESSION_MAX_AGE_MS } from "~/config/constants";
import { type DB, getDb, nowIso } from "../../db/database.server";
import type { Admin } from "./admin.server";
import type { Db } from "./db.server";

/**
 * Admin sessions (docs/architecture.md, Sign-in and sessions): a random 256-bit token goes to the
 * client (cookie or bearer); the database keeps only its SHA-256 hash. Idle timeout slides with
 * each use; the absolute lifetime does not.
 */

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Starts a session for an admin and returns its token (shown to the client once). `db` defaults
 * to the app's connection; the end-to-end tests pass one opened on their server's database file.
 */
export async function createSession(adminId: number, db: DB = getDb()): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = nowIso();
  await db
    .insertInto("sessions")
    .values({ token_hash: hashToken(token), admin_id: adminId, created_at: now, last_seen_at: now })
    .execute();
  return token;
}

export type SessionCheck =
  | { status: "ok"; admin: Admin; mustChangePassword: boolean } // the admin must choose their own password first
  | { status: "expired" } // idle or past its lifetime: the row is gone now
  | { status: "missing" };

/** Checks a token; a live session's last_seen_at moves to now (sliding idle timeout). */
export async function checkSession(token: string | null | undefined, now = Date.now()): Promise<SessionCheck> {
  if (!token) return { status: "missing" };
  const db = getDb();
  const row = await db
    .selectFrom("sessions")
    .innerJoin("admins", "admins.id", "sessions.admin_id")
    .select([
      "sessions.id as sid",
      "sessions.created_at",
      "sessions.last_seen_at",
      "admins.id",
      "admins.username",
      "admins.role",
      "admins.must_change_password",
    ])
    .where("sessions.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return { status: "missing" };
  const idle = now - Date.parse(row.last_seen_at) > ADMIN_IDLE_TIMEOUT_MS;
  const old = now - Date.parse(row.created_at) > ADMIN_SESSION_MAX_AGE_MS;
  if (idle || old) {
    await db.deleteFrom("sessions").where("id", "=", row.sid).execute();
    return { status: "expired" };
  }
  await db
    .updateTable("sessions")
    .set({ last_seen_at: new Date(now).toISOString() })
    .where("id", "=", row.sid)
    .execute();
  return {
    status: "ok",
    admin: { id: row.id, username: row.username, role: row.role },
    mustChangePassword: row.must_change_password === 1,
  };
}

export async function deleteSession(token: string | null | undefined): Promise<void> {
  if (!token) return;
  await getDb().deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
}

/** Ends every session of an admin except the one making the request (password change). */
export async function deleteOtherSessions(db: Db, adminId: number, keepToken?: string | null): Promise<void> {
  let q = db.deleteFrom("sessions").where("admin_id", "=", adminId);
  if (keepToken) q = q.where("token_hash", "!=", hashToken(keepToken));
  await q.execute();
}

/** Removes rows that can no longer be used (called at login, so the table stays small). */
export async function purgeExpiredSessions(now = Date.now()): Promise<void> {
  await getDb()
    .deleteFrom("sessions")
    .where(({ or, eb }) =>
      or([
        eb("last_seen_at", "<", new Date(now - ADMIN_IDLE_TIMEOUT_MS).toISOString()),
        eb("created_at", "<", new Date(now - ADMIN_SESSION_MAX_AGE_MS).toISOString()),
      ]),
    )
    .execute();
}

/**
 * Whether a token belongs to a session started within its lifetime, idle or not, without moving
 * its idle clock: a staff member who signed in on this browser is still staff on the public pages
 * (their views of cars are not counted as a buyer's interest).
 */
export async function isStaffSession(token: string | null | undefined, now = Date.now()): Promise<boolean> {
  if (!token) return false;
  const row = await getDb()
    .selectFrom("sessions")
    .select("created_at")
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  return !!row && now - Date.parse(row.created_at) <= ADMIN_SESSION_MAX_AGE_MS;
}
