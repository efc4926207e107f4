import { describe, expect, it } from "vitest";
import { prng } from "./prng";

describe("prng", () => {
  it("gives the same numbers for the same seed, and others for another seed", () => {
    const take = (seed: number) => Array.from({ length: 5 }, prng(seed));
    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
  });

  it("stays in [0, 1) and spreads over the range", () => {
    const rand = prng(20261121);
    const values = Array.from({ length: 10_000 }, rand);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const lowHalf = values.filter((v) => v < 0.5).length;
    expect(lowHalf).toBeGreaterThan(4_700);
    expect(lowHalf).toBeLessThan(5_300);
  });
});
