import { lazy, type MouseEvent, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { imageSrc, imageVariant } from "~/lib/images";
import { CAR_IMAGE_SIZES, carSrcSet } from "../CarImage";
import { LineIcon } from "../ui/Icon";
import classes from "./PhotoViewer.module.css";
import { useSwipe } from "./useSwipe";

/** The full-screen view with its zoom, fetched the first time a visitor asks for it. */
const PhotoFullScreen = lazy(() => import("./PhotoFullScreen").then((m) => ({ default: m.PhotoFullScreen })));

type Status = "loading" | "complete" | "error";

/** The file the stage shows at this screen width: the 640 px card on phones, the original from 48em. */
function stageFile(path: string): string {
  return carSrcSet(path) && !window.matchMedia("(min-width: 48em)").matches
    ? imageVariant(path, "card")
    : imageSrc(path);
}

/**
 * A big photo with previous/next (wrapping), thumbnails, swipes and a full-screen view that zooms.
 * Controls are buttons calling `onSelect` (lightbox), or links from `linkFor` (the car page:
 * without JavaScript each is a page; with it the photo changes at once, the address follows with
 * replaceState, and the neighbours are already loaded). Full screen is the original photo
 * (a plain link without JavaScript). `sold` lays a SOLD ribbon over the photo.
 */
export function PhotoViewer({
  images,
  alt,
  index,
  onSelect,
  linkFor,
  sold = false,
}: {
  images: string[];
  alt: string;
  index: number;
  onSelect?: (i: number) => void;
  linkFor?: (i: number) => string;
  sold?: boolean;
}) {
  const count = images.length;
  const [local, setLocal] = useState(index);
  useEffect(() => setLocal(index), [index]);
  const shown = linkFor ? local : index;
  const current = count ? ((shown % count) + count) % count : 0;
  const [full, setFull] = useState(false);
  const select = (i: number) => {
    const target = ((i % count) + count) % count;
    if (!linkFor) return onSelect?.(target);
    setLocal(target);
    window.history.replaceState(window.history.state, "", linkFor(target));
  };
  const swipe = useSwipe((step) => count > 1 && select(current + step));
  // The photos either side are fetched ahead, so the next swipe shows one at once.
  useEffect(() => {
    if (count < 2) return;
    for (const i of [current + 1, current - 1]) {
      const img = new Image();
      img.src = stageFile(images[((i % count) + count) % count]);
    }
  }, [current, count, images]);
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
    const click = (e: MouseEvent) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      select(target);
    };
    // A plain link: with JavaScript the click never navigates (it changes the photo in place), so a
    // router Link would only add hydration work; without JavaScript it loads that photo's page.
    return linkFor ? (
      <a href={linkFor(target)} aria-label={label} className={className} onClick={click}>
        {children}
      </a>
    ) : (
      <button type="button" aria-label={label} className={className} onClick={() => onSelect?.(target)}>
        {children}
      </button>
    );
  };

  return (
    <div className={classes.viewer}>
      <div className={classes.stage} data-status={status} data-testid="photo-stage" {...swipe}>
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
            <LineIcon size={48} strokeWidth={1.8}>
              <rect x="3" y="4" width="18" height="16" rx="2" />
              <path d="M3 16l5-5 4 4 3-3 6 6M4 4l16 16" />
            </LineIcon>
            <p className={classes.overlayText}>Image not available</p>
          </div>
        ) : null}
        {sold ? (
          <span className={classes.ribbon} data-testid="sold-ribbon">
            SOLD
          </span>
        ) : null}
        {path ? (
          <a
            href={imageSrc(path)}
            target="_blank"
            rel="noopener"
            className={classes.fullButton}
            onClick={(e) => {
              e.preventDefault();
              setFull(true);
            }}
          >
            <FullIcon />
            Full screen
          </a>
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
      {full && path ? (
        <Suspense fallback={null}>
          <PhotoFullScreen
            path={path}
            alt={`${alt} (${current + 1} of ${count})`}
            count={count}
            go={(step) => select(current + step)}
            onClose={() => setFull(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function FullIcon() {
  return (
    <LineIcon size={16}>
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </LineIcon>
  );
}
