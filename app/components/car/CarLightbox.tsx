import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { type CardCar, carPath, carTitle, type PublicCar } from "~/lib/car";
import { chatHref } from "~/lib/chat-link";
import { formatNaira } from "~/lib/money";
import { SaveButton } from "../saved/SaveButton";
import { ButtonAnchor, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { CarFacts, KeyFeatures } from "./CarDetails";
import classes from "./CarLightbox.module.css";
import { PhotoViewer } from "./PhotoViewer";

/** Book Inspection for this car: the form names it and the booking keeps its id. */
export function inspectionHref(car: { id: number }) {
  return `/book-inspection?car=${car.id}`;
}

/** Connect with Us about this car: the message keeps its id. */
export function contactHref(car: { id: number }) {
  return `/connect?car=${car.id}`;
}

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
 * The car view as a modal <dialog>: photos, 'make model - year', price, key features and the
 * facts. Escape, the Close button and a click on the backdrop close it; the focus goes back to
 * the card that opened it. Full screen on phones.
 */
export function CarLightbox({
  card,
  car,
  onClose,
}: {
  card: CardCar | null;
  car: PublicCar | null;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another car starts at its first photo
  useEffect(() => setIndex(0), [card?.id]);
  const images = car?.images ?? card?.images ?? [];
  useEffect(() => {
    if (images.length < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowRight") setIndex((i) => i + 1);
      if (e.key === "ArrowLeft") setIndex((i) => i - 1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [images.length]);
  const shown = car ?? card;
  const title = shown ? carTitle(shown) : "";
  // The chat link names the page under the lightbox (the address bar shows the car's own page).
  const { pathname } = useLocation();
  return (
    <Dialog open={card !== null} onClose={onClose} title={title} testId="car-lightbox">
      {shown ? (
        <div className={classes.grid}>
          <PhotoViewer images={images} alt={title} index={index} onSelect={setIndex} />
          <div className={classes.info}>
            <div className={classes.head}>
              <p className={classes.price}>{formatNaira(shown.price)}</p>
              {card?.monthly_from != null ? (
                <p className={classes.monthly} data-testid="lightbox-monthly">
                  From {formatNaira(card.monthly_from)}/month
                </p>
              ) : null}
              {shown.location ? <p className={classes.location}>{shown.location}</p> : null}
            </div>
            {/* The actions come straight after the price, so a phone shows them under the photo. */}
            <div className={classes.actions}>
              <ButtonLink to={inspectionHref(shown)} onClick={onClose}>
                Book an inspection
              </ButtonLink>
              <ButtonAnchor
                href={chatHref(shown, pathname)}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                data-testid="lightbox-chat"
              >
                Chat on WhatsApp
              </ButtonAnchor>
              {card ? <SaveButton car={card} labelled /> : null}
              <ButtonAnchor href={carPath(shown)} variant="subtle">
                Open full page
              </ButtonAnchor>
            </div>
            <p className={classes.description}>{shown.car_description || "No description"}</p>
            {car ? (
              <>
                <KeyFeatures features={car.keyfeatures} />
                <CarFacts car={car} />
              </>
            ) : (
              <p className={classes.loading} role="status">
                Loading...
              </p>
            )}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
