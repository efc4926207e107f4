import { useEffect, useRef, useState } from "react";
import {
  carSrcSet,
  imageSrc,
  imageVariant,
  PHOTOS_COMING_SOON,
  PHOTOS_COMING_SOON_IMAGE,
  PLACEHOLDER_IMAGE,
} from "~/lib/images";
import classes from "./CarImage.module.css";

/** `sizes` for the usual places a car photo appears (CSS pixels the photo takes at each width). */
export const CAR_IMAGE_SIZES = {
  /** CarGrid: 1 column, 2 from 48em, 3 from 75em, in a 1240 px container. */
  grid: "(min-width: 75em) 400px, (min-width: 48em) 50vw, 100vw",
  /**
   * The home collection: 4 columns from 75em, 3 from 62em, 2 from 48em; on phones a photo-left row whose photo,
   * cropped to the row height, is drawn about 300 px wide.
   */
  collection: "(min-width: 75em) 300px, (min-width: 62em) 33vw, (min-width: 48em) 50vw, (min-width: 36em) 100vw, 300px",
  /** A card in a horizontal strip: min(82vw, 300px). */
  strip: "(max-width: 365px) 82vw, 300px",
  /** A small thumbnail (photo viewer). */
  thumb: "96px",
  /** Half of a 1140 px container from 62em, full width below. */
  half: "(min-width: 62em) 540px, 100vw",
  /** Body-type tiles: 4 columns from 62em, 2 below. */
  tile: "(min-width: 75em) 300px, (min-width: 62em) 25vw, 50vw",
} as const;

/**
 * A car photo: the thumbnail or card WebP the browser picks from `sizes` (so a phone never fetches
 * the original); 'Photos coming soon' for a car that has none yet; the placeholder ('Image not
 * available') when the file fails to load. Lazy unless `eager`.
 */
export function CarImage({
  path,
  alt,
  sizes = CAR_IMAGE_SIZES.grid,
  eager = false,
  className,
  width,
  height,
}: {
  path: string | null | undefined;
  alt: string;
  sizes?: string;
  eager?: boolean;
  className?: string;
  width?: number;
  height?: number;
}) {
  const srcSet = carSrcSet(path);
  const src = srcSet ? imageVariant(path, "card") : imageSrc(path);
  // The path whose file failed to load (a new path is tried afresh).
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const failed = !!path && failedPath === path;
  const setFailed = () => setFailedPath(path ?? null);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration never fires onError again: check it once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && path) setFailedPath(path);
  }, [path]);
  if (!path) {
    return (
      <img
        src={PHOTOS_COMING_SOON_IMAGE}
        alt={PHOTOS_COMING_SOON}
        width={width}
        height={height}
        data-testid="photos-coming-soon"
        className={className ? `${classes.img} ${className}` : classes.img}
      />
    );
  }
  return (
    <img
      ref={ref}
      src={failed ? PLACEHOLDER_IMAGE : src}
      srcSet={failed ? undefined : srcSet}
      sizes={failed || !srcSet ? undefined : sizes}
      alt={failed ? "Image not available" : alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      width={width}
      height={height}
      onError={setFailed}
      // A page without React: app/browser/images.ts puts the placeholder in when it fails.
      data-fallback={failed ? undefined : ""}
      className={className ? `${classes.img} ${className}` : classes.img}
    />
  );
}
