/** Image paths as stored: "/uploads/<name>.<ext>" or an absolute URL used as it is. */
export const PLACEHOLDER_IMAGE = "/images/placeholder-car.svg";
export type ImageVariant = "card" | "thumb";

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
