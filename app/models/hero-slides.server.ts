import { getDb } from "../../db/database.server";
import { atomically, type Db } from "./db.server";

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

export async function listHeroSlides(db: Db = getDb()): Promise<HeroSlide[]> {
  return db.selectFrom("hero_slides").select(COLUMNS).orderBy("position").orderBy("id").execute();
}

export async function findHeroSlide(id: number, db: Db = getDb()): Promise<HeroSlide | undefined> {
  return db.selectFrom("hero_slides").select(COLUMNS).where("id", "=", id).executeTakeFirst();
}

export async function countHeroSlides(db: Db = getDb()): Promise<number> {
  const row = await db
    .selectFrom("hero_slides")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertHeroSlide(db: Db, slide: Omit<HeroSlide, "id">): Promise<HeroSlide> {
  const now = new Date().toISOString();
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

export async function updateHeroSlide(db: Db, id: number, slide: Omit<HeroSlide, "id">): Promise<void> {
  await db
    .updateTable("hero_slides")
    .set({ ...slide, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function deleteHeroSlide(db: Db, id: number): Promise<void> {
  await db.deleteFrom("hero_slides").where("id", "=", id).execute();
}

/** Positions follow `ids` (which must name every slide once). */
export async function orderHeroSlides(db: Db, ids: number[]): Promise<void> {
  await atomically(db, async (trx) => {
    for (const [position, id] of ids.entries()) {
      await trx.updateTable("hero_slides").set({ position }).where("id", "=", id).execute();
    }
  });
}
