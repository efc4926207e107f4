import { beforeEach, describe, expect, it } from "vitest";
import { clearData, makeCar } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import { loader as search } from "./api.cars";
import { loader as byId } from "./api.cars.$id";
import { loader as all } from "./api.cars.all";
import { loader as financing } from "./api.cars.financing";
import { loader as recent } from "./api.cars.recent";

const args = (url: string, params: Record<string, string> = {}) => ({
  request: new Request(`http://x${url}`),
  params,
  context: loadContext(),
});

async function ids(query: string): Promise<{ status: number; ids: number[]; ignored: string | null }> {
  const res = (await search(args(`/api/cars${query}`))) as Response;
  const body = (await res.json()) as { id: number }[];
  return {
    status: res.status,
    ids: body.map((c) => c.id).sort((a, b) => a - b),
    ignored: res.headers.get("X-Ignored-Filters"),
  };
}
const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);

let camry: number, hilux: number, rx: number, sold: number, accord: number;

beforeEach(async () => {
  await clearData();
  camry = await makeCar({
    make: "Toyota",
    model: "Camry",
    keyfeatures: ["Bluetooth", "Sunroof"],
    color: "Black",
    created_at: "2026-01-01T00:00:00.000Z",
  });
  hilux = await makeCar({
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
    keyfeatures: ["Winch"],
    car_description: "Workhorse pickup",
    created_at: "2026-02-01T00:00:00.000Z",
  });
  rx = await makeCar({
    make: "Lexus",
    model: "RX 350",
    body_type: "SUV",
    condition: "New",
    price: 150_000_000,
    year: 2026,
    mileage: 10,
    financing: true,
    color: "Wine",
    drive_train: "AWD",
    keyfeatures: ["Sunroof", "Heated Seats"],
    created_at: "2026-03-01T00:00:00.000Z",
  });
  accord = await makeCar({
    make: "Honda",
    model: "Accord",
    drive_train: "RWD",
    financing: true,
    created_at: "2026-04-01T00:00:00.000Z",
  });
  sold = await makeCar({
    make: "Toyota",
    model: "Corolla",
    sold: true,
    financing: true,
    created_at: "2026-05-01T00:00:00.000Z",
  });
});

describe("GET /api/cars filters", () => {
  it("lists every unsold car without filters", async () => {
    expect((await ids("")).ids).toEqual(sorted(camry, hilux, rx, accord));
  });

  it.each([
    ["?q=wine", () => [rx]],
    ["?q=SUNROOF", () => [camry, rx]],
    ["?q=workhorse", () => [hilux]],
    ["?body_type=truck", () => [hilux]],
    ["?fuel_type=Diesel", () => [hilux]],
    ["?drive_train=awd", () => [rx]],
    ["?make=toyota", () => [camry, hilux]],
    ["?model=rx", () => [rx]],
    ["?condition=New", () => [rx]],
    ["?condition=Used", () => [camry, hilux, accord]],
    ["?condition=nigerian%20used", () => [hilux]],
    ["?transmission=Manual", () => [hilux]],
    ["?minYear=2021", () => [rx]],
    ["?maxYear=2014", () => [hilux]],
    ["?minPrice=100000000", () => [rx]],
    ["?maxPrice=20000000", () => [hilux]],
    ["?minMileage=100000", () => [hilux]],
    ["?maxMileage=100", () => [rx]],
    ["?location=abuja", () => [hilux]],
    ["?keyFeatures=Sunroof", () => [camry, rx]],
    ["?keyFeatures=Sunroof&keyFeatures=Heated%20Seats", () => [rx]],
    ["?keyFeatures=Sunroof,Bluetooth", () => [camry]],
  ])("filters by %s", async (query, expected) => {
    const r = await ids(query);
    expect(r.status).toBe(200);
    expect(r.ids).toEqual(sorted(...expected()));
  });

  it("combines filters", async () => {
    expect((await ids("?make=Toyota&condition=Used&maxPrice=20000000")).ids).toEqual([hilux]);
    expect((await ids("?q=sunroof&body_type=SUV&minYear=2025")).ids).toEqual([rx]);
    expect((await ids("?make=Toyota&body_type=SUV")).ids).toEqual([]);
    expect((await ids("?minPrice=10000000&maxPrice=30000000&maxMileage=50000")).ids).toEqual(sorted(camry, accord));
  });

  it("accepts the panel names type, fuelType and driveType as aliases", async () => {
    expect((await ids("?type=Truck")).ids).toEqual([hilux]);
    expect((await ids("?fuelType=diesel")).ids).toEqual([hilux]);
    expect((await ids("?driveType=AWD")).ids).toEqual([rx]);
    expect((await ids("?type=Sedan&driveType=RWD")).ids).toEqual([accord]);
  });

  it("treats empty and All values as no filter", async () => {
    expect((await ids("?make=&type=All&condition=all&minPrice=")).ids).toEqual(sorted(camry, hilux, rx, accord));
  });

  it("ignores bad values and names them, never a 500", async () => {
    const r = await ids("?minPrice=abc&maxYear=-3&make=Toyota");
    expect(r.status).toBe(200);
    expect(r.ids).toEqual(sorted(camry, hilux));
    expect(r.ignored).toBe("maxYear,minPrice");
    const weird = await ids("?q=%25_%5C&minMileage=1e99");
    expect(weird.status).toBe(200);
    expect(weird.ids).toEqual([]);
  });

  it("never lists sold cars", async () => {
    expect((await ids("?make=Toyota&model=Corolla")).ids).toEqual([]);
  });

  it("filters on customs duty paid (customs_duty_paid=1); other values are ignored and named", async () => {
    const paid = await makeCar({ make: "Kia", model: "Sorento", custom_paper: "Yes" });
    const rio = await makeCar({ make: "Kia", model: "Rio", custom_paper: "No" });
    // customs_duty_paid=1 is "with Custom Paper" (the fixture cars have it too).
    const all = (await ids("?customs_duty_paid=1")).ids;
    expect(all).toContain(paid);
    expect(all).not.toContain(rio);
    expect((await ids("?customs_duty_paid=1&make=kia")).ids).toEqual([paid]);
    const r = await ids("?customs_duty_paid=maybe&make=Honda");
    expect(r.ids).toEqual([accord]);
    expect(r.ignored).toBe("customs_duty_paid");
  });
});

