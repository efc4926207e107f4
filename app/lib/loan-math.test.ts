import { describe, expect, it } from "vitest";
import {
  calculatorFrom,
  calculatorHref,
  depositFor,
  isDepositPercent,
  isLoanPeriod,
  loanPeriodLabel,
  monthlyFrom,
  monthlyRepaymentFor,
  parseLoanPeriod,
  quoteLoan,
  readCalculatorInput,
  roundMoney,
} from "./loan-math";

describe("From ₦X/month", () => {
  it("is the calculator's 12-month repayment at the minimum 40 % deposit", () => {
    expect(monthlyFrom(25_000_000)).toBe(1_250_000);
    for (const price of [1, 999, 12_345_678, 87_654_321]) {
      expect(monthlyFrom(price)).toBe(quoteLoan(price, 40, 12).monthlyRepayment);
    }
  });
});

describe("loan arithmetic", () => {
  it("starts at 40 % and 3 months for a typical price", () => {
    const q = quoteLoan(25_000_000, 40, 3);
    expect(q).toEqual({
      loanAmount: 25_000_000,
      initialDeposit: 10_000_000,
      depositPercent: 40,
      months: 3,
      loanPeriod: "3 months",
      monthlyRepayment: 5_000_000,
    });
  });

  const prices = [0, 1, 999, 4_500_000, 12_345_678, 25_000_000, 87_654_321, 150_000_000, 1_000_000_007];
  const periods = [3, 6, 12] as const;
  it("follows deposit = price × pct / 100, monthly = (price − deposit) / months for every percentage 40-90", () => {
    for (const price of prices) {
      for (let pct = 40; pct <= 90; pct++) {
        for (const months of periods) {
          const q = quoteLoan(price, pct, months);
          // Within half a kobo of the exact figure (rounding to 2 decimals).
          expect(Math.abs(q.initialDeposit - (price * pct) / 100)).toBeLessThanOrEqual(0.005 + 1e-6);
          expect(Math.abs(q.monthlyRepayment - (price - q.initialDeposit) / months)).toBeLessThanOrEqual(0.005 + 1e-6);
          // Always whole kobo.
          expect(Number(q.initialDeposit.toFixed(2))).toBe(q.initialDeposit);
          expect(Number(q.monthlyRepayment.toFixed(2))).toBe(q.monthlyRepayment);
          // Repayments never exceed the balance by more than rounding.
          expect(Math.abs(q.monthlyRepayment * months - (price - q.initialDeposit))).toBeLessThanOrEqual(
            0.005 * months + 1e-6,
          );
        }
      }
    }
  });

  it("rounds to 2 decimals, half away from zero", () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(1.004)).toBe(1);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(depositFor(12_345_678, 41)).toBe(5_061_727.98);
    expect(monthlyRepaymentFor(10_000_000, 4_000_000, 12)).toBe(500_000);
    expect(quoteLoan(10_000_001, 40, 12).monthlyRepayment).toBe(500_000.05);
    expect(quoteLoan(1_000_000, 45, 6).monthlyRepayment).toBe(91_666.67);
    expect(quoteLoan(1_000_000, 45, 3).monthlyRepayment).toBe(183_333.33);
  });

  it("refuses percentages outside 40-90, fractions and unknown periods", () => {
    for (const pct of [39, 91, 0, 100, 40.5, Number.NaN]) {
      expect(isDepositPercent(pct)).toBe(false);
      expect(() => quoteLoan(1_000_000, pct, 3)).toThrow(RangeError);
    }
    expect(isDepositPercent(40)).toBe(true);
    expect(isDepositPercent(90)).toBe(true);
    for (const m of [0, 1, 4, 9, 24, "3"]) {
      expect(isLoanPeriod(m)).toBe(false);
      expect(() => quoteLoan(1_000_000, 40, m as 3)).toThrow(RangeError);
    }
    expect(() => quoteLoan(-1, 40, 3)).toThrow(RangeError);
  });

  it("labels and parses loan periods", () => {
    expect(loanPeriodLabel(12)).toBe("12 months");
    expect(parseLoanPeriod("6 months")).toBe(6);
    expect(parseLoanPeriod("12")).toBe(12);
    expect(parseLoanPeriod("5 months")).toBeNull();
    expect(parseLoanPeriod("six months")).toBeNull();
  });

  it("reads calculator input leniently, falling back to the defaults", () => {
    expect(readCalculatorInput(null, null)).toEqual({ percent: 40, months: 3, invalid: [] });
    expect(readCalculatorInput("65", "12")).toEqual({ percent: 65, months: 12, invalid: [] });
    expect(readCalculatorInput("95", "7")).toEqual({ percent: 40, months: 3, invalid: ["percent", "months"] });
  });
});

describe("the calculator opened from a car's page", () => {
  it("carries the car's address for Close, and takes back only a car's own address", () => {
    const href = calculatorHref(7, { depositPercent: 40, months: 12 }, "/cars/7-toyota-camry-2019");
    expect(href).toBe("/financing/7?percent=40&months=12&calculate=1&from=%2Fcars%2F7-toyota-camry-2019");
    expect(calculatorFrom(new URL(href, "http://x").searchParams.get("from"))).toBe("/cars/7-toyota-camry-2019");
    for (const bad of ["//evil.example/cars/7", "https://evil.example", "/admin", "/cars/7-x?y=1", "", null]) {
      expect(calculatorFrom(bad)).toBeNull();
    }
  });
});
