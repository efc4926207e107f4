import { Button, Paper, Text } from "@mantine/core";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { OWNER_ONLY_MESSAGE } from "~/lib/roles";
import { AdminPage } from "./AdminPage";
import { Notice } from "./Notice";

/**
 * What a back-office screen shows when its loader or action fails: the admin shell stays around
 * it, it says what failed in the screen's own words, never a stack trace. A thrown 404 is "not
 * found"; anything else (a database failure, a bug) is the screen's failure message. Each admin
 * route exports an ErrorBoundary that renders this with its own words.
 */
export function AdminRouteError({
  title = "Something went wrong",
  failure = "Something went wrong. Please try again in a moment.",
  notFound = "There is no back-office page at this address.",
}: {
  title?: string;
  failure?: string;
  notFound?: string;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <OwnerOnly />;
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminPage title={missing ? "Not found" : title}>
      <Notice kind="error">{missing ? notFound : failure}</Notice>
      <Paper withBorder radius="md" p="lg" shadow="xs">
        <Text c="dimmed" mb="md">
          {missing
            ? "It may have been deleted, or the link is mistyped."
            : "Nothing was changed. Reload the page, or try again in a moment."}
        </Text>
        <Button component={Link} to="/admin">
          Go to the dashboard
        </Button>
      </Paper>
    </AdminPage>
  );
}

/** A sales account on an owner's page (a typed address or an old link: the menu hides these). */
function OwnerOnly() {
  return (
    <AdminPage title="Owners only">
      <Notice kind="error">{OWNER_ONLY_MESSAGE}</Notice>
      <Paper withBorder radius="md" p="lg" shadow="xs">
        <Text c="dimmed" mb="md">
          Your account is a sales account: it adds and edits cars, marks them sold, answers leads and reads reports.
        </Text>
        <Button component={Link} to="/admin">
          Go to the dashboard
        </Button>
      </Paper>
    </AdminPage>
  );
}

/** The boundary of a back-office screen with nothing more specific to say. */
export function AdminErrorBoundary() {
  return <AdminRouteError />;
}
