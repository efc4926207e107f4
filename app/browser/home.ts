import { HOME_REFRESH_MS } from "~/config/constants";
import { checkImages } from "./images";
import { drawHearts } from "./saved";

/**
 * The home page without React: the hero's slideshow (components/home/Hero.tsx) and the lists,
 * refreshed every HOME_REFRESH_MS while the tab is visible: the page is fetched again (the page
 * cache answers it) and its car lists replace the ones shown, unless the visitor has a dialog open.
 */

interface Slide {
  heading: string;
  text: string;
  link: string | null;
}

function slideshow(hero: HTMLElement): void {
  const slides = JSON.parse(hero.dataset.slides ?? "[]") as Slide[];
  const photos = [...hero.querySelectorAll<HTMLImageElement>('[data-testid="hero-slide"]')];
  const dots = [...hero.querySelectorAll<HTMLElement>("[aria-hidden] > span")];
  const heading = hero.querySelector('[data-testid="hero-heading"]');
  const text = hero.querySelector<HTMLElement>("[data-hero-text]");
  const link = hero.querySelector<HTMLAnchorElement>("[data-hero-link]");
  const count = Math.min(slides.length, photos.length);
  if (count < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const interval = Number(hero.dataset.interval) || 3000;
  let current = 0;
  let timer = 0;
  let onScreen = false;
  // The next photo is fetched while the current one shows.
  const fetchPhoto = (i: number) => {
    const img = photos[i];
    if (img.getAttribute("src") || !img.dataset.src) return;
    if (img.dataset.srcset) img.srcset = img.dataset.srcset;
    img.src = img.dataset.src;
  };
  const show = (i: number) => {
    current = i;
    for (const [n, el] of [...photos.entries(), ...dots.entries()]) el.setAttribute("data-active", String(n === i));
    const slide = slides[i];
    if (heading) heading.textContent = slide.heading;
    if (text) {
      text.textContent = slide.text;
      text.hidden = !slide.text;
    }
    if (link) {
      link.href = slide.link ?? "/browse";
      link.textContent = slide.link ? "Find out more" : "Explore Now";
      if (slide.link && !slide.link.startsWith("/")) link.rel = "noopener";
      else link.removeAttribute("rel");
    }
    fetchPhoto((i + 1) % count);
  };
  const update = () => {
    const running = onScreen && document.visibilityState === "visible";
    hero.toggleAttribute("data-running", running);
    if (running && !timer) {
      fetchPhoto((current + 1) % count);
      timer = window.setInterval(() => show((current + 1) % count), interval);
    } else if (!running && timer) {
      window.clearInterval(timer);
      timer = 0;
    }
  };
  const observer = new IntersectionObserver(([entry]) => {
    onScreen = entry.isIntersecting;
    update();
  });
  const start = () => observer.observe(hero);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
  document.addEventListener("visibilitychange", update);
}

const LISTS = ["new-arrivals", "collection", "conditions"];

async function refresh(): Promise<void> {
  if (document.visibilityState !== "visible" || document.querySelector("dialog[open]")) return;
  const res = await fetch(window.location.pathname + window.location.search, { headers: { Accept: "text/html" } });
  if (!res.ok) return;
  const page = new DOMParser().parseFromString(await res.text(), "text/html");
  for (const id of LISTS) {
    const fresh = page.getElementById(id);
    const shown = document.getElementById(id);
    if (!fresh || !shown) continue;
    const node = document.importNode(fresh, true);
    shown.replaceWith(node);
    drawHearts(node);
    checkImages(node);
  }
}

export function enhanceHome(): void {
  const hero = document.querySelector<HTMLElement>("section[data-slides]");
  if (hero) slideshow(hero);
  if (!document.getElementById("collection")) return;
  window.setInterval(() => void refresh().catch(() => {}), HOME_REFRESH_MS);
}
