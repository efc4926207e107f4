// The demo inventory a fresh install starts with (SEED_DEMO=1, or `npm run db:seed`): a Lagos
// dealer's believable stock with drawn photos, and inspection bookings for the dashboard.
import type { CarInput } from "~/lib/car";
import { KEY_FEATURES } from "~/lib/car-options";
import { prng } from "~/lib/prng";
import { getDb } from "../../../db/database.server";
import { createCar } from "../car.server";
import { saveImage } from "../upload.server";
import { drawCarImage, VIEWS } from "./demo-images.server";

/** A realistic Lagos dealer's stock: models that sell there, naira prices by condition and age. */
interface Model {
  make: string;
  model: string;
  body: "SUV" | "Sedan" | "Coupe" | "EV" | "Truck";
  newPrice: number; // naira, 2026
  capacity: string;
  size: string;
  drive: string;
  fuel: string;
  transmission?: string;
}

const MODELS: Model[] = [
  {
    make: "Toyota",
    model: "Camry",
    body: "Sedan",
    newPrice: 78_000_000,
    capacity: "2.5L",
    size: "V4",
    drive: "FWD",
    fuel: "Petrol",
  },
  {
    make: "Toyota",
    model: "Corolla",
    body: "Sedan",
    newPrice: 48_000_000,
    capacity: "1.8L",
    size: "V4",
    drive: "FWD",
    fuel: "Petrol",
  },
  {
    make: "Toyota",
    model: "Highlander",
    body: "SUV",
    newPrice: 115_000_000,
    capacity: "3.5L",
    size: "V6",
    drive: "AWD",
    fuel: "Petrol",
  },
  {
    make: "Toyota",
    model: "Sienna",
    body: "SUV",
    newPrice: 98_000_000,
    capacity: "3.5L",
    size: "V6",
    drive: "FWD",
    fuel: "Petrol",
  },
  {
    make: "Toyota",
    model: "Hilux",
    body: "Truck",
    newPrice: 72_000_000,
    capacity: "2.5L",
    size: "V4",
    drive: "4WD",
    fuel: "Diesel",
    transmission: "Manual",
  },
  {
    make: "Toyota",
    model: "Land Cruiser",
    body: "SUV",
    newPrice: 260_000_000,
    capacity: "4.0L",
    size: "V8",
    drive: "4WD",
    fuel: "Petrol",
  },
  {
    make: "Toyota",
    model: "Tundra",
    body: "Truck",
    newPrice: 140_000_000,
    capacity: "5.0L",
    size: "V8",
    drive: "4WD",
    fuel: "Petrol",
  },
  {
    make: "Lexus",
    model: "RX 350",
    body: "SUV",
    newPrice: 150_000_000,
    capacity: "3.5L",
    size: "V6",
    drive: "AWD",
    fuel: "Petrol",
  },
  {
    make: "Lexus",
    model: "ES 350",
    body: "Sedan",
    newPrice: 105_000_000,
    capacity: "3.5L",
    size: "V6",
    drive: "FWD",
    fuel: "Petrol",
  },
  {
    make: "Lexus",
    model: "GX 460",
    body: "SUV",
    newPrice: 185_000_000,
    capacity: "4.4L",
    size: "V8",
    drive: "4WD",
    fuel: "Petrol",
  },
  {
    make: "Lexus",
    model: "RC 350",
    body: "Coupe",
    newPrice: 120_000_000,
    capacity: "3.5L",
    size: "V6",
    drive: "RWD",
    fuel: "Petrol",
  },
  {
    make: "Honda",
    model: "Accord",
    body: "Sedan",
    newPrice: 70_000_000,
    capacity: "2.0L",
    size: "V4",
    drive: "FWD",
    fuel: "Petrol",
  },
  {
    make: "Honda",
    model: "CR-V",
    body: "SUV",
    newPrice: 82_000_000,
    capacity: "1.6L",
    size: "V4",
    drive: "AWD",
    fuel: "Petrol",
  },
  {
    make: "Honda",
    model: "Civic Coupe",
    body: "Coupe",
    newPrice: 52_000_000,
    capacity: "2.0L",
    size: "V4",
    drive: "FWD",
    fuel: "Petrol",
  },
  {
    make: "Mercedes-Benz",
    model: "C 300",
    body: "Sedan",
    newPrice: 110_000_000,
    capacity: "2.0L",
    size: "V4",
    drive: "RWD",
    fuel: "Petrol",
  },
  {
    make: "Mercedes-Benz",
    model: "E 350",
    body: "Sedan",
    newPrice: 150_000_000,
    capacity: "3.0L",
    size: "Inline 6",
    drive: "RWD",
    fuel: "Petrol",
  },
  {
    make: "Mercedes-Benz",
    model: "GLE 450",
    body: "SUV",
    newPrice: 210_000_000,
    capacity: "3.0L",
    size: "Inline 6",
    drive: "AWD",
    fuel: "Petrol",
  },
  {
    make: "Mercedes-Benz",
    model: "G 63",
    body: "SUV",
    newPrice: 420_000_000,
    capacity: "4.0L",
    size: "V8",
    drive: "4WD",
    fuel: "Petrol",
  },
  {
    make: "Mercedes-Benz",
    model: "C 300 Coupe",
    body: "Coupe",
    newPrice: 125_000_000,
    capacity: "2.0L",
    size: "V4",
    drive: "RWD",
    fuel: "Petrol",
  },
  {
    make: "BMW",
    model: "X5",
    body: "SUV",
    newPrice: 195_000_000,
    capacity: "3.0L",
    size: "Inline 6",
    drive: "AWD",
    fuel: "Petrol",
  },
  {
    make: "BMW",
    model: "750Li",
    body: "Sedan",
    newPrice: 260_000_000,
    capacity: "4.4L",
    size: "Inline 8",
    drive: "RWD",
    fuel: "Petrol",
  },
  {
    make: "Ford",
    model: "Ranger",
    body: "Truck",
    newPrice: 68_000_000,
    capacity: "2.2L",
    size: "V4",
    drive: "4WD",
    fuel: "Diesel",
    transmission: "Manual",
  },
  {
    make: "Ford",
    model: "Mustang",
    body: "Coupe",
    newPrice: 95_000_000,
    capacity: "5.0L",
    size: "V8",
    drive: "RWD",
    fuel: "Petrol",
  },
  {
    make: "Hyundai",
    model: "Elantra",
    body: "Sedan",
    newPrice: 42_000_000,
    capacity: "1.6L",
    size: "V4",
    drive: "FWD",
    fuel: "Petrol",
  },
  {
    make: "Hyundai",
    model: "Santa Fe",
    body: "SUV",
    newPrice: 75_000_000,
    capacity: "2.5L",
    size: "V4",
    drive: "AWD",
    fuel: "Petrol",
  },
  {
    make: "Hyundai",
    model: "Ioniq 5",
    body: "EV",
    newPrice: 85_000_000,
    capacity: "1.4L",
    size: "V4",
    drive: "RWD",
    fuel: "Electric",
  },
  {
    make: "Kia",
    model: "Sportage",
    body: "SUV",
    newPrice: 60_000_000,
    capacity: "2.0L",
    size: "V4",
    drive: "FWD",
    fuel: "Petrol",
  },
  {
    make: "Kia",
    model: "EV6",
    body: "EV",
    newPrice: 92_000_000,
    capacity: "1.4L",
    size: "V4",
    drive: "AWD",
    fuel: "Electric",
  },
  {
    make: "Volvo",
    model: "XC90",
    body: "SUV",
    newPrice: 140_000_000,
    capacity: "2.5L",
    size: "V5",
    drive: "AWD",
    fuel: "Petrol",
  },
  {
    make: "Nissan",
    model: "Pathfinder",
    body: "SUV",
    newPrice: 80_000_000,
    capacity: "3.5L",
    size: "V6",
    drive: "4WD",
    fuel: "Petrol",
  },
  {
    make: "Mitsubishi",
    model: "L200",
    body: "Truck",
    newPrice: 55_000_000,
    capacity: "2.2L",
    size: "V4",
    drive: "4WD",
    fuel: "Diesel",
    transmission: "Manual",
  },
  {
    make: "Jeep",
    model: "Grand Cherokee",
    body: "SUV",
    newPrice: 120_000_000,
    capacity: "3.6L",
    size: "V6",
    drive: "4WD",
    fuel: "Petrol",
  },
  {
    make: "Chevrolet",
    model: "Camaro",
    body: "Coupe",
    newPrice: 90_000_000,
    capacity: "6.0L",
    size: "V8",
    drive: "RWD",
    fuel: "Petrol",
  },
  {
    make: "BYD",
    model: "Atto 3",
    body: "EV",
    newPrice: 58_000_000,
    capacity: "1.4L",
    size: "V4",
    drive: "FWD",
    fuel: "Electric",
  },
  {
    make: "Toyota",
    model: "Venza",
    body: "SUV",
    newPrice: 88_000_000,
    capacity: "3.3L",
    size: "V6",
    drive: "AWD",
    fuel: "Petrol",
  },
  {
    make: "Peugeot",
    model: "508",
    body: "Sedan",
    newPrice: 52_000_000,
    capacity: "1.6L",
    size: "V4",
    drive: "FWD",
    fuel: "Petrol",
  },
  {
    make: "Acura",
    model: "MDX",
    body: "SUV",
    newPrice: 110_000_000,
    capacity: "3.5L",
    size: "V6",
    drive: "AWD",
    fuel: "Petrol",
  },
  {
    make: "Land Rover",
    model: "Range Rover Sport",
    body: "SUV",
    newPrice: 230_000_000,
    capacity: "4.5L",
    size: "V8",
    drive: "4WD",
    fuel: "Diesel",
  },
];

