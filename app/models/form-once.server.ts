import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";

/**
 * One submitted form does one thing. A form that creates something (Add Car) carries a one-time
 * token its page made; a second submission with the same token (a double click without
 * JavaScript, a resent POST) gets the first one's result instead of doing it again, even while
 * the first is still running. A failed attempt frees its token, so the corrected form can be sent.
 * Kept in memory for a day: the site runs as one process.
 */
export const FORM_TOKEN_FIELD = "form_token";
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

const done = new LRUCache<string, Promise<number>>({ max: 10_000, ttl: 24 * 60 * 60 * 1000 });

/** A fresh token for a form's FORM_TOKEN_FIELD. */
export function newFormToken(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * Runs `create` once per token; returns the id it made and whether this call made it. Without a
 * (well-formed) token, every call creates.
 */
export async function oncePerForm(
  token: unknown,
  create: () => Promise<number>,
): Promise<{ id: number; created: boolean }> {
  if (typeof token !== "string" || !TOKEN.test(token)) return { id: await create(), created: true };
  const earlier = done.get(token);
  if (earlier) return { id: await earlier, created: false };
  const running = create();
  done.set(token, running);
  try {
    return { id: await running, created: true };
  } catch (e) {
    done.delete(token);
    throw e;
  }
}
