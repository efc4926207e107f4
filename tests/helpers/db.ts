import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import type { CarInput } from "~/lib/car";
import { createCar } from "~/models/car.server";
import { getDb, getSqlite } from "../../db/database.server";

/** Empties every table except admins and settings (call in beforeEach for a clean slate). */
export async function clearData(): Promise<void> {
  const db = getDb();
  for (const table of [
    "outbox",
    "reservations",
    "sourcing_requests",
    "whatsapp_clicks",
    "client_infos",
    "loan_applications",
    "contact_messages",
    "inspections",
    "newsletter_subscriptions",
    "car_sales",
    "car_images",
    "cars",
    "sessions",
    "hero_slides",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

export const baseCar: CarInput = {
  make: "Toyota",
  model: "Camry",
  year: 2020,
  price: 25_000_000,
  mileage: 40_000,
  condition: "Foreign Used",
  body_type: "Sedan",
  transmission: "Automatic",
  fuel_type: "Petrol",
  drive_train: "FWD",
  engine_capacity: "2.5L",
  engine_size: "V4",
  custom_paper: "Yes",
  color: "Black",
  registration: false,
  financing: false,
  car_description: "Clean Tokunbo Camry",
  location: "Lekki, Lagos",
  keyfeatures: ["Bluetooth", "Airbags"],
};

/** Inserts a car with sensible defaults; returns its id. */
export async function makeCar(
  overrides: Partial<CarInput> & { sold?: boolean; created_at?: string; images?: string[] } = {},
): Promise<number> {
  const { sold, created_at, images, ...input } = overrides;
  const id = await createCar(getDb(), { ...baseCar, ...input }, images ?? ["/uploads/test-image.jpg"], created_at);
  if (sold) await getDb().updateTable("cars").set({ sold: 1 }).where("id", "=", id).execute();
  return id;
}

/** A real image of the given format and roughly the given size, for upload tests. */
export async function makeImage(format: "jpeg" | "png" | "webp" = "jpeg", width = 64): Promise<Buffer> {
  return sharp({ create: { width, height: Math.round(width * 0.66), channels: 3, background: "#2e86de" } })
    .toFormat(format)
    .toBuffer();
}

/** Every file currently under UPLOADS_DIR. */
export function uploadedFiles(): string[] {
  const dir = process.env.UPLOADS_DIR!;
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => !f.startsWith("."))
        .map((f) => path.join(dir, f))
    : [];
}

/**
 * Inserts `count` varied cars straight through SQL in one transaction (fast enough for a
 * catalogue of thousands), one image row each but every 11th (an imported car waiting for its
 * photos); every 7th is sold. The triggers keep the search
 * index, the key-feature rows and the catalogue version in step as for any other insert.
 */
export function insertManyCars(count: number): void {
  const sqlite = getSqlite();
  const makes = ["Toyota", "Lexus", "Honda", "Kia", "BMW", "Ford", "Hyundai", "Mercedes-Benz"];
  const bodies = ["SUV", "Sedan", "Truck", "Coupe", "EV"];
  const conditions = ["New", "Foreign Used", "Nigerian Used"];
  const features = ["Bluetooth", "Sunroof", "Winch", "Airbags", "Heated Seats"];
  const car = sqlite.prepare(`
    INSERT INTO cars (make, model, year, price, mileage, condition, body_type, transmission, fuel_type, drive_train,
      engine_capacity, engine_size, custom_paper, color, registration, financing, car_description, location,
      keyfeatures, sold, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '2.0L', 'V4', ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`);
  const image = sqlite.prepare("INSERT INTO car_images (car_id, path, position) VALUES (?, ?, 0)");
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
      const { lastInsertRowid } = car.run(
        makes[i % makes.length],
        `Model ${i % 37}`,
        2005 + (i % 21),
        1_000_000 + ((i * 7919) % 200_000_000),
        (i * 131) % 200_000,
        conditions[i % 3],
        bodies[i % bodies.length],
        i % 4 ? "Automatic" : "Manual",
        i % 3 ? "Petrol" : "Diesel",
        ["AWD", "FWD", "RWD", "4WD"][i % 4],
        // Custom Paper: half of them have it.
        i % 2 === 0 ? "Yes" : "No",
        ["Black", "White", "Red"][i % 3],
        i % 3 === 0 ? 1 : 0,
        `A clean car, number ${i}`,
        ["Lekki, Lagos", "Abuja", "Ikeja, Lagos"][i % 3],
        JSON.stringify(features.slice(i % features.length)),
        i % 7 === 0 ? 1 : 0,
        at,
        at,
      );
      if (i % 11 !== 5) image.run(lastInsertRowid, `/uploads/bulk-${i % 24}.jpg`);
    }
  })();
}

/**
 * A valid PNG of the given size that weighs almost nothing: 1-bit pixels, all zero, deflated.
 * 16,000 × 16,000 is about 31 KB on disk and 256 megapixels once decoded (a "pixel flood").
 */
export function pixelFloodPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const raw = Buffer.alloc(row.length * height); // every row: filter 0, all pixels 0
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG carrying an EXIF block with a GPS position and the given EXIF orientation. */
export async function jpegWithGps(orientation = 1): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 32, channels: 3, background: "#c0392b" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Seller Phone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "6/1 26/1 3000/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "3/1 28/1 1200/100",
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

/** Whether EXIF bytes hold a GPS block (the GPS IFD pointer, tag 0x8825, in either byte order). */
export function hasGpsBlock(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

/** How many newsletter subscribers are stored. */
export async function countSubscribers(): Promise<number> {
  const { n } = await getDb()
    .selectFrom("newsletter_subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