const COLORS: [string, string][] = [
  ["Black", "#1b1e23"],
  ["White", "#f2f4f6"],
  ["Silver", "#b7bec7"],
  ["Grey", "#6d747c"],
  ["Blue", "#1f4e8c"],
  ["Red", "#b3202a"],
  ["Gold", "#c8a24a"],
  ["Wine", "#5e1a2b"],
  ["Green", "#2f5d46"],
  ["Brown", "#6b4a32"],
];
const LOCATIONS = [
  "Lekki, Lagos",
  "Ikeja, Lagos",
  "Victoria Island, Lagos",
  "Ajah, Lagos",
  "Abuja",
  "Port Harcourt",
  "Ibadan",
];
const TRIMS = ["", " XLE", " Limited", " Sport", " Premium", " SE"];
const HISTORY = [
  "Accident-free, full dealer service history.",
  "Clean Carfax, one previous owner in the US.",
  "Imported from Canada, customs duty fully paid.",
  "Regularly serviced in Lagos, all receipts available.",
  "Minor paintwork on rear bumper, mechanically sound.",
];

export interface DemoCar {
  input: CarInput;
  colorHex: string;
  imageCount: number;
  createdAt: string;
  soldAt: string | null;
}

const DEMO_PLATES = ["Lagos", "Lagos", "FCT", "Ogun", "Rivers", "Oyo"] as const;

