import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { markCarSold } from "./car.server";
import { monthlyCarStats, monthlyInspectionStats } from "./stats.server";

beforeEach(clearData);

const inspection = (created_at: string) =>
  getDb()
    .insertInto("inspections")
    .values({
      name: "Ada",
      phone: "08030000000",
      email: "a@b.ng",
      car_make: "Toyota",
      car_model: "Camry",
      inspection_date: "2026-06-01",
      other_info: null,
      created_at,
    })
    .execute();

describe("dashboard stats", () => {
  it("counts inspection requests per month of the given year only", async () => {
    await inspection("2026-01-05T10:00:00.000Z");
    await inspection("2026-01-31T23:59:59.000Z");
    await inspection("2026-12-01T00:00:00.000Z");
    await inspection("2025-12-31T23:00:00.000Z");
    await inspection("2027-01-01T00:00:00.000Z");
    expect(await monthlyInspectionStats(2026)).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(await monthlyInspectionStats(2025)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it("counts cars created and cars sold per month", async () => {
    const a = await makeCar({ created_at: "2026-02-10T08:00:00.000Z" });
    const b = await makeCar({ created_at: "2026-02-20T08:00:00.000Z" });
    await makeCar({ created_at: "2026-07-01T08:00:00.000Z" });
    await makeCar({ created_at: "2025-07-01T08:00:00.000Z" });
    await markCarSold(getDb(), a, { salePrice: null, soldAt: new Date("2026-03-15T12:00:00.000Z") });
    await markCarSold(getDb(), b, { salePrice: null, soldAt: new Date("2026-11-15T12:00:00.000Z") });
    const stats = await monthlyCarStats(2026);
    expect(stats.created).toEqual([0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(stats.sold).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
    expect(await monthlyCarStats(2024)).toEqual({ created: Array(12).fill(0), sold: Array(12).fill(0) });
  });
});
