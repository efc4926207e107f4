import { Form, useLocation } from "@remix-run/react";
import { carTitle } from "~/lib/car";
import classes from "./SaveButton.module.css";
import { useSavedCars } from "./useSavedCars";

/**
 * The heart that saves a car to /saved. With JavaScript it toggles the car in this browser's
 * list (no request, no reload); without, it posts to /saved, which keeps the list in a cookie and
 * comes back to this page. On a page without React, app/browser/saved.ts does what the hook does
 * (the form is marked `data-save`). `labelled`: a button with the word (the car page) instead of a round
 * icon over a card's photo.
 */
export function SaveButton({
  car,
  labelled = false,
  className,
  anchor,
}: {
  car: { id: number; make: string; model: string; year: number };
  labelled?: boolean;
  className?: string;
  /** An id for the form: without JavaScript the visitor comes back to it (`#anchor`), not to the top. */
  anchor?: string;
}) {
  const location = useLocation();
  const { ids, toggle } = useSavedCars();
  const saved = ids.includes(car.id);
  return (
    <Form
      method="post"
      action="/saved"
      data-save
      id={anchor}
      className={anchor ? `${className ?? ""} ${classes.anchored}` : className}
      onSubmit={(e) => {
        e.preventDefault();
        toggle(car.id);
      }}
    >
      <input type="hidden" name="id" value={car.id} />
      <input type="hidden" name="back" value={location.pathname + location.search + (anchor ? `#${anchor}` : "")} />
      {labelled ? (
        <button type="submit" className={`${classes.heart} ${classes.labelled}`} aria-pressed={saved} data-labelled>
          {saved ? "Saved" : "Save"}
        </button>
      ) : (
        <button type="submit" className={classes.heart} aria-pressed={saved} aria-label={`Save ${carTitle(car)}`} />
      )}
    </Form>
  );
}
