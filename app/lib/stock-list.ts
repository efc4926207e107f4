/**
 * The back office's stock list: what it can be asked (text or stock number, sold or not, an
 * order, a page) read from the address, so every view is a link and works without JavaScript.
 */

export const STOCK_SORTS = {
  newest: "Newest first",
  oldest: "Oldest first",
  price_desc: "Price: high to low",
  price_asc: "Price: low to high",
  days_desc: "Longest in stock",
  days_asc: "Shortest in stock",
} as const;
export type StockSort = keyof typeof STOCK_SORTS;

export const STOCK_STATUSES = { all: "All cars", available: "Unsold", sold: "Sold" } as const;
export type StockStatus = keyof typeof STOCK_STATUSES;

export interface StockQuery {
  q: string;
  status: StockStatus;
  sort: StockSort;
  page: number;
}

export function parseStockQuery(params: URLSearchParams): StockQuery {
  const sort = params.get("sort") ?? "";
  const status = params.get("status") ?? "";
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: status in STOCK_STATUSES ? (status as StockStatus) : "all",
    sort: sort in STOCK_SORTS ? (sort as StockSort) : "newest",
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** Whole days between two instants (a car listed today has been in stock 0 days). */
export function daysBetween(fromIso: string, toIso: string): number {
  return Math.max(0, Math.floor((Date.parse(toIso) - Date.parse(fromIso)) / 86_400_000));
}

export interface StockRow {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
  stock_number: string | null;
  sold: boolean;
  /** Part of the demo stock ("Remove the demo stock" removes it). */
  demo: boolean;
  created_at: string;
  /** The agreed price of its sale (its sold record), null while unsold. */
  sale_price: number | null;
  /** When it was sold (its sold record), null while unsold. */
  sold_at: string | null;
  /** Listed to sold, or listed to now while unsold. */
  days_in_stock: number;
  image: string | null;
}
