import type { CardCar } from "~/lib/car";
import { CarCard } from "../CarCard";
import { CAR_IMAGE_SIZES } from "../CarImage";
import classes from "./home.module.css";

/** A horizontal, snapping strip of car cards (New Arrivals, the condition tabs). */
export function CarStrip({
  cars,
  onOpen,
  testId,
}: {
  cars: CardCar[];
  onOpen?: (car: CardCar) => void;
  testId?: string;
}) {
  const byId = new Map(cars.map((c) => [c.id, c]));
  return (
    <div className={classes.strip} data-testid={testId}>
      {cars.map((car) => (
        <div key={car.id} className={classes.stripItem}>
          <CarCard
            car={car}
            sizes={CAR_IMAGE_SIZES.strip}
            onOpen={onOpen ? (c) => onOpen(byId.get(c.id) ?? car) : undefined}
          />
        </div>
      ))}
    </div>
  );
}
