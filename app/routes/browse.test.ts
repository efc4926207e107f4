import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import { loader } from "./browse";

beforeEach(async () => {
  await clearData();
  await getDb().deleteFrom("reservations").execute();
});

const load = (query: string) =>
  loader({ request: new Request(`http://x/browse${query}`), params: {}, context: loadContext() });

async function redirectOf(query: string): Promise<string | null> {
  try {
    await load(query);
    return null;
  } catch (e) {
    if (e instanceof Response && e.status === 302) return e.headers.get("Location");
    throw e;
  }
}

describe("browse loader", () => {
  it("sends the cards no back-office fields", async () => {
    await makeCar({ make: "Toyota", model: "Camry" });
    const { cars } = await load("");
    expect(cars).toHaveLength(1);
    for (const key of ["vin", "car_history", "other_info"]) expect(cars[0]).not.toHaveProperty(key);
  });

  it("redirects the filter panel's query to the canonical URL", async () => {
    expect(await redirectOf("?type=SUV&make=&fuelType=Diesel&driveType=All&condition=all&minPrice=")).toBe(
      "/browse?body_type=SUV&fuel_type=Diesel",
    );
    expect(await redirectOf("?make=+Toyota+&page=1")).toBe("/browse?make=Toyota");
    expect(await redirectOf("?q=")).toBe("/browse");
    expect(await redirectOf("?body_type=SUV&page=2")).toBeNull();
  });

  it("filters and pages on the server, 6 per page", async () => {
    for (let i = 0; i < 8; i++)
      await makeCar({ model: `S${i}`, body_type: "SUV", created_at: `2026-02-0${i + 1}T00:00:00.000Z` });
    await makeCar({ model: "Sedan", body_type: "Sedan" });
    const first = await load("?body_type=SUV");
    expect(first.total).toBe(8);
    expect(first.cars.map((c) => c.model)).toEqual(["S7", "S6", "S5", "S4", "S3", "S2"]);
    const second = await load("?body_type=SUV&page=2");
    expect(second.page).toBe(2);
    expect(second.cars.map((c) => c.model)).toEqual(["S1", "S0"]);
    expect((await load("?make=Nope")).cars).toEqual([]);
  });

  it("sorts, keeps the order across pages, drops the default from the URL and names an unknown one", async () => {
    for (let i = 0; i < 8; i++) await makeCar({ model: `P${i}`, price: 10_000_000 + ((i * 3) % 8) * 1_000_000 });
    const prices = async (query: string) => (await load(query)).cars.map((c) => c.price);
    const ascending = [...(await prices("?sort=price_asc")), ...(await prices("?sort=price_asc&page=2"))];
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending).toHaveLength(8);
    expect((await load("?sort=price_desc&page=2")).cars.map((c) => c.price)).toEqual([11_000_000, 10_000_000]);
    expect((await load("?sort=year_desc")).sort).toBe("year_desc");
    expect(await redirectOf("?sort=newest&body_type=SUV")).toBe("/browse?body_type=SUV");
    const bad = await load("?sort=cheapest");
    expect(bad.sort).toBe("newest");
    expect(bad.ignored).toEqual(["Sort"]);
  });

  it("narrows to cars whose customs duty is paid", async () => {
    const paid = await makeCar({ custom_paper: "Yes" });
    await makeCar({ custom_paper: "No" });
    await makeCar({ custom_paper: "no" });
    expect((await load("")).total).toBe(3);
    const only = await load("?customs_duty_paid=1");
    expect(only.cars.map((c) => c.id)).toEqual([paid]);
  });

  it("hides reserved cars on request (a paid hold not yet ended), and names a bad value", async () => {
    const held = await makeCar({ model: "Held" });
    const ended = await makeCar({ model: "Ended" });
    const paying = await makeCar({ model: "Paying" });
    const free = await makeCar({ model: "Free" });
    const hour = 3_600_000;
    const reserve = (car_id: number, status: "paid" | "pending", holdMs: number) =>
      getDb()
        .insertInto("reservations")
        .values({
          reference: `LPA-${car_id}`,
          car_id,
          car_label: "A car",
          name: "Ada",
          email: "ada@example.com",
          phone: "+2348035550142",
          amount: 100_000,
          status,
          hold_until: new Date(Date.now() + holdMs).toISOString(),
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
    await reserve(held, "paid", 72 * hour);
    await reserve(ended, "paid", -hour);
    await reserve(paying, "pending", hour / 2);
    expect((await load("")).total).toBe(4);
    const shown = await load("?hide_reserved=1");
    expect(shown.cars.map((c) => c.id).sort((a, b) => a - b)).toEqual([ended, paying, free].sort((a, b) => a - b));
    const bad = await load("?hide_reserved=maybe");
    expect(bad.total).toBe(4);
    expect(bad.ignored).toEqual(["Hide reserved cars"]);
  });

  it("ignores invalid numbers and names them for the page", async () => {
    await makeCar({});
    const res = await load("?minPrice=abc&maxYear=xyz");
    expect(res.total).toBe(1);
    expect(res.ignored).toEqual(["Max year", "Min price"]);
  });
});
