import { Button } from "../ui/Button";
import { TextField } from "../ui/Field";
import classes from "./AlertForm.module.css";

/**
 * "Tell me when it arrives" (a search), "Tell me if the price drops" (a car) or, for a reserved
 * car, "Tell me if it becomes available": a plain HTML form
 * posting to /alerts, the same with or without JavaScript. The page it leads to says what happens
 * next (a confirmation email).
 */
export function AlertForm({
  search,
  carId,
  available = false,
  whatsapp = false,
  values = {},
  errors = {},
}: {
  /** The /browse query string the alert follows. */
  search?: string;
  /** The car whose price it follows. */
  carId?: number;
  /** The car is reserved: the alert is for it becoming available again (not its price). */
  available?: boolean;
  /** Offer a WhatsApp number too (only when WhatsApp messages are set up). */
  whatsapp?: boolean;
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const forCar = carId !== undefined;
  const text =
    forCar && available
      ? {
          title: "Tell me if it becomes available",
          about: "This car is reserved for another buyer. We email you once if the hold ends or is cancelled.",
          button: "Tell me",
        }
      : forCar
        ? {
            title: "Tell me if the price drops",
            about: "We email you if this car's price goes down, and once when it is sold.",
            button: "Watch the price",
          }
        : {
            title: "Tell me when it arrives",
            about: "We email you when a car matching this search arrives: at most one email a day.",
            button: "Create alert",
          };
  return (
    <form method="post" action="/alerts" className={classes.box} aria-labelledby="alert-form-title">
      <h2 className={classes.title} id="alert-form-title">
        {text.title}
      </h2>
      <p className={classes.text}>
        {text.about}
        {whatsapp ? " Give a WhatsApp number and we message you there too." : ""}
      </p>
      {forCar ? (
        <>
          <input type="hidden" name="car_id" value={carId} />
          {available ? <input type="hidden" name="when" value="available" /> : null}
        </>
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
          {text.button}
        </Button>
      </div>
      <p className={classes.small}>
        We send a link to confirm first, by email. Every email{whatsapp ? " and WhatsApp message" : ""} has a way to
        stop.
      </p>
    </form>
  );
}
