import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { type CardCar, carPath, carTitle, inspectionHref, type PublicCar } from "~/lib/car";
import { chatHref } from "~/lib/chat-link";
import { formatNaira } from "~/lib/money";
import { SaveButton } from "../saved/SaveButton";
import { ButtonAnchor, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { CarFacts, KeyFeatures } from "./CarDetails";
import classes from "./CarLightbox.module.css";
import { PhotoViewer } from "./PhotoViewer";

/**
 * The car view as a modal <dialog>: photos, 'make model - year', price, key features and the
 * facts. Escape, the Close button and a click on the backdrop close it; the focus goes back to
 * the card that opened it. Full screen on phones. Its code is fetched the first time a card opens
 * it (see CarQuickView).
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
