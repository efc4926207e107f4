/**
 * The browse filters: one mapping between the filter panel's fields, the query string and the
 * server's filter object. Pure code, used by the browser and the server.
 */
import { parseNaira } from "./money";
export interface CarFilters {
  q?: string;
  body_type?: string;
  fuel_type?: string;
  drive_train?: string;
  make?: string;
  model?: string;
  condition?: string;
  transmission?: string;
  location?: string;
  minYear?: number;
  maxYear?: number;
  minPrice?: number;
  maxPrice?: number;
  minMileage?: number;
  maxMileage?: number;
  keyFeatures?: string[];
  /** Only cars whose customs duty is known to be paid (`customs_duty_paid=1`). */
  customs_duty_paid?: boolean;
  /** Leave out cars a buyer has reserved (`hide_reserved=1`): a paid hold not yet ended. */
  hide_reserved?: boolean;
  /** Only cars the dealer finances (the financing page; not a browse filter). */
  financing?: boolean;
}

/** The orders of a list (`sort=`); newest first unless asked. */
export const CAR_SORTS = ["newest", "price_asc", "price_desc", "year_desc", "mileage_asc"] as const;
export type CarSort = (typeof CAR_SORTS)[number];
export const DEFAULT_SORT: CarSort = "newest";

/** What the sort menu says for each order. */
export const SORT_LABELS: Record<CarSort, string> = {
  newest: "Newest first",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  year_desc: "Year: newest first",
  mileage_asc: "Mileage: lowest first",
};

function isCarSort(value: unknown): value is CarSort {
  return (CAR_SORTS as readonly unknown[]).includes(value);
}

const TEXT_FILTERS = [
  "q",
  "body_type",
  "fuel_type",
  "drive_train",
  "make",
  "model",
  "condition",
  "transmission",
  "location",
] as const;
const NUMBER_FILTERS = ["minYear", "maxYear", "minPrice", "maxPrice", "minMileage", "maxMileage"] as const;

/** Every query parameter a car list reads (besides paging): filters, features, duty and sort. */
export const CAR_FILTER_PARAMS = [
  ...TEXT_FILTERS,
  ...NUMBER_FILTERS,
  "keyFeatures",
  "customs_duty_paid",
  "hide_reserved",
  "sort",
] as const;

/** Filter-panel field name -> query-string name (what "Apply Filters" does). */
const FILTER_RENAMES: Record<string, string> = {
  type: "body_type",
  fuelType: "fuel_type",
  driveType: "drive_train",
};

const MAX_TEXT = 100;

/**
 * Turns a query string (from the panel or a shared link) into the canonical one: panel names
 * renamed, empty and "All" values dropped, everything else kept in order.
 */
export function canonicalFilterQuery(input: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [rawKey, rawValue] of input) {
    const key = FILTER_RENAMES[rawKey] ?? rawKey;
    const value = rawValue.trim();
    if (value === "" || value.toLowerCase() === "all") continue;
    if (key === "page" && value === "1") continue;
    if (key === "sort" && value === DEFAULT_SORT) continue;
    out.append(key, value);
  }
  return out;
}

export interface ParsedFilters {
  filters: CarFilters;
  /** Names of parameters whose values were ignored because they were not valid. */
  ignored: string[];
  /** The list's order (`sort`), newest first when missing or unknown. */
  sort: CarSort;
}

/** Reads filters from a query string; bad numbers are ignored and reported, never thrown. */
export function parseCarFilters(params: URLSearchParams): ParsedFilters {
  const canonical = canonicalFilterQuery(params);
  const filters: CarFilters = {};
  const ignored: string[] = [];
  for (const key of TEXT_FILTERS) {
    const value = canonical.get(key);
    if (value) filters[key] = value.slice(0, MAX_TEXT);
  }
  for (const key of NUMBER_FILTERS) {
    const value = canonical.get(key);
    if (value === null) continue;
    const n = key.endsWith("Price") ? parseNaira(value) : Number(value.replace(/[,\s]/g, ""));
    if (n !== null && Number.isFinite(n) && n >= 0 && n <= 1e12) filters[key] = n;
    else ignored.push(key);
  }
  const features = canonical
    .getAll("keyFeatures")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (features.length) filters.keyFeatures = features.slice(0, 40);
  const duty = canonical.get("customs_duty_paid");
  if (duty !== null) {
    if (["1", "true", "yes"].includes(duty.toLowerCase())) filters.customs_duty_paid = true;
    else ignored.push("customs_duty_paid");
  }
  const reserved = canonical.get("hide_reserved");
  if (reserved !== null) {
    if (["1", "true", "yes"].includes(reserved.toLowerCase())) filters.hide_reserved = true;
    else ignored.push("hide_reserved");
  }
  const sortParam = canonical.get("sort");
  let sort = DEFAULT_SORT;
  if (isCarSort(sortParam)) sort = sortParam;
  else if (sortParam !== null) ignored.push("sort");
  return { filters, ignored, sort };
}

export { parsePage } from "./paging";

/** The filters a query string sets (search words, order and page left out): the N of "Filters (N)". */
export function activeFilterCount(params: URLSearchParams): number {
  let n = 0;
  for (const [key, value] of canonicalFilterQuery(params)) {
    if (key === "q" || key === "sort" || key === "page") continue;
    n += key === "keyFeatures" ? value.split(",").filter((v) => v.trim()).length : 1;
  }
  return n;
}

/** How many unsold cars have each value of a field (values compared without case). */
export interface FacetCount {
  value: string;
  count: number;
}

/** The fields the browse filters count over the stock. */
export const FACET_FIELDS = ["body_type", "fuel_type", "drive_train", "transmission", "condition", "make"] as const;
export type FacetField = (typeof FACET_FIELDS)[number];
export type StockFacets = Record<FacetField, FacetCount[]>;

export interface FacetOption {
  value: string;
  label: string;
}

/**
 * A filter's choices: "All", then the listed options (each kept, with its count, even at 0),
 * then every other value the stock holds, most cars first, each as "Value (count)". `merge`
 * adds counts of stock values an option stands for (the panel's "Used" is both kinds of used).
 */
export function facetOptions(
  listed: readonly string[],
  stock: readonly FacetCount[],
  merge: Record<string, readonly string[]> = {},
): FacetOption[] {
  const lower = (s: string) => s.toLowerCase();
  const countOf = (value: string) =>
    stock
      .filter((s) => [value, ...(merge[value] ?? [])].some((v) => lower(v) === lower(s.value)))
      .reduce((a, s) => a + s.count, 0);
  const out: FacetOption[] = [{ value: "All", label: "All" }];
  for (const value of listed) out.push({ value, label: `${value} (${countOf(value)})` });
  const others = stock
    .filter((s) => !listed.some((v) => lower(v) === lower(s.value)))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  for (const s of others) out.push({ value: s.value, label: `${s.value} (${s.count})` });
  return out;
}
