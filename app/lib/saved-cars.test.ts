import { describe, expect, it } from "vitest";
import { mergeCarIds, parseCarIds, toggleCarId } from "./saved-cars";

describe("saved car ids", () => {
  it("reads positive whole numbers in order, without repeats or junk, up to a maximum", () => {
    expect(parseCarIds("12, 7,x,0,-3,12,1e3, 30")).toEqual([12, 7, 30]);
    expect(parseCarIds(["4", "2,4", "9"])).toEqual([4, 2, 9]);
    expect(parseCarIds("1,2,3,4,5", 3)).toEqual([1, 2, 3]);
    expect(parseCarIds(null)).toEqual([]);
    expect(parseCarIds("")).toEqual([]);
  });

  it("toggles a car in or out, dropping the oldest past the maximum, and merges two lists", () => {
    expect(toggleCarId([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleCarId([1, 2, 3], 2)).toEqual([1, 3]);
    expect(toggleCarId([1, 2, 3], 4, 3)).toEqual([2, 3, 4]);
    expect(mergeCarIds([1, 2], [2, 5])).toEqual([1, 2, 5]);
  });
});
