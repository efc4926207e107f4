import { Alert, List } from "@mantine/core";
import { useEffect, useRef } from "react";

/**
 * The visible outcome of a lead form: the SPEC's success text (role="status") or failure text
 * (role="alert") with the field problems listed, so the buyer is never left guessing.
 */
export function LeadNotice({
  success,
  error,
  fieldErrors,
}: {
  success?: string | null;
  error?: string | null;
  fieldErrors?: Record<string, string>;
}) {
  // With JavaScript the page does not reload: bring the outcome into view (and to screen readers'
  // focus) so a buyer at the bottom of a long form sees it.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollIntoView({ block: "start", behavior: "smooth" });
    el.focus({ preventScroll: true });
  }, [success, error, fieldErrors]);
  if (success) {
    return (
      <Alert ref={ref} tabIndex={-1} style={{ scrollMarginTop: 16 }} role="status" color="brand" variant="light" radius="md" title={success} data-testid="lead-success">
        We have received it and will get back to you shortly.
      </Alert>
    );
  }
  if (!error) return null;
  const problems = Object.values(fieldErrors ?? {});
  return (
    <Alert ref={ref} tabIndex={-1} style={{ scrollMarginTop: 16 }} role="alert" color="red" variant="light" radius="md" title={error} data-testid="lead-error">
      {problems.length > 0 ? (
        <List size="sm" spacing={2}>
          {problems.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      ) : (
        "Please try again in a moment, or call us."
      )}
    </Alert>
  );
}
