import { Button, Paper, Text } from "@mantine/core";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { requireAdmin } from "~/http/auth.server";

/**
 * Any other /admin/... URL: an anonymous visitor is sent to /admin/login like on every admin
 * screen (the layout's guard runs first); a signed-in admin gets a 404 inside the back office.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <AdminPage title="Page not found">
      <Paper withBorder radius="md" p="xl" shadow="xs">
        <Text c="dimmed" mb="md">
          There is no back-office page at this address.
        </Text>
        <Button component={Link} to="/admin">
          Go to the dashboard
        </Button>
      </Paper>
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
