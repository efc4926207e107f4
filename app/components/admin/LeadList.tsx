import { Anchor, Badge, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { lagosDateTime } from "~/lib/lagos-time";
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS, type LeadCar, type LeadStatus, leadName, leadPath } from "~/lib/leads";
import { formatNigerianPhone } from "~/lib/phone";
import type { Lead } from "~/models/lead-inbox.server";
import { ResponsiveTable } from "./ResponsiveTable";

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

/** The car's name, linking to its page (a new tab); a deleted car keeps the name the lead recorded. */
function CarLink({ car }: { car: LeadCar | null }) {
  if (car === null)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  if (!car.url)
    return (
      <Text span size="sm">
        {car.title}{" "}
        <Text span c="dimmed" size="xs">
          (deleted)
        </Text>
      </Text>
    );
  return (
    <Anchor href={car.url} target="_blank" rel="noopener noreferrer" size="sm">
      {car.title}
      {car.sold ? " · Sold" : ""}
    </Anchor>
  );
}

/** The lead's name (or what it is), linking to its page; an incomplete loan application is dimmed. */
function NameLink({ r, size }: { r: Lead; size: "sm" }) {
  return (
    <Anchor
      component={Link}
      to={leadPath(r.kind, r.id)}
      size={size}
      fw={r.category === "incomplete" ? 400 : 700}
      c={r.category === "incomplete" ? "dimmed" : undefined}
      fs={r.category === "incomplete" ? "italic" : undefined}
    >
      {leadName(r)}
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

/** Who answers the lead: their display name (else username); nothing when nobody does. */
function Assignee({ r }: { r: Lead }) {
  return r.assignee ? (
    <Text size="xs" c="dimmed" mt={2} data-testid="assignee">
      {r.assignee_name ?? r.assignee}
    </Text>
  ) : null;
}

/** Phones: one card per lead. */
function LeadCards({ rows }: { rows: Lead[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {rows.map((r) => (
        <Paper key={`${r.kind}-${r.id}`} component="li" withBorder radius="md" p="sm" shadow="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <NameLink r={r} size="sm" />
            <LeadStatusBadge status={r.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {LEAD_KIND_LABELS[r.kind]} · {lagosDateTime(r.created_at)}
            {r.assignee ? ` · ${r.assignee_name ?? r.assignee}` : ""}
          </Text>
          <Text size="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
            {r.summary}
          </Text>
          {r.car ? (
            <Text size="sm" mt={4}>
              Car: <CarLink car={r.car} />
            </Text>
          ) : null}
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
export function LeadList({ rows }: { rows: Lead[] }) {
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
            <Assignee r={r} />
          </Table.Td>
          <Table.Td>
            <NameLink r={r} size="sm" />
          </Table.Td>
          <Table.Td>
            {r.phone ? <div style={{ whiteSpace: "nowrap" }}>{formatNigerianPhone(r.phone)}</div> : null}
            {r.email ? (
              <div>
                <Email address={r.email} />
              </div>
            ) : null}
          </Table.Td>
          <Table.Td style={{ minWidth: 120 }}>
            <CarLink car={r.car} />
          </Table.Td>
          <Table.Td style={{ minWidth: 200, maxWidth: 360 }}>{r.summary}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
