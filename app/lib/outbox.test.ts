import { describe, expect, it } from "vitest";
import { fromHeader, OUTBOX_MAX_ATTEMPTS, retryAt } from "./outbox";

describe("retries", () => {
  it("wait longer after each failure, from a minute to an hour, then stop", () => {
    const t0 = new Date("2026-11-26T10:00:00Z");
    const waits = Array.from({ length: OUTBOX_MAX_ATTEMPTS - 1 }, (_, i) => {
      const at = retryAt(i + 1, t0);
      return at ? (Date.parse(at) - t0.getTime()) / 60_000 : null;
    });
    expect(waits).toEqual([1, 2, 5, 10, 20, 40, 60, 60]);
    expect(retryAt(OUTBOX_MAX_ATTEMPTS, t0)).toBeNull();
  });
});

describe("the From header", () => {
  const business = { name: 'Lekki "Prime" Autos', email: "sales@lekkiprimeautos.ng" };
  it("is MAIL_FROM with a name, the business name before a bare MAIL_FROM, or the business itself", () => {
    expect(fromHeader("Desk <desk@x.ng>", business)).toBe("Desk <desk@x.ng>");
    expect(fromHeader("desk@x.ng", business)).toBe('"Lekki Prime Autos" <desk@x.ng>');
    expect(fromHeader(null, business)).toBe('"Lekki Prime Autos" <sales@lekkiprimeautos.ng>');
  });
});