describe("GET /api/cars sort", () => {
  const order = async (query: string) => {
    const res = (await search(args(`/api/cars${query}`))) as Response;
    return { body: (await res.json()) as { id: number; price: number }[], res };
  };

  it("orders by each sort, keeping it in the pager's links; newest by default; an unknown sort is named", async () => {
    expect((await order("?sort=price_asc")).body.map((c) => c.id)).toEqual([hilux, camry, accord, rx]);
    expect((await order("?sort=price_desc")).body.map((c) => c.id)).toEqual([rx, accord, camry, hilux]);
    expect((await order("?sort=year_desc")).body.map((c) => c.id)).toEqual([rx, accord, camry, hilux]);
    // Equal mileages (camry and accord) break the tie by id, ascending like the sort.
    expect((await order("?sort=mileage_asc")).body.map((c) => c.id)).toEqual([rx, camry, accord, hilux]);
    expect((await order("?sort=newest")).body.map((c) => c.id)).toEqual([accord, rx, hilux, camry]);
    expect((await order("")).body.map((c) => c.id)).toEqual([accord, rx, hilux, camry]);
    const paged = await order("?sort=price_desc&limit=2&page=2");
    expect(paged.body.map((c) => c.id)).toEqual([camry, hilux]);
    expect(paged.res.headers.get("Link")).toContain("sort=price_desc");
    const bad = await order("?sort=cheapest");
    expect(bad.body.map((c) => c.id)).toEqual([accord, rx, hilux, camry]);
    expect(bad.res.headers.get("X-Ignored-Filters")).toBe("sort");
  });
});

