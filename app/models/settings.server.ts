import crypto from "node:crypto";
import { type DB, getDb } from "../../db/database.server";

/**
 * The cookie-signing secret: SESSION_SECRET if set, else one generated once and kept in the
 * database (insert unless present, then read back, so concurrent first calls agree). `db`
 * defaults to the app's connection; the end-to-end tests pass one opened on their server's file.
 */
export async function sessionSecret(configured?: string, db: DB = getDb()): Promise<string> {
  if (configured) return configured;
  const read = () => db.selectFrom("settings").select("value").where("key", "=", "session_secret").executeTakeFirst();
  const row = await read();
  if (row) return row.value;
  await db
    .insertInto("settings")
    .values({ key: "session_secret", value: crypto.randomBytes(32).toString("hex") })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error("The session secret could not be stored");
  return stored.value;
}
