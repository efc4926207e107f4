import {
  LOGIN_ATTEMPTS_PER_MINUTE_PER_IP,
  LOGIN_FIRST_DELAY_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_MS,
  LOGIN_USERNAME_CAP,
  LOGIN_USERNAME_WINDOW_MS,
} from "~/config/constants";

/**
 * Failed-login throttling, in memory (one server process). Three rules, none of which lets a
 * stranger lock the dealer out:
 * - an address may try LOGIN_ATTEMPTS_PER_MINUTE_PER_IP times a minute, whatever the username;
 * - a (username, address) pair gets LOGIN_FREE_FAILURES failures, then has to wait before each
 *   next try, the wait doubling from LOGIN_FIRST_DELAY_MS up to LOGIN_MAX_DELAY_MS;
 * - a username that collects LOGIN_USERNAME_CAP failures within LOGIN_USERNAME_WINDOW_MS from
 *   any addresses (guessing spread over many machines) is refused to every address that has
 *   failed for it, but never to an address without failures, so its owner can still sign in.
 * An attempt counts as a failure from the moment it starts (before the password is checked),
 * so a hundred guesses sent at once get the same few checks as a hundred sent one by one.
 */

const MINUTE = 60_000;
const attemptsByIp = new Map<string, number[]>();
const pairs = new Map<string, { failures: number; last: number }>();
const failuresByUser = new Map<string, number[]>();

export type ThrottleResult =
  | { ok: true; finish: (success: boolean) => void }
  | { ok: false; message: string; retryAfterSeconds: number };

const userKey = (username: string) => username.trim().toLowerCase();

/** "45 seconds", "3 minutes". */
function waitText(seconds: number): string {
  return seconds < 90 ? `${seconds} ${seconds === 1 ? "second" : "seconds"}` : `${Math.ceil(seconds / 60)} minutes`;
}

function refuse(what: string, waitMs: number): ThrottleResult {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return { ok: false, message: `${what} Please wait ${waitText(retryAfterSeconds)} and try again.`, retryAfterSeconds };
}

/** The wait before the next try of a pair that has failed `failures` times. */
export function pairDelay(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_FIRST_DELAY_MS * 2 ** (failures - LOGIN_FREE_FAILURES), LOGIN_MAX_DELAY_MS);
}

/**
 * Asks to check one password. When allowed, the attempt is already counted as a failure;
 * call `finish(true)` once the password proved right to clear this address's record.
 */
export function beginLoginAttempt(ip: string, username: string, now = Date.now()): ThrottleResult {
  const user = userKey(username);
  const pairKey = `${user}\n${ip}`;

  const recent = (attemptsByIp.get(ip) ?? []).filter((t) => now - t < MINUTE);
  attemptsByIp.set(ip, recent);
  if (recent.length >= LOGIN_ATTEMPTS_PER_MINUTE_PER_IP) {
    return refuse("Too many login attempts from your network.", recent[0] + MINUTE - now);
  }

  const pair = pairs.get(pairKey) ?? { failures: 0, last: 0 };
  const wait = pair.last + pairDelay(pair.failures) - now;
  if (wait > 0) return refuse("Too many failed logins.", wait);

  const userFailures = (failuresByUser.get(user) ?? []).filter((t) => now - t < LOGIN_USERNAME_WINDOW_MS);
  failuresByUser.set(user, userFailures);
  if (pair.failures > 0 && userFailures.length >= LOGIN_USERNAME_CAP) {
    return refuse("Too many failed logins for this username.", userFailures[0] + LOGIN_USERNAME_WINDOW_MS - now);
  }

  // Counted now, before the (slow) password check.
  recent.push(now);
  pairs.set(pairKey, { failures: pair.failures + 1, last: now });
  userFailures.push(now);
  if (attemptsByIp.size + pairs.size > 20_000) prune(now);

  let finished = false;
  return {
    ok: true,
    finish: (success: boolean) => {
      if (finished) return;
      finished = true;
      if (!success) return;
      pairs.delete(pairKey);
      const list = failuresByUser.get(user);
      const i = list?.lastIndexOf(now) ?? -1;
      if (list && i >= 0) list.splice(i, 1);
    },
  };
}

/** Forgets addresses and pairs with nothing that still matters, so memory stays bounded. */
function prune(now: number) {
  for (const [ip, times] of attemptsByIp) if (times.every((t) => now - t >= MINUTE)) attemptsByIp.delete(ip);
  for (const [key, pair] of pairs)
    if (now - pair.last > LOGIN_MAX_DELAY_MS + LOGIN_USERNAME_WINDOW_MS) pairs.delete(key);
  for (const [user, times] of failuresByUser)
    if (times.every((t) => now - t >= LOGIN_USERNAME_WINDOW_MS)) failuresByUser.delete(user);
}

/** For tests. */
export function resetLoginThrottle(): void {
  attemptsByIp.clear();
  pairs.clear();
  failuresByUser.clear();
}
