import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { autoStockNumber, unknownSiteStockNumber } from "~/lib/car-sheet";
import { csvText } from "~/lib/csv";
import { getDb, getSqlite } from "../../db/database.server";
import { generateDataset } from "../../scripts/bench/dataset";
import { adminToken, bearer, respond } from "../../tests/helpers/admin-auth";
import { baseCar, clearData, makeCar, uploadedFiles } from "../../tests/helpers/db";
import * as carsApi from "../routes/api.cars";
import { addCarListing, editCarListing } from "../use-cases/cars.server";
import type { Admin } from "./admin.server";
import { carColumns } from "./car.server";
import { CarListingError } from "./car-listing.server";
import { previewImport, runImport } from "./car-sheet.server";
import { seedDemoIfEmpty } from "./demo/demo-inventory.server";
import { stockPage } from "./stock-list.server";

/**
 * Every car has a stock number: typed, or given on creation (LPA- and the id in six digits) by
 * whichever way the car came in, so an export always imports back as updates.
 */

const FIELDS: Record<string, string> = {
  make: "Lexus",
  model: "RX 350",
  year: "2021",
  price: "65000000",
  condition: "Foreign Used",
  engine_capacity: "3.5L",
  engine_size: "V6",
  custom_paper: "Yes",
  body_type: "SUV",
  drive_train: "AWD",
  keyfeatures: JSON.stringify(["Sunroof"]),
};

/** The same car as a spreadsheet row's cells. */
const SHEET = { ...FIELDS, keyfeatures: "Sunroof" };

const stockOf = async (id: number) =>
  (await getDb().selectFrom("cars").select("stock_number").where("id", "=", id).executeTakeFirstOrThrow()).stock_number;

let actor: { kind: "staff"; admin: Admin; ip: string };
let token = "";
beforeEach(async () => {
  await clearData();
  for (const f of uploadedFiles()) fs.rmSync(f);
  const session = await adminToken("owner1");
  token = session.token;
  actor = { kind: "staff", admin: { id: session.adminId, username: "owner1", role: "owner" }, ip: "127.0.0.1" };
});

describe("stock numbers", () => {
  it("are LPA- and the id in six digits", () => {
    expect(autoStockNumber(123)).toBe("LPA-000123");
    expect(autoStockNumber(1234567)).toBe("LPA-1234567");
  });

  it("are given to a car added by the form without one", async () => {
    const { id } = await addCarListing(actor, { ...FIELDS, stock_number: "" }, []);
    expect(await stockOf(id)).toBe(autoStockNumber(id));
  });

  it("are given to a car added by POST /api/cars without one", async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(FIELDS)) fd.set(k, v);
    const res = await respond(() =>
      carsApi.action({
        request: new Request("http://localhost/api/cars", { method: "POST", headers: bearer(token), body: fd }),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(201);
    const { car } = await res.json();
    expect(car.stock_number).toBe(autoStockNumber(car.id));
    expect(car.demo).toBe(false);
  });

  it("are given to imported rows without one, and such an import comes back as updates", async () => {
    const header = ["stock_number", ...Object.keys(SHEET)];
    const file = { name: "s.csv", bytes: Buffer.from(csvText(header, [["", ...Object.values(SHEET)]])) };
    expect(await runImport(file)).toMatchObject({ problems: [], written: true });
    const car = await getDb().selectFrom("cars").select(["id", "stock_number"]).executeTakeFirstOrThrow();
    expect(car.stock_number).toBe(autoStockNumber(car.id));
  });

  it("are given to a car inserted straight into the table (the bench's dataset generator)", async () => {
    const { id } = await getDb()
      .insertInto("cars")
      .values({ ...carColumns(baseCar), created_at: "2026-01-01", updated_at: "2026-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await stockOf(id)).toBe(autoStockNumber(id));
  });

  it("are given to every car of the bench's generated dataset", { timeout: 120_000 }, async () => {
    const dirs = { dir: "", dbPath: process.env.DATABASE_PATH!, uploadsDir: process.env.UPLOADS_DIR! };
    expect((await generateDataset(dirs, 30)).cars).toBe(30);
    const rows = await getDb().selectFrom("cars").select(["id", "stock_number"]).execute();
    expect(rows).toHaveLength(30);
    for (const r of rows) expect(r.stock_number).toBe(autoStockNumber(r.id));
  });

  it("are given to every demo car, which the stock list marks as demo", { timeout: 120_000 }, async () => {
    const own = await makeCar({ stock_number: "OWN-1" });
    // The seed runs on an empty stock only: seed first, then the dealer's own car.
    await getDb().deleteFrom("cars").where("id", "=", own).execute();
    expect(await seedDemoIfEmpty()).toBeGreaterThan(60);
    await makeCar({ stock_number: "OWN-1" });
    const rows = await getDb().selectFrom("cars").select(["id", "stock_number", "demo"]).execute();
    for (const r of rows.filter((r) => r.demo === 1)) expect(r.stock_number).toBe(autoStockNumber(r.id));
    const page = await stockPage({ q: "", status: "all", sort: "newest", page: 1 }, 500);
    expect(page.cars.filter((c) => c.demo)).toHaveLength(rows.length - 1);
    expect(page.cars.find((c) => c.stock_number === "OWN-1")?.demo).toBe(false);
  });

  it("blank on an edit gives the car its own number back", async () => {
    const id = await makeCar({ stock_number: "X-9" });
    await editCarListing(actor, id, { ...FIELDS, stock_number: "" }, []);
    expect(await stockOf(id)).toBe(autoStockNumber(id));
  });

  it("of the site's own pattern cannot be typed for another car, on the form or in a file", async () => {
    const id = await makeCar({});
    const next = autoStockNumber(id + 1);
    const refused = await addCarListing(actor, { ...FIELDS, stock_number: next }, []).catch((e) => e);
    expect(refused).toBeInstanceOf(CarListingError);
    expect(refused.fieldErrors.stock_number).toBe(
      `Stock numbers like ${next} are given by the site: leave the box blank or type your own`,
    );
    // Its own number is kept on an edit, in any letter case.
    await editCarListing(actor, id, { ...FIELDS, stock_number: autoStockNumber(id).toLowerCase() }, []);
    expect((await stockOf(id))?.toUpperCase()).toBe(autoStockNumber(id));
    // Still one car only: a typed number that names no car is not a new car's.
    const header = ["stock_number", ...Object.keys(SHEET)];
    const preview = await previewImport({
      name: "s.csv",
      bytes: Buffer.from(csvText(header, [[next, ...Object.values(SHEET)]])),
    });
    expect(unknownSiteStockNumber("LPA-000042")).toBe(
      "Stock number LPA-000042 is no car's: numbers like it are given by the site, " +
        "leave the cell blank to add this car",
    );
    expect(preview.problems).toEqual([
      {
        row: 2,
        column: "stock_number",
        message: unknownSiteStockNumber(next),
      },
    ]);
    // The database refuses a duplicate whatever the way in (letter case ignored).
    const other = await makeCar({});
    expect(() =>
      getSqlite()
        .prepare("UPDATE cars SET stock_number = ? WHERE id = ?")
        .run(autoStockNumber(id).toLowerCase(), other),
    ).toThrow(/UNIQUE/);
  });
});
