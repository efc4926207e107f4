import { Form, useLocation } from "@remix-run/react";
import { carTitle } from "~/lib/car";
import classes from "./SaveButton.module.css";
import { useSavedCars } from "./useSavedCars";

/**
 * The heart that saves a car to /saved. With JavaScript it toggles the car in this browser's
 * list (no request, no reload); without, it posts to /saved, which keeps the list in a cookie and
 * comes back to this page. `labelled`: a button with the word (the car page) instead of a round
 * icon over a card's photo.
 */
export function SaveButton({
  car,
  labelled = false,
  className,
}: {
  car: { id: number; make: string; model: string; year: number };
  labelled?: boolean;
  className?: string;
}) {
  const location = useLocation();
  const { ids, toggle } = useSavedCars();
  const saved = ids.includes(car.id);
  return (
    <Form
      method="post"
      action="/saved"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        toggle(car.id);
      }}
    >
      <input type="hidden" name="id" value={car.id} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      {labelled ? (
        <button type="submit" className={`${classes.heart} ${classes.labelled}`} aria-pressed={saved}>
          {saved ? "Saved" : "Save"}
        </button>
      ) : (
        <button type="submit" className={classes.heart} aria-pressed={saved} aria-label={`Save ${carTitle(car)}`} />
      )}
    </Form>
  );
}
