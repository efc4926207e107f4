/**
 * A positive page number from the query string; anything else is page 1. Apart from
 * car-filters.ts (which re-exports it) so that a loader reading the page does not make its
 * route's browser bundle import the filters.
 */
export function parsePage(params: URLSearchParams): number {
  const n = Number(params.get("page"));
  return Number.isInteger(n) && n > 0 ? n : 1;
}
