import { MAX_LENGTHS } from "~/lib/lead-fields";
import { TextAreaField } from "../ui/Field";
import { EmailField, NameField, PhoneField } from "./ContactFields";
import { LeadForm, type LeadFormProps } from "./LeadForm";
import classes from "./leads.module.css";

export const CONTACT_SUCCESS = "Message sent successfully!";
export const CONTACT_FAILURE = "Error sending message";

/** The Connect page form: Full Name, Phone Number, Email Address, Your Message (all required). */
export function ContactForm({ values, fieldErrors: errors, success, error, stamp, formKey }: LeadFormProps) {
  return (
    <LeadForm
      title="Send us a message"
      intro="Ask about a car, a price, financing or a trade-in. We reply within one working day."
      formKey={formKey}
      stamp={stamp}
      outcome={{ success: success ? CONTACT_SUCCESS : null, error, fieldErrors: errors }}
      submitLabel="Send Message"
      fullWidth
      tight
    >
      <NameField label="Full Name" defaultValue={values.name} error={errors.name} />
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
    </LeadForm>
  );
}
