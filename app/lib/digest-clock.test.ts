import { describe, expect, it } from "vitest";
import { digestDayAt, nextDigestAt } from "./digest-clock";

describe("the digest's clock (08:00 Lagos, UTC+1)", () => {
  it("is due from 08:00 Lagos time, for that Lagos day", () => {
    expect(digestDayAt(new Date("2026-03-11T06:59:59Z"))).toBeNull(); // 07:59:59 in Lagos
    expect(digestDayAt(new Date("2026-03-11T07:00:00Z"))).toBe("2026-03-11");
    expect(digestDayAt(new Date("2026-03-11T22:59:00Z"))).toBe("2026-03-11");
    expect(digestDayAt(new Date("2026-03-11T23:30:00Z"))).toBeNull(); // 00:30 on the 12th
  });

  it("names the next 08:00", () => {
    expect(nextDigestAt(new Date("2026-03-11T06:00:00Z")).toISOString()).toBe("2026-03-11T07:00:00.000Z");
    expect(nextDigestAt(new Date("2026-03-11T07:00:00Z")).toISOString()).toBe("2026-03-12T07:00:00.000Z");
    expect(nextDigestAt(new Date("2026-12-31T23:30:00Z")).toISOString()).toBe("2027-01-01T07:00:00.000Z");
  });
});
