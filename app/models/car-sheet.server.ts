import crypto from "node:crypto";
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { parse as parseCsv } from "csv-parse";
import type { CellValue, Row } from "exceljs";
import { env } from "~/config/env.server";
import type { Car } from "~/lib/car";
import { CarSchema } from "~/lib/car-schema";
import {
  carRow,
  columnKey,
  EXPORT_COLUMNS,
  type ImportPreview,
  isSiteStockNumber,
  MAX_SHEET_BYTES,
  MAX_SHEET_LINES,
  MAX_SHEET_ROWS,
  READ_ONLY_COLUMNS,
  REQUIRED_COLUMNS,
  rowFields,
  SHEET_COLUMNS,
  SHEET_TOO_LARGE,
  SHEET_TYPE_MESSAGE,
  type SheetProblem,
  TOO_MANY_LINES,
  TOO_MANY_ROWS,
  unknownSiteStockNumber,
} from "~/lib/car-sheet";
import { csvText } from "~/lib/csv";
import { Refusal } from "~/lib/refusal";
import { validate } from "~/lib/validation";
import { getDb, getSqlite, nowIso } from "../../db/database.server";
import { carColumns, getCars } from "./car.server";
import type { Db } from "./db.server";

/**
 * Stock in and out of spreadsheets (CSV and Excel .xlsx). An import reads the whole file, checks
 * every row against the car form's rules and matches rows to cars by stock_number: the preview
 * lists rows to add, rows to update and every problem; only a file without problems is written,
 * all rows in one transaction. Exports write the same columns (plus a read-only `sold`).
 */

/** Checking stops after this many problems (a wrong file would list thousands): the first ones are shown. */
const MAX_LISTED_PROBLEMS = 500;
const TOO_MANY = `Checking stopped after ${MAX_LISTED_PROBLEMS} problems`;
export const TOO_MANY_PROBLEMS = `${TOO_MANY}: fix these and upload the file again`;

export type SheetFormat = "csv" | "xlsx";

/** A refused file: unreadable or wrong is invalid, too big too_large, of another type unsupported. */
function sheetRefusal(message: string, code: "invalid" | "too_large" | "unsupported" = "invalid"): Refusal {
  return new Refusal(code, message);
}

/** The format a file is, from its name and first bytes; a refusal for anything else. */
function sheetFormat(name: string, bytes: Uint8Array): SheetFormat {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (ext === "xlsx" && zip) return "xlsx";
  if (ext === "csv" && !zip && !bytes.subarray(0, 4096).includes(0)) return "csv";
  if (ext === "xls")
    throw sheetRefusal(`${SHEET_TYPE_MESSAGE}: save the old .xls file as .xlsx or CSV first`, "unsupported");
  throw sheetRefusal(`${SHEET_TYPE_MESSAGE}; ${name || "this file"} is not one`, "unsupported");
}

/**
 * exceljs, loaded with the first Excel file rather than at start: it is a large library (about
 * 8 MB of heap) that only imports, exports and template downloads use.
 */
let excelModule: Promise<typeof import("exceljs")> | null = null;
function excel(): Promise<typeof import("exceljs")> {
  // A CommonJS package: Node hands its exports over as the default export.
  excelModule ??= import("exceljs").then((m) => ("default" in m ? (m.default as typeof m) : m));
  return excelModule;
}

/** An Excel cell's value as the text a person sees. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("result" in value) return cellText((value.result ?? null) as CellValue);
  if ("text" in value) return String(value.text);
  if ("error" in value) return "";
  return String(value);
}

/**
 * Hands the bytes to a parser in pieces, so no single step of the parser holds the event loop
 * long: csv-parse reads a whole piece at once, and a row shorter or longer than the header costs
 * it about 25 µs (it builds an error it then ignores), so 512 bytes of two-byte rows is some 6 ms.
 */
function pieces(bytes: Uint8Array, size: number): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.byteLength; at += size) yield Buffer.from(bytes.subarray(at, at + size));
    })(),
  );
}

/** Lets other requests in between rows: a pause of the event loop after every 5 ms of reading. */
function breather(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < 5) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/**
 * The sheet's non-blank rows as text cells with their row numbers, read as they come (CSV through
 * csv-parse's stream, Excel through exceljs' streaming reader): nothing holds the whole sheet, the
 * event loop is let go every 5 ms, and reading stops at MAX_SHEET_LINES rows, blank ones included.
 */
