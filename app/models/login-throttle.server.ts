import {
  LOGIN_ATTEMPTS_PER_MINUTE_PER_IP,
  LOGIN_FAILURES_BEFORE_LOCK,
  LOGIN_LOCK_MS,
} from "~/config/constants";

/**
 * Failed-login throttling, in memory (one server process): at most
 * LOGIN_ATTEMPTS_PER_MINUTE_PER_IP attempts a minute from one address, and a username is locked
 * for LOGIN_LOCK_MS after LOGIN_FAILURES_BEFORE_LOCK failures in a row.
 */

const WINDOW_MS = 60_000;
const attemptsByIp = new Map<string, number[]>();
const failuresByUser = new Map<string, { count: number; lockedUntil: number }>();

export const TOO_MANY_ATTEMPTS = "Too many login attempts. Please wait a minute and try again.";
export const ACCOUNT_LOCKED = `Too many failed logins for this username. Try again in ${LOGIN_LOCK_MS / 60_000} minutes.`;

export type ThrottleResult = { ok: true } | { ok: false; message: string; retryAfterSeconds: number };

const userKey = (username: string) => username.trim().toLowerCase();

/** Counts one login attempt and says whether it may go ahead. */
export function beginLoginAttempt(ip: string, username: string, now = Date.now()): ThrottleResult {
  const lock = failuresByUser.get(userKey(username));
  if (lock && lock.lockedUntil > now) {
    return { ok: false, message: ACCOUNT_LOCKED, retryAfterSeconds: Math.ceil((lock.lockedUntil - now) / 1000) };
  }
  const recent = (attemptsByIp.get(ip) ?? []).filter((t) => now - t < WINDOW_MS);
  if (recent.length >= LOGIN_ATTEMPTS_PER_MINUTE_PER_IP) {
    attemptsByIp.set(ip, recent);
    return { ok: false, message: TOO_MANY_ATTEMPTS, retryAfterSeconds: Math.ceil((recent[0] + WINDOW_MS - now) / 1000) };
  }
  recent.push(now);
  attemptsByIp.set(ip, recent);
  if (attemptsByIp.size > 10_000) prune(now);
  return { ok: true };
}

/** Forgets addresses and usernames with nothing recent, so memory stays bounded. */
function prune(now: number) {
  for (const [ip, times] of attemptsByIp) if (times.every((t) => now - t >= WINDOW_MS)) attemptsByIp.delete(ip);
  for (const [user, entry] of failuresByUser) if (entry.lockedUntil <= now && entry.count < LOGIN_FAILURES_BEFORE_LOCK) failuresByUser.delete(user);
}

export function recordLoginFailure(username: string, now = Date.now()): void {
  const key = userKey(username);
  if (!key) return;
  const entry = failuresByUser.get(key) ?? { count: 0, lockedUntil: 0 };
  if (entry.lockedUntil && entry.lockedUntil <= now) entry.count = 0; // an old lock has run out
  entry.count += 1;
  if (entry.count >= LOGIN_FAILURES_BEFORE_LOCK) entry.lockedUntil = now + LOGIN_LOCK_MS;
  failuresByUser.set(key, entry);
}

export function recordLoginSuccess(username: string): void {
  failuresByUser.delete(userKey(username));
}

/** For tests. */
export function resetLoginThrottle(): void {
  attemptsByIp.clear();
  failuresByUser.clear();
}
