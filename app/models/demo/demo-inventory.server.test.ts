import { describe, expect, it } from "vitest";
import {
  BODY_TYPES,
  CONDITIONS,
  DRIVE_TRAINS,
  ENGINE_CAPACITIES,
  ENGINE_SIZES,
  KEY_FEATURES,
  YES_NO,
} from "~/lib/car-options";
import { demoInspections, demoInventory } from "./demo-inventory.server";

describe("demo inventory", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const cars = demoInventory(64, now);

  it("has at least 60 cars using every enumeration of the admin form", () => {
    expect(cars.length).toBeGreaterThanOrEqual(60);
    const used = (f: (c: (typeof cars)[number]) => unknown) => new Set(cars.map(f));
    for (const v of CONDITIONS) expect(used((c) => c.input.condition)).toContain(v);
    for (const v of BODY_TYPES) expect(used((c) => c.input.body_type)).toContain(v);
    for (const v of DRIVE_TRAINS) expect(used((c) => c.input.drive_train)).toContain(v);
    for (const v of ENGINE_CAPACITIES) expect(used((c) => c.input.engine_capacity)).toContain(v);
    for (const v of ENGINE_SIZES) expect(used((c) => c.input.engine_size)).toContain(v);
    for (const v of YES_NO) expect(used((c) => c.input.custom_paper)).toContain(v);
    for (const c of cars) for (const f of c.input.keyfeatures ?? []) expect(KEY_FEATURES).toContain(f);
  });

  it("prices by condition, has 2-6 photos each, some sold and some financed, dates within the past year", () => {
    const avg = (cond: string) => {
      const list = cars.filter((c) => c.input.condition === cond).map((c) => c.input.price);
      return list.reduce((a, b) => a + b, 0) / list.length;
    };
    expect(avg("New")).toBeGreaterThan(avg("Foreign Used"));
    expect(avg("Foreign Used")).toBeGreaterThan(avg("Nigerian Used"));
    for (const c of cars) {
      expect(c.imageCount).toBeGreaterThanOrEqual(2);
      expect(c.imageCount).toBeLessThanOrEqual(6);
      expect(c.input.price % 50_000).toBe(0);
      expect(new Date(c.createdAt).getTime()).toBeLessThanOrEqual(now.getTime());
      expect(now.getTime() - new Date(c.createdAt).getTime()).toBeLessThan(366 * 86_400_000);
      if (c.soldAt) expect(new Date(c.soldAt).getTime()).toBeGreaterThan(new Date(c.createdAt).getTime());
    }
    expect(cars.filter((c) => c.soldAt).length).toBeGreaterThan(3);
    expect(cars.filter((c) => c.input.financing).length).toBeGreaterThan(10);
  });

  it("is the same on every install", () => {
    expect(demoInventory(64, now)).toEqual(cars);
  });

  it("books demo inspections made in the past for cars of the inventory, with valid Nigerian phones", () => {
    const bookings = demoInspections(cars, now);
    expect(bookings.length).toBeGreaterThan(30);
    for (const b of bookings) {
      expect(b.phone).toMatch(/^\+234[789][01]\d{8}$/);
      expect(new Date(b.created_at).getTime()).toBeLessThan(now.getTime());
      expect(cars.some((c) => c.input.make === b.car_make && c.input.model === b.car_model)).toBe(true);
      // On a day the showroom opens by default (not a Sunday).
      expect(new Date(`${b.inspection_date}T12:00:00Z`).getUTCDay()).not.toBe(0);
    }
  });

  it("has a few visits still to come, so the Upcoming view shows something on a fresh install", () => {
    const today = now.toISOString().slice(0, 10);
    const upcoming = demoInspections(cars, now).filter((b) => b.inspection_date > today);
    expect(upcoming.length).toBeGreaterThanOrEqual(5);
  });
});
