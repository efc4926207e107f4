import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { getCar } from "~/models/car.server";
import { diskPathOf } from "~/models/upload.server";
import { getDb } from "../../db/database.server";
import { adminToken, bearer, respond } from "../../tests/helpers/admin-auth";
import { clearData, makeCar, makeImage, uploadedFiles } from "../../tests/helpers/db";
import { loadContext } from "../../tests/helpers/load-context";
import * as cars from "./api.cars";
import * as carById from "./api.cars.$id";
import * as markSold from "./api.cars.mark-sold";

const BASE = "http://localhost";
const FIELDS = {
  make: "Lexus",
  model: "RX 350",
  year: "2021",
  price: "65000000",
  mileage: "21000",
  condition: "Foreign Used",
  engine_capacity: "3.5L",
  engine_size: "V6",
  custom_paper: "Yes",
  body_type: "SUV",
  drive_train: "AWD",
  transmission: "Automatic",
  fuel_type: "Petrol",
  color: "Pearl White",
  location: "Lekki, Lagos",
  financing: "Yes",
  registration: "No",
  keyfeatures: JSON.stringify(["Sunroof", "Bluetooth"]),
};

let token = "";
beforeEach(async () => {
  await clearData();
  for (const f of uploadedFiles()) fs.rmSync(f);
  token = (await adminToken()).token;
});

function form(
  fields: Record<string, string>,
  images: { bytes: Buffer | Uint8Array; name: string; type?: string }[] = [],
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  for (const img of images)
    fd.append("images", new File([new Uint8Array(img.bytes)], img.name, { type: img.type ?? "image/jpeg" }));
  return fd;
}

const post = (body: FormData) =>
  respond(() =>
    cars.action({
      request: new Request(`${BASE}/api/cars`, { method: "POST", headers: bearer(token), body }),
      params: {},
      context: loadContext(),
    }),
  );
const put = (id: number, body: FormData) =>
  respond(() =>
    carById.action({
      request: new Request(`${BASE}/api/cars/${id}`, { method: "PUT", headers: bearer(token), body }),
      params: { id: String(id) },
      context: loadContext(),
    }),
  );
const del = (id: number) =>
  respond(() =>
    carById.action({
      request: new Request(`${BASE}/api/cars/${id}`, { method: "DELETE", headers: bearer(token) }),
      params: { id: String(id) },
      context: loadContext(),
    }),
  );
