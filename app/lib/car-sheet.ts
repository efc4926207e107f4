import { CAR_FLAG_FIELDS, CAR_UNKNOWN_FLAG_FIELDS, type Car, type CarFields } from "./car";
import { CarSchema, type RawCarFields } from "./car-schema";

/**
 * The stock spreadsheet: the columns of the import template and of every export (the API's field
 * names, the dealer's stock_number first), how a car becomes a row and a row becomes the text
 * fields the car schema checks. Pure: shared by the import, the exports and their tests.
 */

type CarField = keyof CarFields;

/** The largest stock file an upload may carry. */
export const MAX_SHEET_BYTES = 10 * 1024 * 1024;
export const SHEET_TOO_LARGE = "The file must be under 10 MB";
/**
 * The most cars one file may carry: twice the largest stock the site is built for. It bounds the
 * memory and the time of an import (10 MB of spreadsheet can hold 80,000 short rows; every row is
 * kept until the write, which holds the database for its whole transaction).
 */
export const MAX_SHEET_ROWS = 20_000;
export const TOO_MANY_ROWS =
  `A file can hold at most ${MAX_SHEET_ROWS.toLocaleString("en-US")} cars: ` +
  "split it and import the parts one after the other";
/**
 * The most rows a file is read for, blank ones included: a file of empty or comma-only lines (a
 * few bytes each), or an .xlsx whose rows unpack to far more than its size, stops here.
 */
export const MAX_SHEET_LINES = 2 * MAX_SHEET_ROWS;
export const TOO_MANY_LINES =
  `A file can hold at most ${MAX_SHEET_LINES.toLocaleString("en-US")} rows, blank ones included ` +
  `(and ${MAX_SHEET_ROWS.toLocaleString("en-US")} cars): delete the empty rows or split it`;
export const SHEET_TYPE_MESSAGE = "Choose a CSV (.csv) or Excel (.xlsx) file";

/**
 * Every car has a stock number: the one typed, or else the site's own, LPA- and the car's id in
 * six digits (LPA-000123), given when the car is written (a database trigger, so no way in can
 * forget it; see the 2026-11-27-0015-stock-numbers migration). Numbers that start LPA- and a digit
 * are the site's: a car may carry its own, never another's, so a given number is never taken.
 */
export const autoStockNumber = (id: number) => `LPA-${String(id).padStart(6, "0")}`;
export const isSiteStockNumber = (text: string) => /^LPA-\d/i.test(text.trim());
export const siteStockNumberRefused = (stock: string) =>
  `Stock numbers like ${stock} are given by the site: leave the box blank or type your own`;
export const unknownSiteStockNumber = (stock: string) =>
  `Stock number ${stock} is no car's: numbers like it are given by the site, leave the cell blank to add this car`;

/** Every column a file may carry, in the template's order. */
export const SHEET_COLUMNS: readonly CarField[] = [
  "stock_number",
  ...(Object.keys(CarSchema.shape) as CarField[]).filter((k) => k !== "stock_number"),
];

/** Written by exports so a staff member sees which cars are sold; an import reads past it. */
export const READ_ONLY_COLUMNS = ["sold"] as const;
export const EXPORT_COLUMNS: readonly string[] = [...SHEET_COLUMNS, ...READ_ONLY_COLUMNS];

/** Columns a file must have (the car form's required fields). */
export const REQUIRED_COLUMNS: readonly CarField[] = SHEET_COLUMNS.filter(
  (k) => !CarSchema.shape[k].safeParse(undefined).success,
);

/** How a header cell is matched: letter case, spaces and hyphens do not matter ("Stock Number"). */
export function columnKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

const isFlag = (k: string) => (CAR_FLAG_FIELDS as readonly string[]).includes(k);
const isUnknownFlag = (k: string) => (CAR_UNKNOWN_FLAG_FIELDS as readonly string[]).includes(k);

/** A car as one row of cells, in EXPORT_COLUMNS order: yes/no as Yes/No, unknown as blank, features joined by ;. */
export function carRow(car: Car): (string | number | null)[] {
  const cells = SHEET_COLUMNS.map((k): string | number | null => {
    const v = car[k];
    if (k === "keyfeatures") return car.keyfeatures.join("; ");
    if (isFlag(k) || isUnknownFlag(k)) return v === null || v === undefined ? null : v ? "Yes" : "No";
    return v === null || v === undefined ? null : (v as string | number);
  });
  return [...cells, car.sold ? "Yes" : "No"];
}

/** Our CSV exports put ' before a cell a spreadsheet would run as a formula; an import takes it off again. */
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

/**
 * One row's cells (by column key) as the car form's text fields: only the columns the file has,
 * key features split on ; or ,.
 */
export function rowFields(cells: Record<string, string>): RawCarFields {
  const fields: RawCarFields = {};
  for (const [k, raw] of Object.entries(cells)) {
    const v = raw.replace(NEUTRALISED, "");
    fields[k] =
      k === "keyfeatures"
        ? JSON.stringify(
            v
              .split(/[;,]/)
              .map((f) => f.trim())
              .filter(Boolean),
          )
        : v;
  }
  return fields;
}

/** What the staff see of a spreadsheet before anything is written, and the API answers. */
export interface SheetProblem {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  column: string;
  message: string;
}

export interface SheetRowSummary {
  row: number;
  stock_number: string | null;
  name: string;
  /** The car it updates (updates only). */
  id?: number;
}

export interface ImportPreview {
  /** Data rows read (blank rows skipped). */
  rows: number;
  add: SheetRowSummary[];
  update: SheetRowSummary[];
  problems: SheetProblem[];
  /** Header cells that are not columns of the template (their cells are not read). */
  ignoredColumns: string[];
  /** True once the rows are in the database (never when there is a problem or on a dry run). */
  written: boolean;
}
