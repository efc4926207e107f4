import { Paper, Text } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminPage } from "~/components/admin/AdminPage";
import { requireAdmin } from "~/http/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function Reports() {
  return (
    <AdminPage title="Reports">
      <Paper withBorder radius="md" p="xl" shadow="xs">
        <Text c="dimmed">Reports (To be implemented)</Text>
      </Paper>
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
