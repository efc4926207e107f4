import crypto from "node:crypto";
import { getDb } from "../../db/database.server";

/** The cookie-signing secret: SESSION_SECRET if set, else one generated once and kept in the database. */
export async function sessionSecret(configured?: string): Promise<string> {
  if (configured) return configured;
  const db = getDb();
  const row = await db.selectFrom("settings").select("value").where("key", "=", "session_secret").executeTakeFirst();
  if (row) return row.value;
  const value = crypto.randomBytes(32).toString("hex");
  await db
    .insertInto("settings")
    .values({ key: "session_secret", value })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const stored = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", "session_secret")
    .executeTakeFirstOrThrow();
  return stored.value;
}
