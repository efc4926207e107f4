import { Button, Group, NativeSelect, Paper, SimpleGrid, Text } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ActivityList } from "~/components/admin/ActivityList";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { Pagination } from "~/components/Pagination";
import { ADMIN_ACTIVITY_PAGE_SIZE } from "~/config/constants";
import { requireAdmin } from "~/http/auth.server";
import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, isActivityKind } from "~/lib/activity";
import { parsePage } from "~/lib/car-filters";
import { activityAdmins, pageActivity } from "~/models/activity.server";

/**
 * The audit trail: every admin write, newest first, filtered by admin and by kind (cars, admins,
 * leads). Read only: there is no action here and no other route writes to it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const admin = params.get("admin")?.trim() || undefined;
  const kindParam = params.get("kind");
  const kind = isActivityKind(kindParam) ? kindParam : undefined;
  const [result, admins] = await Promise.all([
    pageActivity({ admin, kind }, parsePage(params), ADMIN_ACTIVITY_PAGE_SIZE),
    activityAdmins(),
  ]);
  return { ...result, admins, filters: { admin: admin ?? "", kind: kind ?? "" } };
}

export default function Activity() {
  const { entries, total, page, pageCount, admins, filters } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Activity"
      description="Every change made in the back office: who, when, what. Nobody can edit or delete it."
    >
      <Paper withBorder radius="md" p="md" shadow="xs">
        <Form method="get" key={`${filters.admin}|${filters.kind}`} aria-label="Filter activity">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NativeSelect
              label="Admin"
              name="admin"
              defaultValue={filters.admin}
              data={[{ value: "", label: "All admins" }, ...admins.map((a) => ({ value: a, label: a }))]}
            />
            <NativeSelect
              label="Kind"
              name="kind"
              defaultValue={filters.kind}
              data={[
                { value: "", label: "Everything" },
                ...ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_LABELS[k] })),
              ]}
            />
          </SimpleGrid>
          <Group mt="md" gap="sm">
            <Button type="submit">Filter</Button>
            <Button component={Link} to="/admin/activity" variant="default">
              Clear
            </Button>
          </Group>
        </Form>
      </Paper>
      <Text size="sm" c="dimmed" role="status">
        {total.toLocaleString("en-NG")} {total === 1 ? "entry" : "entries"}
      </Text>
      <ActivityList rows={entries} />
      <Pagination page={page} pageCount={pageCount} label="Activity pages" />
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Activity" failure="Failed to load the activity. Please try again." />;
}