/** A demo car's Nigerian papers: known for most cars, unknown (null) for every fifth. Custom Paper is always known. */
function demoPaperwork(i: number, condition: string): Partial<CarInput> {
  const custom_paper = condition === "Nigerian Used" || i % 3 !== 1 ? "Yes" : "No";
  if (i % 5 === 3) return { custom_paper };
  const used = condition !== "New";
  return {
    custom_paper,
    plate_state: condition === "Nigerian Used" ? DEMO_PLATES[i % DEMO_PLATES.length] : null,
    previous_owners_ng: condition === "Nigerian Used" ? 1 + (i % 3) : used ? 0 : null,
    accident_free: i % 7 !== 2,
    flood_free: i % 11 !== 6,
  };
}

export function demoInventory(count = 64, now = new Date()): DemoCar[] {
  const rand = prng(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const thisYear = now.getUTCFullYear();
  const cars: DemoCar[] = [];
  for (let i = 0; i < count; i++) {
    const m = MODELS[i % MODELS.length];
    // Conditions rotate so every tab and filter has stock; EVs come new or foreign used.
    const condition = (["New", "Foreign Used", "Nigerian Used"] as const)[m.body === "EV" ? i % 2 : i % 3];
    const year =
      condition === "New"
        ? thisYear - Math.floor(rand() * 2)
        : condition === "Foreign Used"
          ? thisYear - 3 - Math.floor(rand() * 8)
          : thisYear - 7 - Math.floor(rand() * 9);
    const age = thisYear - year;
    const factor = condition === "New" ? 1 : condition === "Foreign Used" ? 0.9 * 0.88 ** age : 0.75 * 0.86 ** age;
    const price = Math.max(2_500_000, Math.round((m.newPrice * factor * (0.95 + rand() * 0.1)) / 50_000) * 50_000);
    const mileage =
      condition === "New"
        ? Math.floor(rand() * 40)
        : condition === "Foreign Used"
          ? 15_000 + Math.floor(rand() * 90_000)
          : 60_000 + Math.floor(rand() * 120_000);
    const [color, colorHex] = COLORS[(i * 7 + Math.floor(rand() * 3)) % COLORS.length];
    const featureCount = 5 + Math.floor(rand() * 9);
    const features = new Set<string>();
    while (features.size < featureCount) features.add(pick(KEY_FEATURES));
    if (m.body === "Truck") features.add("Bullbar");
    const trim = m.body === "Truck" || m.body === "EV" ? "" : pick(TRIMS);
    const conditionText =
      condition === "New"
        ? "Brand new, zero-mileage, with full manufacturer warranty"
        : condition === "Foreign Used"
          ? "Tokunbo (foreign used), freshly imported with clean title"
          : "Nigerian used, well maintained and registered";
    // Created dates spread over the last ~11 months, newest first by index.
    const daysAgo = Math.floor((i / count) * 320) + Math.floor(rand() * 4);
    const created = new Date(now.getTime() - daysAgo * 86_400_000 - Math.floor(rand() * 36_000_000));
    const sold = i % 9 === 4;
    const soldAt = sold
      ? new Date(Math.min(now.getTime() - 3_600_000, created.getTime() + (5 + Math.floor(rand() * 40)) * 86_400_000))
      : null;
    cars.push({
      input: {
        make: m.make,
        model: `${m.model}${trim}`,
        year,
        price,
        mileage,
        condition,
        body_type: m.body,
        transmission: m.transmission ?? (rand() < 0.1 ? "Manual" : "Automatic"),
        fuel_type: m.fuel,
        drive_train: m.drive,
        engine_capacity: m.capacity,
        engine_size: m.size,
        // Set by demoPaperwork below; this draw stays so the rest of the stock stays as it was.
        custom_paper: condition === "New" ? "No" : rand() < 0.8 ? "Yes" : "No",
        color,
        registration: condition === "Nigerian Used" || (condition === "Foreign Used" && rand() < 0.3),
        financing: rand() < 0.45,
        car_description:
          `${year} ${m.make} ${m.model}${trim} in ${color.toLowerCase()}. ${conditionText}. ` +
          `${m.capacity} ${m.size} engine, ${m.drive}.`,
        car_history: condition === "New" ? "New from the manufacturer." : pick(HISTORY),
        other_info: rand() < 0.3 ? "Price slightly negotiable after inspection." : null,
        location: pick(LOCATIONS),
        vin: null,
        keyfeatures: [...features],
        // Paperwork from the position (no draw from the generator, so the rest of the stock stays as it was).
        ...demoPaperwork(i, condition),
      },
      colorHex,
      imageCount: 2 + Math.floor(rand() * 5),
      createdAt: created.toISOString(),
      soldAt: soldAt ? soldAt.toISOString() : null,
    });
  }
  return cars;
}

const BUYERS = [
  "Chinedu Okafor",
  "Aisha Bello",
  "Tunde Adeyemi",
  "Ngozi Eze",
  "Emeka Nwosu",
  "Funmilayo Adebayo",
  "Ibrahim Musa",
  "Kemi Ogunleye",
  "Obinna Chukwu",
  "Zainab Lawal",
  "Segun Bakare",
  "Chiamaka Obi",
];

export interface DemoInspection {
  name: string;
  phone: string;
  email: string;
  car_make: string;
  car_model: string;
  inspection_date: string;
  other_info: string | null;
  created_at: string;
}

/** Demo visits fall on the default opening days (Monday to Saturday): a Sunday moves to Monday. */
function openDay(date: Date): Date {
  return date.getUTCDay() === 0 ? new Date(date.getTime() + 86_400_000) : date;
}

/**
 * Inspection bookings spread over the past months, so the dashboard has a story to tell, and a few
 * made in the last days for the coming days, so Inspection Requests' Upcoming view is not empty.
 */
export function demoInspections(cars: DemoCar[], now = new Date()): DemoInspection[] {
  const rand = prng(4242);
  const out: DemoInspection[] = [];
  const UPCOMING = 5;
  for (let i = 0; i < 46 + UPCOMING; i++) {
    const car = cars[Math.floor(rand() * cars.length)];
    const name = BUYERS[i % BUYERS.length];
    const upcoming = i >= 46;
    const created = upcoming
      ? new Date(now.getTime() - Math.floor(rand() * 3 * 86_400_000) - 3_600_000)
      : new Date(now.getTime() - Math.floor(rand() * 320 + 1) * 86_400_000);
    const visit = openDay(
      upcoming
        ? new Date(now.getTime() + (1 + Math.floor(rand() * 9)) * 86_400_000)
        : new Date(created.getTime() + (2 + Math.floor(rand() * 9)) * 86_400_000),
    );
    out.push({
      name,
      phone: `+23480${String(30_000_000 + Math.floor(rand() * 69_999_999)).padStart(8, "0")}`,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.ng`,
      car_make: car.input.make,
      car_model: car.input.model,
      inspection_date: visit.toISOString().slice(0, 10),
      other_info: rand() < 0.4 ? "Please call before the visit; I'll come with my mechanic." : null,
      created_at: created.toISOString(),
    });
  }
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Whether SEED_DEMO has anything to do: the inventory is empty. */
export async function demoSeedNeeded(): Promise<boolean> {
  const { n } = await getDb()
    .selectFrom("cars")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return n === 0;
}

/** Loads the demo inventory, images included, when the database has no car. Returns how many. */
export async function seedDemoIfEmpty(): Promise<number> {
  const db = getDb();
  const { n } = await db
    .selectFrom("cars")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (n > 0) return 0;
  const cars = demoInventory();
  let done = 0;
  // A few cars at a time: sharp's work runs on the libuv thread pool.
  for (let start = 0; start < cars.length; start += 4) {
    await Promise.all(
      cars.slice(start, start + 4).map(async (car, k) => {
        const index = start + k;
        const paths: string[] = [];
        for (let v = 0; v < car.imageCount; v++) {
          const bytes = await drawCarImage({
            make: car.input.make,
            model: car.input.model,
            year: car.input.year,
            bodyType: car.input.body_type,
            colorHex: car.colorHex,
            view: VIEWS[v],
            variant: index + v,
          });
          paths.push(await saveImage(bytes));
        }
        const id = await createCar(getDb(), car.input, paths, car.createdAt);
        // Marked as demo: an owner removes the whole demo stock in one go (deleteDemoStock).
        await db.updateTable("cars").set({ demo: 1 }).where("id", "=", id).execute();
        if (car.soldAt) {
          const soldAt = new Date(car.soldAt);
          await db.updateTable("cars").set({ sold: 1 }).where("id", "=", id).execute();
          await db
            .insertInto("car_sales")
            .values({
              car_id: id,
              make: car.input.make,
              model: car.input.model,
              year: car.input.year,
              color: car.input.color ?? null,
              date_sold: car.soldAt,
              time_sold: soldAt.toISOString().slice(11, 19),
              created_at: car.soldAt,
            })
            .execute();
        }
        done++;
      }),
    );
  }
  const { m } = await db
    .selectFrom("inspections")
    .select((eb) => eb.fn.countAll<number>().as("m"))
    .executeTakeFirstOrThrow();
  if (m === 0) {
    await db
      .insertInto("inspections")
      .values(demoInspections(cars).map((b) => ({ ...b, demo: 1 })))
      .execute();
  }
  return done;
}
