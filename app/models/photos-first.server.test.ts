import { beforeEach, describe, expect, it } from "vitest";
import { loader as home } from "~/routes/_index";
import { getDb } from "../../db/database.server";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import { homePageCars, pageCars, updateCar } from "./car.server";

/**
 * A car imported without photos is listed, after every car with photos (docs/product.md, Imported
 * cars without photos): on /browse in every order and in every list of the home page. has_photos
 * follows the photos, whichever way they come and go.
 */

beforeEach(clearData);

const hour = (h: number) => new Date(Date.UTC(2026, 10, 20, h)).toISOString();

describe("cars without photos come last", () => {
  it("on /browse, in every order, and on the home page", async () => {
    const old = await makeCar({ model: "Old", price: 30_000_000, created_at: hour(1) });
    const bare = await makeCar({ model: "Bare", price: 10_000_000, images: [], created_at: hour(3) });
    const fresh = await makeCar({ model: "Fresh", price: 20_000_000, created_at: hour(2) });
    for (const sort of ["newest", "price_asc", "price_desc", "year_desc", "mileage_asc"] as const) {
      const { cars } = await pageCars({}, 1, 6, { sort });
      expect(cars.at(-1)?.id, sort).toBe(bare);
    }
    expect((await pageCars({}, 1, 6)).cars.map((c) => c.id)).toEqual([fresh, old, bare]);
    expect((await pageCars({}, 1, 6, { sort: "price_asc" })).cars.map((c) => c.id)).toEqual([fresh, old, bare]);

    const shown = await homePageCars({
      recent: 2,
      collection: { page: 1, pageSize: 12 },
      tab: { condition: "Foreign Used", size: 8 },
      bodyTypes: ["Sedan"],
    });
    expect(shown.recent.map((c) => c.id)).toEqual([fresh, old]);
    expect(shown.collection.cars.map((c) => c.id)).toEqual([fresh, old, bare]);
    expect(shown.tab.cars.map((c) => c.id)).toEqual([fresh, old, bare]);
    // A body type's tile shows a photo while any car of that type has one.
    expect(shown.tiles[0].image).toMatch(/^\/uploads\//);
    const page = await home({ request: new Request("http://x/"), params: {}, context: loadContext() });
    expect(page.collection.cars.map((c) => c.id)).toEqual([fresh, old, bare]);
  });

  it("has_photos follows the photos: added, removed, and the car's rows alone", async () => {
    const id = await makeCar({ images: [] });
    const flag = async () =>
      (await getDb().selectFrom("cars").select("has_photos").where("id", "=", id).executeTakeFirstOrThrow()).has_photos;
    expect(await flag()).toBe(0);
    const car = (await pageCars({}, 1, 6)).cars[0];
    await updateCar(getDb(), id, car, [], ["/uploads/a.jpg", "/uploads/b.jpg"]);
    expect(await flag()).toBe(1);
    await getDb().deleteFrom("car_images").where("path", "=", "/uploads/a.jpg").execute();
    expect(await flag()).toBe(1);
    await updateCar(getDb(), id, car, [], []);
    expect(await flag()).toBe(0);
  });
});