async function* sheetRows(format: SheetFormat, bytes: Uint8Array): AsyncGenerator<{ n: number; cells: string[] }> {
  const filled = (cells: string[]) => cells.some((c) => c.trim() !== "");
  const pause = breather();
  let lines = 0;
  const counted = () => {
    if (++lines > MAX_SHEET_LINES) throw sheetRefusal(TOO_MANY_LINES, "too_large");
  };
  if (format === "csv") {
    const records = pieces(bytes, 512).pipe(parseCsv({ bom: true, relax_column_count: true, cast: false }));
    try {
      for await (const cells of records as AsyncIterable<string[]>) {
        counted();
        if (filled(cells)) yield { n: lines, cells };
        await pause();
      }
    } catch (e) {
      if (e instanceof Refusal) throw e;
      throw sheetRefusal(`The CSV file could not be read: ${(e as Error).message}`);
    } finally {
      records.destroy();
    }
    return;
  }
  // The streaming reader, first sheet only: rows are checked as they are read (the first problems
  // show before a large file is read to its end), and it is much lighter than loading the workbook.
  const reader = new (await excel()).stream.xlsx.WorkbookReader(pieces(bytes, 64 * 1024), {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as unknown as AsyncIterable<Row>) {
        counted();
        const cells = (row.values as CellValue[]).slice(1).map(cellText); // values are 1-based
        if (filled(cells)) yield { n: row.number, cells };
        await pause();
      }
      return;
    }
  } catch (e) {
    if (e instanceof Refusal) throw e;
    throw sheetRefusal("The Excel file could not be read; save it again as .xlsx and retry");
  }
}

interface CheckedRow {
  row: number;
  input: ReturnType<typeof CarSchema.parse>;
  id: number | null;
}

interface Checked {
  preview: ImportPreview;
  rows: CheckedRow[];
  /** The template columns the file has (an update changes only these). */
  columns: string[];
}

const name = (i: { make?: unknown; model?: unknown; year?: unknown }) =>
  [i.make, i.model, i.year].filter((x) => x !== undefined && x !== null && x !== "").join(" ");

async function check(file: { name: string; bytes: Uint8Array }): Promise<Checked> {
  if (file.bytes.byteLength > MAX_SHEET_BYTES) throw sheetRefusal(SHEET_TOO_LARGE, "too_large");
  if (file.bytes.byteLength === 0) throw sheetRefusal("The file is empty");
  const source = sheetRows(sheetFormat(file.name, file.bytes), file.bytes);
  const first = await source.next();
  if (first.done) throw sheetRefusal("The file has no rows; start from the template");
  const headerRow = first.value.n;
  const header = first.value.cells.map(columnKey);
  const known = new Set<string>([...SHEET_COLUMNS, ...READ_ONLY_COLUMNS]);
  const ignoredColumns = first.value.cells.filter((h, i) => h.trim() !== "" && !known.has(header[i]));
  const columns = SHEET_COLUMNS.filter((c) => header.includes(c));
  const problems: SheetProblem[] = [];
  const problem = (p: SheetProblem) => problems.push(p);
  for (const c of REQUIRED_COLUMNS) {
    if (!header.includes(c)) problem({ row: headerRow, column: c, message: "This column is missing" });
  }
  header.forEach((c, i) => {
    if (c && header.indexOf(c) !== i) problem({ row: headerRow, column: c, message: "This column appears twice" });
  });
  const preview: ImportPreview = { rows: 0, add: [], update: [], problems, ignoredColumns, written: false };
  if (problems.length) {
    await source.return(undefined);
    return { preview, rows: [], columns };
  }

  const stockIds = new Map(
    (
      await getDb().selectFrom("cars").select(["id", "stock_number"]).where("stock_number", "is not", null).execute()
    ).map((r) => [String(r.stock_number).toLowerCase(), r.id]),
  );
  const seen = new Map<string, number>();
  const rows: CheckedRow[] = [];
  for await (const { n: row, cells } of source) {
    if (problems.length >= MAX_LISTED_PROBLEMS) {
      problem({ row, column: "", message: TOO_MANY_PROBLEMS });
      break;
    }
    if (preview.rows === MAX_SHEET_ROWS) {
      problem({ row, column: "", message: TOO_MANY_ROWS });
      break;
    }
    preview.rows++;
    const byColumn: Record<string, string> = {};
    for (const c of columns) byColumn[c] = cells[header.indexOf(c)] ?? "";
    const result = validate(CarSchema, rowFields(byColumn));
    const typed = (byColumn.stock_number ?? "").trim();
    const key = typed.toLowerCase();
    const twin = key ? seen.get(key) : undefined;
    if (key && twin === undefined) seen.set(key, row);
    if (!result.ok) {
      for (const [column, message] of Object.entries(result.fieldErrors)) problem({ row, column, message });
    }
    if (twin !== undefined) {
      problem({ row, column: "stock_number", message: `Stock number ${typed} is also on row ${twin}` });
    }
    const id = key ? (stockIds.get(key) ?? null) : null;
    // A number of the site's own pattern that no car has (its car was deleted): never a new car's.
    const unknown = id === null && isSiteStockNumber(typed);
    if (unknown) problem({ row, column: "stock_number", message: unknownSiteStockNumber(typed) });
    if (!result.ok || twin !== undefined || unknown) continue;
    const stock = result.data.stock_number ?? null;
    rows.push({ row, input: result.data, id });
    (id ? preview.update : preview.add).push({
      row,
      stock_number: stock,
      name: name(result.data),
      ...(id ? { id } : {}),
    });
  }
  if (preview.rows === 0) problem({ row: headerRow + 1, column: "", message: "The file has no cars under its header" });
  return { preview, rows, columns };
}

