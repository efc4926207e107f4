import { defaultBusiness } from "~/config/site";
import type { ChecklistItem } from "~/lib/checklist";
import { getDb } from "../../../db/database.server";
import { countAdmins } from "../admin.server";
import { getBusiness } from "../business.server";
import { atomically, type Db } from "../db.server";

/**
 * The demo stock of a fresh install: its cars (cars.demo = 1) and the sample inspection bookings
 * that come with them (inspections.demo = 1); and the setup checklist it belongs to.
 */

export interface DemoStock {
  cars: number;
  bookings: number;
}

export async function countDemoStock(): Promise<DemoStock> {
  const db = getDb();
  const [cars, bookings] = await Promise.all([
    db
      .selectFrom("cars")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("demo", "=", 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("inspections")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("demo", "=", 1)
      .executeTakeFirstOrThrow(),
  ]);
  return { cars: Number(cars.n), bookings: Number(bookings.n) };
}

/**
 * Removes every demo car with its photos and its sale records, and the sample bookings, in one
 * transaction (their inbox entries go with them); the dealer's own cars, leads (a real booking of
 * a demo car included) and accounts stay. Returns how many of each went.
 */
export async function deleteDemoStock(db: Db): Promise<DemoStock & { paths: string[] }> {
  const { ids, paths, bookings } = await atomically(db, async (trx) => {
    const cars = await trx.selectFrom("cars").select("id").where("demo", "=", 1).execute();
    const ids = cars.map((c) => c.id);
    const removed = await trx.deleteFrom("inspections").where("demo", "=", 1).executeTakeFirst();
    const bookings = Number(removed.numDeletedRows);
    if (ids.length === 0) return { ids, paths: [] as string[], bookings };
    const images = await trx.selectFrom("car_images").select("path").where("car_id", "in", ids).execute();
    await trx.deleteFrom("car_sales").where("car_id", "in", ids).execute();
    await trx.deleteFrom("cars").where("id", "in", ids).execute(); // car_images go with them
    return { ids, paths: images.map((i) => i.path), bookings };
  });
  return { cars: ids.length, bookings, paths };
}

/** "64 cars and 51 sample bookings", "3 cars", "1 sample booking". */
export function describeDemoStock({ cars, bookings }: DemoStock): string {
  const parts = [
    cars ? `${cars} ${cars === 1 ? "car" : "cars"}` : null,
    bookings ? `${bookings} sample ${bookings === 1 ? "booking" : "bookings"}` : null,
  ].filter(Boolean);
  return parts.join(" and ");
}

/** The first steps of a new dealer, each done or not, with where it is done. */
export async function setupChecklist(): Promise<ChecklistItem[]> {
  const business = await getBusiness();
  const [demo, own, admins] = await Promise.all([
    countDemoStock(),
    getDb().selectFrom("cars").select("id").where("demo", "=", 0).limit(1).executeTakeFirst(),
    countAdmins(),
  ]);
  const left = demo.cars + demo.bookings > 0;
  return [
    {
      key: "details",
      label: "Enter your business name, phones and address",
      done: business.name !== defaultBusiness.name,
      href: "/admin/settings",
    },
    {
      key: "whatsapp",
      label: "Set the WhatsApp number buyers chat with",
      done: business.whatsapp !== defaultBusiness.whatsapp,
      href: "/admin/settings",
    },
    { key: "logo", label: "Upload your logo", done: business.logo !== null, href: "/admin/settings" },
    {
      key: "demo",
      label: left ? `Remove the demo stock (${describeDemoStock(demo)})` : "Remove the demo stock",
      done: !left,
      href: "/admin?confirm=remove-demo",
    },
    { key: "own-car", label: "Add your first own car", done: Boolean(own), href: "/admin/add-car" },
    {
      key: "staff",
      label: "Create an account for a second staff member",
      done: admins >= 2,
      href: "/admin/admin-management",
    },
  ];
}
