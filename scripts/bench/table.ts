// Plain-text tables: one header row, columns padded, numbers right-aligned.
export type Cell = string | number;

function show(v: Cell): string {
  if (typeof v === "string") return v;
  if (!Number.isFinite(v)) return "-";
  if (Number.isInteger(v)) return v.toLocaleString("en-US");
  return Math.abs(v) >= 100 ? Math.round(v).toLocaleString("en-US") : v.toFixed(Math.abs(v) >= 10 ? 1 : 2);
}

export function formatTable(title: string, rows: Record<string, Cell>[]): string {
  if (rows.length === 0) return `${title}\n  (nothing measured)`;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cells = rows.map((r) => columns.map((c) => (r[c] === undefined ? "" : show(r[c]))));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const numeric = columns.map((c) => rows.every((r) => r[c] === undefined || typeof r[c] === "number"));
  const line = (values: string[], header = false) =>
    "  " +
    values
      .map((v, i) => (numeric[i] && !header ? v.padStart(widths[i]) : v.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [
    title,
    line(columns, true),
    `  ${widths.map((w) => "-".repeat(w)).join("  ")}`,
    ...cells.map((row) => line(row)),
  ].join("\n");
}
