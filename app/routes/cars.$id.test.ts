import { beforeEach, describe, expect, it } from "vitest";
import { env, siteOrigin } from "~/config/env.server";
import { carPath, carSlug } from "~/lib/car";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import { loader, meta } from "./cars.$id";

beforeEach(clearData);

const load = (id: string, search = "") =>
  loader({ request: new Request(`http://shop.ng/cars/${id}${search}`), params: { id }, context: loadContext() });
const metaOf = (data: Awaited<ReturnType<typeof load>>) =>
  meta({ data, params: { id: carSlug(data.car) }, location: {} as never, matches: [] as never });
const tag = (tags: ReturnType<typeof metaOf>, key: string) =>
  tags.find((t) => "property" in t && t.property === key) ?? tags.find((t) => "name" in t && t.name === key);

describe("car page loader", () => {
  it("answers the car without back-office fields, and meta tags: price, canonical URL, preview", async () => {
    const id = await makeCar({
      make: "Lexus",
      model: "RX 350",
      year: 2021,
      price: 65_000_000,
      vin: "SECRETVIN",
      car_history: "private",
      images: ["/uploads/abc.jpg", "/uploads/def.jpg"],
    });
    const data = await load(`${id}-lexus-rx-350-2021`);
    expect(data.car).toMatchObject({ id, make: "Lexus", model: "RX 350" });
    expect(data.car).not.toHaveProperty("vin");
    expect(data.car).not.toHaveProperty("car_history");
    expect(data.origin).toBe(siteOrigin(env())); // SITE_URL, never the request's host
    const tags = metaOf(data);
    expect(tags[0]).toEqual({ title: "2021 Lexus RX 350 for ₦65,000,000 | Lekki Prime Autos" });
    expect(JSON.stringify(tags[1])).toContain("₦65,000,000");
    expect(tag(tags, "og:image")).toMatchObject({ content: `${siteOrigin(env())}/uploads/abc.card.webp` });
    expect(tag(tags, "og:url")).toMatchObject({ content: `${siteOrigin(env())}/cars/${id}-lexus-rx-350-2021` });
    expect(tag(tags, "og:description")).toMatchObject({ content: expect.stringContaining("₦65,000,000") });
    expect(tag(tags, "twitter:card")).toMatchObject({ content: "summary_large_image" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${siteOrigin(env())}/cars/${id}-lexus-rx-350-2021`,
    });
    expect(tag(tags, "robots")).toBeUndefined();
  });

  it("redirects the bare id and any other slug to the canonical URL with 301, keeping the query", async () => {
    const id = await makeCar({ make: "Mercedes-Benz", model: "GLE 350", year: 2019 });
    const canonical = `/cars/${id}-mercedes-benz-gle-350-2019`;
    for (const asked of [String(id), `${id}-toyota`, `${id}-Mercedes-Benz-GLE-350-2019`]) {
      const thrown = await load(asked, "?photo=2").catch((e) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(301);
      expect((thrown as Response).headers.get("location")).toBe(`${canonical}?photo=2`);
    }
    expect((await load(canonical.slice("/cars/".length))).car.id).toBe(id);
    expect(carPath({ id, make: "Citroën", model: "C4 / Picasso", year: 2015 })).toBe(
      `/cars/${id}-citroen-c4-picasso-2015`,
    );
  });

  it("throws a 404 for an unknown or malformed id", async () => {
    for (const id of ["999", "999-toyota-camry-2020", "abc", "0", "-1"]) {
      const err = await load(id).catch((e) => e);
      expect(err).toBeInstanceOf(Response);
      expect((err as Response).status).toBe(404);
    }
  });

  it("still shows a sold car, marked sold and kept out of search results, with similar available cars", async () => {
    const id = await makeCar({ sold: true, body_type: "SUV", price: 30_000_000 });
    const near = await makeCar({ body_type: "SUV", price: 31_000_000 });
    await makeCar({ body_type: "Sedan", price: 30_000_000 });
    const data = await load(carSlug({ id, make: "Toyota", model: "Camry", year: 2020 }));
    expect(data.car.sold).toBe(true);
    expect(data.similar.map((c) => c.id)).toEqual([near]);
    const tags = metaOf(data);
    expect((tags[0] as { title: string }).title).toContain("(Sold)");
    expect(tag(tags, "robots")).toEqual({ name: "robots", content: "noindex" });
  });
});
