import { Anchor, Badge, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ACTIVITY_KIND_LABELS, activityActionLabel, changesText } from "~/lib/activity";
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

/**
 * What an entry changed: one line per field with its old and new values (a secret only "changed"),
 * and the entry's own words when they say more than that list.
 */
function Detail({ row }: { row: ActivityEntry }) {
  const extra = row.detail && row.detail !== changesText(row.changes) ? row.detail : null;
  if (row.changes.length === 0) return row.detail;
  return (
    <>
      {extra ? <Text size="sm">{extra}</Text> : null}
      <ul aria-label="Changes" style={{ margin: 0, paddingLeft: "1.1em" }}>
        {row.changes.map((c) => (
          <li key={c.field}>
            <Text span size="sm" fw={600}>
              {c.field}
            </Text>{" "}
            {c.secret ? (
              <Text span size="sm" c="dimmed">
                changed
              </Text>
            ) : (
              <>
                <Text span size="sm" c="dimmed" td="line-through">
                  {c.from}
                </Text>{" "}
                →{" "}
                <Text span size="sm">
                  {c.to}
                </Text>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
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
          {r.detail || r.changes.length ? (
            <Text component="div" size="sm" c="dimmed" mt={2} style={{ overflowWrap: "anywhere" }}>
              <Detail row={r} />
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
          <Table.Td style={{ minWidth: 180, maxWidth: 420, overflowWrap: "anywhere" }}>
            <Detail row={r} />
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
