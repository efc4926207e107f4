// An admin's session for the e2e tests that do not drive the login form (setupE2E's signIn and
// adminCookie, and the API's bearer token): the session model's own createSession writes the row
// into the test server's database, and the cookie is signed with Remix's createCookie and the
// secret the settings model reads (or stores first) in that database. Staff accounts are written
// there too. No login or password check is sent, so the login throttle never counts them.
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { SESSION_COOKIE_NAME } from "~/http/cookies.server";
import type { Role } from "~/lib/roles";
import { hashPassword } from "~/models/admin.server";
import { createSession } from "~/models/session.server";
import { sessionSecret } from "~/models/settings.server";
import type { DB } from "../../db/database.server";
import type { Database as Schema } from "../../db/schema";

/** A Kysely handle on the running test server's database (a second connection, so it waits for locks). */
async function withServerDb<T>(server: { dbPath: string }, use: (db: DB) => Promise<T>): Promise<T> {
  const sqlite = new Database(server.dbPath);
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** A live session token for `username` on the test server: the API takes it as a bearer token. */
export async function adminToken(server: { dbPath: string }, username: string): Promise<string> {
  return withServerDb(server, async (db) => {
    const admin = await db.selectFrom("admins").select("id").where("username", "=", username).executeTakeFirst();
    if (!admin) throw new Error(`No admin '${username}' in the test database`);
    return createSession(admin.id, db);
  });
}

/** A live session for `username` on the test server: its `Cookie` header pair, `name=signed-token`. */
export async function adminCookie(server: { dbPath: string }, username: string): Promise<string> {
  const token = await adminToken(server, username);
  const secret = await withServerDb(server, (db) => sessionSecret(undefined, db));
  const cookie = createCookie(SESSION_COOKIE_NAME, { secrets: [secret], path: "/" });
  return (await cookie.serialize(token)).split(";")[0];
}

/**
 * A staff account written into the test server's database (the password hashed as the admin model
 * does): set-up for tests of what the account may do, without the owner's password check, whose
 * tries the login throttle counts.
 */
export async function addAccount(server: { dbPath: string }, username: string, password: string, role: Role) {
  const now = new Date().toISOString();
  await withServerDb(server, async (db) =>
    db
      .insertInto("admins")
      .values({ username, password_hash: await hashPassword(password), role, created_at: now, updated_at: now })
      .execute(),
  );
}
