import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import { SHEET_COLUMNS } from "~/lib/car-sheet";
import { csvText } from "~/lib/csv";
import { getCar } from "~/models/car.server";
import { getDb } from "../../db/database.server";
import { adminToken, bearer, respond } from "../../tests/helpers/admin-auth";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import * as carsRoute from "./api.cars";
import * as exportRoute from "./api.cars.export";
import * as importRoute from "./api.cars.import";

const BASE = "http://localhost";
let token = "";
beforeEach(async () => {
  await clearData();
  token = (await adminToken()).token;
});

const HEADER = ["stock_number", "make", "model", "year", "price", "condition", "engine_capacity", "engine_size"];
const REST = ["custom_paper", "body_type", "drive_train", "keyfeatures", "mileage"];
const row = (stock: string, make: string, price: string, extra: Partial<Record<string, string>> = {}) => {
  const v: Record<string, string> = {
    stock_number: stock,
    make,
    model: "Corolla",
    year: "2019",
    price,
    condition: "Foreign Used",
    engine_capacity: "1.8L",
    engine_size: "V4",
    custom_paper: "Yes",
    body_type: "Sedan",
    drive_train: "FWD",
    keyfeatures: "Bluetooth; Airbags",
    mileage: "54,000",
    ...extra,
  };
  return [...HEADER, ...REST].map((k) => v[k]);
};
const csv = (rows: string[][]) => csvText([...HEADER, ...REST], rows);

async function send(name: string, body: BlobPart, dryRun?: string) {
  const fd = new FormData();
  fd.set("file", new File([body], name));
  if (dryRun !== undefined) fd.set("dryRun", dryRun);
  const res = await respond(() =>
    importRoute.action({
      request: new Request(`${BASE}/api/cars/import`, { method: "POST", headers: bearer(token), body: fd }),
      params: {},
      context: loadContext(),
    }),
  );
  return { status: res.status, body: await res.json() };
}

async function exported(format: "csv" | "xlsx") {
  const res = await respond(() =>
    exportRoute.loader({
      request: new Request(`${BASE}/api/cars/export?format=${format}`, { headers: bearer(token) }),
      params: {},
      context: loadContext(),
    }),
  );
  return res;
}

const carCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom("cars")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("POST /api/cars/import", () => {
  it("previews a CSV without writing, then writes it in one go", async () => {
    const file = csv([row("LP-001", "Toyota", "12500000"), row("LP-002", "Honda", "9800000")]);
    const preview = await send("stock.csv", file);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ rows: 2, problems: [], written: false });
    expect(preview.body.add.map((a: { row: number }) => a.row)).toEqual([2, 3]);
    expect(await carCount()).toBe(0);

    const done = await send("stock.csv", file, "false");
    expect(done.status).toBe(200);
    expect(done.body.written).toBe(true);
    const cars = await getDb().selectFrom("cars").selectAll().orderBy("stock_number").execute();
    expect(cars.map((c) => [c.stock_number, c.make, c.price, c.mileage])).toEqual([
      ["LP-001", "Toyota", 12_500_000, 54_000],
      ["LP-002", "Honda", 9_800_000, 54_000],
    ]);
    expect(JSON.parse(cars[0].keyfeatures)).toEqual(["Bluetooth", "Airbags"]);
    const trail = await getDb().selectFrom("activity").selectAll().execute();
    expect(trail.map((a) => [a.action, a.detail])).toEqual([["car.import", "2 added, 0 updated"]]);
  });

  it("updates the car with the same stock number (any letter case) and keeps its photos", async () => {
    const id = await makeCar({ stock_number: "LP-7", price: 10_000_000, images: ["/uploads/a.jpg"] });
    const result = await send("stock.csv", csv([row("lp-7", "Toyota", "11000000")]), "false");
    expect(result.body.update).toEqual([{ row: 2, stock_number: "lp-7", name: "Toyota Corolla 2019", id }]);
    expect(result.body.add).toEqual([]);
    const car = await getCar(id);
    expect(car?.price).toBe(11_000_000);
    expect(car?.images).toEqual(["/uploads/a.jpg"]);
    expect(await carCount()).toBe(1);
  });

  it("lists every problem as row, column and message and writes nothing", async () => {
    const file = csv([
      row("A1", "Toyota", "abc"),
      row("A2", "", "5000000", { condition: "Accident" }),
      row("A1", "Kia", "5000000"),
      row("A3", "Kia", "5000000"),
    ]);
    const result = await send("stock.csv", file, "false");
    expect(result.status).toBe(422);
    expect(result.body.written).toBe(false);
    expect(result.body.problems).toEqual([
      { row: 2, column: "price", message: "Price must be an amount in naira, e.g. 25,000,000 or 25m" },
      { row: 3, column: "make", message: "Make is required" },
      {
        row: 3,
        column: "condition",
        message:
          "Condition must be one of New, Foreign Used, Nigerian Used " +
          "(also read: Brand New, Tokunbo, Naija used, Locally used)",
      },
      { row: 4, column: "stock_number", message: "Stock number A1 is also on row 2" },
    ]);
    expect(await carCount()).toBe(0);
  });

  it("reads the usual spellings of each choice: Tokunbo, foreign-used, Brand New, Nigerian used", async () => {
    const file = csv([
      row("T-1", "Toyota", "₦12,500,000", { condition: "Tokunbo" }),
      row("T-2", "Honda", "9.8m", { condition: "foreign-used", drive_train: "4x4" }),
      row("T-3", "Kia", "18.5 million", { condition: "Brand New", custom_paper: "y" }),
      row("T-4", "Lexus", "22,000,000", { condition: "Nigerian used" }),
    ]);
    const done = await send("stock.csv", file, "false");
    expect(done.body.problems).toEqual([]);
    const cars = await getDb().selectFrom("cars").selectAll().orderBy("stock_number").execute();
    expect(cars.map((c) => [c.stock_number, c.condition, c.price])).toEqual([
      ["T-1", "Foreign Used", 12_500_000],
      ["T-2", "Foreign Used", 9_800_000],
      ["T-3", "New", 18_500_000],
      ["T-4", "Nigerian Used", 22_000_000],
    ]);
    expect(cars[1].drive_train).toBe("4WD");
    expect(cars[2].custom_paper).toBe("Yes");
  });

  it("names a missing column and ignores unknown ones", async () => {
    const text = csvText(["make", "model", "Notes"], [["Toyota", "Camry", "x"]]);
    const result = await send("stock.csv", text);
    expect(result.body.ignoredColumns).toEqual(["Notes"]);
    expect(result.body.problems).toContainEqual({ row: 1, column: "price", message: "This column is missing" });
  });

  it("reads an Excel file with numbers, a header in another case and blank rows", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Cars");
    ws.addRow(["Stock Number", ...HEADER.slice(1), ...REST].map((h) => h.toUpperCase()));
    ws.addRow(row("X-1", "Lexus", "30000000").map((v, i) => (i === 3 || i === 4 ? Number(v) : v)));
    ws.addRow([]);
    ws.addRow(row("X-2", "Ford", "7000000"));
    const bytes = await wb.xlsx.writeBuffer();
    const result = await send("yard.xlsx", new Uint8Array(bytes as ArrayBuffer), "false");
    expect(result.body).toMatchObject({ rows: 2, problems: [], written: true });
    const car = await getDb().selectFrom("cars").selectAll().where("stock_number", "=", "X-1").executeTakeFirst();
    expect([car?.make, car?.year, car?.price]).toEqual(["Lexus", 2019, 30_000_000]);
  });

  it("refuses a file that is not CSV or .xlsx, and a wrong dryRun", async () => {
    const pdf = await send("price-list.pdf", "%PDF-1.4");
    expect(pdf.status).toBe(415);
    expect(pdf.body.error).toBe("Choose a CSV (.csv) or Excel (.xlsx) file; price-list.pdf is not one");
    const fake = await send("stock.xlsx", "make,model\n");
    expect(fake.status).toBe(415);
    const xls = await send("old.xls", "x");
    expect(xls.body.error).toMatch(/save the old \.xls file as \.xlsx or CSV/);
    const bad = await send("stock.csv", csv([]), "maybe");
    expect(bad).toEqual({ status: 400, body: { error: "dryRun must be true or false" } });
  });

  it("refuses a file over 10 MB", async () => {
    const big = "a".repeat(10 * 1024 * 1024 + 10);
    const result = await send("stock.csv", big);
    expect(result).toEqual({ status: 413, body: { error: "The file must be under 10 MB" } });
  });

  it("needs a bearer token", async () => {
    const res = await respond(() =>
      importRoute.action({
        request: new Request(`${BASE}/api/cars/import`, { method: "POST", body: new FormData() }),
        params: {},
        context: loadContext(),
      }),
    );
    expect(res.status).toBe(401);
  });
});

