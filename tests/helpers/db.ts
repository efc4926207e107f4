import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { getDb } from "../../db/database.server";
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
