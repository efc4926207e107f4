import type { ReactNode } from "react";
import { carSrcSet, imageSrc, imageVariant, PHOTOS_COMING_SOON, PHOTOS_COMING_SOON_IMAGE } from "~/lib/images";
import { CAR_IMAGE_SIZES } from "../CarImage";
import { CloseIcon } from "../ui/Dialog";
import { LineIcon } from "../ui/Icon";
import classes from "./PhotoViewer.module.css";

/**
 * A big photo with previous/next (wrapping), thumbnails and a full-screen view, rendered by the
 * server for a page that runs no React (the car page; the quick view takes it from there). Without
 * JavaScript every control is a link to that photo's page (`linkFor`) and full screen is the
 * original photo. With JavaScript, app/browser/gallery.ts makes the controls change the photo at
 * once (the address follows with replaceState, the neighbours are fetched ahead), adds swipes,
 * shows the loading and failure states (`data-status` on the stage) and opens the full-screen view
 * from its <template> (a tap zooms in to twice the size around the tapped point, swipes and arrows
 * go on). The data it needs is on the viewer: every photo's path and the alternative text.
 * `sold` lays a SOLD ribbon over the photo.
 */
export function PhotoViewer({
  images,
  alt,
  index,
  linkFor,
  sold = false,
}: {
  images: string[];
  alt: string;
  index: number;
  linkFor: (i: number) => string;
  sold?: boolean;
}) {
  const count = images.length;
  const at = (i: number) => (count ? ((i % count) + count) % count : 0);
  const current = at(index);
  const path = images[current];
  const control = (i: number, label: string, children: ReactNode, className: string, current?: boolean) => (
    <a
      href={linkFor(at(i))}
      aria-label={label}
      className={className}
      data-photo={at(i)}
      aria-current={current === undefined ? undefined : current}
    >
      {children}
    </a>
  );
  return (
    <div className={classes.viewer} data-viewer={JSON.stringify(images)} data-alt={alt} data-index={current}>
      <div className={classes.stage} data-status={path ? "complete" : "none"} data-testid="photo-stage">
        {path ? (
          // Phones get the 640 px card (or the thumbnail); from 48em up the stored original.
          <picture>
            {carSrcSet(path) ? <source media="(min-width: 48em)" srcSet={imageSrc(path)} /> : null}
            <img
              src={carSrcSet(path) ? imageVariant(path, "card") : imageSrc(path)}
              srcSet={carSrcSet(path)}
              sizes={carSrcSet(path) ? "100vw" : undefined}
              alt={`${alt} (${current + 1} of ${count})`}
              className={classes.photo}
            />
          </picture>
        ) : null}
        <div className={`${classes.overlay} ${classes.loading}`} role="status" aria-label="Loading image">
          <span className={classes.spinner} aria-hidden="true" />
        </div>
        <div className={`${classes.overlay} ${classes.failed}`} role="img" aria-label="Image not available">
          <LineIcon size={48} strokeWidth={1.8}>
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <path d="M3 16l5-5 4 4 3-3 6 6M4 4l16 16" />
          </LineIcon>
          <p className={classes.overlayText}>Image not available</p>
        </div>
        {count === 0 ? <img src={PHOTOS_COMING_SOON_IMAGE} alt={PHOTOS_COMING_SOON} className={classes.photo} /> : null}
        {sold ? (
          <span className={classes.ribbon} data-testid="sold-ribbon">
            SOLD
          </span>
        ) : null}
        {path ? (
          <a href={imageSrc(path)} target="_blank" rel="noopener" className={classes.fullButton} data-full-screen>
            <FullIcon />
            Full screen
          </a>
        ) : null}
        {count > 1 ? (
          <>
            {control(current - 1, "Previous image", "‹", `${classes.nav} ${classes.prev}`)}
            {control(current + 1, "Next image", "›", `${classes.nav} ${classes.next}`)}
            <span className={classes.counter} data-counter>
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
              classes.thumb,
              i === current,
            ),
          )}
        </div>
      ) : null}
      {path ? <FullScreenTemplate count={count} /> : null}
    </div>
  );
}

/** The full-screen view, put on the page by app/browser/gallery.ts when a visitor asks for it. */
function FullScreenTemplate({ count }: { count: number }) {
  return (
    <template data-full-template>
      <dialog className={classes.full} aria-label="Photo, full screen" data-testid="photo-full">
        <div className={classes.fullFrame} data-frame>
          <img alt="" className={classes.fullPhoto} />
        </div>
        <button type="button" className={classes.fullClose} aria-label="Close full screen" data-close>
          <CloseIcon />
        </button>
        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${classes.nav} ${classes.prev}`}
              aria-label="Previous image"
              data-step="-1"
            >
              ‹
            </button>
            <button type="button" className={`${classes.nav} ${classes.next}`} aria-label="Next image" data-step="1">
              ›
            </button>
          </>
        ) : null}
        <p className={classes.fullHint} data-hint>
          Tap the photo to zoom in
        </p>
      </dialog>
    </template>
  );
}

function FullIcon() {
  return (
    <LineIcon size={16}>
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </LineIcon>
  );
}
