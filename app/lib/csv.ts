/**
 * CSV for spreadsheets (Excel, LibreOffice, Google Sheets): RFC 4180 quoting, CRLF line ends,
 * a UTF-8 byte-order mark first (so Excel reads names with accents and ₦ correctly), and cells
 * that a spreadsheet would run as a formula neutralised with a leading apostrophe.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** The UTF-8 byte-order mark, U+FEFF: the first character of every file we export. */
export const CSV_BOM = "\uFEFF";

/**
 * A cell a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one) is prefixed with `'` so it shows as text and never runs ("CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text neutralised when it could run as a formula, then quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  // Numbers we write ourselves (a price, a count, -1) are data, not formulas.
  let text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : String(value);
  if (typeof value !== "number" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line: the cells joined by commas, ended by CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A whole CSV text (BOM, header, rows), for small exports and tests. */
export function csvText(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let out = CSV_BOM + csvRow(header);
  for (const row of rows) out += csvRow(row);
  return out;
}

/**
 * A CSV as a byte stream: the BOM and the header first, then each batch of items as it comes
 * from `batches`, written row by row with `toRow` (pulled only when the reader wants more, so a
 * large export is never held in memory as one string). Stops reading the source when the reader
 * goes away. `bom: false` leaves the byte-order mark out (a file read by a machine, not a spreadsheet).
 */
export function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<readonly T[]>,
  toRow: (item: T) => readonly CsvValue[],
  { bom = true }: { bom?: boolean } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode((bom ? CSV_BOM : "") + csvRow(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      let chunk = "";
      for (const item of next.value) chunk += csvRow(toRow(item));
      if (chunk) controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}
