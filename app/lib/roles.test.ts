import { describe, expect, it } from "vitest";
import { can, isRole, PERMISSIONS } from "./roles";

describe("roles", () => {
  it("lets an owner do everything", () => {
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
      expect(can("owner", permission)).toBe(true);
    }
  });

  it("keeps the business, staff, deletions and exports from a sales account", () => {
    for (const p of ["cars.edit", "cars.sell", "leads.answer", "reports.read", "password.own"] as const) {
      expect(can("sales", p)).toBe(true);
    }
    for (const p of [
      "cars.delete",
      "settings.edit",
      "home.edit",
      "staff.manage",
      "data.export",
      "demo.remove",
    ] as const) {
      expect(can("sales", p)).toBe(false);
    }
  });

  it("lets a visitor send the public forms, ask for and leave alerts, reserve a car, and nothing else", () => {
    const visitors = ["leads.submit", "newsletter.subscribe", "alerts.own", "reservations.start"];
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
      const expected = visitors.includes(permission);
      expect(can("visitor", permission), permission).toBe(expected);
    }
  });

  it("knows its roles", () => {
    expect(isRole("owner")).toBe(true);
    expect(isRole("sales")).toBe(true);
    expect(isRole("admin")).toBe(false);
    expect(isRole("visitor")).toBe(false); // not a staff role
  });
});
