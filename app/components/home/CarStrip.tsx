import type { CardCar } from "~/lib/car";
import { CarCard } from "../CarCard";
import { CAR_IMAGE_SIZES } from "../CarImage";
import classes from "./home.module.css";

/** A horizontal, snapping strip of car cards (New Arrivals, the condition tabs). */
export function CarStrip({
  cars,
  quickView = false,
  testId,
}: {
  cars: CardCar[];
  quickView?: boolean;
  testId?: string;
}) {
  return (
    <div className={classes.strip} data-testid={testId}>
      {cars.map((car) => (
        <div key={car.id} className={classes.stripItem}>
          <CarCard car={car} sizes={CAR_IMAGE_SIZES.strip} quickView={quickView} />
        </div>
      ))}
    </div>
  );
}
