import fs from "node:fs";
import path from "node:path";
import { GALLERY_IMAGES, SLIDESHOW_SLIDES } from "~/config/constants";
import { logger } from "~/config/logger.server";
import type { HeroSlideView } from "~/lib/hero-slide-schema";
import { heroSrcSet } from "~/lib/images";
import { bumpCatalogVersion } from "./catalog-version.server";
import { listHeroSlides } from "./hero-slides.server";
import { addMissingVariants, hasVariants, SLIDE_VARIANTS, VARIANTS } from "./upload.server";

/** Home page pieces that are not cars: hero media and gallery. */
const HERO_VIDEO = "videos/hero.mp4";

/** The hero video's URL when public/ holds one (without one the hero shows the slideshow). */
export function heroVideo(): string | undefined {
  return fs.existsSync(path.resolve("public", HERO_VIDEO)) ? `/${HERO_VIDEO}` : undefined;
}

/** The built-in showroom photos: the hero of a home page whose owner has added no slides. */
export const HERO_SLIDES = Array.from({ length: SLIDESHOW_SLIDES }, (_, i) => `/images/hero-${i + 1}.webp`);

/**
 * The home page's slides: the owner's (back office, Home page) when there are any, else the
 * built-in photos with the standard welcome. They are never copied into the table, so the
 * owner's first slide replaces them all.
 */
export async function homeSlides(): Promise<HeroSlideView[]> {
  const owned = await listHeroSlides();
  if (owned.length === 0) return HERO_SLIDES.map((image) => ({ image }));
  return owned.map(({ image, heading, text, link }) => ({
    image,
    heading,
    text,
    link,
    ...(hasVariants(image, SLIDE_SIZES) ? { srcSet: heroSrcSet(image) } : {}),
  }));
}

/** The sizes a slide's photo is served in (heroSrcSet): the card WebP and the slides' own two. */
const SLIDE_SIZES = { card: VARIANTS.card, ...SLIDE_VARIANTS };

/**
 * Slides stored before they had their sizes get them, once, after start-up (server.ts, in the
 * background; about a second of one core for each 12-megapixel photo, at most MAX_HERO_SLIDES).
 * Until then the home page shows the photo as stored; when any was sized, the catalogue version
 * moves so the cached home page is made again with the sizes. Returns how many were sized.
 */
export async function sizeOlderSlidePhotos(): Promise<number> {
  let sized = 0;
  for (const { image } of await listHeroSlides()) {
    try {
      if (await addMissingVariants(image, SLIDE_SIZES)) sized++;
    } catch (e) {
      logger.warn({ err: e, image }, "Could not size a home slide's photo; it is shown as stored");
    }
  }
  if (sized) bumpCatalogVersion();
  return sized;
}

export const GALLERY = [
  "Toyota Land Cruiser at our Lekki showroom",
  "Lexus RX 350 in wine red",
  "Mercedes-Benz C 300, front view",
  "Toyota Hilux ready for delivery",
  "Ford Mustang, side profile",
  "Honda Accord interior",
  "Kia EV6, electric",
  "Lexus GX 460 wheel and trim",
]
  .slice(0, GALLERY_IMAGES)
  .map((alt, i) => ({ src: `/images/gallery-${i + 1}.webp`, alt }));
