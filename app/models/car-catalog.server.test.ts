import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { CarFilters, CarSort } from "~/lib/car-filters";
import { loader as home } from "~/routes/_index";
import { getDb, getSqlite } from "../../db/database.server";
import { clearData, insertManyCars } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import { catalogQueries, pageCars, similarCars, sitemapCars } from "./car.server";

/**
 * The catalogue must not get slower as the stock grows: at a few thousand cars, every filter of
 * /browse and /api/cars is answered through an index (never by reading every car), and the home
 * page needs at most four statements.
 */

beforeAll(async () => {
  await clearData();
  insertManyCars(4000);
  await sql`ANALYZE`.execute(getDb());
});

async function plan(query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<string[]> {
  const { sql: text, parameters } = query.compile();
  const rows = getSqlite()
    .prepare(`EXPLAIN QUERY PLAN ${text}`)
    .all(...parameters) as { detail: string }[];
  return rows.map((r) => r.detail);
}

const FILTERS: [string, CarFilters, RegExp][] = [
  ["q", { q: "toyota clean" }, /cars_fts/],
  ["body_type", { body_type: "suv" }, /cars_available_body_(type|price|photos_price)/],
  ["fuel_type", { fuel_type: "DIESEL" }, /cars_available_fuel_type/],
  ["drive_train", { drive_train: "awd" }, /cars_available_drive_train/],
  ["make", { make: "toyota" }, /cars_names/],
  ["q with a typo", { q: "corola" }, /cars_names/],
  ["model", { model: "model 1" }, /cars_fts/],
  ["condition", { condition: "new" }, /cars_available_condition/],
  ["condition Used", { condition: "used" }, /cars_available_condition/],
  ["transmission", { transmission: "manual" }, /cars_available_transmission/],
  ["location", { location: "lekki" }, /cars_fts/],
  ["minYear", { minYear: 2020 }, /cars_available_(photos_)?year/],
  ["maxYear", { maxYear: 2008 }, /cars_available_(photos_)?year/],
  ["minPrice", { minPrice: 150_000_000 }, /cars_available_(photos_)?price/],
  ["maxPrice", { maxPrice: 5_000_000 }, /cars_available_(photos_)?price/],
  ["minMileage", { minMileage: 190_000 }, /cars_available_(photos_)?mileage/],
  ["maxMileage", { maxMileage: 1_000 }, /cars_available_(photos_)?mileage/],
  ["keyFeatures", { keyFeatures: ["Winch", "heated seats"] }, /car_features/],
  ["financing", { financing: true }, /cars_available_financing/],
  [
    "body_type + minYear",
    { body_type: "SUV", minYear: 2015 },
    /cars_available_(body_type|body_price|body_photos_price|year|photos_year)/,
  ],
  ["customs_duty_paid", { customs_duty_paid: true }, /cars_available_custom_paper/],
  ["q + make + maxPrice", { q: "clean", make: "Lexus", maxPrice: 90_000_000 }, /cars_names|cars_fts/],
];

describe("catalogue queries at scale", () => {
  it.each(FILTERS)("%s is served by an index, for the count and for the page", async (_name, filters, index) => {
    for (const offset of [0, 600]) {
      const { count, ids } = catalogQueries(filters, { limit: 6, offset });
      for (const lines of [await plan(count), await plan(ids)]) {
        expect(lines.join("\n")).toMatch(index);
        // "SCAN cars" without an index would read every car.
        expect(lines.filter((l) => /^SCAN cars\b/.test(l))).toEqual([]);
      }
    }
  });

  // Cars with photos first, then the order asked: each walks an index led by has_photos.
  const SORTS: [CarSort, CarFilters, RegExp][] = [
    ["newest", {}, /SCAN cars USING COVERING INDEX cars_available_photos_created$/],
    ["price_asc", {}, /SCAN cars USING COVERING INDEX cars_available_photos_price_asc$/],
    ["price_desc", {}, /SCAN cars USING COVERING INDEX cars_available_photos_price_desc$/],
    ["year_desc", {}, /SCAN cars USING COVERING INDEX cars_available_photos_year$/],
    ["mileage_asc", {}, /SCAN cars USING COVERING INDEX cars_available_photos_mileage$/],
    ["price_asc", { body_type: "SUV" }, /SEARCH cars USING COVERING INDEX cars_available_body_photos_price/],
  ];
  it.each(SORTS)("sorts by %s (%o) by walking an index, never sorting every car", async (sort, filters, index) => {
    const { ids } = catalogQueries(filters, { limit: 6, offset: 600, sort });
    const lines = await plan(ids);
    expect(lines.join("\n")).toMatch(index);
    expect(lines.join("\n")).not.toMatch(/TEMP B-TREE/);
  });

  // The range is sought in each part of the has_photos index (a skip-scan) and only its cars sorted.
  it("with a price range, seeks the range and sorts only its cars", async () => {
    const { ids } = catalogQueries({ minPrice: 150_000_000 }, { limit: 6, offset: 60, sort: "price_desc" });
    expect((await plan(ids)).join("\n")).toMatch(/SEARCH cars USING (COVERING )?INDEX cars_available_(photos_)?price/);
  });

  it("sorts right: each order, on a deep page, equals a plain sort of the rows", async () => {
    const all = (
      await getDb()
        .selectFrom("cars")
        .select(["id", "price", "year", "mileage", "created_at"])
        .select(sql<number>`(SELECT count(*) FROM car_images WHERE car_id = cars.id)`.as("photos"))
        .where("sold", "=", 0)
        .execute()
    ).map((c) => ({ ...c, photos: Number(c.photos) }));
    expect(all.filter((c) => c.photos === 0).length).toBeGreaterThan(300);
    type Row = (typeof all)[number];
    // Cars with photos first, whatever the order.
    const photosFirst = (a: Row, b: Row) => Number(b.photos > 0) - Number(a.photos > 0);
    const orders: [CarSort, (a: Row, b: Row) => number][] = [
      ["price_asc", (a, b) => a.price - b.price || a.id - b.id],
      ["price_desc", (a, b) => b.price - a.price || b.id - a.id],
      ["year_desc", (a, b) => b.year - a.year || b.id - a.id],
      ["mileage_asc", (a, b) => (a.mileage ?? Infinity) - (b.mileage ?? Infinity) || a.id - b.id],
      ["newest", (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id],
    ];
    const last = Math.ceil(all.length / 6);
    for (const [sort, compare] of orders) {
      const sorted = [...all].sort((a, b) => photosFirst(a, b) || compare(a, b));
      for (const page of [7, last - 1, last]) {
        const shown = await pageCars({}, page, 6, { sort });
        expect(
          shown.cars.map((c) => c.id),
          `${sort} page ${page}`,
        ).toEqual(sorted.slice((page - 1) * 6, page * 6).map((c) => c.id));
      }
    }
  });

  it("finds similar cars and the sitemap's cars through indexes, in one statement each", async () => {
    const similar = sql`SELECT id FROM cars WHERE sold = 0 AND body_type = ${"suv"} COLLATE NOCASE
      AND price >= ${50_000_000} AND id <> ${1} ORDER BY price ASC LIMIT 4`.compile(getDb());
    expect((await plan({ compile: () => similar })).join("\n")).toMatch(
      /SEARCH cars USING COVERING INDEX cars_available_body_price \(body_type=\? AND price>\?\)/,
    );
    const [car] = await getDb().selectFrom("cars").selectAll().where("sold", "=", 0).limit(1).execute();
    const found = await similarCars(car, 4);
    expect(found).toHaveLength(4);
    for (const c of found) {
      expect(c.body_type).toBe(car.body_type);
      expect(c.sold).toBe(false);
      expect(c.id).not.toBe(car.id);
    }
    // The four closest in price of that body type.
    const gaps = (
      await getDb()
        .selectFrom("cars")
        .select(["id", "price"])
        .where("sold", "=", 0)
        .where("body_type", "=", car.body_type)
        .where("id", "<>", car.id)
        .execute()
    )
      .map((c) => Math.abs(c.price - car.price))
      .sort((a, b) => a - b);
    expect(found.map((c) => Math.abs(c.price - car.price))).toEqual(gaps.slice(0, 4));

    const listed = await sitemapCars();
    const unsold = await getDb().selectFrom("cars").select("id").where("sold", "=", 0).execute();
    expect(listed.length).toBe(unsold.length);
    const sitemapPlan = getDb()
      .selectFrom("cars")
      .select(["id", "make", "model", "year", "updated_at"])
      .where(sql<boolean>`cars.sold = 0`)
      .orderBy(sql`cars.created_at DESC, cars.id DESC`);
    expect((await plan(sitemapPlan)).join("\n")).toMatch(/cars_available_created\b/);
  });

  it("without filters walks only the index of unsold cars, newest first", async () => {
    const { count, ids } = catalogQueries({}, { limit: 6, offset: 600 });
    expect((await plan(ids)).join("\n")).toMatch(/SCAN cars USING COVERING INDEX cars_available_photos_created/);
    for (const line of await plan(count)) expect(line).toMatch(/^SCAN cars USING COVERING INDEX cars_available_\w+$/);
  });

  it("gives the same answers as a plain reading of the rows", async () => {
    const all = (await getDb().selectFrom("cars").selectAll().where("sold", "=", 0).execute()).map((c) => ({
      ...c,
      keyfeatures: JSON.parse(c.keyfeatures) as string[],
    }));
    const expectCount = async (filters: CarFilters, keep: (c: (typeof all)[number]) => boolean) =>
      expect((await pageCars(filters, 1, 6)).total).toBe(all.filter(keep).length);
    await expectCount({ make: "toyota" }, (c) => c.make === "Toyota");
    await expectCount({ condition: "used" }, (c) => c.condition !== "New");
    await expectCount({ minPrice: 150_000_000 }, (c) => c.price >= 150_000_000);
    await expectCount({ keyFeatures: ["winch"] }, (c) => c.keyfeatures.includes("Winch"));
    await expectCount({ customs_duty_paid: true }, (c) => c.custom_paper === "Yes");
    await expectCount({ location: "lekki" }, (c) => c.location === "Lekki, Lagos");
    // Each word is a prefix, in any searched column: "12" also finds the model "Model 12".
    await expectCount(
      { q: "number 12" },
      (c) => /number 12\d*$/.test(c.car_description ?? "") || c.model === "Model 12",
    );
    const page = await pageCars({ body_type: "SUV" }, 3, 6);
    const expected = all
      .filter((c) => c.body_type === "SUV")
      .sort((a, b) => b.has_photos - a.has_photos || b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .slice(12, 18)
      .map((c) => c.id);
    expect(page.cars.map((c) => c.id)).toEqual(expected);
  });

  it("renders the home page with at most four statements", async () => {
    const sqlite = getSqlite();
    // warm the cookie secret
    await home({ request: new Request("http://x/?condition=foreign-used&page=3"), params: {}, context: loadContext() });
    const prepare = sqlite.prepare.bind(sqlite);
    const statements: string[] = [];
    sqlite.prepare = ((source: string) => {
      statements.push(source);
      return prepare(source);
    }) as typeof sqlite.prepare;
    try {
      const data = await home({
        request: new Request("http://x/?condition=foreign-used&page=3"),
        params: {},
        context: loadContext(),
      });
      expect(data.collection.cars).toHaveLength(12);
      expect(data.recent).toHaveLength(6);
      expect(data.tab.cars.every((c) => c.condition === "Foreign Used")).toBe(true);
      expect(data.tiles).toEqual(
        data.tiles.map((t) => ({ ...t, count: expect.any(Number), image: expect.stringMatching(/^\/uploads\//) })),
      );
      expect(data.tiles.every((t) => t.count > 0)).toBe(true);
    } finally {
      sqlite.prepare = prepare;
    }
    expect(statements.length).toBeLessThanOrEqual(4);
  });
});
