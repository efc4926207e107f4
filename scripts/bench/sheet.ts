// The bench's largest stock spreadsheet: as many cars as one import takes (MAX_SHEET_ROWS), each
// with three long descriptions of its own, so the .xlsx comes close to the 10 MB an upload may be
// and unpacks to about 34 MB of text: what an import holds in memory at its worst for an honest file.
import fs from "node:fs";
import ExcelJS from "exceljs";
import { SHEET_COLUMNS } from "../../app/lib/car-sheet";
import { prng } from "../../app/lib/prng";

const WORDS = (
  "clean tokunbo first body accident free full option leather seats sunroof reverse camera " +
  "navigation lagos cleared duty paid low mileage"
).split(" ");
const LONG_TEXT = new Set(["car_description", "car_history", "other_info"]);
const SAMPLE: Record<string, string> = {
  make: "Toyota",
  model: "Corolla",
  year: "2018",
  condition: "Foreign Used",
  engine_capacity: "1.8L",
  engine_size: "V4",
  custom_paper: "Yes",
  drive_train: "FWD",
  body_type: "Sedan",
  transmission: "Automatic",
  fuel_type: "Petrol",
  color: "Silver",
  location: "Lekki, Lagos",
  financing: "Yes",
  registration: "No",
  keyfeatures: "Bluetooth; Airbags; Alloy Wheels",
};

/** Writes `rows` cars to `file` (streamed, shared strings as Excel writes them) and returns its size in bytes. */
export async function writeStockWorkbook(file: string, rows: number, prefix: string): Promise<number> {
  const rand = prng(2026);
  const text = () => Array.from({ length: 79 }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet("Stock");
  sheet.addRow([...SHEET_COLUMNS]).commit();
  for (let i = 0; i < rows; i++) {
    const values = SHEET_COLUMNS.map((c) => {
      if (c === "stock_number") return `${prefix}-${i}`;
      if (c === "price") return 5_000_000 + i * 1000;
      if (c === "mileage") return Math.floor(rand() * 200_000);
      if (LONG_TEXT.has(c)) return `${text()} (${i})`;
      return SAMPLE[c] ?? "";
    });
    sheet.addRow(values).commit();
  }
  sheet.commit();
  await workbook.commit();
  return fs.statSync(file).size;
}