const carCount = async () =>
  (
    await getDb()
      .selectFrom("cars")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

describe("POST /api/cars", () => {
  it("stores the car, its key features and two images with their WebP variants", async () => {
    const res = await post(
      form(FIELDS, [
        { bytes: await makeImage("jpeg"), name: "front.jpg" },
        { bytes: await makeImage("png"), name: "side.png" },
      ]),
    );
    expect(res.status).toBe(201);
    const { car } = await res.json();
    expect(car).toMatchObject({
      make: "Lexus",
      year: 2021,
      price: 65_000_000,
      financing: true,
      registration: false,
      keyfeatures: ["Sunroof", "Bluetooth"],
    });
    expect(car.images).toHaveLength(2);
    expect(car.images[0]).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    expect(car.images[1]).toMatch(/\.png$/);
    expect(uploadedFiles()).toHaveLength(6); // two originals, two card and two thumb variants
    for (const p of car.images) expect(fs.existsSync(diskPathOf(p)!)).toBe(true);
  });

  it("refuses invalid fields with 400, per field, and writes nothing", async () => {
    const res = await post(
      form({ ...FIELDS, make: "", year: "next year" }, [{ bytes: await makeImage(), name: "a.jpg" }]),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("Make is required");
    expect(body.fields).toMatchObject({ make: "Make is required", year: "Year must be a number" });
    expect(await carCount()).toBe(0);
    expect(uploadedFiles()).toEqual([]);
  });

  describe("upload rules: the whole request is refused and nothing is written", () => {
    const cases: [
      string,
      () => Promise<{ bytes: Buffer | Uint8Array; name: string; type?: string }[]>,
      number,
      RegExp,
    ][] = [
      [
        "11 images",
        () =>
          Promise.all(Array.from({ length: 11 }, async (_, i) => ({ bytes: await makeImage(), name: `x${i}.jpg` }))),
        413,
        /At most 10 images/,
      ],
      [
        "a 2097153-byte file",
        async () => [
          { bytes: await makeImage(), name: "ok.jpg" },
          { bytes: Buffer.alloc(2_097_153, 0xff), name: "big.jpg" },
        ],
        413,
        /Each image must be under 2MB/,
      ],
      [
        "a text file named .jpg",
        async () => [
          { bytes: await makeImage(), name: "ok.jpg" },
          { bytes: Buffer.from("just some text, not a photo\n".repeat(20)), name: "car.jpg", type: "image/jpeg" },
        ],
        415,
        /Only JPEG, PNG, WebP, GIF or AVIF/,
      ],
      [
        "an SVG",
        async () => [
          {
            bytes: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
            ),
            name: "car.svg",
            type: "image/svg+xml",
          },
        ],
        415,
        /Only JPEG, PNG, WebP, GIF or AVIF/,
      ],
    ];
    for (const [label, files, status, message] of cases) {
      it(`on add: ${label}`, async () => {
        const res = await post(form(FIELDS, await files()));
        expect(res.status).toBe(status);
        expect((await res.json()).error).toMatch(message);
        expect(await carCount()).toBe(0);
        expect(uploadedFiles()).toEqual([]);
      });
      it(`on edit: ${label}`, async () => {
        const id = await makeCar({ images: ["/uploads/kept.jpg"] });
        const before = await getCar(id);
        const res = await put(id, form({ ...FIELDS, existingImages: "[]" }, await files()));
        expect(res.status).toBe(status);
        expect(await getCar(id)).toEqual(before);
        expect(uploadedFiles()).toEqual([]);
      });
    }
  });

  it("removes the written files when the database write fails", async () => {
    const { sql } = await import("kysely");
    await sql`CREATE TRIGGER fail_insert BEFORE INSERT ON cars BEGIN SELECT RAISE(ABORT, 'disk full'); END`.execute(
      getDb(),
    );
    try {
      await expect(post(form(FIELDS, [{ bytes: await makeImage(), name: "a.jpg" }]))).rejects.toThrow(/disk full/);
      expect(uploadedFiles()).toEqual([]);
    } finally {
      await sql`DROP TRIGGER fail_insert`.execute(getDb());
    }
  });

  it("refuses a body that is not multipart, JSON or a form with 415", async () => {
    const res = await respond(() =>
      cars.action({
        request: new Request(`${BASE}/api/cars`, {
          method: "POST",
          headers: { ...bearer(token), "Content-Type": "text/plain" },
          body: "hi",
        }),
        params: {},
        context: loadContext(),
      }),
    );
    expect(res.status).toBe(415);
  });
});

describe("PUT /api/cars/{id}", () => {
  it("keeps the listed images, adds new ones and deletes the files of removed ones", async () => {
    const created = await (
      await post(
        form(FIELDS, [
          { bytes: await makeImage(), name: "a.jpg" },
          { bytes: await makeImage("webp"), name: "b.webp" },
        ]),
      )
    ).json();
    const [keep, drop] = created.car.images as string[];
    const res = await put(
      created.car.id,
      form({ ...FIELDS, price: "60000000", existingImages: JSON.stringify([keep]) }, [
        { bytes: await makeImage("png"), name: "c.png" },
      ]),
    );
    expect(res.status).toBe(200);
    const car = await getCar(created.car.id);
    expect(car?.price).toBe(60_000_000);
    expect(car?.images).toHaveLength(2);
    expect(car?.images[0]).toBe(keep);
    expect(car?.images[1]).toMatch(/\.png$/);
    expect(fs.existsSync(diskPathOf(drop)!)).toBe(false);
    expect(fs.existsSync(diskPathOf(drop)!.replace(".webp", ".card.webp"))).toBe(false);
    expect(uploadedFiles()).toHaveLength(6);
  });

  it("takes a JSON body with existingImages as a real list", async () => {
    const created = await (
      await post(
        form(FIELDS, [
          { bytes: await makeImage(), name: "a.jpg" },
          { bytes: await makeImage(), name: "b.jpg" },
        ]),
      )
    ).json();
    const [keep, drop] = created.car.images as string[];
    const putJson = (body: unknown) =>
      respond(() =>
        carById.action({
          request: new Request(`${BASE}/api/cars/${created.car.id}`, {
            method: "PUT",
            headers: { ...bearer(token), "Content-Type": "application/json" },
            body: JSON.stringify(body),
          }),
          params: { id: String(created.car.id) },
          context: loadContext(),
        }),
      );
    const res = await putJson({ ...FIELDS, keyfeatures: ["Sunroof"], existingImages: [keep] });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await getCar(created.car.id))?.images).toEqual([keep]);
    expect(fs.existsSync(diskPathOf(drop)!)).toBe(false);
    expect((await putJson({ ...FIELDS, existingImages: [] })).status).toBe(200);
    expect((await getCar(created.car.id))?.images).toEqual([]);
    expect(uploadedFiles()).toEqual([]);
    expect((await putJson({ ...FIELDS, existingImages: [1, 2] })).status).toBe(400);
  });

  it("keeps the car and its files and leaves no new file when the database write fails mid-update", async () => {
    const created = await (
      await post(
        form(FIELDS, [
          { bytes: await makeImage(), name: "a.jpg" },
          { bytes: await makeImage(), name: "b.jpg" },
        ]),
      )
    ).json();
    const id = created.car.id as number;
    const before = await getCar(id);
    const filesBefore = uploadedFiles().sort();
    const { sql } = await import("kysely");
    // The car row is updated and the old image rows deleted before this insert fails.
    await sql`CREATE TRIGGER fail_images BEFORE INSERT ON car_images
      BEGIN SELECT RAISE(ABORT, 'disk full'); END`.execute(getDb());
    try {
      const body = form({ ...FIELDS, price: "1", existingImages: JSON.stringify([before!.images[0]]) }, [
        { bytes: await makeImage("png"), name: "c.png" },
      ]);
      await expect(put(id, body)).rejects.toThrow(/disk full/);
    } finally {
      await sql`DROP TRIGGER fail_images`.execute(getDb());
    }
    expect(await getCar(id)).toEqual(before);
    expect(uploadedFiles().sort()).toEqual(filesBefore);
  });

  it("answers 404 for an unknown car and 400 for a bad existingImages", async () => {
    expect((await put(9999, form(FIELDS))).status).toBe(404);
    const id = await makeCar();
    const bad = await put(id, form({ ...FIELDS, existingImages: "not json" }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/existingImages/);
  });
});

