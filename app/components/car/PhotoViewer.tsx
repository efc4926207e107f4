import { Link } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { imageSrc, imageVariant } from "~/lib/images";
import { CAR_IMAGE_SIZES, carSrcSet } from "../CarImage";
import classes from "./PhotoViewer.module.css";

type Status = "loading" | "complete" | "error";

/**
 * A big photo with previous/next (wrapping) and thumbnails. Controls are buttons calling
 * `onSelect` (lightbox), or links from `linkFor` (the car page: works without JavaScript).
 */
export function PhotoViewer({
  images,
  alt,
  index,
  onSelect,
  linkFor,
}: {
  images: string[];
  alt: string;
  index: number;
  onSelect?: (i: number) => void;
  linkFor?: (i: number) => string;
}) {
  const count = images.length;
  const current = count ? ((index % count) + count) % count : 0;
  const path = images[current];
  const [status, setStatus] = useState<Status>(path ? "loading" : "error");
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!path) return setStatus("error");
    const el = img.current;
    // Already decoded (cache, or before hydration): read its state instead of waiting for events.
    if (el?.complete) setStatus(el.naturalWidth > 0 ? "complete" : "error");
    else setStatus("loading");
  }, [path]);

  const control = (i: number, label: string, children: ReactNode, className: string) => {
    const target = ((i % count) + count) % count;
    return linkFor ? (
      <Link to={linkFor(target)} replace preventScrollReset aria-label={label} className={className}>
        {children}
      </Link>
    ) : (
      <button type="button" aria-label={label} className={className} onClick={() => onSelect?.(target)}>
        {children}
      </button>
    );
  };

  return (
    <div className={classes.viewer}>
      <div className={classes.stage} data-status={status} data-testid="photo-stage">
        {path ? (
          // Phones get the 640 px card (or the thumbnail); from 48em up the stored original.
          <picture key={path}>
            {carSrcSet(path) ? <source media="(min-width: 48em)" srcSet={imageSrc(path)} /> : null}
            <img
              ref={img}
              src={carSrcSet(path) ? imageVariant(path, "card") : imageSrc(path)}
              srcSet={carSrcSet(path)}
              sizes={carSrcSet(path) ? "100vw" : undefined}
              alt={`${alt} (${current + 1} of ${count})`}
              className={classes.photo}
              data-hidden={status === "error" || undefined}
              onLoad={() => setStatus("complete")}
              onError={() => setStatus("error")}
            />
          </picture>
        ) : null}
        {status === "loading" ? (
          <div className={classes.overlay} role="status" aria-label="Loading image">
            <span className={classes.spinner} aria-hidden="true" />
          </div>
        ) : null}
        {status === "error" ? (
          <div className={classes.overlay} role="img" aria-label="Image not available">
            <svg
              width="48"
              height="48"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              aria-hidden="true"
            >
              <rect x="3" y="4" width="18" height="16" rx="2" />
              <path d="M3 16l5-5 4 4 3-3 6 6M4 4l16 16" />
            </svg>
            <p className={classes.overlayText}>Image not available</p>
          </div>
        ) : null}
        {count > 1 ? (
          <>
            {control(current - 1, "Previous image", "‹", `${classes.nav} ${classes.prev}`)}
            {control(current + 1, "Next image", "›", `${classes.nav} ${classes.next}`)}
            <span className={classes.counter}>
              {current + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className={classes.thumbs}>
          {images.map((p, i) =>
            control(
              i,
              `Show photo ${i + 1}`,
              <img
                src={imageVariant(p, "thumb")}
                srcSet={carSrcSet(p)}
                sizes={CAR_IMAGE_SIZES.thumb}
                alt=""
                width={96}
                height={64}
                loading="lazy"
              />,
              `${classes.thumb} ${i === current ? classes.active : ""}`,
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
