import { Form, useNavigation } from "@remix-run/react";
import { MAX_LENGTHS } from "~/lib/lead-fields";
import { Button } from "../ui/Button";
import { panelClass } from "../ui/Container";
import { TextField } from "../ui/Field";
import { BotTrap } from "./BotTrap";
import { PhoneField } from "./ContactFields";
import { LeadNotice } from "./LeadNotice";
import classes from "./leads.module.css";

export const SOURCING_SUCCESS = "Request sent! We'll find it for you.";
export const SOURCING_FAILURE = "Error sending your request";

/**
 * "Can't find it? We'll source it for you" under browse's no-results: name, phone, the car wanted
 * (filled in from the search) and an optional budget (from the maximum price). A POST to the same
 * browse address, so the search stays on screen, landing on the form (#sourcing).
 */
export function SourcingForm({
  search,
  suggestion,
  values,
  fieldErrors: errors,
  success,
  error,
  stamp,
  formKey,
}: {
  /** The browse query that found nothing ("?make=Lexus"), kept with the request. */
  search: string;
  /** What the search asked for, as a first answer to "What car?". */
  suggestion: { car: string; budget: string };
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  /** What was asked for and what happens next, once sent. */
  success: string | null;
  error: string | null;
  stamp: string;
  formKey: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <section id="sourcing" className={panelClass(true, classes.sourcing)} aria-labelledby="sourcing-title">
      <Form
        method="post"
        action={`/browse${search}#sourcing`}
        key={formKey}
        className={classes.form}
        preventScrollReset
      >
        <BotTrap stamp={stamp} />
        <input type="hidden" name="search" value={search} />
        <div className={classes.formHead}>
          <h2 id="sourcing-title">Can't find it? We'll source it for you</h2>
          <p>
            Tell us the car and your budget: we import and source cars every week and call you within one working day.
          </p>
        </div>
        <LeadNotice success={success ? SOURCING_SUCCESS : null} detail={success} error={error} fieldErrors={errors} />
        <div className={classes.pair}>
          <TextField
            label="Your name"
            name="name"
            autoComplete="name"
            required
            size="md"
            maxLength={MAX_LENGTHS.name}
            defaultValue={values.name}
            error={errors.name}
          />
          <PhoneField label="Phone number" defaultValue={values.phone} error={errors.phone} />
        </div>
        <div className={classes.pair}>
          <TextField
            label="What car?"
            name="car_wanted"
            required
            size="md"
            maxLength={MAX_LENGTHS.car_wanted}
            placeholder="e.g. Toyota Highlander 2019, black"
            defaultValue={values.car_wanted ?? suggestion.car}
            error={errors.car_wanted}
          />
          <TextField
            label="Budget (₦, optional)"
            name="budget"
            inputMode="numeric"
            size="md"
            maxLength={20}
            placeholder="e.g. 25,000,000"
            defaultValue={values.budget ?? suggestion.budget}
            error={errors.budget}
          />
        </div>
        <Button type="submit" size="lg" loading={busy}>
          Source it for me
        </Button>
      </Form>
    </section>
  );
}
