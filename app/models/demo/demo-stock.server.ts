import { defaultBusiness } from "~/config/site";
import type { ChecklistItem } from "~/lib/checklist";
import { getDb } from "../../../db/database.server";
import { countAdmins } from "../admin.server";
import { getBusiness } from "../business.server";
import { deleteImageFiles } from "../upload.server";

/** The demo stock of a fresh install (cars.demo = 1), and the setup checklist it belongs to. */

export async function countDemoCars(): Promise<number> {
  const { n } = await getDb()
    .selectFrom("cars")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("demo", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Removes every demo car with its photos and its sale records, in one transaction; the dealer's own
 * cars, leads and accounts stay. Returns how many cars went.
 */
export async function removeDemoCars(): Promise<number> {
  const { ids, paths } = await getDb()
    .transaction()
    .execute(async (trx) => {
      const cars = await trx.selectFrom("cars").select("id").where("demo", "=", 1).execute();
      const ids = cars.map((c) => c.id);
      if (ids.length === 0) return { ids, paths: [] as string[] };
      const images = await trx.selectFrom("car_images").select("path").where("car_id", "in", ids).execute();
      await trx.deleteFrom("car_sales").where("car_id", "in", ids).execute();
      await trx.deleteFrom("cars").where("id", "in", ids).execute(); // car_images go with them
      return { ids, paths: images.map((i) => i.path) };
    });
  // Files after the commit: a failure here leaves orphan files, never rows pointing at missing photos.
  for (const path of paths) await deleteImageFiles(path);
  return ids.length;
}

/** The first steps of a new dealer, each done or not, with where it is done. */
export async function setupChecklist(): Promise<ChecklistItem[]> {
  const business = await getBusiness();
  const [demo, own, admins] = await Promise.all([
    countDemoCars(),
    getDb().selectFrom("cars").select("id").where("demo", "=", 0).limit(1).executeTakeFirst(),
    countAdmins(),
  ]);
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
      label: demo ? `Remove the demo stock (${demo} cars)` : "Remove the demo stock",
      done: demo === 0,
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
