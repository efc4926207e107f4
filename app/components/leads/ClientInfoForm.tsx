import { YES_NO } from "~/lib/car-options";
import { AGE_BRACKETS, EMPLOYMENT_STATUSES, INCOME_RANGES, MAX_LENGTHS } from "~/lib/lead-fields";
import { RadioGroup, SelectField, type SelectOption, TextField } from "../ui/Field";
import { EmailField, NameField, PhoneField } from "./ContactFields";
import { LeadForm, type LeadFormProps } from "./LeadForm";
import { LeadSection } from "./LeadSection";
import classes from "./leads.module.css";

function YesNo({
  name,
  label,
  description,
  value,
  error,
}: {
  name: string;
  label: string;
  description?: string;
  value?: string;
  error?: string;
}) {
  return (
    <RadioGroup
      name={name}
      label={label}
      description={description}
      defaultValue={value}
      error={error}
      options={YES_NO}
      required
      size="md"
    />
  );
}

const placeholderOption = (label: string): SelectOption[] => [{ value: "", label, disabled: true }];

/** The client information form of /loan-application (fields and options in docs/product.md). */
export function ClientInfoForm({
  applicationReference,
  values,
  fieldErrors: errors,
  error,
  stamp,
}: Pick<LeadFormProps, "values" | "fieldErrors" | "error" | "stamp"> & { applicationReference: string }) {
  return (
    <LeadForm
      title="Client information"
      intro="Takes about two minutes. We use it only to assess this application."
      stamp={stamp}
      hidden={{ loan_application: applicationReference }}
      outcome={{ error, fieldErrors: errors }}
      submitLabel="Submit Application"
      fullWidth
    >
      <LeadSection title="About you">
        <NameField label="Full name" defaultValue={values.name} error={errors.name} />
        <div className={classes.pair}>
          <EmailField label="Email address" defaultValue={values.email} error={errors.email} />
          <PhoneField label="Phone number" defaultValue={values.phone} error={errors.phone} />
        </div>
        <div className={classes.pair}>
          <SelectField
            label="Age bracket"
            name="age_bracket"
            required
            size="md"
            defaultValue={values.age_bracket ?? ""}
            error={errors.age_bracket}
            options={[...placeholderOption("Select your age bracket"), ...AGE_BRACKETS]}
          />
          <TextField
            label="Location"
            name="client_location"
            autoComplete="address-level2"
            required
            size="md"
            maxLength={MAX_LENGTHS.client_location}
            placeholder="e.g. Ikeja, Lagos"
            defaultValue={values.client_location}
            error={errors.client_location}
          />
        </div>
      </LeadSection>
      <LeadSection title="Work and income">
        <div className={classes.pair}>
          <SelectField
            label="Employment status"
            name="employment_status"
            required
            size="md"
            defaultValue={values.employment_status ?? ""}
            error={errors.employment_status}
            options={[...placeholderOption("Select status"), ...EMPLOYMENT_STATUSES]}
          />
          <SelectField
            label="Monthly income (₦)"
            name="income_range"
            required
            size="md"
            defaultValue={values.income_range ?? ""}
            error={errors.income_range}
            options={[...placeholderOption("Select income range"), ...INCOME_RANGES]}
          />
        </div>
      </LeadSection>
      <LeadSection title="Documents and deposit">
        <div className={classes.radios}>
          <YesNo
            name="client_id"
            label="Valid means of ID?"
            description="NIN slip, international passport or driver's licence"
            value={values.client_id}
            error={errors.client_id}
          />
          <YesNo
            name="bvn_available"
            label="BVN available?"
            description="Your 11-digit Bank Verification Number"
            value={values.bvn_available}
            error={errors.bvn_available}
          />
          <YesNo
            name="deposit_available"
            label="Deposit ready?"
            description="Can you pay the initial deposit shown above?"
            value={values.deposit_available}
            error={errors.deposit_available}
          />
        </div>
      </LeadSection>
      <TextField
        label="How did you hear about us?"
        name="referral"
        size="md"
        maxLength={MAX_LENGTHS.referral}
        placeholder="Instagram, a friend, Google..."
        description="Optional"
        defaultValue={values.referral}
        error={errors.referral}
      />
      {errors.loan_application ? <p className={classes.fieldError}>{errors.loan_application}</p> : null}
    </LeadForm>
  );
}
