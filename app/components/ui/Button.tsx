import { Link, type LinkProps } from "@remix-run/react";
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from "react";
import classes from "./Button.module.css";

export type ButtonVariant = "filled" | "default" | "light" | "subtle" | "outline" | "neutral" | "gold" | "white";
export type ButtonSize = "sm" | "md" | "lg";

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The class list of a button-looking element (also for links that look like buttons). */
export function buttonClass({ variant = "filled", size = "sm", fullWidth = false }: Look = {}, extra?: string): string {
  return [
    classes.button,
    variant === "filled" ? "" : classes[variant],
    size === "sm" ? "" : classes[size],
    fullWidth ? classes.fullWidth : "",
    extra ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** A real <button>. `loading` shows a spinner and disables it while a form is on its way. */
export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  className,
  disabled,
  children,
  type = "button",
  ...rest
}: Look & ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean }) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, fullWidth }, className)}
      disabled={disabled || loading}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className={classes.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A Remix <Link> that looks like a button. */
export function ButtonLink({ variant, size, fullWidth, className, ...rest }: Look & LinkProps) {
  return <Link className={buttonClass({ variant, size, fullWidth }, className)} {...rest} />;
}

/** A plain <a> (tel:, mailto:, other sites, full page loads) that looks like a button. */
export function ButtonAnchor({
  variant,
  size,
  fullWidth,
  className,
  ...rest
}: Look & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={buttonClass({ variant, size, fullWidth }, className)} {...rest} />;
}
