import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { getDb, getSqlite } from "../../db/database.server";
import { type CarInput, createCar } from "~/models/car.server";

/** Empties every table except admins and settings (call in beforeEach for a clean slate). */
export async function clearData(): Promise<void> {
  const db = getDb();
  for (const table of [
    "client_infos", "loan_applications", "contact_messages", "inspections",
    "newsletter_subscriptions", "car_sales", "car_images", "cars", "sessions",
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
  const id = await createCar({ ...baseCar, ...input }, images ?? ["/uploads/test-image.jpg"], created_at);
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
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.startsWith(".")).map((f) => path.join(dir, f)) : [];
}

/**
 * Inserts `count` varied cars straight through SQL in one transaction (fast enough for a
 * catalogue of thousands), one image row each; every 7th is sold. The triggers keep the search
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
      engine_capacity, engine_size, custom_paper, color, registration, financing, car_description, location, keyfeatures,
      sold, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '2.0L', 'V4', 'Yes', ?, 0, ?, ?, ?, ?, ?, ?, ?)`);
  const image = sqlite.prepare("INSERT INTO car_images (car_id, path, position) VALUES (?, ?, 0)");
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
      const { lastInsertRowid } = car.run(
        makes[i % makes.length], `Model ${i % 37}`, 2005 + (i % 21), 1_000_000 + ((i * 7919) % 200_000_000), (i * 131) % 200_000,
        conditions[i % 3], bodies[i % bodies.length], i % 4 ? "Automatic" : "Manual", i % 3 ? "Petrol" : "Diesel",
        ["AWD", "FWD", "RWD", "4WD"][i % 4], ["Black", "White", "Red"][i % 3], i % 3 === 0 ? 1 : 0,
        `A clean car, number ${i}`, ["Lekki, Lagos", "Abuja", "Ikeja, Lagos"][i % 3],
        JSON.stringify(features.slice(i % features.length)), i % 7 === 0 ? 1 : 0, at, at,
      );
      image.run(lastInsertRowid, `/uploads/bulk-${i % 24}.jpg`);
    }
  })();
}
