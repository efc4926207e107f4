import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { closedDayError, useBusiness, type WeekHours } from "~/lib/business";
import { MAX_LENGTHS } from "~/lib/lead-fields";
import { addDays } from "~/lib/lead-schemas";
import { Button } from "../ui/Button";
import { panelClass } from "../ui/Container";
import { TextAreaField, TextField } from "../ui/Field";
import { Notice } from "../ui/Notice";
import { BotTrap } from "./BotTrap";
import { EmailField, PhoneField } from "./ContactFields";
import { FormCar } from "./FormCar";
import { LeadNotice } from "./LeadNotice";
import { LeadSection } from "./LeadSection";
import classes from "./leads.module.css";

const INSPECTION_SUCCESS = "Inspection booked successfully!";

/** The first day from `from` (up to `last`) the showroom is open: the date picker offers no closed day first. */
function firstOpenDay(hours: WeekHours, from: string, last: string): string {
  for (let day = from; day <= last; day = addDays(day, 1)) if (!closedDayError(hours, day)) return day;
  return from;
}

/**
 * The Book Inspection form. `values` are what to show: the typed values after a refusal, or the
 * prefill. `car` is the car it was opened from (its page's "Book an inspection"): named above the
 * fields and sent as a hidden field. `success` is the booking's detail once booked. The date
 * picker starts at the first open day; with JavaScript a closed day is refused as it is picked (the
 * field says why, and the form is not sent); the server refuses it in any case.
 */
export function InspectionForm({
  values,
  fieldErrors: errors,
  success,
  car,
  notice,
  error,
  stamp,
  minDate,
  maxDate,
  formKey,
  emailConfirms = false,
}: {
  /** Whether a booking's confirmation is really emailed (email is set up): the email field says so only then. */
  emailConfirms?: boolean;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  /** What was booked and what happens next, after a booking. */
  success: string | null;
  car: { id: number; name: string; path: string } | null;
  /** Why the car the page was opened for is not named (it was sold). */
  notice: string | null;
  /** The refusal's headline (the form's failure text, or why it must be sent again). */
  error: string | null;
  /** When the form was served (see BotTrap). */
  stamp: string;
  minDate: string;
  maxDate: string;
  formKey: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/book-inspection");
  const { hours } = useBusiness();
  // The closed-day message of the date picked here (undefined until one is picked: the server's answer shows).
  const [closedDay, setClosedDay] = useState<string | null | undefined>(undefined);
  return (
    <div className={panelClass()}>
      {/* A new key after a booking remounts the form: every field back to empty. */}
      <Form
        method="post"
        key={formKey}
        aria-label="Book an inspection"
        noValidate={false}
        className={classes.form}
        // A closed day picked here is not sent: the date field says why (once), and takes the focus.
        onSubmit={(e) => {
          if (!closedDay) return;
          e.preventDefault();
          (e.currentTarget.elements.namedItem("inspection_date") as HTMLInputElement | null)?.focus();
        }}
      >
        <BotTrap stamp={stamp} />
        <LeadNotice success={success ? INSPECTION_SUCCESS : null} detail={success} error={error} fieldErrors={errors} />
        <LeadSection title="Your details">
          <TextField
            label="Full name"
            name="name"
            autoComplete="name"
            required
            size="md"
            maxLength={MAX_LENGTHS.name}
            defaultValue={values.name}
            error={errors.name}
          />
          <div className={classes.pair}>
            <PhoneField
              label="Phone number"
              description="Nigerian mobile number"
              defaultValue={values.phone}
              error={errors.phone}
            />
            <EmailField
              label="Email address"
              description={emailConfirms ? "We send the confirmation here" : "So we can reply by email too"}
              defaultValue={values.email}
              error={errors.email}
            />
          </div>
        </LeadSection>
        <LeadSection title="The car">
          {car ? (
            <FormCar car={car} label="Booking for:" otherHref="/book-inspection" otherLabel="Choose another car" />
          ) : null}
          {notice ? (
            <Notice role="status" tone="warning">
              {notice}
            </Notice>
          ) : null}
          <div className={classes.pair}>
            <TextField
              label="Car make"
              name="car_make"
              required
              size="md"
              maxLength={MAX_LENGTHS.car_make}
              placeholder="e.g. Toyota"
              defaultValue={values.car_make}
              error={errors.car_make}
            />
            <TextField
              label="Car model"
              name="car_model"
              required
              size="md"
              maxLength={MAX_LENGTHS.car_model}
              placeholder="e.g. Camry"
              defaultValue={values.car_model}
              error={errors.car_model}
            />
          </div>
          <TextField
            label="Inspection date"
            name="inspection_date"
            type="date"
            required
            size="md"
            min={firstOpenDay(hours, minDate, maxDate)}
            max={maxDate}
            description="Today or any later day; we open Mon-Sat, 8:00 AM-6:00 PM"
            defaultValue={values.inspection_date}
            error={closedDay === undefined ? errors.inspection_date : closedDay}
            onChange={(e) => {
              const date = e.currentTarget.value;
              setClosedDay(date ? closedDayError(hours, date) : null);
            }}
          />
        </LeadSection>
        <LeadSection title="Anything else?">
          <TextAreaField
            label="Other information"
            name="other_info"
            size="md"
            rows={3}
            maxLength={MAX_LENGTHS.other_info}
            placeholder="Preferred time, the listing you saw, questions for our technician..."
            description="Optional"
            defaultValue={values.other_info}
            error={errors.other_info}
          />
        </LeadSection>
        <div className={classes.submit}>
          <Button type="submit" size="lg" fullWidth loading={busy}>
            Submit
          </Button>
          <p className={`${classes.small} ${classes.center}`}>
            Inspections are free. We only use your details to arrange this visit.
          </p>
        </div>
      </Form>
    </div>
  );
}
