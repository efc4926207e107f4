import type { ReactNode } from "react";
import classes from "./leads.module.css";

/** A titled group of fields inside a lead form ("Your details", "The car", ...). */
export function LeadSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className={classes.section}>
      <legend className={classes.legend}>{title}</legend>
      {hint ? <p className={classes.hint}>{hint}</p> : null}
      {children}
    </fieldset>
  );
}
