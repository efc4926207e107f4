import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import classes from "./Field.module.css";

export type FieldSize = "sm" | "md" | "lg";

interface FieldFrame {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  size?: FieldSize;
  /** Class of the wrapper (the input itself always has the field look). */
  className?: string;
}

/** Ids of the label, description and error, and the ARIA attributes that tie them to the control. */
function useFieldIds(id: string | undefined, description: ReactNode, error: ReactNode) {
  const auto = useId();
  const controlId = id ?? auto;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return {
    controlId,
    descriptionId,
    errorId,
    aria: { "aria-describedby": describedBy, "aria-invalid": error ? true : undefined } as const,
  };
}

function frameClass(size: FieldSize, className?: string) {
  return [classes.field, size === "sm" ? "" : classes[size], className ?? ""].filter(Boolean).join(" ");
}

/** The asterisk after a required field's label (the control's `required` is what assistive tech reads). */
function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span className={classes.required} aria-hidden="true">
      {" *"}
    </span>
  );
}

function Label({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={classes.label}>
      {children}
      <RequiredMark required={required} />
    </label>
  );
}

function Extras({ id, text, error = false }: { id?: string; text: ReactNode; error?: boolean }) {
  if (!text) return null;
  return (
    <p id={id} className={error ? classes.error : classes.description}>
      {text}
    </p>
  );
}

/** A labelled <input> with an optional description and error (label, description, control, error). */
export function TextField({
  label,
  description,
  error,
  size = "sm",
  className,
  id,
  ...input
}: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, "size">) {
  const ids = useFieldIds(id, description, error);
  return (
    <div className={frameClass(size, className)}>
      <Label htmlFor={ids.controlId} required={input.required}>
        {label}
      </Label>
      <Extras id={ids.descriptionId} text={description} />
      <input id={ids.controlId} className={classes.control} {...ids.aria} {...input} />
      <Extras id={ids.errorId} text={error} error />
    </div>
  );
}

/** A labelled <textarea>; it grows with `rows` and the buyer can drag it taller. */
export function TextAreaField({
  label,
  description,
  error,
  size = "sm",
  className,
  id,
  rows = 3,
  ...input
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "size">) {
  const ids = useFieldIds(id, description, error);
  return (
    <div className={frameClass(size, className)}>
      <Label htmlFor={ids.controlId} required={input.required}>
        {label}
      </Label>
      <Extras id={ids.descriptionId} text={description} />
      <textarea id={ids.controlId} className={classes.control} rows={rows} {...ids.aria} {...input} />
      <Extras id={ids.errorId} text={error} error />
    </div>
  );
}

export type SelectOption = string | { value: string; label: string; disabled?: boolean };

/** A labelled native <select>. */
export function SelectField({
  label,
  description,
  error,
  size = "sm",
  className,
  id,
  options,
  ...select
}: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, "size"> & { options: readonly SelectOption[] }) {
  const ids = useFieldIds(id, description, error);
  return (
    <div className={frameClass(size, className)}>
      <Label htmlFor={ids.controlId} required={select.required}>
        {label}
      </Label>
      <Extras id={ids.descriptionId} text={description} />
      <select id={ids.controlId} className={classes.control} {...ids.aria} {...select}>
        {options.map((o) =>
          typeof o === "string" ? (
            <option key={o} value={o}>
              {o}
            </option>
          ) : (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ),
        )}
      </select>
      <Extras id={ids.errorId} text={error} error />
    </div>
  );
}

/** Yes/No style radios under one legend: a native group, so `required` works without JavaScript. */
export function RadioGroup({
  name,
  label,
  description,
  error,
  size = "sm",
  className,
  options,
  defaultValue,
  required = false,
}: FieldFrame & { name: string; options: readonly string[]; defaultValue?: string; required?: boolean }) {
  const ids = useFieldIds(undefined, description, error);
  return (
    <fieldset
      className={[classes.group, frameClass(size, className)].join(" ")}
      aria-describedby={ids.aria["aria-describedby"]}
    >
      <legend className={classes.label}>
        {label}
        <RequiredMark required={required} />
      </legend>
      <Extras id={ids.descriptionId} text={description} />
      <div className={classes.options}>
        {options.map((o) => (
          <label key={o} className={classes.check}>
            <input
              type="radio"
              name={name}
              value={o}
              defaultChecked={defaultValue === o}
              required={required}
              aria-invalid={ids.aria["aria-invalid"]}
            />
            {o}
          </label>
        ))}
      </div>
      <Extras id={ids.errorId} text={error} error />
    </fieldset>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  label,
  className,
  ...input
}: { label: ReactNode; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={[classes.check, className ?? ""].filter(Boolean).join(" ")}>
      <input type="checkbox" {...input} />
      {label}
    </label>
  );
}
