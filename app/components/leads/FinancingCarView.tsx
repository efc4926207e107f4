import { Link } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { CAR_IMAGE_SIZES, CarImage } from "~/components/CarImage";
import { carTitle } from "~/lib/car";
import { formatMileage, formatNaira } from "~/lib/money";
import { buttonClass } from "../ui/Button";
import { Container, ui } from "../ui/Container";
import { CloseIcon, useModalDialog } from "../ui/Dialog";
import classes from "./FinancingCarView.module.css";

export interface FinancingCar {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
  color: string | null;
  condition: string;
  mileage: number | null;
  transmission: string | null;
  fuel_type: string | null;
  image: string | null;
}

/**
 * The full-screen view of one financing car with its calculator: a <dialog> rendered open by the
 * server, so the URL /financing/<id> works without JavaScript (Close is then a link back to
 * `backHref`: the car's page it was opened from, or the grid). With JavaScript it is a modal:
 * Escape or Close call `onClose` (the route goes back there).
 */
export function FinancingCarView({
  car,
  backHref,
  onClose,
  children,
}: {
  car: FinancingCar;
  /** Where Close goes back to: the car's page it was opened from, or the grid's page. */
  backHref: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const title = carTitle(car);
  const { ref, close } = useModalDialog(true, onClose);
  const closeClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    close(); // the dialog's close event goes back to the grid
  };
  return (
    <dialog
      ref={ref}
      open
      className={classes.view}
      aria-labelledby="financing-view-title"
      data-fullscreen=""
      data-testid="financing-view"
    >
      <div className={classes.scroll}>
        <div className={classes.head}>
          <Container size="lg" className={classes.headInner}>
            <h2 id="financing-view-title" className={classes.title}>
              {title}
            </h2>
            <Link to={backHref} preventScrollReset onClick={closeClick} className={buttonClass({ variant: "default" })}>
              <CloseIcon />
              Close
            </Link>
          </Container>
        </div>
        <Container size="lg" className={classes.body}>
          <div className={classes.columns}>
            <div className={classes.car}>
              <CarImage
                path={car.image}
                alt={title}
                eager
                sizes={CAR_IMAGE_SIZES.half}
                width={640}
                height={427}
                className={classes.photo}
              />
              <div className={classes.badges}>
                <span className={ui.badge} data-tone={car.condition === "New" ? "brand" : undefined}>
                  {car.condition}
                </span>
                <span className={`${ui.badge} ${ui.badgePlain}`} data-tone="gray">
                  {formatMileage(car.mileage)}
                </span>
                <span className={`${ui.badge} ${ui.badgePlain}`} data-tone="gray">
                  {car.fuel_type || "N/A"}
                </span>
                <span className={`${ui.badge} ${ui.badgePlain}`} data-tone="gray">
                  {car.transmission || "N/A"}
                </span>
              </div>
              <div>
                <p className={classes.priceLabel}>Price</p>
                <p className={classes.price}>{formatNaira(car.price)}</p>
              </div>
              <div className={classes.how}>
                <h3>How our financing works</h3>
                <p>
                  Pay a deposit of 40% to 90% of the price, then spread the rest over 3, 6 or 12 months. No interest is
                  added: what you see is what you pay.
                </p>
              </div>
            </div>
            <div>{children}</div>
          </div>
        </Container>
      </div>
    </dialog>
  );
}
