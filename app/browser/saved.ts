import { mergeCarIds, parseCarIds, toggleCarId } from "~/lib/saved-cars";

/**
 * The hearts (saved cars) of a page without React; the hook useSavedCars does the same on the
 * others, with the same storage. A heart is a form posting to /saved (marked `data-save`): here
 * its submit toggles the car in this browser's list instead, without a request. The hearts show
 * this browser's list once the browser is idle (a phone's first read of its storage costs
 * milliseconds the page's start should not wait for). Cars saved by the no-JavaScript cookie
 * (the server draws them on <body data-saved-cookie>) move into the list, and the cookie is
 * dropped so the visitor gets cached pages again.
 */

const STORAGE_KEY = "saved-cars";

function read(): number[] {
  try {
    return parseCarIds(window.localStorage.getItem(STORAGE_KEY) ?? "");
  } catch {
    return []; // storage blocked (private mode, settings): nothing saved
  }
}

function write(ids: readonly number[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, ids.join(","));
  } catch {
    /* storage blocked: the heart still toggles for this page view */
  }
}

/** This browser's list, once read (null until then: the hearts show what the server drew). */
let shown: number[] | null = null;

/** Draws every heart under `root` from this browser's list (once it has been read). */
export function drawHearts(root: ParentNode = document): void {
  if (!shown) return;
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-save]")) {
    const id = Number((form.elements.namedItem("id") as HTMLInputElement | null)?.value);
    const button = form.querySelector("button");
    if (!button || !id) continue;
    const saved = String(shown.includes(id));
    // Only what changes: a written attribute costs a style recalculation even when it is the same.
    if (button.getAttribute("aria-pressed") === saved) continue;
    button.setAttribute("aria-pressed", saved);
    if (button.hasAttribute("data-labelled")) button.textContent = saved === "true" ? "Saved" : "Save";
  }
}

function load(): void {
  shown = read();
  drawHearts();
}

export function enhanceSaved(): void {
  document.addEventListener("submit", (e) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-save")) return;
    e.preventDefault();
    const id = Number((form.elements.namedItem("id") as HTMLInputElement | null)?.value);
    if (!id) return;
    shown = toggleCarId(read(), id);
    write(shown);
    drawHearts();
  });
  // Another tab saved or removed a car.
  window.addEventListener("storage", (e) => {
    if (e.key === STORAGE_KEY || e.key === null) load();
  });
  const cookie = document.body.dataset.savedCookie;
  if (cookie) {
    write(mergeCarIds(read(), parseCarIds(cookie)));
    void fetch("/saved", { method: "POST", body: new URLSearchParams({ intent: "forget" }) }).catch(() => {});
  }
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(load, { timeout: 1000 });
  else setTimeout(load, 200);
}
