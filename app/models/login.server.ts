import { type Admin, verifyLogin } from "./admin.server";
import { beginLoginAttempt } from "./login-throttle.server";

/**
 * Checking a password, throttled (login-throttle.server.ts): the sign-in of the login page and
 * of POST /api/admin/login, and the signed-in admin's own password asked again before an account
 * change. Plain results; the HTTP layer turns them into answers.
 */

export const INVALID_CREDENTIALS = "Invalid credentials";
const WRONG_CURRENT_PASSWORD = "Your current password is not correct";

export type PasswordCheck =
  | { ok: true; admin: Admin }
  | { ok: false; reason: "missing" | "wrong"; message: string }
  | { ok: false; reason: "throttled"; message: string; retryAfterSeconds: number };

/** A username and password from someone signing in. */
export async function attemptLogin(ip: string, username: string, password: string): Promise<PasswordCheck> {
  const name = username.trim();
  if (!name || !password) return { ok: false, reason: "missing", message: INVALID_CREDENTIALS };
  const attempt = beginLoginAttempt(ip, name);
  if (!attempt.ok)
    return { ok: false, reason: "throttled", message: attempt.message, retryAfterSeconds: attempt.retryAfterSeconds };
  const admin = await verifyLogin(name, password);
  attempt.finish(admin !== null);
  return admin ? { ok: true, admin } : { ok: false, reason: "wrong", message: INVALID_CREDENTIALS };
}

/** A signed-in admin's own password, asked again so a stolen session alone cannot change accounts. */
export async function confirmPassword(ip: string, admin: Admin, password: string): Promise<PasswordCheck> {
  const check = await attemptLogin(ip, admin.username, password);
  if (check.ok && check.admin.id !== admin.id) return { ok: false, reason: "wrong", message: WRONG_CURRENT_PASSWORD };
  if (!check.ok && check.reason !== "throttled")
    return { ok: false, reason: check.reason, message: WRONG_CURRENT_PASSWORD };
  return check;
}
