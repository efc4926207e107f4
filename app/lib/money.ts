const naira = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 2 });

/** ₦ with en-NG grouping and at most 2 decimals: formatNaira(12500000) -> "₦12,500,000". */
export function formatNaira(value: number | string | null | undefined): string {
  const n = typeof value === "string" ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return "N/A";
  return `₦${naira.format(n)}`;
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "N/A";
  return naira.format(value);
}

/** "12,000 Miles" or "N/A". */
export function formatMileage(value: number | null | undefined): string {
  return value === null || value === undefined ? "N/A" : `${formatNumber(value)} Miles`;
}
