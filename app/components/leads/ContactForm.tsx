import { MAX_LENGTHS } from "~/lib/lead-fields";
import { TextAreaField } from "../ui/Field";
import { EmailField, NameField, PhoneField } from "./ContactFields";
import { FormCar } from "./FormCar";
import { LeadForm, type LeadFormProps } from "./LeadForm";
import classes from "./leads.module.css";

const CONTACT_SUCCESS = "Message sent successfully!";

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
}: LeadFormProps & { car: { id: number; name: string; path: string; price: string } | null }) {
  return (
    <LeadForm
      title="Send us a message"
      intro="Ask about a car, a price, financing or a trade-in. We reply within one working day."
      // Without JavaScript the answer (sent, or what to fix) opens at the form, not at the page's top.
      id="contact-form"
      action={`/connect${car ? `?car=${car.id}` : ""}#contact-form`}
      formKey={formKey}
      stamp={stamp}
      outcome={{ success: success ? CONTACT_SUCCESS : null, detail: success, error, fieldErrors: errors }}
      submitLabel="Send Message"
      fullWidth
      tight
    >
      {car ? <FormCar car={car} label="About:" otherHref="/connect" otherLabel="Ask about something else" /> : null}
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
