import { describe, expect, it } from "vitest";
import { carForm, showsPrice } from "./edits";
import { percentile } from "./http";

describe("showsPrice", () => {
  it("finds the price however it is grouped", () => {
    expect(showsPrice("<p>₦12,345,001</p>", 12_345_001)).toBe(true);
    expect(showsPrice("<p>₦12\u00a0345\u00a0001</p>", 12_345_001)).toBe(true);
    expect(showsPrice('{"price":12345001}', 12_345_001)).toBe(true);
  });

  it("does not take the old price or a longer number for the new one", () => {
    expect(showsPrice("<p>₦12,345,000</p>", 12_345_001)).toBe(false);
    expect(showsPrice("<p>₦112,345,001</p>", 12_345_001)).toBe(false);
    expect(showsPrice("<p>₦12,345,0012</p>", 12_345_001)).toBe(false);
  });
});

describe("carForm", () => {
  it("sends every field as text, the new price, Yes/No flags and JSON lists", () => {
    const form = carForm(
      {
        id: 7,
        make: "Toyota",
        model: "Camry",
        year: 2020,
        price: 10_000_000,
        mileage: null,
        condition: "Foreign Used",
        financing: true,
        registration: false,
        keyfeatures: ["Airbags"],
        images: ["/uploads/a.jpg"],
        vin: null,
      },
      10_000_001,
    );
    expect(form.get("price")).toBe("10000001");
    expect(form.get("year")).toBe("2020");
    expect(form.get("mileage")).toBe("");
    expect(form.get("financing")).toBe("Yes");
    expect(form.get("registration")).toBe("No");
    expect(form.get("keyfeatures")).toBe('["Airbags"]');
    expect(form.get("existingImages")).toBe('["/uploads/a.jpg"]');
  });
});

describe("percentile", () => {
  it("uses the nearest rank", () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile([5], 99)).toBe(5);
    expect(percentile([], 50)).toBeNaN();
  });
});
