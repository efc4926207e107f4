import { Link } from "@remix-run/react";
import classes from "./leads.module.css";

/**
 * The car a booking or a message is about (the form was opened from its page): its name linking
 * back to it, the car's id as a hidden field, and a link to the same form without the car.
 */
export function FormCar({
  car,
  label,
  otherHref,
  otherLabel,
}: {
  car: { id: number; name: string; path: string; price?: string };
  label: string;
  otherHref: string;
  otherLabel: string;
}) {
  return (
    <div className={classes.formCar} data-testid="form-car">
      <input type="hidden" name="car_id" value={car.id} />
      <p className={classes.formCarText}>
        {label} <Link to={car.path}>{car.name}</Link>
        {car.price ? ` · ${car.price}` : null}
      </p>
      <Link to={otherHref} className={classes.formCarOther}>
        {otherLabel}
      </Link>
    </div>
  );
}
