import { inspectionHref } from "~/lib/car";
import { chatHref } from "~/lib/chat-link";
import { historyEntry, openModal } from "./dialog";
import { enhanceViewer, type Viewer } from "./gallery";
import { drawHearts } from "./saved";

/**
 * The quick view of a page of cards (components/car/QuickView.tsx): a click on a card's View
 * Details or photo (marked `data-quick-view`) opens it instead of the car's page. It shows what
 * the card carries (`data-car`) at once, then the photos, key features and facts from the car's
 * own page (fetched: the page cache keeps it). Open, it is a history entry at the car's page
 * address: Back closes it, leaving the results (address, scroll) as they were; closing puts the
 * focus back on the card.
 */

interface CardData {
  id: number;
  title: string;
  path: string;
  price: string;
  monthly: string | null;
  location: string | null;
  description: string;
}

let dialog: HTMLDialogElement | null = null;
/** The details slot as the server drew it ('Loading...'). */
let loadingHtml = "";
let viewer: Viewer | null = null;
/** The car shown, so that a late answer for another car is dropped. */
let shownId = 0;

function part(name: string): HTMLElement {
  const el = dialog?.querySelector<HTMLElement>(`[data-qv="${name}"]`);
  if (!el) throw new Error(`quick view: no ${name}`);
  return el;
}

function setText(name: string, text: string | null): void {
  const el = part(name);
  el.textContent = text ?? "";
  el.hidden = !text;
}

/** The car page's viewer, its links turned into buttons (the quick view has no address per photo). */
function buttonViewer(viewerRoot: HTMLElement): HTMLElement {
  for (const link of viewerRoot.querySelectorAll<HTMLAnchorElement>("a[data-photo]")) {
    const button = document.createElement("button");
    button.type = "button";
    for (const name of ["class", "aria-label", "data-photo", "aria-current"]) {
      const value = link.getAttribute(name);
      if (value !== null) button.setAttribute(name, value);
    }
    button.append(...link.childNodes);
    link.replaceWith(button);
  }
  return viewerRoot;
}

async function loadDetails(car: CardData): Promise<void> {
  let page: Document;
  try {
    const res = await fetch(car.path, { headers: { Accept: "text/html" } });
    if (!res.ok) throw new Error(String(res.status));
    page = new DOMParser().parseFromString(await res.text(), "text/html");
  } catch {
    if (shownId === car.id) part("details").textContent = "The car's details could not be loaded.";
    return;
  }
  if (shownId !== car.id || !dialog) return;
  const photos = page.querySelector<HTMLElement>("[data-viewer]");
  const details = page.querySelector<HTMLElement>("[data-car-details]");
  const slot = part("photos");
  slot.replaceChildren();
  if (photos) {
    const root = buttonViewer(document.importNode(photos, true));
    slot.append(root);
    viewer = enhanceViewer(root, false);
  }
  const facts = details ? document.importNode(details, true) : null;
  // The car page's section headings (h2) sit under the dialog's title here.
  for (const h2 of facts?.querySelectorAll("h2") ?? []) {
    const h3 = document.createElement("h3");
    for (const { name, value } of h2.attributes) h3.setAttribute(name, value);
    h3.append(...h2.childNodes);
    h2.replaceWith(h3);
  }
  part("details").replaceChildren(...(facts ? [facts] : []));
}

function open(car: CardData): void {
  const template = document.querySelector<HTMLTemplateElement>("template#quick-view");
  if (!template) return;
  if (!dialog) {
    dialog = (template.content.firstElementChild as HTMLDialogElement).cloneNode(true) as HTMLDialogElement;
    document.body.append(dialog);
    part("close").addEventListener("click", () => dialog?.close());
    loadingHtml = part("details").innerHTML;
  }
  const previous = window.location.pathname + window.location.search + window.location.hash;
  const under = window.location.pathname;
  shownId = car.id;
  viewer = null;
  part("title").textContent = car.title;
  setText("price", car.price);
  setText("monthly", car.monthly);
  setText("location", car.location);
  part("description").textContent = car.description;
  part("book").setAttribute("href", inspectionHref(car));
  // The chat link names the page under the quick view (the address bar shows the car's own page).
  part("chat").setAttribute("href", chatHref(car, under));
  part("page").setAttribute("href", car.path);
  const save = dialog.querySelector<HTMLFormElement>("form[data-save]");
  if (save) {
    (save.elements.namedItem("id") as HTMLInputElement).value = String(car.id);
    (save.elements.namedItem("back") as HTMLInputElement).value = previous;
    drawHearts(dialog);
  }
  part("photos").replaceChildren();
  part("details").innerHTML = loadingHtml;
  const onKey = (e: KeyboardEvent) => {
    // The full-screen photo over it has its own arrows.
    if (document.querySelector('[data-testid="photo-full"][open]')) return;
    if (e.key === "ArrowRight") viewer?.step(1);
    if (e.key === "ArrowLeft") viewer?.step(-1);
  };
  window.addEventListener("keydown", onKey);
  openModal(dialog, () => {
    window.removeEventListener("keydown", onKey);
    shownId = 0;
  });
  // The address bar shows the car's page; Back closes the quick view (the results stay as they were).
  historyEntry(dialog, car.path);
  void loadDetails(car);
}

export function enhanceQuickView(): void {
  if (!document.querySelector("template#quick-view")) return;
  document.addEventListener("click", (e) => {
    const link = (e.target as Element).closest<HTMLAnchorElement>("a[data-quick-view]");
    if (!link || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    const card = link.closest<HTMLElement>("[data-car]");
    if (!card) return;
    e.preventDefault();
    open(JSON.parse(card.dataset.car ?? "{}") as CardData);
  });
}
