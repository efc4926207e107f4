import { Alert, List } from "@mantine/core";

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
  if (success) {
    return (
      <Alert role="status" color="brand" variant="light" radius="md" title={success} data-testid="lead-success">
        We have received it and will get back to you shortly.
      </Alert>
    );
  }
  if (!error) return null;
  const problems = Object.values(fieldErrors ?? {});
  return (
    <Alert role="alert" color="red" variant="light" radius="md" title={error} data-testid="lead-error">
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
