import { Link } from "@remix-run/react";
import { type CardCar, carPath, carTitle } from "~/lib/car";
import { formatMileage, formatNaira } from "~/lib/money";
import classes from "./CarCard.module.css";
import { CAR_IMAGE_SIZES, CarImage } from "./CarImage";
import { LazyHydrate } from "./LazyHydrate";
import { SaveButton } from "./saved/SaveButton";
import { LineIcon } from "./ui/Icon";

/**
 * A car in a grid. The image and View Details go to `href` (the car's own page by default); the
 * heart saves it (see SaveButton); a car the dealer finances says what it costs a month from.
 * `quickView`: with JavaScript, those links open the quick view instead (see QuickView; the card
 * carries what it shows at once in `data-car`). `compact` lays
 * it out as a short row on phones (same content; the usual card from 36em up). `sizes` tells the
 * browser how wide the photo is where the card is used (see CAR_IMAGE_SIZES). A card is hydrated
 * when it comes near the screen (LazyHydrate): a page of cards costs a slow phone only the ones
 * the visitor sees.
 */
export function CarCard({
  car,
  href = carPath(car),
  quickView = false,
  eager = false,
  compact = false,
  sizes = CAR_IMAGE_SIZES.grid,
  anchor,
}: {
  car: CardCar;
  href?: string;
  quickView?: boolean;
  eager?: boolean;
  compact?: boolean;
  sizes?: string;
  /** The heart's id, which its no-JavaScript post comes back to (see SaveButton). */
  anchor?: string;
}) {
  const title = carTitle(car);
  const open = quickView ? "" : undefined;
  // Plain elements and a CSS module: this card is rendered dozens of times per page, and
  // Mantine's style props would inline ~2 KB of CSS variables into each one.
  return (
    <LazyHydrate
      as="article"
      data-testid="car-card"
      className={`${classes.card} ${compact ? classes.compact : ""}`}
      data-car={quickView ? quickViewData(car, title) : undefined}
    >
      <div className={classes.mediaWrap}>
        <Link to={href} data-quick-view={open} prefetch="intent" className={classes.media} tabIndex={-1}>
          <CarImage
            path={car.images[0]}
            sizes={sizes}
            alt={title}
            eager={eager}
            width={640}
            height={427}
            className={classes.image}
          />
          <span className={classes.badge} data-testid="condition-badge" data-new={car.condition === "New" || undefined}>
            {car.condition}
          </span>
          {car.reserved_until ? (
            <span className={classes.reserved} data-testid="reserved-badge">
              Reserved
            </span>
          ) : null}
        </Link>
        <SaveButton car={car} className={classes.save} anchor={anchor} />
      </div>
      <div className={classes.body}>
        <h3 className={classes.title}>{title}</h3>
        <p className={classes.description}>{car.car_description || "No description"}</p>
        {car.location ? <p className={classes.location}>{car.location}</p> : null}
        <ul className={classes.facts} aria-label="Key facts">
          <li>{formatMileage(car.mileage)}</li>
          <li>{car.fuel_type || "N/A"}</li>
          <li>{car.transmission || "N/A"}</li>
        </ul>
        <div className={classes.footer}>
          <span className={classes.price}>
            {formatNaira(car.price)}
            {car.monthly_from !== null ? (
              <small className={classes.monthly} data-testid="monthly-from">
                From {formatNaira(car.monthly_from)}/month
              </small>
            ) : null}
          </span>
          <Link to={href} data-quick-view={open} prefetch="intent" className={classes.details}>
            View Details
          </Link>
        </div>
      </div>
    </LazyHydrate>
  );
}

/** What the quick view shows at once, before the car's page arrives (app/browser/quick-view.ts reads it). */
function quickViewData(car: CardCar, title: string): string {
  return JSON.stringify({
    id: car.id,
    title,
    path: carPath(car),
    price: formatNaira(car.price),
    monthly: car.monthly_from === null ? null : `From ${formatNaira(car.monthly_from)}/month`,
    location: car.location,
    description: car.car_description || "No description",
  });
}

/** The map pin before the car's location on its page (the cards draw theirs in CSS). */
export function PinIcon() {
  return (
    <LineIcon size={14}>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </LineIcon>
  );
}
