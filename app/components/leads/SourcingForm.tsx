import { MAX_LENGTHS } from "~/lib/lead-fields";
import { TextField } from "../ui/Field";
import { NameField, PhoneField } from "./ContactFields";
import { LeadForm, type LeadFormProps } from "./LeadForm";
import classes from "./leads.module.css";

export const SOURCING_SUCCESS = "Request sent! We'll find it for you.";

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
}: LeadFormProps & {
  /** The browse query that found nothing ("?make=Lexus"), kept with the request. */
  search: string;
  /** What the search asked for, as a first answer to "What car?". */
  suggestion: { car: string; budget: string };
}) {
  return (
    <LeadForm
      title="Can't find it? We'll source it for you"
      intro="Tell us the car and your budget: we import and source cars every week and call you within one working day."
      id="sourcing"
      className={classes.sourcing}
      action={`/browse${search}#sourcing`}
      formKey={formKey}
      preventScrollReset
      stamp={stamp}
      hidden={{ search }}
      outcome={{ success: success ? SOURCING_SUCCESS : null, detail: success, error, fieldErrors: errors }}
      submitLabel="Source it for me"
    >
      <div className={classes.pair}>
        <NameField label="Your name" defaultValue={values.name} error={errors.name} />
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
    </LeadForm>
  );
}