/** The preview of a file: nothing is written. */
export async function previewImport(file: { name: string; bytes: Uint8Array }): Promise<ImportPreview> {
  return (await check(file)).preview;
}

/** A file read and checked against the stock, ready to write when it has no problem. */
export type CheckedImport = Awaited<ReturnType<typeof check>>;

/** Reads and checks a file (slow work: do it before the write's transaction). */
export function checkImport(file: { name: string; bytes: Uint8Array }): Promise<CheckedImport> {
  return check(file);
}

/**
 * Writes every row of a checked file without problems: new cars without photos, and for matched
 * stock numbers only the columns the file has (a sheet without a vin column leaves VINs alone).
 * Prepared statements on the one connection, so inside the caller's transaction (`_db`, taken to
 * say so) they commit or roll back with it. `carIds`: every car written, added or changed.
 */
export function writeImport(_db: Db, { preview, rows, columns }: CheckedImport): ImportPreview & { carIds: number[] } {
  if (preview.problems.length) return { ...preview, carIds: [] };
  const carIds: number[] = [];
  const now = nowIso();
  const sqlite = getSqlite();
  // Prepared statements in one synchronous transaction: 10,000 rows in a few seconds.
  const insertColumns = [...SHEET_COLUMNS, "created_at", "updated_at"];
  const insert = sqlite.prepare(
    `INSERT INTO cars (${insertColumns.join(", ")}) VALUES (${insertColumns.map((c) => `@${c}`).join(", ")})`,
  );
  const update = sqlite.prepare(
    `UPDATE cars SET ${[...columns, "updated_at"].map((c) => `${c} = @${c}`).join(", ")} WHERE id = @id`,
  );
  sqlite.transaction(() => {
    for (const { input, id } of rows) {
      const values: Record<string, unknown> = { ...carColumns(input), updated_at: now };
      if (id === null) carIds.push(Number(insert.run({ ...values, created_at: now }).lastInsertRowid));
      else {
        update.run({ ...Object.fromEntries([...columns, "updated_at"].map((c) => [c, values[c]])), id });
        carIds.push(id);
      }
    }
  })();
  return { ...preview, written: true, carIds };
}

/** Every car, sold ones too, oldest first (the order they were listed), in batches of 500. */
async function* allCars(): AsyncGenerator<Car[]> {
  let after = 0;
  for (;;) {
    const ids = (
      await getDb().selectFrom("cars").select("id").where("id", ">", after).orderBy("id").limit(500).execute()
    ).map((r) => r.id);
    if (ids.length === 0) return;
    yield await getCars(ids);
    after = ids[ids.length - 1];
  }
}

