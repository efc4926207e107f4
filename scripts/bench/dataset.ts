// The bench's own inventory, written into a temporary database and uploads folder: the schema comes
// from the project's migrations, the cars from the demo seed's makes, models and prices, and a
// small pool of real photos (with their WebP variants) that every car shares.

import { prng } from "../../app/lib/prng";
import type { TempDirs } from "./server";

export interface Dataset {
  cars: number;
  unsold: number;
  sold: number;
  /** Unsold SUVs: the filtered cold walk's page count comes from it. */
  unsoldSuv: number;
  toyotaLexus: number;
  financing: number;
  images: number;
  /** The unsold car every list shows first (the one the edit phase changes). */
  newestUnsoldId: number;
  /** A few unsold cars from the middle of the stock. */
  sampleUnsoldIds: number[];
  seconds: number;
}

const DAY = 86_400_000;
const BODY_TYPES = ["SUV", "Sedan", "Coupe", "EV", "Truck"] as const;
const POOL_COLORS = ["#1b1e23", "#f2f4f6", "#b7bec7", "#1f4e8c", "#b3202a"];
const POOL_MODELS: Record<string, [string, string]> = {
  SUV: ["Toyota", "Highlander"],
  Sedan: ["Lexus", "ES 350"],
  Coupe: ["Mercedes-Benz", "C 300 Coupe"],
  EV: ["Hyundai", "Ioniq 5"],
  Truck: ["Toyota", "Hilux"],
};

/**
 * Fills `dirs` with `count` cars (a fifth of them sold), 2-4 shared photos each.
 * Must run before anything else in this process touches the database module.
 */
export async function generateDataset(dirs: TempDirs, count: number): Promise<Dataset> {
  const started = performance.now();
  process.env.DATABASE_PATH = dirs.dbPath;
  process.env.UPLOADS_DIR = dirs.uploadsDir;
  const { migrateToLatest } = await import("../../db/migrate");
  const { closeDatabase, getDb } = await import("../../db/database.server");
  const { demoInventory } = await import("../../app/models/demo/demo-inventory.server");
  const { drawCarImage, VIEWS } = await import("../../app/models/demo/demo-images.server");
  const { saveImage } = await import("../../app/models/upload.server");
  const { carColumns } = await import("../../app/models/car.server");

  await migrateToLatest();
  const db = getDb();

  // 25 photos: five views of one car per body type, each saved with its card/thumb variants.
  const pool = new Map<string, string>();
  const jobs = BODY_TYPES.flatMap((body, b) =>
    VIEWS.slice(0, 5).map((view, v) => async () => {
      const [make, model] = POOL_MODELS[body];
      const bytes = await drawCarImage({
        make,
        model,
        year: 2022,
        bodyType: body,
        colorHex: POOL_COLORS[(b + v) % POOL_COLORS.length],
        view,
        variant: b + v,
      });
      const saved = await saveImage(bytes);
      pool.set(`${body}:${v}`, saved);
    }),
  );
  for (let i = 0; i < jobs.length; i += 4) await Promise.all(jobs.slice(i, i + 4).map((job) => job()));
  const photos = (body: string, n: number, start: number) =>
    Array.from({ length: n }, (_, k) =>
      pool.get(`${BODY_TYPES.includes(body as never) ? body : "Sedan"}:${(start + k) % 5}`),
    ).filter((p): p is string => p !== undefined);

  const now = new Date();
  const rand = prng(777);
  const inventory = demoInventory(count, now);
  let financing = 0;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < inventory.length; i++) {
      const car = inventory[i];
      // Newest first by index, spread over two years; every fifth car sold; ~35% financed.
      const created = new Date(now.getTime() - (i / count) * 730 * DAY - Math.floor(rand() * 3_600_000)).toISOString();
      const sold = i % 5 === 2;
      const input = { ...car.input, financing: rand() < 0.35 };
      if (input.financing) financing++;
      const { id } = await trx
        .insertInto("cars")
        .values({ ...carColumns(input), sold: sold ? 1 : 0, created_at: created, updated_at: created })
        .returning("id")
        .executeTakeFirstOrThrow();
      const images = photos(input.body_type, 2 + (i % 3), i);
      await trx
        .insertInto("car_images")
        .values(images.map((path, position) => ({ car_id: id, path, position })))
        .execute();
      if (sold) {
        const soldAt = new Date(Math.min(now.getTime() - 3_600_000, Date.parse(created) + (5 + (i % 40)) * DAY));
        await trx
          .insertInto("car_sales")
          .values({
            car_id: id,
            make: input.make,
            model: input.model,
            year: input.year,
            color: input.color ?? null,
            date_sold: soldAt.toISOString(),
            time_sold: soldAt.toISOString().slice(11, 19),
            created_at: soldAt.toISOString(),
          })
          .execute();
      }
    }
  });

  const countUnsold = async (body?: string, makes?: string[]) => {
    let q = db.selectFrom("cars").where("sold", "=", 0);
    if (body) q = q.where("body_type", "=", body);
    if (makes) q = q.where("make", "in", makes);
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(n);
  };
  const unsold = await countUnsold();
  const unsoldSuv = await countUnsold("SUV");
  const toyotaLexus = await countUnsold(undefined, ["Toyota", "Lexus"]);
  const newest = await db
    .selectFrom("cars")
    .select("id")
    .where("sold", "=", 0)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const middle = await db
    .selectFrom("cars")
    .select("id")
    .where("sold", "=", 0)
    .orderBy("id")
    .offset(Math.floor(unsold / 2))
    .limit(3)
    .execute();
  closeDatabase();
  return {
    cars: count,
    unsold,
    sold: count - unsold,
    unsoldSuv,
    toyotaLexus,
    financing,
    images: pool.size,
    newestUnsoldId: newest.id,
    sampleUnsoldIds: middle.map((r) => r.id),
    seconds: (performance.now() - started) / 1000,
  };
}
