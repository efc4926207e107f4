import { describe, expect, it } from "vitest";
import { parseCarFilters } from "./car-filters";
import { SourcingSchema } from "./lead-schemas";

describe("price filters and budgets read naira as people type it", () => {
  it("Min and Max price take 60m, ₦ and commas alike", () => {
    const { filters, ignored } = parseCarFilters(new URLSearchParams("minPrice=₦5,000,000&maxPrice=60m"));
    expect(filters).toMatchObject({ minPrice: 5_000_000, maxPrice: 60_000_000 });
    expect(ignored).toEqual([]);
    expect(parseCarFilters(new URLSearchParams("maxPrice=18.5 million")).filters.maxPrice).toBe(18_500_000);
    expect(parseCarFilters(new URLSearchParams("maxPrice=lots")).ignored).toEqual(["maxPrice"]);
  });

  it("the sourcing budget agrees with them", () => {
    const form = { name: "Ada", phone: "08031234567", car_wanted: "Lexus RX" };
    for (const budget of ["25m", "₦25,000,000", "25 million"]) {
      const r = SourcingSchema.safeParse({ ...form, budget });
      expect(r.success && r.data.budget, budget).toBe(25_000_000);
    }
  });
});
