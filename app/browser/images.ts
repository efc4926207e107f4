import { PLACEHOLDER_IMAGE } from "~/lib/images";

/**
 * A car photo that fails to load (CarImage marks them `data-fallback`) shows the placeholder,
 * 'Image not available', as CarImage does on a page with React.
 */
function fallBack(img: HTMLImageElement): void {
  img.removeAttribute("data-fallback");
  img.removeAttribute("srcset");
  img.removeAttribute("sizes");
  img.src = PLACEHOLDER_IMAGE;
  img.alt = "Image not available";
}

/** Photos under `root` that failed before this script ran: their error event has passed. */
export function checkImages(root: ParentNode = document): void {
  for (const img of root.querySelectorAll<HTMLImageElement>("img[data-fallback]")) {
    if (img.complete && img.naturalWidth === 0) fallBack(img);
  }
}

export function enhanceImages(): void {
  document.addEventListener(
    "error",
    (e) => {
      if (e.target instanceof HTMLImageElement && e.target.hasAttribute("data-fallback")) fallBack(e.target);
    },
    true,
  );
  checkImages();
}
