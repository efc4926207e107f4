/**
 * A car's photo order, shared by the form (with JavaScript) and the edit page's action (move
 * buttons without it): the first photo is the cover, shown on cards and link previews.
 */

export type PhotoMove = "up" | "down" | "cover";

/** The order after moving `item` up, down or to the front; unchanged for an unknown item. */
export function movePhoto<T>(order: readonly T[], item: T, move: PhotoMove): T[] {
  const from = order.indexOf(item);
  if (from < 0) return [...order];
  const to = move === "cover" ? 0 : move === "up" ? Math.max(0, from - 1) : Math.min(order.length - 1, from + 1);
  const next = order.filter((_, i) => i !== from);
  next.splice(to, 0, item);
  return next;
}

/** A move button's value, "up:/uploads/a.jpg", read back; null when it is not one. */
export function parsePhotoMove(value: unknown): { move: PhotoMove; item: string } | null {
  const m = typeof value === "string" ? /^(up|down|cover):(.+)$/.exec(value) : null;
  return m ? { move: m[1] as PhotoMove, item: m[2] } : null;
}
