import { describe, expect, it } from "vitest";
import { lagosWeekOf, newsletterWeekAt } from "./newsletter-week";

describe("the newsletter's week", () => {
  it("is due from Monday 08:00 Lagos time, and names the week by its Monday", () => {
    // 2026-11-30 is a Monday.
    expect(newsletterWeekAt(new Date("2026-11-30T06:59:00Z"))).toBeNull(); // 07:59 in Lagos
    expect(newsletterWeekAt(new Date("2026-11-30T07:00:00Z"))).toBe("2026-11-30");
    expect(newsletterWeekAt(new Date("2026-12-03T02:00:00Z"))).toBe("2026-11-30"); // Thursday: still due
    expect(newsletterWeekAt(new Date("2026-12-06T22:59:00Z"))).toBe("2026-11-30"); // Sunday 23:59 in Lagos
    expect(lagosWeekOf(new Date("2026-12-06T23:00:00Z"))).toBe("2026-12-07"); // Monday 00:00 in Lagos
    expect(newsletterWeekAt(new Date("2026-12-06T23:00:00Z"))).toBeNull();
  });
});
