import { Anchor, Badge, Paper, Stack, Table, Text } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { Notice } from "~/components/admin/Notice";
import { ResponsiveTable } from "~/components/admin/ResponsiveTable";
import { Pagination } from "~/components/Pagination";
import { requirePermission } from "~/http/auth.server";
import { parsePage } from "~/lib/car-filters";
import { lagosDateTime } from "~/lib/lagos-time";
import { type AdminAlert, pageAlerts, waitingBuyers } from "~/models/alerts.server";
import { mailEnabled } from "~/models/notifications.server";

const PAGE_SIZE = 50;

const ALERT_STATUS_LABELS: Record<AdminAlert["status"], string> = {
  pending: "Not confirmed yet",
  active: "Waiting",
  ended: "Ended (car sold)",
  removed: "Removed",
};
const COLORS: Record<AdminAlert["status"], string> = {
  pending: "gray",
  active: "green",
  ended: "blue",
  removed: "red",
};

/** Buyer alerts: what buyers wait for, newest first, with each alert's search in words. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "alerts.read");
  const page = parsePage(new URL(request.url).searchParams);
  const [result, waiting] = await Promise.all([pageAlerts(page, PAGE_SIZE), waitingBuyers()]);
  return { ...result, waiting, mail: mailEnabled() };
}

function What({ a }: { a: AdminAlert }) {
  return a.kind === "search" ? (
    <Anchor component={Link} to={`/browse${a.search ? `?${a.search}` : ""}`} size="sm">
      {a.about}
    </Anchor>
  ) : (
    <Text size="sm">{a.about}</Text>
  );
}

const Status = ({ a }: { a: AdminAlert }) => (
  <Badge color={COLORS[a.status]} variant="light" radius="sm" tt="none">
    {ALERT_STATUS_LABELS[a.status]}
  </Badge>
);

const sent = (a: AdminAlert) => `${a.matches_sent} sent${a.waiting ? `, ${a.waiting} for tomorrow's email` : ""}`;

export default function AdminAlerts() {
  const { alerts, total, page, pageCount, waiting, mail } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Buyer Alerts"
      description="Buyers who asked to be told when a car arrives or its price drops (emailed once they confirm)."
    >
      {mail ? null : (
        <Notice kind="error">
          Email is not set up, so buyers cannot ask for alerts and none are sent. Ask whoever runs the server to set up
          email (see the operations guide).
        </Notice>
      )}
      <Text>
        <strong>{waiting}</strong> buyer{waiting === 1 ? " is" : "s are"} waiting for a car.
      </Text>
      <ResponsiveTable
        columns={["Created", "Alert for", "Buyer", "Status", "Cars sent"]}
        minWidth={760}
        fz="sm"
        empty="No buyer has asked for an alert yet."
        cards={
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {alerts.map((a) => (
              <Paper key={a.id} component="li" withBorder radius="md" p="sm">
                <What a={a} />
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {a.email} · {lagosDateTime(a.created_at)}
                </Text>
                <Status a={a} />
                <Text size="xs">{sent(a)}</Text>
              </Paper>
            ))}
          </Stack>
        }
        rows={alerts.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{lagosDateTime(a.created_at)}</Table.Td>
            <Table.Td style={{ maxWidth: 320 }}>
              <What a={a} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere", maxWidth: 220 }}>{a.email}</Table.Td>
            <Table.Td>
              <Status a={a} />
            </Table.Td>
            <Table.Td>{sent(a)}</Table.Td>
          </Table.Tr>
        ))}
      />
      <Text size="xs" c="dimmed">
        {total} alert{total === 1 ? "" : "s"}. An alert not confirmed within 7 days is deleted; a buyer who leaves is
        deleted at once. Times are Lagos time.
      </Text>
      <Pagination page={page} pageCount={pageCount} label="Alert pages" />
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
