import { describe, expect, it } from "vitest";
import { formatNigerianPhone, localNigerianPhone, normalizeNigerianPhone } from "./phone";

describe("normalizeNigerianPhone", () => {
  it.each([
    ["08035550142", "+2348035550142"],
    ["0803 555 0142", "+2348035550142"],
    ["0803-555-0142", "+2348035550142"],
    ["+2348035550142", "+2348035550142"],
    ["+234 803 555 0142", "+2348035550142"],
    ["2348035550142", "+2348035550142"],
    ["234 812 555 0178", "+2348125550178"],
    ["+234 (0) 803 555 0142", "+2348035550142"],
    ["002348035550142", "+2348035550142"],
    ["07015550142", "+2347015550142"],
    ["09095550113", "+2349095550113"],
    ["0915 555 0113", "+2349155550113"],
    ["  08035550142  ", "+2348035550142"],
  ])("accepts %s", (input, expected) => {
    expect(normalizeNigerianPhone(input)).toBe(expected);
  });

  it.each([
    "",
    "0803555014",
    "080355501422",
    "+44 20 7946 0958",
    "+1 415 555 0100",
    "06035550142",
    "08235550142",
    "0803555014a",
    "abc",
    "+234803555014",
    "1234567890",
    "+2345035550142",
  ])("refuses %s", (input) => {
    expect(normalizeNigerianPhone(input)).toBeNull();
  });

  it("formats a stored number for display", () => {
    expect(formatNigerianPhone("+2348035550142")).toBe("+234 803 555 0142");
    expect(formatNigerianPhone("not a number")).toBe("not a number");
  });

  it("writes a stored number the local way, which reads back to the same number", () => {
    expect(localNigerianPhone("+2348035550142")).toBe("0803 555 0142");
    expect(localNigerianPhone("+2349155550113")).toBe("0915 555 0113");
    expect(normalizeNigerianPhone(localNigerianPhone("+2347015550142"))).toBe("+2347015550142");
    expect(localNigerianPhone("typed 123")).toBe("typed 123");
  });
});
