import { CarCard } from "../CarCard";
import type { LightboxCar } from "../car/CarLightbox";
import classes from "./home.module.css";

/** New Arrivals: a horizontal strip of the newest cars. */
export function NewArrivals({ cars, onOpen }: { cars: LightboxCar[]; onOpen?: (car: LightboxCar) => void }) {
  const byId = new Map(cars.map((c) => [c.id, c]));
  return (
    <div className={classes.strip} data-testid="new-arrivals">
      {cars.map((car, i) => (
        <div key={car.id} className={classes.stripItem}>
          <CarCard car={car} eager={i < 2} onOpen={onOpen ? (c) => onOpen(byId.get(c.id) ?? car) : undefined} />
        </div>
      ))}
    </div>
  );
}
