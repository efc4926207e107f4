import { carSrcSet, imageSrc, imageVariant } from "~/lib/images";
import { historyEntry, onSwipe, openModal } from "./dialog";

/**
 * The photo viewer (components/car/PhotoViewer.tsx) on a page without React. Its controls (links
 * to each photo's page, or buttons in the quick view) change the photo at once; on the car page
 * the address follows with replaceState. The photos either side are fetched ahead, a swipe goes
 * to the next or previous one, the stage shows a spinner while a photo loads and 'Image not
 * available' when it fails, and Full screen opens the full-screen view from the viewer's
 * <template>: a tap zooms in to twice the size around the tapped point (drag to look around),
 * another tap zooms out; swipes and the arrows go on; Escape, Close or Back ends it (it is a
 * history entry).
 */

/** The file the stage shows at this screen width: the 640 px card on phones, the original from 48em. */
function stageFile(path: string): string {
  return carSrcSet(path) && !window.matchMedia("(min-width: 48em)").matches
    ? imageVariant(path, "card")
    : imageSrc(path);
}

export interface Viewer {
  select: (i: number) => void;
  step: (step: number) => void;
}

/** Takes over one viewer; `address` is true where each photo has its own address (the car page). */
export function enhanceViewer(root: HTMLElement, address: boolean): Viewer | null {
  const images = JSON.parse(root.dataset.viewer ?? "[]") as string[];
  const count = images.length;
  const alt = root.dataset.alt ?? "";
  const stage = root.querySelector<HTMLElement>('[data-testid="photo-stage"]');
  const img = stage?.querySelector("img");
  if (!stage || !img || !count) return null;
  const source = stage.querySelector("source");
  const counter = stage.querySelector("[data-counter]");
  const fullLink = stage.querySelector<HTMLAnchorElement>("a[data-full-screen]");
  let current = Number(root.dataset.index) || 0;
  const at = (i: number) => ((i % count) + count) % count;
  const label = () => `${alt} (${current + 1} of ${count})`;

  const setStatus = () => {
    stage.dataset.status = !img.complete ? "loading" : img.naturalWidth > 0 ? "complete" : "error";
  };
  img.addEventListener("load", setStatus);
  img.addEventListener("error", setStatus);
  setStatus();

  const linkOf = (i: number) => {
    const url = new URL(window.location.href);
    if (i) url.searchParams.set("photo", String(i));
    else url.searchParams.delete("photo");
    return url.pathname + url.search;
  };
  let full: { show: () => void } | null = null;

  const select = (i: number) => {
    current = at(i);
    const path = images[current];
    const set = carSrcSet(path);
    if (source) source.srcset = imageSrc(path);
    if (set) img.srcset = set;
    img.src = set ? imageVariant(path, "card") : imageSrc(path);
    img.alt = label();
    if (fullLink) fullLink.href = imageSrc(path);
    if (counter) counter.textContent = `${current + 1} / ${count}`;
    for (const el of root.querySelectorAll<HTMLElement>("[data-photo]")) {
      const name = el.getAttribute("aria-label") ?? "";
      if (name === "Previous image") el.dataset.photo = String(at(current - 1));
      else if (name === "Next image") el.dataset.photo = String(at(current + 1));
      else el.setAttribute("aria-current", String(Number(el.dataset.photo) === current));
      if (el instanceof HTMLAnchorElement) el.href = linkOf(Number(el.dataset.photo));
    }
    setStatus();
    if (address) window.history.replaceState(window.history.state, "", linkOf(current));
    full?.show();
    // The photos either side, so the next swipe shows one at once.
    if (count > 1) for (const n of [current + 1, current - 1]) new Image().src = stageFile(images[at(n)]);
  };

  root.addEventListener("click", (e) => {
    const control = (e.target as Element).closest<HTMLElement>("[data-photo]");
    if (!control || !root.contains(control) || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    select(Number(control.dataset.photo));
  });
  if (count > 1) onSwipe(stage, (step) => select(current + step));
  // Back from the full-screen view lands on the entry under it, whose address names the photo shown
  // when it opened: name the photo shown now.
  if (address) {
    window.addEventListener("popstate", () => window.history.replaceState(window.history.state, "", linkOf(current)));
  }

  const template = root.querySelector<HTMLTemplateElement>("template[data-full-template]");
  fullLink?.addEventListener("click", (e) => {
    if (!template || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    full = openFullScreen(
      template,
      images,
      () => current,
      select,
      () => {
        full = null;
      },
    );
  });
  return { select, step: (step) => select(current + step) };
}

function openFullScreen(
  template: HTMLTemplateElement,
  images: string[],
  current: () => number,
  select: (i: number) => void,
  onClose: () => void,
): { show: () => void } {
  const dialog = (template.content.firstElementChild as HTMLDialogElement).cloneNode(true) as HTMLDialogElement;
  const frame = dialog.querySelector<HTMLElement>("[data-frame]");
  const photo = dialog.querySelector("img");
  const hint = dialog.querySelector("[data-hint]");
  const alt = (template.closest<HTMLElement>("[data-viewer]")?.dataset.alt ?? "").trim();
  if (!frame || !photo) return { show: () => {} };
  const zoom = (on: boolean) => {
    frame.toggleAttribute("data-zoom", on);
    if (hint) hint.textContent = on ? "Tap to zoom out" : "Tap the photo to zoom in";
  };
  const show = () => {
    const i = current();
    photo.src = imageSrc(images[i]);
    photo.alt = `${alt} (${i + 1} of ${images.length})`;
    zoom(false);
  };
  photo.addEventListener("click", (e) => {
    if (frame.hasAttribute("data-zoom")) return zoom(false);
    const box = photo.getBoundingClientRect();
    const x = (e.clientX - box.left) / box.width;
    const y = (e.clientY - box.top) / box.height;
    zoom(true);
    // Once the photo is twice as big, bring the tapped point to the middle.
    requestAnimationFrame(() =>
      frame.scrollTo({
        left: x * frame.scrollWidth - frame.clientWidth / 2,
        top: y * frame.scrollHeight - frame.clientHeight / 2,
      }),
    );
  });
  onSwipe(frame, (step) => !frame.hasAttribute("data-zoom") && images.length > 1 && select(current() + step));
  dialog.addEventListener("click", (e) => {
    const button = (e.target as Element).closest<HTMLElement>("button");
    if (!button) return;
    if (button.hasAttribute("data-close")) dialog.close();
    else if (button.dataset.step) select(current() + Number(button.dataset.step));
  });
  const onKey = (e: KeyboardEvent) => {
    if (images.length < 2) return;
    if (e.key === "ArrowRight") select(current() + 1);
    if (e.key === "ArrowLeft") select(current() - 1);
  };
  dialog.addEventListener("keydown", onKey);
  show();
  document.body.append(dialog);
  openModal(dialog, () => {
    dialog.remove();
    onClose();
  });
  // Back closes it (and only it: the car page or the quick view under it stays).
  historyEntry(dialog);
  return { show };
}

/** Every viewer of the page (the car page's). */
export function enhanceGalleries(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-viewer]")) enhanceViewer(root, true);
}
