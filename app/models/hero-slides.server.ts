import { getDb } from "../../db/database.server";

/**
 * The home page's hero slides, in `position` order (docs/product.md, Home page content). Every
 * write bumps the catalogue version through the table's triggers, so cached pages show it at once.
 */

export interface HeroSlide {
  id: number;
  image: string;
  heading: string;
  text: string;
  link: string | null;
}

const COLUMNS = ["id", "image", "heading", "text", "link"] as const;

export async function listHeroSlides(): Promise<HeroSlide[]> {
  return getDb().selectFrom("hero_slides").select(COLUMNS).orderBy("position").orderBy("id").execute();
}

export async function findHeroSlide(id: number): Promise<HeroSlide | undefined> {
  return getDb().selectFrom("hero_slides").select(COLUMNS).where("id", "=", id).executeTakeFirst();
}

export async function countHeroSlides(): Promise<number> {
  const row = await getDb()
    .selectFrom("hero_slides")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertHeroSlide(slide: Omit<HeroSlide, "id">): Promise<HeroSlide> {
  const now = new Date().toISOString();
  const db = getDb();
  const last = await db
    .selectFrom("hero_slides")
    .select((eb) => eb.fn.max("position").as("p"))
    .executeTakeFirst();
  const position = Number(last?.p ?? -1) + 1;
  const { id } = await db
    .insertInto("hero_slides")
    .values({ ...slide, position, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, ...slide };
}

export async function updateHeroSlide(id: number, slide: Omit<HeroSlide, "id">): Promise<void> {
  await getDb()
    .updateTable("hero_slides")
    .set({ ...slide, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function deleteHeroSlide(id: number): Promise<void> {
  await getDb().deleteFrom("hero_slides").where("id", "=", id).execute();
}

/** Positions follow `ids` (which must name every slide once). */
export async function orderHeroSlides(ids: number[]): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      for (const [position, id] of ids.entries()) {
        await trx.updateTable("hero_slides").set({ position }).where("id", "=", id).execute();
      }
    });
}
