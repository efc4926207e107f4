/**
 * Digits grouped by thousands with commas and at most 2 decimals, as en-NG writes them:
 * groupDigits(12500000.5) -> "12,500,000.5". Written out instead of Intl.NumberFormat, whose
 * first use loads the locale's data: tens of milliseconds of a slow phone's main thread on every
 * page that shows a price.
 */
function groupDigits(value: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(2).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const decimals = fraction.replace(/0+$/, "");
  return `${value < 0 ? "-" : ""}${grouped}${decimals ? `.${decimals}` : ""}`;
}

/** ₦ with en-NG grouping and at most 2 decimals: formatNaira(12500000) -> "₦12,500,000". */
export function formatNaira(value: number | string | null | undefined): string {
  const n = typeof value === "string" ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return "N/A";
  return `₦${groupDigits(n)}`;
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "N/A";
  return groupDigits(value);
}

/** "12,000 Miles", "1 Mile" or "N/A". */
export function formatMileage(value: number | null | undefined): string {
  if (value === null || value === undefined) return "N/A";
  return `${formatNumber(value)} ${value === 1 ? "Mile" : "Miles"}`;
}

const NAIRA_SCALES: Record<string, number> = {
  k: 1_000,
  thousand: 1_000,
  m: 1_000_000,
  mn: 1_000_000,
  mil: 1_000_000,
  million: 1_000_000,
  b: 1_000_000_000,
  bn: 1_000_000_000,
  billion: 1_000_000_000,
};

/**
 * An amount of naira as people type it, or null when it is not one: "₦32,500,000", "N32,500,000",
 * "32,500,000", "32 500 000", "NGN 32500000", "32.5m", "18.5 million", "750k", "1.2bn" (a minus
 * sign is kept, for the field's own rule to refuse). Every
 * naira field reads its text with this, on the server and in the page, so they all agree.
 */
export function parseNaira(text: string): number | null {
  const t = text.trim().toLowerCase();
  const sign = t.startsWith("-") ? -1 : 1;
  const s = t
    .replace(/^-\s*/, "")
    .replace(/^(₦|ngn|n)\s*/, "")
    .replace(/\s*(naira|ngn)$/, "")
    .replace(/[,_\s](?=\d)/g, "")
    .trim();
  const m = /^(\d+(?:\.\d+)?|\.\d+)\s*([a-z]*)$/.exec(s);
  if (!m) return null;
  const scale = m[2] === "" ? 1 : NAIRA_SCALES[m[2]];
  if (scale === undefined) return null;
  // Rounded to kobo, so 32.5 * 1,000,000 is exactly 32,500,000.
  return (sign * Math.round(Number(m[1]) * scale * 100)) / 100;
}

/**
 * For a schema's preprocess step: blank is undefined, a text that reads as naira is its number,
 * anything else is passed on unchanged (so the schema's own message refuses it).
 */
export function nairaValue(v: unknown): unknown {
  const s = Array.isArray(v) ? v[0] : v;
  if (s === undefined || s === null || (typeof s === "string" && s.trim() === "")) return undefined;
  if (typeof s !== "string") return s;
  return parseNaira(s) ?? s;
}
