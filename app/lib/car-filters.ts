/**
 * The browse filters: one mapping between the filter panel's fields, the query string and the
 * server's filter object. Pure code, used by the browser and the server.
 */
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
  /** Only cars the dealer finances (the financing page; not a browse filter). */
  financing?: boolean;
}

export const TEXT_FILTERS = [
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
export const NUMBER_FILTERS = ["minYear", "maxYear", "minPrice", "maxPrice", "minMileage", "maxMileage"] as const;

/** Filter-panel field name -> query-string name (what "Apply Filters" does). */
export const FILTER_RENAMES: Record<string, string> = {
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
    out.append(key, value);
  }
  return out;
}

export interface ParsedFilters {
  filters: CarFilters;
  /** Names of parameters whose values were ignored because they were not valid. */
  ignored: string[];
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
    const n = Number(value.replace(/[,\s₦]/g, ""));
    if (Number.isFinite(n) && n >= 0 && n <= 1e12) filters[key] = n;
    else ignored.push(key);
  }
  const features = canonical
    .getAll("keyFeatures")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (features.length) filters.keyFeatures = features.slice(0, 40);
  return { filters, ignored };
}

/** A positive page number from the query string; anything else is page 1. */
export function parsePage(params: URLSearchParams): number {
  const n = Number(params.get("page"));
  return Number.isInteger(n) && n > 0 ? n : 1;
}
