import { Input } from "@mantine/core";
import classes from "./CarForm.module.css";

/**
 * A native file input inside Mantine's label, description and error, so a file can be picked
 * without JavaScript (Mantine's FileInput is a button that needs it).
 */
export function FileField({
  id,
  name,
  label,
  description,
  accept,
  required = false,
  error,
}: {
  id: string;
  name: string;
  label: string;
  description?: string;
  accept: string;
  required?: boolean;
  error?: string;
}) {
  const describedBy = [error ? `${id}-error` : null, description ? `${id}-description` : null].filter(Boolean);
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      inputWrapperOrder={["label", "input", "description", "error"]}
    >
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        required={required}
        className={classes.fileInput}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.length ? describedBy.join(" ") : undefined}
        style={{ marginTop: 2, marginBottom: description ? 4 : 0 }}
      />
    </Input.Wrapper>
  );
}
