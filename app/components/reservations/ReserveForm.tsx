import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { Notice } from "~/components/ui/Notice";
import { reserveLabel } from "~/lib/reservations";
import classes from "./reservations.module.css";

/**
 * "Reserve with ₦…" on a car's page: a plain HTML form (no JavaScript needed, none added) that
 * posts to /reservations; the server holds the car and sends the buyer on to Paystack's checkout.
 */
export function ReserveForm({
  carId,
  deposit,
  terms,
  testMode,
  receipt,
  values = {},
  fieldErrors = {},
  error = null,
}: {
  carId: number;
  deposit: number;
  terms: string;
  testMode: boolean;
  /** Whether email is set up, so the buyer really gets a receipt by email. */
  receipt: boolean;
  values?: Record<string, string>;
  fieldErrors?: Record<string, string>;
  error?: string | null;
}) {
  return (
    <section className={classes.reserve} aria-labelledby="reserve-heading" data-testid="reserve">
      <h2 id="reserve-heading" className={classes.heading}>
        {reserveLabel(deposit)}
      </h2>
      <p className={classes.lead}>
        Pay a deposit to our own Paystack account and the car is held for you.
        {receipt ? " You get a receipt from us by email." : null}
      </p>
      {testMode ? (
        <Notice tone="warning" role="status" title="Test mode">
          Payments are in Paystack's test mode: no real money is taken.
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="error" role="alert" title="Not reserved">
          {error}
        </Notice>
      ) : null}
      <form method="post" action="/reservations" className={classes.form}>
        <input type="hidden" name="car_id" value={carId} />
        <TextField
          label="Your name"
          name="name"
          required
          autoComplete="name"
          maxLength={100}
          defaultValue={values.name}
          error={fieldErrors.name}
        />
        <TextField
          label={receipt ? "Email (for your receipt)" : "Email"}
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={values.email}
          error={fieldErrors.email}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          defaultValue={values.phone}
          error={fieldErrors.phone}
        />
        <div className={classes.terms}>
          <p className={classes.termsTitle}>Terms</p>
          <p>{terms}</p>
        </div>
        <Button type="submit" size="md" variant="gold">
          {reserveLabel(deposit)}
        </Button>
        <p className={classes.small}>You will pay on Paystack's secure checkout page, then come back here.</p>
      </form>
    </section>
  );
}
