import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { type CardCar, carPath, type PublicCar } from "~/lib/car";

/** The lightbox's code (photo viewer, facts, dialog), fetched the first time a card opens it. */
const CarLightbox = lazy(() => import("./CarLightbox").then((m) => ({ default: m.CarLightbox })));

/**
 * Which car the lightbox shows. Lists carry only what their cards show, so opening it shows the
 * card's photo, name and price at once and loads the rest (every photo, key features, facts)
 * from the car's own page data (its canonical /cars/<id>-<slug>, the same answer the page cache
 * keeps). Opening it writes that URL into the address bar (a link to share; the server renders
 * that page too) and closing puts the previous address back. It uses replaceState with the
 * router's own state object, so Remix's history stays as it was.
 */
export function useCarLightbox() {
  const [card, setCard] = useState<CardCar | null>(null);
  const details = useFetcher<{ car: PublicCar }>();
  const previous = useRef<string | null>(null);
  const { load } = details;
  const open = useCallback(
    (next: CardCar) => {
      if (previous.current === null)
        previous.current = window.location.pathname + window.location.search + window.location.hash;
      window.history.replaceState(window.history.state, "", carPath(next));
      setCard(next);
      void load(carPath(next));
    },
    [load],
  );
  const close = useCallback(() => {
    if (previous.current !== null) window.history.replaceState(window.history.state, "", previous.current);
    previous.current = null;
    setCard(null);
  }, []);
  // Leaving the page with the lightbox open (back button, a link inside it): forget the address.
  useEffect(
    () => () => {
      previous.current = null;
    },
    [],
  );
  const loaded = details.data?.car;
  return { card, car: loaded && card && loaded.id === card.id ? loaded : null, open, close };
}

/**
 * The lightbox of a page of cards: nothing until a card first opens it (no JavaScript spent on a
 * view the visitor may never ask for), then the dialog, kept for the next car.
 */
export function CarQuickView({ lightbox }: { lightbox: ReturnType<typeof useCarLightbox> }) {
  const opened = useRef(false);
  if (lightbox.card) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <CarLightbox card={lightbox.card} car={lightbox.car} onClose={lightbox.close} />
    </Suspense>
  );
}
