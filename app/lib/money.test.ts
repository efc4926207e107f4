import { describe, expect, it } from "vitest";
import { formatMileage, formatNaira, formatNumber, parseNaira } from "./money";

describe("money", () => {
  it("writes naira as en-NG does: grouped thousands, at most 2 decimals", () => {
    expect(formatNaira(12_500_000)).toBe("₦12,500,000");
    expect(formatNaira("705000")).toBe("₦705,000");
    expect(formatNaira(0)).toBe("₦0");
    expect(formatNaira(999.999)).toBe("₦1,000");
    expect(formatNaira(1234.5)).toBe("₦1,234.5");
    expect(formatNaira(-2500)).toBe("₦-2,500");
    expect(formatNaira(null)).toBe("N/A");
    expect(formatNaira("abc")).toBe("N/A");
    expect(formatMileage(12_000)).toBe("12,000 Miles");
    expect(formatMileage(1)).toBe("1 Mile");
    expect(formatMileage(0)).toBe("0 Miles");
    expect(formatMileage(null)).toBe("N/A");
  });

  it("agrees with Intl.NumberFormat('en-NG') on whole and fractional amounts", () => {
    const intl = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 2 });
    const values = [1, 12, 123, 1234, 12_345, 123_456, 1_234_567, 987_654_321, 0.5, 0.05, 0.004, 10.1, 2.71];
    // A fixed pseudo-random spread of magnitudes and decimals (the same every run).
    for (let i = 0, x = 7; i < 200; i++) {
      x = (x * 48_271) % 2_147_483_647;
      values.push(Math.round((x / 2_147_483_647) * 10 ** (i % 11)) / [1, 10, 100, 1000][i % 4]);
    }
    for (const v of values) {
      expect(formatNumber(v), String(v)).toBe(intl.format(v));
      if (v !== 0) expect(formatNumber(-v), String(-v)).toBe(intl.format(-v));
    }
  });
});

describe("parseNaira", () => {
  it("reads naira as people type it", () => {
    const amounts: [string, number][] = [
      ["₦32,500,000", 32_500_000],
      ["32,500,000", 32_500_000],
      ["32500000", 32_500_000],
      ["32 500 000", 32_500_000],
      ["N32,500,000", 32_500_000],
      ["NGN 32,500,000", 32_500_000],
      ["32,500,000 naira", 32_500_000],
      ["32.5m", 32_500_000],
      ["32.5M", 32_500_000],
      ["₦32.5m", 32_500_000],
      ["18.5 million", 18_500_000],
      ["18.5 Million", 18_500_000],
      ["60m", 60_000_000],
      ["25mn", 25_000_000],
      ["750k", 750_000],
      ["1.2bn", 1_200_000_000],
      ["  5,000  ", 5_000],
      ["1234.5", 1234.5],
      ["-5", -5],
    ];
    for (const [text, value] of amounts) expect(parseNaira(text), text).toBe(value);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "abc", "12x", "--5", "5m5", "1,2,3m 4", "m", "₦", "32.5 millions", "0x10", "1e6"])
      expect(parseNaira(text), text).toBeNull();
  });
});
