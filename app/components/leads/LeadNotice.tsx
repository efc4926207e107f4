import { useEffect, useRef } from "react";
import { Notice } from "../ui/Notice";

/**
 * The visible outcome of a lead form: the form's success text (role="status") followed by what was
 * booked or sent and what happens next (`detail`), or the failure text (role="alert") with the
 * field problems listed, so the buyer is never left guessing.
 */
export function LeadNotice({
  success,
  detail,
  error,
  fieldErrors,
}: {
  success?: string | null;
  detail?: string | null;
  error?: string | null;
  fieldErrors?: Record<string, string>;
}) {
  // With JavaScript the page does not reload: bring the outcome into view (and to screen readers'
  // focus) so a buyer at the bottom of a long form sees it.
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new outcome on purpose
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollIntoView({ block: "start", behavior: "smooth" });
    el.focus({ preventScroll: true });
  }, [success, error, fieldErrors]);
  if (success) {
    return (
      <Notice ref={ref} tabIndex={-1} role="status" tone="success" title={success} data-testid="lead-success">
        {detail ?? "We have received it and will get back to you shortly."}
      </Notice>
    );
  }
  if (!error) return null;
  // A field's problem that is the headline itself (a closed day) is said once.
  const problems = [...new Set(Object.values(fieldErrors ?? {}))].filter((p) => p !== error);
  const headlineIsAProblem = Object.values(fieldErrors ?? {}).includes(error);
  return (
    <Notice ref={ref} tabIndex={-1} role="alert" tone="error" title={error} data-testid="lead-error">
      {problems.length > 0 ? (
        <ul>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : headlineIsAProblem ? null : (
        "Please try again in a moment, or call us."
      )}
    </Notice>
  );
}
