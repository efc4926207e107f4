import { MAX_HERO_SLIDES } from "~/config/constants";
import type { ActivityAction } from "~/lib/activity";
import { HeroOrderSchema, HeroSlideSchema, SLIDE_LIMIT_MESSAGE } from "~/lib/hero-slide-schema";
import { Refusal } from "~/lib/refusal";
import { recordActivityAlone } from "~/models/activity.server";
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
import { checkImage, deleteImageFiles, ImageRejectedError, saveImage } from "~/models/upload.server";
import { assertCan, parseInput, type StaffActor } from "./use-case.server";

/**
 * The home page's hero slides (owners): add, edit, reorder and remove, at most MAX_HERO_SLIDES.
 * The photo follows the car photos' rules; every change is in the activity trail.
 */

export const SLIDE_PHOTO_REQUIRED = "Choose a photo for the slide";
const NOT_FOUND = "This slide no longer exists";

async function savePhoto(bytes: Buffer): Promise<string> {
  try {
    return await saveImage(bytes, await checkImage(bytes));
  } catch (e) {
    if (!(e instanceof ImageRejectedError)) throw e;
    throw new Refusal(e.problem === "too-large" ? "too_large" : "invalid", e.message, { image: e.message });
  }
}

async function existing(id: number): Promise<HeroSlide> {
  const slide = Number.isInteger(id) ? await findHeroSlide(id) : undefined;
  if (!slide) throw new Refusal("not_found", NOT_FOUND);
  return slide;
}

function record(actor: StaffActor, action: ActivityAction, slide: HeroSlide, detail: string) {
  return recordActivityAlone(actor.admin, {
    action,
    target: { id: null, label: `Hero slide "${slide.heading}"` },
    detail,
  });
}

export async function addHeroSlide(actor: StaffActor, input: unknown, photo: Buffer | null): Promise<HeroSlide> {
  assertCan(actor, "home.edit");
  if ((await countHeroSlides()) >= MAX_HERO_SLIDES) throw new Refusal("conflict", SLIDE_LIMIT_MESSAGE);
  const fields = parseInput(HeroSlideSchema, input);
  if (!photo) throw new Refusal("invalid", SLIDE_PHOTO_REQUIRED, { image: SLIDE_PHOTO_REQUIRED });
  const image = await savePhoto(photo);
  const slide = await insertHeroSlide({ ...fields, image });
  await record(actor, "hero.add", slide, "Added to the home page");
  return slide;
}

/** Heading, text and link change; a new photo (optional) replaces the old one, whose files go. */
export async function editHeroSlide(
  actor: StaffActor,
  id: number,
  input: unknown,
  photo: Buffer | null,
): Promise<HeroSlide> {
  assertCan(actor, "home.edit");
  const before = await existing(id);
  const fields = parseInput(HeroSlideSchema, input);
  const image = photo ? await savePhoto(photo) : before.image;
  const next = { ...fields, image };
  await updateHeroSlide(id, next);
  if (image !== before.image) await deleteImageFiles(before.image);
  await record(actor, "hero.update", { id, ...next }, photo ? "Changed, with a new photo" : "Changed");
  return { id, ...next };
}

export async function removeHeroSlide(actor: StaffActor, id: number): Promise<void> {
  assertCan(actor, "home.edit");
  const slide = await existing(id);
  await deleteHeroSlide(id);
  await deleteImageFiles(slide.image);
  await record(actor, "hero.remove", slide, "Removed from the home page");
}

/** `ids` names every slide once, in the new order. */
export async function reorderHeroSlides(actor: StaffActor, input: unknown): Promise<HeroSlide[]> {
  assertCan(actor, "home.edit");
  const { ids } = parseInput(HeroOrderSchema, input);
  const slides = await listHeroSlides();
  const known = new Set(slides.map((s) => s.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
    throw new Refusal("invalid", "ids must name every slide once", { ids: "Name every slide once" });
  }
  await orderHeroSlides(ids);
  await recordActivityAlone(actor.admin, {
    action: "hero.reorder",
    target: { id: null, label: "Hero slides" },
    detail: "New order on the home page",
  });
  return listHeroSlides();
}

/** Moves one slide up or down by one place (the no-JavaScript page's buttons). */
export async function moveHeroSlide(actor: StaffActor, id: number, direction: "up" | "down"): Promise<HeroSlide[]> {
  assertCan(actor, "home.edit");
  const ids = (await listHeroSlides()).map((s) => s.id);
  const from = ids.indexOf(id);
  if (from < 0) throw new Refusal("not_found", NOT_FOUND);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return listHeroSlides();
  [ids[from], ids[to]] = [ids[to], ids[from]];
  return reorderHeroSlides(actor, { ids });
}
