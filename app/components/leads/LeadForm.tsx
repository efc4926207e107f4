import { Form, useLocation, useNavigation } from "@remix-run/react";
import { type ReactNode, useId } from "react";
import { Button } from "../ui/Button";
import { panelClass } from "../ui/Container";
import { BotTrap } from "./BotTrap";
import { LeadNotice } from "./LeadNotice";
import classes from "./leads.module.css";

/** What the last post of a lead form answered: its success text, or its refusal with the field problems. */
export interface LeadOutcome {
  success?: string | null;
  /** After a success: what was booked or sent and what happens next. */
  detail?: string | null;
  /** The refusal's headline (the form's failure text, or why it must be sent again). */
  error: string | null;
  fieldErrors: Record<string, string>;
}

/** What a page gives a lead form: the fields' values (typed, or a prefill), the last answer, and so on. */
export interface LeadFormProps {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  /** After a success: what was booked or sent and what happens next (null before one). */
  success: string | null;
  /** The refusal's headline (the form's failure text, or why it must be sent again). */
  error: string | null;
  /** When the form was served (see BotTrap). */
  stamp: string;
  /** A new key after a success remounts the form: every field back to empty. */
  formKey: string;
}

/**
 * The frame of a public lead form (contact, sourcing, loan client information): a panel with a
 * POST form named by its heading, the bot trap (see BotTrap), the heading and its line of intro,
 * the outcome (LeadNotice), the fields, and the submit button, busy while this form's post is on
 * its way. Works without JavaScript like any Remix form. A new `formKey` (after a success)
 * remounts the form, every field back to empty.
 */
export function LeadForm({
  title,
  intro,
  id,
  className,
  action,
  formKey,
  preventScrollReset,
  stamp,
  hidden = {},
  outcome,
  submitLabel,
  fullWidth = false,
  tight = false,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** The panel's id: the anchor a no-JavaScript answer comes back to (in `action`). */
  id?: string;
  className?: string;
  /** Where it posts (the current page by default). */
  action?: string;
  formKey?: string;
  preventScrollReset?: boolean;
  /** When the form was served (see BotTrap). */
  stamp: string;
  /** Hidden fields sent with the form. */
  hidden?: Record<string, string>;
  outcome: LeadOutcome;
  submitLabel: string;
  fullWidth?: boolean;
  /** Less room between the fields (a short form). */
  tight?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const location = useLocation();
  const navigation = useNavigation();
  const path = (action ?? location.pathname).split(/[?#]/)[0];
  const busy =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith(path) === true;
  return (
    <div id={id} className={panelClass(true, className)}>
      <Form
        method="post"
        action={action}
        key={formKey}
        aria-labelledby={titleId}
        preventScrollReset={preventScrollReset}
        className={tight ? `${classes.form} ${classes.formTight}` : classes.form}
      >
        <BotTrap stamp={stamp} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className={classes.formHead}>
          <h2 id={titleId}>{title}</h2>
          <p>{intro}</p>
        </div>
        <LeadNotice
          success={outcome.success}
          detail={outcome.detail}
          error={outcome.error}
          fieldErrors={outcome.fieldErrors}
        />
        {children}
        <Button type="submit" size="lg" fullWidth={fullWidth} loading={busy}>
          {submitLabel}
        </Button>
      </Form>
    </div>
  );
}
