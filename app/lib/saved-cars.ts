import { SAVED_CARS_MAX } from "~/config/constants";

/**
 * Lists of car ids as text ("12,7,30"): the saved cars (this browser's storage, or the cookie of
 * a visitor without JavaScript) and the cars of /compare?ids=. Pure code for browser and server.
 */

/**
 * The car ids in a text (or several, e.g. repeated ?ids= fields): positive whole numbers in the
 * order given, without repeats, at most `max`. Anything else is left out.
 */
export function parseCarIds(text: string | readonly string[] | null | undefined, max = SAVED_CARS_MAX): number[] {
  const parts = (typeof text === "string" ? [text] : (text ?? [])).flatMap((t) => t.split(","));
  const ids: number[] = [];
  for (const part of parts) {
    const s = part.trim();
    if (!/^\d{1,15}$/.test(s)) continue;
    const id = Number(s);
    if (id > 0 && !ids.includes(id)) ids.push(id);
    if (ids.length >= max) break;
  }
  return ids;
}

/** The list with `id` added (at the end, dropping the oldest past the maximum) or, if it was there, removed. */
export function toggleCarId(ids: readonly number[], id: number, max = SAVED_CARS_MAX): number[] {
  if (ids.includes(id)) return ids.filter((x) => x !== id);
  return [...ids, id].slice(-max);
}

/** Both lists in one, the first's order first. */
export function mergeCarIds(a: readonly number[], b: readonly number[], max = SAVED_CARS_MAX): number[] {
  return [...new Set([...a, ...b])].slice(-max);
}
