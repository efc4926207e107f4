import { afterEach, describe, expect, it, vi } from "vitest";
import { CarSchema, MarkSoldSchema } from "./car-schema";
import { validate } from "./validation";

const parseCarFields = (fields: Record<string, unknown>) => validate(CarSchema, fields);

const valid = {
  make: " Toyota ",
  model: "Camry",
  year: "2020",
  price: "25,000,000",
  condition: "foreign used",
  engine_capacity: "2.5L",
  engine_size: "V4",
  custom_paper: "Yes",
  body_type: "Sedan",
  drive_train: "FWD",
};

describe("CarSchema", () => {
  it("accepts the required fields, normalises case and defaults the optional ones", () => {
    const r = parseCarFields(valid);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({
      make: "Toyota",
      price: 25_000_000,
      condition: "Foreign Used",
      financing: false,
      registration: false,
      keyfeatures: [],
    });
    expect(r.data.mileage).toBeUndefined();
  });

  it("reads key features from checkboxes or JSON text and Yes/No radios", () => {
    const a = parseCarFields({
      ...valid,
      keyfeatures: ["Bluetooth", "sunroof"],
      financing: "Yes",
      registration: "No",
      mileage: "12 000",
    });
    expect(a.ok && a.data).toMatchObject({
      keyfeatures: ["Bluetooth", "Sunroof"],
      financing: true,
      registration: false,
      mileage: 12000,
    });
    const b = parseCarFields({ ...valid, keyfeatures: '["Airbags","Winch"]', financing: "true" });
    expect(b.ok && b.data).toMatchObject({ keyfeatures: ["Airbags", "Winch"], financing: true });
  });

  it("names every missing or wrong field", () => {
    const r = parseCarFields({ year: "abc", price: "-5", condition: "Scrap", keyfeatures: '["Jetpack"]' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toMatchObject({
      make: "Make is required",
      year: "Year must be a number",
      price: "Price must be at least 1",
      engine_size: "Engine size is required",
      keyfeatures: "Unknown key feature: Jetpack",
    });
    expect(r.fieldErrors.condition).toMatch(/Condition must be one of New/);
  });

  it("reads the Nigerian paperwork: each optional, blank or 'Unknown' is null (never 'No')", () => {
    const blank = parseCarFields({ ...valid, plate_state: "", previous_owners_ng: "" });
    expect(blank.ok && blank.data).toMatchObject({
      plate_state: null,
      previous_owners_ng: null,
    });
    const none = parseCarFields(valid);
    // Left out altogether: unknown too (stored as NULL).
    expect(none.ok && [none.data.accident_free ?? null, none.data.flood_free ?? null]).toEqual([null, null]);
    const set = parseCarFields({
      ...valid,
      plate_state: "fct",
      previous_owners_ng: "2",
      accident_free: "No",
      flood_free: "Unknown",
    });
    expect(set.ok && set.data).toMatchObject({
      plate_state: "FCT",
      previous_owners_ng: 2,
      accident_free: false,
      flood_free: null,
    });
    const bad = parseCarFields({
      ...valid,
      plate_state: "Texas",
      previous_owners_ng: "-1",
    });
    expect(bad).toMatchObject({
      ok: false,
      fieldErrors: {
        previous_owners_ng: "Previous owners in Nigeria cannot be negative",
      },
    });
    expect(bad.ok || bad.fieldErrors.plate_state).toMatch(/^Plate state must be one of Abia, .*, FCT$/);
  });

  afterEach(() => vi.useRealTimers());

  it("takes cars up to next year's models, counted on the day the form is sent", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-06-01T00:00:00Z"));
    expect(parseCarFields({ ...valid, year: "2027" }).ok).toBe(true);
    expect(parseCarFields({ ...valid, year: "2028" })).toMatchObject({
      ok: false,
      fieldErrors: { year: "Year must be at most 2027" },
    });
    vi.setSystemTime(new Date("2027-01-02T00:00:00Z"));
    expect(parseCarFields({ ...valid, year: "2028" }).ok).toBe(true);
  });
});

describe("naira fields read prices as people type them", () => {
  it("Price takes ₦ and commas, m and million", () => {
    for (const [text, value] of [
      ["₦32,500,000", 32_500_000],
      ["32,500,000", 32_500_000],
      ["32.5m", 32_500_000],
      ["18.5 million", 18_500_000],
    ] as const) {
      const r = parseCarFields({ ...valid, price: text });
      expect(r.ok && r.data.price, text).toBe(value);
    }
    const bad = parseCarFields({ ...valid, price: "about 5" });
    expect(!bad.ok && bad.fieldErrors.price).toBe("Price must be an amount in naira, e.g. 25,000,000 or 25m");
  });

  it("the agreed price of a sale does too", () => {
    const sold = { id: "1", make: "Toyota", model: "Camry", year: "2020", dateSold: "2026-11-20", timeSold: "10:00" };
    const r = validate(MarkSoldSchema, { ...sold, salePrice: "18.5m" });
    expect(r.ok && r.data.salePrice).toBe(18_500_000);
  });
});

describe("choices read in their usual spellings (a spreadsheet's words)", () => {
  it("reads Tokunbo, foreign-used, Brand New and Nigerian used into the form's values", () => {
    const condition = (text: string) => {
      const r = parseCarFields({ ...valid, condition: text });
      return r.ok ? r.data.condition : r.fieldErrors.condition;
    };
    expect(condition("Tokunbo")).toBe("Foreign Used");
    expect(condition("tokunbo")).toBe("Foreign Used");
    expect(condition("foreign-used")).toBe("Foreign Used");
    expect(condition("Foreign_used")).toBe("Foreign Used");
    expect(condition("Brand New")).toBe("New");
    expect(condition("Nigerian used")).toBe("Nigerian Used");
    expect(condition("Naija used")).toBe("Nigerian Used");
    expect(condition("Locally used")).toBe("Nigerian Used");
    expect(condition("Accident")).toBe(
      "Condition must be one of New, Foreign Used, Nigerian Used " +
        "(also read: Brand New, Tokunbo, Naija used, Locally used)",
    );
    const r = parseCarFields({ ...valid, drive_train: "4x4", body_type: "suv", engine_size: "v6", custom_paper: "y" });
    expect(r.ok && r.data).toMatchObject({
      drive_train: "4WD",
      body_type: "SUV",
      engine_size: "V6",
      custom_paper: "Yes",
    });
    const size = parseCarFields({ ...valid, engine_capacity: "2.5 L" });
    expect(size.ok && size.data.engine_capacity).toBe("2.5L");
  });
});
