import { forwardRef, type ReactNode } from "react";
import classes from "./ui.module.css";

/**
 * A message box: success (role="status"), error (role="alert") or warning. The title is a
 * paragraph, not a heading, so notices never disturb the page's heading order.
 */
export const Notice = forwardRef<
  HTMLDivElement,
  {
    tone?: "success" | "error" | "warning";
    role: "status" | "alert";
    title?: ReactNode;
    children?: ReactNode;
    className?: string;
    "data-testid"?: string;
    tabIndex?: number;
  }
>(function Notice({ tone = "success", title, children, className, ...rest }, ref) {
  return (
    <div ref={ref} className={`${classes.notice}${className ? ` ${className}` : ""}`} data-tone={tone} {...rest}>
      {title ? <p className={classes.noticeTitle}>{title}</p> : null}
      {children ? <div className={classes.noticeBody}>{children}</div> : null}
    </div>
  );
});
