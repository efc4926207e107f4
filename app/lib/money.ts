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

/** "12,000 Miles" or "N/A". */
export function formatMileage(value: number | null | undefined): string {
  return value === null || value === undefined ? "N/A" : `${formatNumber(value)} Miles`;
}