describe("GET /api/cars/export", () => {
  it("writes every car, sold ones too, in the template's columns, and imports back", async () => {
    await makeCar({ stock_number: "S-1", make: "Toyota", car_description: "=1+1 clean", custom_paper: "No" });
    await makeCar({ stock_number: "S-2", make: "Honda", sold: true });
    const res = await exported("csv");
    expect(res.headers.get("Content-Type")).toMatch(/text\/csv/);
    expect(res.headers.get("Content-Disposition")).toMatch(/attachment; filename="stock-\d{4}-\d\d-\d\d\.csv"/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe([...SHEET_COLUMNS, "sold"].join(","));
    expect(lines).toHaveLength(4); // header, two cars, the final line end
    expect(text).toContain("'=1+1 clean");

    // Edit the export as a spreadsheet would (a price), and import it back: two updates, no adds.
    const edited = text.replace("25000000", "26000000");
    const back = await send("stock.csv", edited, "false");
    expect(back.body).toMatchObject({ rows: 2, problems: [], written: true, add: [] });
    expect(back.body.update).toHaveLength(2);
    const cars = await getDb().selectFrom("cars").selectAll().orderBy("stock_number").execute();
    expect(cars.map((c) => [c.price, c.car_description, c.custom_paper, c.sold])).toEqual([
      [26_000_000, "=1+1 clean", "No", 0],
      [25_000_000, "Clean Tokunbo Camry", "Yes", 1],
    ]);
  });

  it("imports an export back as updates only, cars without a typed stock number and demo cars too", async () => {
    // Cars added without a stock number (the form, the API) and the demo stock: 75 became 139 once.
    await makeCar({});
    await makeCar({ make: "Honda", sold: true });
    const demo = await makeCar({ make: "Kia" });
    await getDb().updateTable("cars").set({ demo: 1 }).where("id", "=", demo).execute();
    for (const format of ["csv", "xlsx"] as const) {
      const bytes = new Uint8Array(await (await exported(format)).arrayBuffer());
      const back = await send(`stock.${format}`, bytes, "false");
      expect(back.body).toMatchObject({ rows: 3, problems: [], add: [], written: true });
      expect(back.body.update).toHaveLength(3);
      expect(await carCount()).toBe(3);
    }
    const res = await respond(() =>
      carsRoute.loader({
        request: new Request(`${BASE}/api/cars`, { headers: bearer(token) }),
        params: {},
        context: loadContext(),
      }),
    );
    const list = (await res.json()) as { id: number; demo: boolean; stock_number: string }[];
    expect(list.map((c) => [c.id === demo, c.demo])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    for (const c of list) expect(c.stock_number).toMatch(/^LPA-\d{6}$/);
  });

  it("writes .xlsx that imports back unchanged", async () => {
    await makeCar({ stock_number: "Q-1", keyfeatures: ["AM/FM Radio", "Sunroof"] });
    const res = await exported("xlsx");
    expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const back = await send("stock.xlsx", bytes, "false");
    expect(back.body).toMatchObject({ rows: 1, problems: [], add: [], written: true });
    const car = await getDb().selectFrom("cars").selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(car.keyfeatures)).toEqual(["AM/FM Radio", "Sunroof"]);
  });

  it("lets a sales account import but not export (owners only)", async () => {
    token = (await adminToken("sam", "sales")).token;
    const file = csv([row("SL-1", "Toyota", "12500000")]);
    expect((await send("stock.csv", file, "false")).body.written).toBe(true);
    expect((await exported("csv")).status).toBe(403);
  });

  it("refuses an unknown format and a missing token", async () => {
    expect((await exported("pdf" as "csv")).status).toBe(400);
    const res = await respond(() =>
      exportRoute.loader({ request: new Request(`${BASE}/api/cars/export`), params: {}, context: loadContext() }),
    );
    expect(res.status).toBe(401);
  });
});
