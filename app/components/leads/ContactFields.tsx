import { MAX_LENGTHS } from "~/lib/lead-fields";
import { TextField } from "../ui/Field";

interface FieldProps {
  label: string;
  description?: string;
  defaultValue?: string;
  error?: string;
}

/** The buyer's name, as every lead form asks for it. */
export function NameField({ label, description, defaultValue, error }: FieldProps) {
  return (
    <TextField
      label={label}
      name="name"
      autoComplete="name"
      required
      size="md"
      maxLength={MAX_LENGTHS.name}
      description={description}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** The phone field every lead form asks for: tel keyboard, Nigerian example, schema's length. */
export function PhoneField({ label, description, defaultValue, error }: FieldProps) {
  return (
    <TextField
      label={label}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required
      size="md"
      maxLength={MAX_LENGTHS.phone}
      placeholder="0803 555 0142"
      description={description}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** The email field every lead form asks for. */
export function EmailField({ label, description, defaultValue, error }: FieldProps) {
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      autoComplete="email"
      required
      size="md"
      maxLength={MAX_LENGTHS.email}
      placeholder="you@example.com"
      description={description}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
