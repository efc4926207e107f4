import type { CardCar } from "~/lib/car";
import { CarCard } from "../CarCard";
import { CAR_IMAGE_SIZES } from "../CarImage";
import classes from "./CarGrid.module.css";

export { classes as carGridClasses };

/**
 * Cards in a responsive grid (1 column small, 2 medium, 3 wide; `columns={4}`: up to 4). View
 * Details links to the car's page; with JavaScript, `quickView` opens the quick view instead.
 */
export function CarGrid({
  cars,
  quickView = false,
  empty,
  eagerCount = 0,
  columns = 3,
  compact = false,
  anchor,
}: {
  cars: CardCar[];
  quickView?: boolean;
  empty: string;
  eagerCount?: number;
  columns?: 3 | 4;
  /** Short row cards on phones (see CarCard). */
  compact?: boolean;
  /** Each heart's id is `<anchor>-<car id>`, where its no-JavaScript post comes back to. */
  anchor?: string;
}) {
  if (cars.length === 0) {
    return (
      <p className={classes.empty} data-testid="empty-state">
        {empty}
      </p>
    );
  }
  const sizes = columns === 4 ? CAR_IMAGE_SIZES.collection : CAR_IMAGE_SIZES.grid;
  return (
    <div className={columns === 4 ? `${classes.grid} ${classes.four}` : classes.grid} data-testid="car-grid">
      {cars.map((car, i) => (
        <CarCard
          key={car.id}
          car={car}
          eager={i < eagerCount}
          compact={compact}
          sizes={sizes}
          anchor={anchor && `${anchor}-${car.id}`}
          quickView={quickView}
        />
      ))}
    </div>
  );
}
