import { MAX_HERO_SLIDES, MAX_SLIDE_PHOTO_BYTES, SLIDE_PHOTO_MAX_SIDE } from "~/config/constants";
import { SLIDE_PHOTO_TOO_LARGE } from "~/config/messages";
import { type ActivityAction, type ActivityChange, changeList } from "~/lib/activity";
import { HeroOrderSchema, HeroSlideSchema, SLIDE_LIMIT_MESSAGE } from "~/lib/hero-slide-schema";
import { Refusal } from "~/lib/refusal";
import { recordActivity } from "~/models/activity.server";
import type { Db } from "~/models/db.server";
import {
  countHeroSlides,
  deleteHeroSlide,
  findHeroSlide,
  type HeroSlide,
  insertHeroSlide,
  listHeroSlides,
  orderHeroSlides,
  updateHeroSlide,
} from "~/models/hero-slides.server";
import { checkImage, deleteImageFiles, ImageRejectedError, SLIDE_VARIANTS, saveImage } from "~/models/upload.server";
import { type Actor, adminOf, assertCan, parseInput, runWrite } from "./use-case.server";

/**
 * The home page's hero slides (owners): add, edit, reorder and remove, at most MAX_HERO_SLIDES.
 * The photo is checked as a car photo is, but may be a camera photo of up to MAX_SLIDE_PHOTO_BYTES
 * (the page without JavaScript cannot resize it first): it is stored scaled down to
 * SLIDE_PHOTO_MAX_SIDE with its 640, 1280 and 1920 px WebP sizes, so no phone gets the original.
 * Every change is in the activity trail.
 */

const SLIDE_PHOTO_REQUIRED = "Choose a photo for the slide";
const NOT_FOUND = "This slide no longer exists";

async function savePhoto(bytes: Buffer): Promise<string> {
  try {
    const checked = await checkImage(bytes, { maxBytes: MAX_SLIDE_PHOTO_BYTES, tooLarge: SLIDE_PHOTO_TOO_LARGE });
    return await saveImage(bytes, checked, { variants: SLIDE_VARIANTS, maxSide: SLIDE_PHOTO_MAX_SIDE });
  } catch (e) {
    if (!(e instanceof ImageRejectedError)) throw e;
    throw new Refusal(e.problem === "too-large" ? "too_large" : "invalid", e.message, { image: e.message });
  }
}

async function existing(id: number, db?: Db): Promise<HeroSlide> {
  const slide = Number.isInteger(id) ? await findHeroSlide(id, db) : undefined;
  if (!slide) throw new Refusal("not_found", NOT_FOUND);
  return slide;
}

function record(
  trx: Db,
  actor: Actor,
  action: ActivityAction,
  slide: HeroSlide,
  detail: string,
  changes?: ActivityChange[],
) {
  const target = { id: null, label: `Hero slide "${slide.heading}"` };
  return recordActivity(trx, adminOf(actor), { action, target, detail, changes });
}

const SLIDE_FIELDS = { heading: { label: "heading" }, text: { label: "text" }, link: { label: "link" } };

/** `write` with the photo already on disk; it is removed again when the write fails. */
async function withPhoto<T>(image: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (image) await deleteImageFiles(image);
    throw e;
  }
}

export async function addHeroSlide(actor: Actor, input: unknown, photo: Buffer | null): Promise<HeroSlide> {
  assertCan(actor, "home.edit");
  if ((await countHeroSlides()) >= MAX_HERO_SLIDES) throw new Refusal("conflict", SLIDE_LIMIT_MESSAGE);
  const fields = parseInput(HeroSlideSchema, input);
  if (!photo) throw new Refusal("invalid", SLIDE_PHOTO_REQUIRED, { image: SLIDE_PHOTO_REQUIRED });
  const image = await savePhoto(photo);
  return withPhoto(image, () =>
    runWrite(actor, "home.edit", async (trx) => {
      // Counted again in the transaction: two owners adding at once cannot pass the limit.
      if ((await countHeroSlides(trx)) >= MAX_HERO_SLIDES) throw new Refusal("conflict", SLIDE_LIMIT_MESSAGE);
      const slide = await insertHeroSlide(trx, { ...fields, image });
      await record(trx, actor, "hero.add", slide, "Added to the home page");
      return slide;
    }),
  );
}

/** Heading, text and link change; a new photo (optional) replaces the old one, whose files go. */
export async function editHeroSlide(
  actor: Actor,
  id: number,
  input: unknown,
  photo: Buffer | null,
): Promise<HeroSlide> {
  assertCan(actor, "home.edit");
  const before = await existing(id);
  const fields = parseInput(HeroSlideSchema, input);
  const fresh = photo ? await savePhoto(photo) : null;
  const next = { ...fields, image: fresh ?? before.image };
  await withPhoto(fresh, () =>
    runWrite(actor, "home.edit", async (trx) => {
      await existing(id, trx);
      await updateHeroSlide(trx, id, next);
      const changes = changeList({ ...before }, next, SLIDE_FIELDS);
      if (fresh) changes.push({ field: "photo", from: "the previous photo", to: "a new photo" });
      await record(
        trx,
        actor,
        "hero.update",
        { id, ...next },
        photo ? "Changed, with a new photo" : "Changed",
        changes,
      );
    }),
  );
  if (fresh) await deleteImageFiles(before.image);
  return { id, ...next };
}

export async function removeHeroSlide(actor: Actor, id: number): Promise<void> {
  const slide = await runWrite(actor, "home.edit", async (trx) => {
    const found = await existing(id, trx);
    await deleteHeroSlide(trx, id);
    await record(trx, actor, "hero.remove", found, "Removed from the home page");
    return found;
  });
  await deleteImageFiles(slide.image);
}

/** `ids` names every slide once, in the new order. */
export async function reorderHeroSlides(actor: Actor, input: unknown): Promise<HeroSlide[]> {
  assertCan(actor, "home.edit");
  const { ids } = parseInput(HeroOrderSchema, input);
  return runWrite(actor, "home.edit", async (trx) => {
    const slides = await listHeroSlides(trx);
    const known = new Set(slides.map((s) => s.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new Refusal("invalid", "ids must name every slide once", { ids: "Name every slide once" });
    }
    await orderHeroSlides(trx, ids);
    await recordActivity(trx, adminOf(actor), {
      action: "hero.reorder",
      target: { id: null, label: "Hero slides" },
      detail: "New order on the home page",
    });
    return listHeroSlides(trx);
  });
}

/** Moves one slide up or down by one place (the no-JavaScript page's buttons). */
export async function moveHeroSlide(actor: Actor, id: number, direction: "up" | "down"): Promise<HeroSlide[]> {
  assertCan(actor, "home.edit");
  const ids = (await listHeroSlides()).map((s) => s.id);
  const from = ids.indexOf(id);
  if (from < 0) throw new Refusal("not_found", NOT_FOUND);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return listHeroSlides();
  [ids[from], ids[to]] = [ids[to], ids[from]];
  return reorderHeroSlides(actor, { ids });
}
