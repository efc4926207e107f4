import { Form, useNavigation } from "@remix-run/react";
import { MAX_LENGTHS } from "~/lib/lead-fields";
import { Button } from "../ui/Button";
import { panelClass } from "../ui/Container";
import { TextAreaField, TextField } from "../ui/Field";
import { BotTrap } from "./BotTrap";
import { EmailField, PhoneField } from "./ContactFields";
import { FormCar } from "./FormCar";
import { LeadNotice } from "./LeadNotice";
import classes from "./leads.module.css";

export const CONTACT_SUCCESS = "Message sent successfully!";
export const CONTACT_FAILURE = "Error sending message";

/**
 * The Connect page form: Full Name, Phone Number, Email Address, Your Message (all required). `car`
 * is the car it was opened from (its page's "Ask about this car"), sent as a hidden field.
 */
export function ContactForm({
  values,
  fieldErrors: errors,
  success,
  car,
  error,
  stamp,
  formKey,
}: {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  /** What was sent and what happens next, after a message. */
  success: string | null;
  car: { id: number; name: string; path: string; price: string } | null;
  /** The refusal's headline (the form's failure text, or why it must be sent again). */
  error: string | null;
  /** When the form was served (see BotTrap). */
  stamp: string;
  formKey: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/connect");
  return (
    <div className={panelClass()}>
      <Form
        method="post"
        key={formKey}
        aria-label="Send us a message"
        className={`${classes.form} ${classes.formTight}`}
      >
        <BotTrap stamp={stamp} />
        <div className={classes.formHead}>
          <h2>Send us a message</h2>
          <p>Ask about a car, a price, financing or a trade-in. We reply within one working day.</p>
        </div>
        <LeadNotice success={success ? CONTACT_SUCCESS : null} detail={success} error={error} fieldErrors={errors} />
        {car ? <FormCar car={car} label="About:" otherHref="/connect" otherLabel="Ask about something else" /> : null}
        <TextField
          label="Full Name"
          name="name"
          autoComplete="name"
          required
          size="md"
          maxLength={MAX_LENGTHS.name}
          defaultValue={values.name}
          error={errors.name}
        />
        <div className={classes.pair}>
          <PhoneField label="Phone Number" defaultValue={values.phone} error={errors.phone} />
          <EmailField label="Email Address" defaultValue={values.email} error={errors.email} />
        </div>
        <TextAreaField
          label="Your Message"
          name="message"
          required
          size="md"
          rows={5}
          maxLength={MAX_LENGTHS.message}
          placeholder="Hello, I'd like to know more about..."
          defaultValue={values.message}
          error={errors.message}
        />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          Send Message
        </Button>
      </Form>
    </div>
  );
}
