/** Image paths as stored: "/uploads/<name>.<ext>" or an absolute URL used as it is. */
export const PLACEHOLDER_IMAGE = "/images/placeholder-car.svg";
/** A car without photos yet (an imported car): listed after the cars with photos, with this picture. */
export const PHOTOS_COMING_SOON_IMAGE = "/images/photos-coming-soon.svg";
export const PHOTOS_COMING_SOON = "Photos coming soon";
/** card 640 px and thumb 200 px for every upload; wide 1280 and full 1920 for a home slide's photo. */
export type ImageVariant = "card" | "thumb" | "wide" | "full";

/** The resized WebP stored beside each upload; absolute URLs have no variants. */
export function imageVariant(path: string | null | undefined, variant: ImageVariant): string {
  if (!path) return PLACEHOLDER_IMAGE;
  if (!path.startsWith("/uploads/")) return path;
  return `${path.replace(/\.[a-z0-9]+$/i, "")}.${variant}.webp`;
}

export function imageSrc(path: string | null | undefined): string {
  return path || PLACEHOLDER_IMAGE;
}

/**
 * The responsive candidates of a stored upload: its 200 px thumbnail and 640 px card WebP
 * (written beside every upload). Absolute URLs and missing paths have none.
 */
export function carSrcSet(path: string | null | undefined): string | undefined {
  if (!path?.startsWith("/uploads/")) return undefined;
  return `${imageVariant(path, "thumb")} 200w, ${imageVariant(path, "card")} 640w`;
}

/** `sizes` of a home slide: it covers the whole width of the screen. */
export const HERO_SIZES = "100vw";

/** The responsive candidates of a home slide's photo (its 640, 1280 and 1920 px WebP). */
export function heroSrcSet(path: string): string {
  return `${imageVariant(path, "card")} 640w, ${imageVariant(path, "wide")} 1280w, ${imageVariant(path, "full")} 1920w`;
}
