import { useCallback, useEffect, useRef, useState } from "react";
import type { Car } from "~/models/car.server";
import { whatsappLink } from "~/config/site";
import { formatNaira } from "~/lib/money";
import { carTitle } from "../CarCard";
import { ButtonAnchor, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { CarFacts, KeyFeatures } from "./CarDetails";
import classes from "./CarLightbox.module.css";
import { PhotoViewer } from "./PhotoViewer";

export type LightboxCar = Omit<Car, "vin" | "car_history" | "other_info">;

export function inspectionHref(car: { make: string; model: string }) {
  return `/book-inspection?${new URLSearchParams({ make: car.make, model: car.model })}`;
}

/**
 * Which car the lightbox shows. Opening it writes /cars/<id> into the address bar (a link to
 * share; the server renders that page too) and closing puts the previous address back. It uses
 * replaceState with the router's own state object, so Remix's history stays as it was.
 */
export function useCarLightbox() {
  const [car, setCar] = useState<LightboxCar | null>(null);
  const previous = useRef<string | null>(null);
  const open = useCallback((next: LightboxCar) => {
    if (previous.current === null) previous.current = window.location.pathname + window.location.search + window.location.hash;
    window.history.replaceState(window.history.state, "", `/cars/${next.id}`);
    setCar(next);
  }, []);
  const close = useCallback(() => {
    if (previous.current !== null) window.history.replaceState(window.history.state, "", previous.current);
    previous.current = null;
    setCar(null);
  }, []);
  // Leaving the page with the lightbox open (back button, a link inside it): forget the address.
  useEffect(() => () => void (previous.current = null), []);
  return { car, open, close };
}

/**
 * The car view as a modal <dialog>: photos, 'make model - year', price, key features and the
 * facts. Escape, the Close button and a click on the backdrop close it; the focus goes back to
 * the card that opened it. Full screen on phones.
 */
export function CarLightbox({ car, onClose }: { car: LightboxCar | null; onClose: () => void }) {
  const [index, setIndex] = useState(0);
  useEffect(() => setIndex(0), [car?.id]);
  useEffect(() => {
    if (!car || car.images.length < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowRight") setIndex((i) => i + 1);
      if (e.key === "ArrowLeft") setIndex((i) => i - 1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [car]);
  const title = car ? carTitle(car) : "";
  return (
    <Dialog open={car !== null} onClose={onClose} title={title} testId="car-lightbox">
      {car ? (
        <div className={classes.grid}>
          <PhotoViewer images={car.images} alt={title} index={index} onSelect={setIndex} />
          <div className={classes.info}>
            <div>
              <p className={classes.price}>{formatNaira(car.price)}</p>
              <p className={classes.description}>{car.car_description || "No description"}</p>
            </div>
            <KeyFeatures features={car.keyfeatures} />
            <CarFacts car={car} />
            <div className={classes.actions}>
              <ButtonLink to={inspectionHref(car)} onClick={onClose}>
                Book an inspection
              </ButtonLink>
              <ButtonAnchor href={whatsappLink(car)} target="_blank" rel="noopener noreferrer" variant="default" data-testid="lightbox-chat">
                Chat on WhatsApp
              </ButtonAnchor>
              <ButtonAnchor href={`/cars/${car.id}`} variant="subtle">
                Open full page
              </ButtonAnchor>
            </div>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
