import { type MouseEvent, useEffect, useRef, useState } from "react";
import { imageSrc } from "~/lib/images";
import { CloseIcon, useModalDialog } from "../ui/Dialog";
import classes from "./PhotoViewer.module.css";
import { useSwipe } from "./useSwipe";

/**
 * The photo over the whole screen (a modal dialog): swipe or arrows for the others, a tap zooms in
 * to twice the size around the tapped point (then drag to look around), another tap zooms out.
 */
export function PhotoFullScreen({
  path,
  alt,
  count,
  go,
  onClose,
}: {
  path: string;
  alt: string;
  count: number;
  go: (step: 1 | -1) => void;
  onClose: () => void;
}) {
  const { ref, close } = useModalDialog(true, onClose);
  const [zoom, setZoom] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const swipe = useSwipe((step) => !zoom && count > 1 && go(step));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo starts unzoomed
  useEffect(() => setZoom(false), [path]);
  const toggleZoom = (e: MouseEvent<HTMLImageElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const at = { x: (e.clientX - box.left) / box.width, y: (e.clientY - box.top) / box.height };
    setZoom((z) => !z);
    // Once the photo is twice as big, bring the tapped point to the middle.
    requestAnimationFrame(() => {
      const el = frame.current;
      if (!el || zoom) return;
      el.scrollTo({
        left: at.x * el.scrollWidth - el.clientWidth / 2,
        top: at.y * el.scrollHeight - el.clientHeight / 2,
      });
    });
  };
  return (
    <dialog ref={ref} className={classes.full} aria-label="Photo, full screen" data-testid="photo-full">
      <div ref={frame} className={classes.fullFrame} data-zoom={zoom || undefined} {...swipe}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: zoom is a pointer nicety; the keyboard has the arrows */}
        <img src={imageSrc(path)} alt={alt} className={classes.fullPhoto} onClick={toggleZoom} />
      </div>
      <button type="button" className={classes.fullClose} onClick={close} aria-label="Close full screen">
        <CloseIcon />
      </button>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${classes.nav} ${classes.prev}`}
            aria-label="Previous image"
            onClick={() => go(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className={`${classes.nav} ${classes.next}`}
            aria-label="Next image"
            onClick={() => go(1)}
          >
            ›
          </button>
        </>
      ) : null}
      <p className={classes.fullHint}>{zoom ? "Tap to zoom out" : "Tap the photo to zoom in"}</p>
    </dialog>
  );
}