describe("DELETE /api/cars/{id}", () => {
  it("deletes the car, its image rows and its files, and keeps the sale record", async () => {
    const created = await (await post(form(FIELDS, [{ bytes: await makeImage(), name: "a.jpg" }]))).json();
    const id = created.car.id;
    await respond(() =>
      markSold.action({
        request: new Request(`${BASE}/api/cars/mark-sold`, {
          method: "POST",
          headers: { ...bearer(token), "Content-Type": "application/json" },
          body: JSON.stringify({
            id,
            make: "Lexus",
            model: "RX 350",
            year: 2021,
            color: "Pearl White",
            dateSold: "2026-03-04T10:00:00.000Z",
            timeSold: "11:00:00",
          }),
        }),
        params: {},
        context: loadContext(),
      }),
    );
    expect(uploadedFiles()).toHaveLength(3);
    const res = await del(id);
    expect(res.status).toBe(200);
    expect(await getCar(id)).toBeNull();
    expect(await getDb().selectFrom("car_images").selectAll().execute()).toEqual([]);
    expect(uploadedFiles()).toEqual([]);
    expect(await getDb().selectFrom("car_sales").select(["car_id", "make"]).execute()).toEqual([
      { car_id: null, make: "Lexus" },
    ]);
    expect((await del(id)).status).toBe(404);
  });
});

describe("POST /api/cars/mark-sold", () => {
  const call = (body: unknown) =>
    respond(() =>
      markSold.action({
        request: new Request(`${BASE}/api/cars/mark-sold`, {
          method: "POST",
          headers: { ...bearer(token), "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        params: {},
        context: loadContext(),
      }),
    );

  it("stores the sold record from the stored car and takes the car off the public lists", async () => {
    const id = await makeCar({ color: "Black", make: "Toyota", model: "Land Cruiser", year: 2022, price: 44_900_000 });
    const before = Date.now();
    // The caller's make, model, year, colour and date are ignored: the record is the stored car's.
    const res = await call({
      id,
      make: "X",
      model: "Y",
      year: 2020,
      color: "red",
      dateSold: "2020-05-06T09:30:00.000Z",
      timeSold: "10:30:00 AM",
    });
    expect(res.status).toBe(200);
    expect((await getCar(id))?.sold).toBe(true);
    const sale = await getDb().selectFrom("car_sales").selectAll().executeTakeFirstOrThrow();
    expect(sale).toMatchObject({
      car_id: id,
      make: "Toyota",
      model: "Land Cruiser",
      year: 2022,
      color: "Black",
      price: 44_900_000,
      sale_price: 44_900_000,
    });
    expect(Date.parse(sale.date_sold)).toBeGreaterThanOrEqual(before - 1000);
    expect(sale.time_sold).toMatch(/^\d\d:\d\d:\d\d$/);
    const pub = await respond(() =>
      cars.loader({ request: new Request(`${BASE}/api/cars`), params: {}, context: loadContext() }),
    );
    expect(await pub.json()).toEqual([]);
    const again = await call({ id });
    expect(again.status).toBe(400);
  });

  it("takes { id, salePrice } alone", async () => {
    const id = await makeCar();
    expect((await call({ id, salePrice: "₦24,000,000" })).status).toBe(200);
    expect(await getDb().selectFrom("car_sales").select(["make", "sale_price"]).execute()).toEqual([
      { make: "Toyota", sale_price: 24_000_000 },
    ]);
  });

  it("refuses bad payloads with 400 and unknown cars with 404", async () => {
    expect((await call({ make: "Toyota" })).status).toBe(400);
    expect((await call({ id: "one" })).status).toBe(400);
    expect((await call({ id: 1, salePrice: "-5" })).status).toBe(400);
    expect(
      (
        await call({
          id: 77,
          make: "Toyota",
          model: "Camry",
          year: 2020,
          dateSold: "2026-01-01T00:00:00Z",
          timeSold: "10:00",
        })
      ).status,
    ).toBe(404);
    expect(await getDb().selectFrom("car_sales").selectAll().execute()).toEqual([]);
  });
});
