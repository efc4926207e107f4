import { Anchor, Badge, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { lagosDateTime } from "~/lib/lagos-time";
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS, type LeadKind, type LeadStatus, leadName, leadPath } from "~/lib/leads";
import { formatNigerianPhone } from "~/lib/phone";
import { ResponsiveTable } from "./ResponsiveTable";

export interface LeadListRow {
  id: number;
  kind: LeadKind;
  status: LeadStatus;
  created_at: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  car_id: number | null;
  summary: string;
}

const STATUS_COLORS: Record<LeadStatus, string> = { new: "blue", contacted: "yellow", won: "green", lost: "gray" };

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant={status === "new" ? "filled" : "light"} radius="sm" tt="none">
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

const COLUMNS = ["Received", "Kind", "Status", "Name", "Phone / Email", "Car", "Summary"];
const EMPTY = "No leads match these filters.";

function CarLink({ id }: { id: number | null }) {
  if (id === null)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  return (
    <Anchor component={Link} to={`/admin/leads?car=${id}`} size="sm" aria-label={`Leads about car ${id}`}>
      Car {id}
    </Anchor>
  );
}

/** An email address that may break before its "@" when the column is narrow. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/** Phones: one card per lead. */
function LeadCards({ rows }: { rows: LeadListRow[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {rows.map((r) => (
        <Paper key={`${r.kind}-${r.id}`} component="li" withBorder radius="md" p="sm" shadow="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Anchor component={Link} to={leadPath(r.kind, r.id)} fw={700} size="sm">
              {leadName(r)}
            </Anchor>
            <LeadStatusBadge status={r.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {LEAD_KIND_LABELS[r.kind]} · {lagosDateTime(r.created_at)}
          </Text>
          <Text size="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
            {r.summary}
          </Text>
          {r.phone || r.email ? (
            <Text size="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
              {[r.phone ? formatNigerianPhone(r.phone) : null, r.email].filter(Boolean).join(" · ")}
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}

/** The inbox's list: Received, Kind, Status, Name, Phone / Email, Car, Summary; each lead links to its page. */
export function LeadList({ rows }: { rows: LeadListRow[] }) {
  return (
    <ResponsiveTable
      columns={COLUMNS}
      cards={<LeadCards rows={rows} />}
      empty={EMPTY}
      minWidth={900}
      fz="sm"
      horizontalSpacing="sm"
      rows={rows.map((r) => (
        <Table.Tr key={`${r.kind}-${r.id}`}>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{lagosDateTime(r.created_at)}</Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{LEAD_KIND_LABELS[r.kind]}</Table.Td>
          <Table.Td>
            <LeadStatusBadge status={r.status} />
          </Table.Td>
          <Table.Td fw={600}>
            <Anchor component={Link} to={leadPath(r.kind, r.id)} size="sm" fw={600}>
              {leadName(r)}
            </Anchor>
          </Table.Td>
          <Table.Td>
            {r.phone ? <div style={{ whiteSpace: "nowrap" }}>{formatNigerianPhone(r.phone)}</div> : null}
            {r.email ? (
              <div>
                <Email address={r.email} />
              </div>
            ) : null}
          </Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>
            <CarLink id={r.car_id} />
          </Table.Td>
          <Table.Td style={{ minWidth: 200, maxWidth: 360 }}>{r.summary}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