async function xlsxBuffer(columns: readonly string[], rows: AsyncIterable<(string | number | null)[][]>) {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet("Stock", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c,
    key: c,
    width: Math.max(12, c.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const batch of rows) for (const r of batch) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function* exportRows() {
  for await (const cars of allCars()) yield cars.map(carRow);
}

/** The whole stock as a file: the template's columns plus `sold`. */
export async function exportStock(format: SheetFormat): Promise<Buffer> {
  if (format === "xlsx") return xlsxBuffer(EXPORT_COLUMNS, exportRows());
  const rows: (string | number | null)[][] = [];
  for await (const batch of exportRows()) rows.push(...batch);
  return Buffer.from(csvText(EXPORT_COLUMNS, rows), "utf8");
}

/** The empty template: the columns, in order, and nothing else. */
export async function stockTemplate(format: SheetFormat): Promise<Buffer> {
  if (format === "xlsx") {
    const none: AsyncIterable<(string | number | null)[][]> = (async function* () {})();
    return xlsxBuffer(SHEET_COLUMNS, none);
  }
  return Buffer.from(csvText(SHEET_COLUMNS, []), "utf8");
}

/** The answer headers of a stock file download. */
export function sheetHeaders(format: SheetFormat, baseName: string): HeadersInit {
  const day = nowIso().slice(0, 10);
  return {
    "Content-Type":
      format === "xlsx"
        ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        : "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${baseName}-${day}.${format}"`,
    "Cache-Control": "no-store",
  };
}

/**
 * A previewed file waits for its confirmation in a private folder beside the database
 * (`stock-imports`, 0700, one 0600 file per preview named by the admin's id and a random token)
 * until the staff member confirms, an hour passes, or MAX_KEPT_PREVIEWS newer ones push it out.
 * Nothing here follows a symbolic link: a folder that is one is refused, and links or foreign
 * files inside are neither read, nor counted, nor removed.
 */
export const MAX_KEPT_PREVIEWS = 20;
const KEPT_FOR_MS = 60 * 60 * 1000;
const KEPT_NAME = /^\d+-[a-f0-9]{32}\.(csv|xlsx)$/;

export function keptDir(): string {
  return path.join(path.dirname(path.resolve(env().DATABASE_PATH)), "stock-imports");
}

/** The folder, made 0700 (or tightened to it); an error when it is a link or not the server's own. */
async function privateDir(): Promise<string> {
  const dir = keptDir();
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const stat = await fs.lstat(dir);
  if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid())) {
    throw new Error(`${dir} is not a folder of its own (a link, a file or another user's): remove it`);
  }
  if ((stat.mode & 0o777) !== 0o700) await fs.chmod(dir, 0o700);
  return dir;
}

/** Removes previews past the hour, then the oldest until `room` more fit under the cap. */
async function prune(dir: string, room: number): Promise<void> {
  const kept: { where: string; at: number }[] = [];
  for (const name of await fs.readdir(dir)) {
    const where = path.join(dir, name);
    const stat = await fs.lstat(where).catch(() => null);
    if (stat?.isFile() && KEPT_NAME.test(name)) kept.push({ where, at: stat.mtimeMs });
  }
  kept.sort((a, b) => a.at - b.at);
  const now = Date.now();
  const over = Math.max(0, kept.length + room - MAX_KEPT_PREVIEWS);
  for (const [i, { where, at }] of kept.entries()) {
    if (i < over || now - at > KEPT_FOR_MS) await fs.unlink(where).catch(() => undefined);
  }
}

export async function keepForConfirm(adminId: number, file: { name: string; bytes: Uint8Array }): Promise<string> {
  const dir = await privateDir();
  await prune(dir, 1);
  const token = `${crypto.randomBytes(16).toString("hex")}.${sheetFormat(file.name, file.bytes)}`;
  await fs.writeFile(path.join(dir, `${adminId}-${token}`), file.bytes, { mode: 0o600, flag: "wx" });
  return token;
}

/** The file kept for this admin under this token (removed as it is taken), or null when gone. */
export async function takeKept(adminId: number, token: string, name: string) {
  if (!/^[a-f0-9]{32}\.(csv|xlsx)$/.test(token)) return null;
  const where = path.join(await privateDir(), `${adminId}-${token}`);
  const handle = await fs.open(where, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW).catch(() => null);
  if (!handle) return null;
  try {
    if (!(await handle.stat()).isFile()) return null;
    const bytes = await handle.readFile();
    await fs.unlink(where);
    return { name: name || `stock.${token.split(".")[1]}`, bytes: new Uint8Array(bytes) };
  } finally {
    await handle.close();
  }
}
