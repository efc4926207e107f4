import { beforeEach, describe, expect, it } from "vitest";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loader, meta } from "./cars.$id";

beforeEach(clearData);

const load = (id: string) => loader({ request: new Request(`http://x/cars/${id}`), params: { id }, context: {} });

describe("car page loader", () => {
  it("answers the car without back-office fields, and a meta title with the price", async () => {
    const id = await makeCar({
      make: "Lexus",
      model: "RX 350",
      year: 2021,
      price: 65_000_000,
      vin: "SECRETVIN",
      car_history: "private",
    });
    const { car } = await load(String(id));
    expect(car).toMatchObject({ id, make: "Lexus", model: "RX 350" });
    expect(car).not.toHaveProperty("vin");
    expect(car).not.toHaveProperty("car_history");
    const tags = meta({ data: { car }, params: { id: String(id) }, location: {} as never, matches: [] as never });
    expect(tags[0]).toEqual({ title: "2021 Lexus RX 350 for ₦65,000,000 | Lekki Prime Autos" });
    expect(JSON.stringify(tags[1])).toContain("₦65,000,000");
  });

  it("throws a 404 for an unknown or malformed id", async () => {
    for (const id of ["999", "abc", "0"]) {
      const err = await load(id).catch((e) => e);
      expect(err).toBeInstanceOf(Response);
      expect((err as Response).status).toBe(404);
    }
  });

  it("still shows a sold car, marked sold", async () => {
    const id = await makeCar({ sold: true });
    const { car } = await load(String(id));
    expect(car.sold).toBe(true);
    const tags = meta({ data: { car }, params: { id: String(id) }, location: {} as never, matches: [] as never });
    expect((tags[0] as { title: string }).title).toContain("(Sold)");
  });
});
