import { Anchor, Badge, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ACTIVITY_KIND_LABELS, activityActionLabel } from "~/lib/activity";
import { lagosDateTime } from "~/lib/lagos-time";
import type { ActivityEntry } from "~/models/activity.server";
import { ResponsiveTable } from "./ResponsiveTable";

const COLUMNS = ["When", "Admin", "Action", "What", "Detail"];
const EMPTY = "No activity matches these filters.";

/** Where an entry's target lives in the back office, when it still can be opened there. */
function targetHref(r: ActivityEntry): string | null {
  if (!r.target_id) return null;
  if (r.target_kind === "car" && r.action !== "car.delete") return `/admin/edit-car/${r.target_id}`;
  if (r.target_kind === "lead") return `/admin/leads/${r.target_id}`;
  return null;
}

function Target({ row }: { row: ActivityEntry }) {
  const text = row.target_label ?? (row.target_id ? `${ACTIVITY_KIND_LABELS[row.target_kind]} ${row.target_id}` : "—");
  const href = targetHref(row);
  return href ? (
    <Anchor component={Link} to={href} size="sm">
      {text}
    </Anchor>
  ) : (
    <Text span size="sm">
      {text}
    </Text>
  );
}

function ActivityCards({ rows }: { rows: ActivityEntry[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {rows.map((r) => (
        <Paper key={r.id} component="li" withBorder radius="md" p="sm" shadow="xs">
          <Text size="xs" c="dimmed">
            {lagosDateTime(r.created_at)} · <b>{r.admin_username}</b>
          </Text>
          <Text size="sm" fw={700} mt={2}>
            {activityActionLabel(r.action)}
          </Text>
          <Target row={r} />
          {r.detail ? (
            <Text size="sm" c="dimmed" mt={2} style={{ overflowWrap: "anywhere" }}>
              {r.detail}
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}

/** The audit trail: When, Admin, Action, What (a link when it can still be opened), Detail. */
export function ActivityList({ rows }: { rows: ActivityEntry[] }) {
  return (
    <ResponsiveTable
      columns={COLUMNS}
      cards={<ActivityCards rows={rows} />}
      empty={EMPTY}
      minWidth={760}
      fz="sm"
      horizontalSpacing="sm"
      rows={rows.map((r) => (
        <Table.Tr key={r.id}>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{lagosDateTime(r.created_at)}</Table.Td>
          <Table.Td fw={600}>{r.admin_username}</Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>
            <Badge variant="light" color="gray" radius="sm" tt="none" mr={6}>
              {ACTIVITY_KIND_LABELS[r.target_kind]}
            </Badge>
            {activityActionLabel(r.action)}
          </Table.Td>
          <Table.Td>
            <Target row={r} />
          </Table.Td>
          <Table.Td style={{ minWidth: 180, maxWidth: 360, overflowWrap: "anywhere" }}>{r.detail ?? ""}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