describe("GET /api/cars/all, /recent, /financing", () => {
  it("all: every unsold car newest first, with the public car fields", async () => {
    const body = await (await all(args("/api/cars/all"))).json();
    expect(body.map((c: { id: number }) => c.id)).toEqual([accord, rx, hilux, camry]);
    expect(Object.keys(body[0])).toEqual(
      expect.arrayContaining([
        "id",
        "make",
        "model",
        "year",
        "price",
        "mileage",
        "condition",
        "body_type",
        "transmission",
        "fuel_type",
        "drive_train",
        "engine_capacity",
        "engine_size",
        "custom_paper",
        "color",
        "registration",
        "car_description",
        "keyfeatures",
        "images",
      ]),
    );
    expect(body[0].images).toEqual(["/uploads/test-image.jpg"]);
  });

  it("public lists leave out the back-office fields (vin, car_history, other_info)", async () => {
    const responses = [
      await all(args("/api/cars/all")),
      await recent(args("/api/cars/recent")),
      await financing(args("/api/cars/financing")),
      (await search(args("/api/cars"))) as Response,
    ];
    for (const res of responses) {
      for (const car of await res.json()) {
        for (const key of ["vin", "car_history", "other_info"]) expect(car).not.toHaveProperty(key);
      }
    }
  });

  it("recent: newest first, sold excluded", async () => {
    const body = await (await recent(args("/api/cars/recent"))).json();
    expect(body.map((c: { id: number }) => c.id)).toEqual([accord, rx, hilux, camry]);
  });

  it("financing: only unsold cars with financing on", async () => {
    const body = await (await financing(args("/api/cars/financing"))).json();
    expect(body.map((c: { id: number }) => c.id)).toEqual([accord, rx]);
  });
});

describe("paging of the list APIs", () => {
  const get = async (loader: typeof all, url: string) => (await loader(args(url))) as Response;

  it("answers at most `limit` cars, with X-Total-Count and Link next/prev that keep the filters", async () => {
    const first = await get(search, "/api/cars?make=toyota&limit=1");
    expect((await first.json()).map((c: { id: number }) => c.id)).toEqual([hilux]);
    expect(first.headers.get("X-Total-Count")).toBe("2");
    expect(first.headers.get("Link")).toBe('</api/cars?make=toyota&limit=1&page=2>; rel="next"');
    const second = await get(search, "/api/cars?make=toyota&limit=1&page=2");
    expect((await second.json()).map((c: { id: number }) => c.id)).toEqual([camry]);
    expect(second.headers.get("Link")).toBe('</api/cars?make=toyota&limit=1&page=1>; rel="prev"');
  });

  it("pages /all, /recent and /financing the same way; a page past the end is an empty list", async () => {
    for (const [loader, path, total] of [
      [all, "/api/cars/all", 4],
      [recent, "/api/cars/recent", 4],
      [financing, "/api/cars/financing", 2],
    ] as const) {
      const res = await get(loader, `${path}?limit=2&page=2`);
      expect(res.headers.get("X-Total-Count")).toBe(String(total));
      expect((await res.json()).length).toBe(total - 2);
      expect(res.headers.get("Link")).toContain('rel="prev"');
      expect(await (await get(loader, `${path}?page=9`)).json()).toEqual([]);
    }
  });

  it("caps limit at 100, defaults it to 60, and names bad paging values in X-Ignored-Filters", async () => {
    for (let i = 0; i < 105; i++) await makeCar({ model: `Bulk ${i}`, images: [] });
    const capped = await get(all, "/api/cars/all?limit=500");
    expect((await capped.json()).length).toBe(100);
    expect(capped.headers.get("X-Total-Count")).toBe("109");
    expect((await (await get(all, "/api/cars/all")).json()).length).toBe(60);
    const bad = await get(search, "/api/cars?limit=-3&page=abc");
    expect(bad.status).toBe(200);
    expect(bad.headers.get("X-Ignored-Filters")).toBe("page,limit");
    expect((await bad.json()).length).toBe(60);
  });
});

describe("GET /api/cars/{id}", () => {
  it("answers the car with its images", async () => {
    const res = (await byId(args(`/api/cars/${rx}`, { id: String(rx) }))) as Response;
    expect(res.status).toBe(200);
    const car = await res.json();
    expect(car).toMatchObject({
      id: rx,
      make: "Lexus",
      model: "RX 350",
      keyfeatures: ["Sunroof", "Heated Seats"],
      images: ["/uploads/test-image.jpg"],
    });
  });

  it("answers 404 { error } for an unknown or malformed id", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5"]) {
      const res = (await byId(args(`/api/cars/${id}`, { id }))) as Response;
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Car not found" });
    }
  });

  it("still answers a sold car by id (the admin edit form reads it)", async () => {
    const res = (await byId(args(`/api/cars/${sold}`, { id: String(sold) }))) as Response;
    expect(res.status).toBe(200);
    expect((await res.json()).sold).toBe(true);
  });
});
