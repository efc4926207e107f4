// Signs an admin in for a browser test by creating a session row directly (only the login test
// drives the login form), then setting the signed cookie on the Playwright context.
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import type { BrowserContext } from "playwright-core";
import { SESSION_COOKIE_NAME } from "~/models/session.server";
import { ADMIN_USERNAME, type TestServer } from "./harness";

function sessionSecret(db: Database.Database): string {
  const read = () => db.prepare("select value from settings where key = 'session_secret'").get() as { value: string } | undefined;
  if (!read()) {
    db.prepare("insert or ignore into settings (key, value) values ('session_secret', ?)").run(crypto.randomBytes(32).toString("hex"));
  }
  return read()!.value;
}

/** Creates a live session for `username` in the server's database and returns its token. */
export function createSessionRow(server: TestServer, username = ADMIN_USERNAME): { token: string; secret: string } {
  const db = new Database(server.dbPath);
  try {
    db.pragma("busy_timeout = 5000");
    const admin = db.prepare("select id from admins where username = ? collate nocase").get(username) as { id: number } | undefined;
    if (!admin) throw new Error(`No admin '${username}' in the test database`);
    const token = crypto.randomBytes(32).toString("base64url");
    const now = new Date().toISOString();
    db.prepare("insert into sessions (token_hash, admin_id, created_at, last_seen_at) values (?, ?, ?, ?)").run(
      crypto.createHash("sha256").update(token).digest("hex"),
      admin.id,
      now,
      now,
    );
    return { token, secret: sessionSecret(db) };
  } finally {
    db.close();
  }
}

/** Signs `username` in on the context, as if it had just used the login form. */
export async function signInAdmin(context: BrowserContext, server: TestServer, username = ADMIN_USERNAME): Promise<void> {
  const { token, secret } = createSessionRow(server, username);
  const cookie = createCookie(SESSION_COOKIE_NAME, { secrets: [secret], path: "/" });
  const value = (await cookie.serialize(token)).split(";")[0].slice(SESSION_COOKIE_NAME.length + 1);
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value, url: server.url, httpOnly: true, sameSite: "Lax" }]);
}
