import { Button } from "../ui/Button";
import { TextField } from "../ui/Field";
import classes from "./AlertForm.module.css";

/**
 * "Tell me when it arrives" (a search) or "Tell me if the price drops" (a car): a plain HTML form
 * posting to /alerts, the same with or without JavaScript. The page it leads to says what happens
 * next (a confirmation email).
 */
export function AlertForm({
  search,
  carId,
  whatsapp = false,
  values = {},
  errors = {},
}: {
  /** The /browse query string the alert follows. */
  search?: string;
  /** The car whose price it follows. */
  carId?: number;
  /** Offer a WhatsApp number too (only when WhatsApp messages are set up). */
  whatsapp?: boolean;
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const forCar = carId !== undefined;
  return (
    <form method="post" action="/alerts" className={classes.box} aria-labelledby="alert-form-title">
      <h2 className={classes.title} id="alert-form-title">
        {forCar ? "Tell me if the price drops" : "Tell me when it arrives"}
      </h2>
      <p className={classes.text}>
        {forCar
          ? "We email you if this car's price goes down, and once when it is sold."
          : "We email you when a car matching this search arrives: at most one email a day."}
        {whatsapp ? " Give a WhatsApp number and we message you there too." : ""}
      </p>
      {forCar ? (
        <input type="hidden" name="car_id" value={carId} />
      ) : (
        <input type="hidden" name="search" value={search ?? ""} />
      )}
      <div className={classes.row}>
        <TextField
          name="email"
          type="email"
          label="Your email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        {whatsapp ? (
          <TextField
            name="whatsapp"
            type="tel"
            label="WhatsApp number (optional)"
            autoComplete="tel"
            defaultValue={values.whatsapp}
            error={errors.whatsapp}
          />
        ) : null}
        <Button type="submit" size="md">
          {forCar ? "Watch the price" : "Create alert"}
        </Button>
      </div>
      <p className={classes.small}>
        We send a link to confirm first, by email. Every email{whatsapp ? " and WhatsApp message" : ""} has a way to
        stop.
      </p>
    </form>
  );
}
