import type { Role } from "~/lib/roles";
import { createAdmin, findAdminByUsername } from "~/models/admin.server";
import { createSession, hashToken } from "~/models/session.server";
import { getDb } from "../../db/database.server";

export const TEST_PASSWORD = "correct-horse-battery";

/** An admin (created once per test file, an owner unless said otherwise) and a fresh bearer token for it. */
export async function adminToken(username = "boss", role: Role = "owner"): Promise<{ token: string; adminId: number }> {
  const existing = await findAdminByUsername(username);
  const adminId = existing ? existing.id : (await createAdmin(username, TEST_PASSWORD, role)).id;
  return { token: await createSession(adminId), adminId };
}

/** Makes a session look idle for longer than the timeout. */
export async function makeIdle(token: string, minutes = 6): Promise<void> {
  const past = new Date(Date.now() - minutes * 60_000).toISOString();
  await getDb()
    .updateTable("sessions")
    .set({ last_seen_at: past })
    .where("token_hash", "=", hashToken(token))
    .execute();
}

/** Calls a loader/action and returns its Response, whether it was returned or thrown. */
export async function respond(fn: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const out = await fn();
    if (out instanceof Response) return out;
    throw new Error(`Expected a Response, got ${JSON.stringify(out)}`);
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}
