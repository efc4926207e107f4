import { beforeEach, describe, expect, it } from "vitest";
import type { CarFilters, CarSort } from "~/lib/car-filters";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { getCar, listRecentCars, pageCars, parseCarId, stockFacets } from "./car.server";

const listCars = async (filters: CarFilters = {}) => (await pageCars(filters, 1, 100)).cars;

beforeEach(clearData);

describe("car queries", () => {
  it("filters by every field, case-insensitively, and hides sold cars", async () => {
    const camry = await makeCar({
      make: "Toyota",
      model: "Camry",
      keyfeatures: ["Bluetooth", "Sunroof"],
      color: "Black",
    });
    const hilux = await makeCar({
      make: "Toyota",
      model: "Hilux",
      body_type: "Truck",
      fuel_type: "Diesel",
      drive_train: "4WD",
      condition: "Nigerian Used",
      price: 12_000_000,
      year: 2014,
      mileage: 150_000,
      transmission: "Manual",
      location: "Abuja",
    });
    const rx = await makeCar({
      make: "Lexus",
      model: "RX 350",
      body_type: "SUV",
      condition: "New",
      price: 150_000_000,
      year: 2026,
      mileage: 10,
      financing: true,
      color: "Wine",
    });
    await makeCar({ make: "Toyota", model: "Corolla", sold: true });

    const ids = async (f: Parameters<typeof listCars>[0]) => (await listCars(f)).map((c) => c.id).sort();
    expect(await ids({})).toEqual([camry, hilux, rx].sort());
    expect(await ids({ make: "toyota" })).toEqual([camry, hilux].sort());
    expect(await ids({ model: "cam" })).toEqual([camry]);
    expect(await ids({ body_type: "truck" })).toEqual([hilux]);
    expect(await ids({ fuel_type: "DIESEL" })).toEqual([hilux]);
    expect(await ids({ drive_train: "4wd" })).toEqual([hilux]);
    expect(await ids({ condition: "Used" })).toEqual([camry, hilux].sort());
    expect(await ids({ condition: "nigerian used" })).toEqual([hilux]);
    expect(await ids({ condition: "new" })).toEqual([rx]);
    expect(await ids({ transmission: "manual" })).toEqual([hilux]);
    expect(await ids({ minYear: 2020, maxYear: 2025 })).toEqual([camry]);
    expect(await ids({ minPrice: 20_000_000, maxPrice: 30_000_000 })).toEqual([camry]);
    expect(await ids({ minMileage: 100_000 })).toEqual([hilux]);
    expect(await ids({ maxMileage: 100 })).toEqual([rx]);
    expect(await ids({ location: "abuja" })).toEqual([hilux]);
    expect(await ids({ keyFeatures: ["sunroof", "Bluetooth"] })).toEqual([camry]);
    expect(await ids({ q: "wine" })).toEqual([rx]);
    expect(await ids({ q: "SUNROOF" })).toEqual([camry]);
    expect(await ids({ q: "100%" })).toEqual([]);
    expect(await ids({ make: "Toyota", body_type: "Sedan" })).toEqual([camry]);
    expect((await listCars({ financing: true })).map((c) => c.id)).toEqual([rx]);
  });

  it("matches every word of the search text, each in any searched field", async () => {
    const camry = await makeCar({
      make: "Toyota",
      model: "Camry",
      color: "Black",
      year: 2019,
      car_description: null,
      keyfeatures: ["Sunroof"],
    });
    const rx = await makeCar({ make: "Lexus", model: "RX 350", color: "Wine", year: 2026, car_description: null });
    const ids = async (q: string) => (await listCars({ q })).map((c) => c.id).sort();
    expect(await ids("Toyota Camry")).toEqual([camry]);
    expect(await ids("  black   toyota ")).toEqual([camry]);
    expect(await ids("camry sunroof")).toEqual([camry]);
    expect(await ids("2026 lexus")).toEqual([rx]);
    expect(await ids("lexus camry")).toEqual([]);
  });

  it("pages newest first and clamps a page past the end", async () => {
    for (let i = 0; i < 8; i++) await makeCar({ model: `M${i}`, created_at: `2026-0${i + 1}-01T00:00:00.000Z` });
    const first = await pageCars({}, 1, 6);
    expect(first.total).toBe(8);
    expect(first.pageCount).toBe(2);
    expect(first.cars[0].model).toBe("M7");
    const last = await pageCars({}, 99, 6);
    expect(last.page).toBe(2);
    expect(last.cars.map((c) => c.model)).toEqual(["M1", "M0"]);
    expect((await listRecentCars(3)).map((c) => c.model)).toEqual(["M7", "M6", "M5"]);
  });

  it("keeps unknown paperwork unknown (null), never 'No'; answers Custom Paper as customs_duty_paid", async () => {
    const unknown = await makeCar({ custom_paper: "No" });
    const paid = await makeCar({
      custom_paper: "Yes",
      plate_state: "Lagos",
      previous_owners_ng: 0,
      accident_free: false,
      flood_free: true,
    });
    const unpaid = await makeCar({ custom_paper: "No" });
    expect(await getCar(unknown)).toMatchObject({
      plate_state: null,
      previous_owners_ng: null,
      accident_free: null,
      flood_free: null,
    });
    expect(await getCar(paid)).toMatchObject({
      custom_paper: "Yes",
      plate_state: "Lagos",
      previous_owners_ng: 0,
      accident_free: false,
      flood_free: true,
    });
    expect((await getCar(unpaid))?.customs_duty_paid).toBe(false);
    expect((await getCar(paid))?.customs_duty_paid).toBe(true);
    expect((await listCars({ customs_duty_paid: true })).map((c) => c.id)).toEqual([paid]);
  });

  it("forgives searches: part of a make, a model written as one word, a typo; edits keep it in step", async () => {
    const benz = await makeCar({ make: "Mercedes-Benz", model: "GLE 350", car_description: "Clean" });
    const corolla = await makeCar({ make: "Toyota", model: "Corolla", car_description: "Clean" });
    const cruiser = await makeCar({ make: "Toyota", model: "Land Cruiser", car_description: "Clean" });
    await makeCar({ make: "Honda", model: "Accord", car_description: "Cruise control and a land of comfort" });
    const ids = async (filters: CarFilters) => (await listCars(filters)).map((c) => c.id).sort((a, b) => a - b);
    expect(await ids({ q: "Mercedes" })).toEqual([benz]);
    expect(await ids({ make: "Mercedes" })).toEqual([benz]);
    expect(await ids({ make: "mercedes benz" })).toEqual([benz]);
    expect(await ids({ q: "corola" })).toEqual([corolla]);
    expect(await ids({ q: "toyota corola" })).toEqual([corolla]);
    expect(await ids({ q: "landcruiser" })).toEqual([cruiser]);
    expect(await ids({ model: "landcruiser" })).toEqual([cruiser]);
    expect(await ids({ q: "land cruiser" })).toEqual([cruiser]);
    expect(await ids({ q: "xyzzy" })).toEqual([]);
    // The trigram index follows edits and deletes.
    await getDb().updateTable("cars").set({ model: "Camry" }).where("id", "=", corolla).execute();
    expect(await ids({ q: "corola" })).toEqual([]);
    expect(await ids({ q: "camry" })).toEqual([corolla]);
    await getDb().deleteFrom("cars").where("id", "=", benz).execute();
    expect(await ids({ make: "Mercedes" })).toEqual([]);
  });

  it("sorts by price, year and mileage (unknown mileage last), ties by id", async () => {
    const a = await makeCar({ price: 30_000_000, year: 2018, mileage: 50_000 });
    const b = await makeCar({ price: 10_000_000, year: 2022, mileage: null });
    const c = await makeCar({ price: 20_000_000, year: 2022, mileage: 5_000 });
    const order = async (sort: CarSort) => (await pageCars({}, 1, 10, { sort })).cars.map((car) => car.id);
    expect(await order("price_asc")).toEqual([b, c, a]);
    expect(await order("price_desc")).toEqual([a, c, b]);
    expect(await order("year_desc")).toEqual([c, b, a]);
    expect(await order("mileage_asc")).toEqual([c, a, b]);
    expect(await order("newest")).toEqual([c, b, a]);
  });

  it("reads one car with its images in order, sold or not", async () => {
    const id = await makeCar({ images: ["/uploads/a.jpg", "https://example.com/b.jpg"], sold: true });
    const car = await getCar(id);
    expect(car?.images).toEqual(["/uploads/a.jpg", "https://example.com/b.jpg"]);
    expect(car?.sold).toBe(true);
    expect(car?.registration).toBe(false);
    expect(await getCar(id + 100)).toBeNull();
    expect(parseCarId("12")).toBe(12);
    expect(parseCarId("1e3")).toBeNull();
    expect(parseCarId("-1")).toBeNull();
  });
});

describe("stock facets", () => {
  const bodyTypes = async () => (await stockFacets()).body_type.map((f) => `${f.value} ${f.count}`).sort();

  it("counts unsold cars per value, and counts again after any write to the cars", async () => {
    const coupe = await makeCar({ body_type: "Coupe" });
    await makeCar({ body_type: "SUV" });
    await makeCar({ body_type: "suv" });
    expect(await bodyTypes()).toEqual(["Coupe 1", "SUV 2"]);
    // Kept while nothing changes: the same object comes back.
    expect(await stockFacets()).toBe(await stockFacets());

    // A write by the app, and one by any other tool (plain SQL), both show at the next call.
    await makeCar({ body_type: "Van" });
    expect(await bodyTypes()).toEqual(["Coupe 1", "SUV 2", "Van 1"]);
    await getDb().updateTable("cars").set({ sold: 1 }).where("id", "=", coupe).execute();
    expect(await bodyTypes()).toEqual(["SUV 2", "Van 1"]);
  });
});
