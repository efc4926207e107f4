import { Button, Paper, Text } from "@mantine/core";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { AdminPage } from "./AdminPage";
import { Notice } from "./Notice";

/**
 * The error boundary of every back-office screen: it keeps the admin shell around it, says what
 * failed in the screen's own words, and never shows a stack trace. A thrown 404 is "not found",
 * anything else (a database failure, a bug) is the screen's failure message.
 */
export function adminErrorBoundary({
  title = "Something went wrong",
  failure = "Something went wrong. Please try again in a moment.",
  notFound = "There is no back-office page at this address.",
}: { title?: string; failure?: string; notFound?: string } = {}) {
  return function AdminRouteError() {
    const error = useRouteError();
    const missing = isRouteErrorResponse(error) && error.status === 404;
    return (
      <AdminPage title={missing ? "Not found" : title}>
        <Notice kind="error">{missing ? notFound : failure}</Notice>
        <Paper withBorder radius="md" p="lg" shadow="xs">
          <Text c="dimmed" mb="md">
            {missing ? "It may have been deleted, or the link is mistyped." : "Nothing was changed. Reload the page, or try again in a moment."}
          </Text>
          <Button component={Link} to="/admin">
            Go to the dashboard
          </Button>
        </Paper>
      </AdminPage>
    );
  };
}

export const AdminErrorBoundary = adminErrorBoundary();
