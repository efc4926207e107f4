import { Alert } from "@mantine/core";

/** A visible, announced message: errors are role="alert", successes role="status" (no window.alert). */
export function Notice({ kind, children }: { kind: "error" | "success" | "info"; children: React.ReactNode }) {
  const color = kind === "error" ? "red" : kind === "success" ? "green" : "blue";
  return (
    <Alert color={color} variant="light" role={kind === "error" ? "alert" : "status"} radius="md" py="xs">
      {children}
    </Alert>
  );
}
