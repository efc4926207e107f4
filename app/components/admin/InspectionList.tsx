import { Anchor, Badge, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { type LeadCar, leadPath } from "~/lib/leads";
import { formatNigerianPhone } from "~/lib/phone";
import type { InspectionListing } from "~/models/lead.server";
import { ResponsiveTable } from "./ResponsiveTable";

const COLUMNS = ["Name", "Phone", "Email", "Car Make", "Car Model", "Inspection Date", "Other Info"];

/** "2026-06-01" → "1 Jun 2026" without time-zone drift. */
function formatDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : d.toLocaleDateString("en-NG", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
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

const otherInfo = (r: InspectionListing) => (r.other_info?.trim() ? r.other_info : "N/A");
const tel = (phone: string) => `tel:${phone.replace(/\s/g, "")}`;

/** The car's own page when the booking was made from it ("Toyota Camry 2020"), or its name if it is gone. */
function ListedCar({ car }: { car: LeadCar | null }) {
  if (!car) return null;
  if (!car.url)
    return (
      <Text size="xs" c="dimmed">
        {car.title} (deleted)
      </Text>
    );
  return (
    <Anchor href={car.url} target="_blank" rel="noopener noreferrer" size="xs" display="block">
      {car.title}
      {car.sold ? " · Sold" : ""}
    </Anchor>
  );
}

function Day({ day, today }: { day: string; today: string }) {
  return (
    <>
      {formatDay(day)}
      {day === today ? (
        <Badge ml={6} size="sm" variant="light" color="cyan" radius="sm" tt="none">
          Today
        </Badge>
      ) : null}
    </>
  );
}

/** The name, linking to the booking's lead page (status, note, assignee, history). */
function NameLink({ r }: { r: InspectionListing }) {
  return (
    <Anchor component={Link} to={leadPath("inspection", r.id)} fw={700} size="sm">
      {r.name}
    </Anchor>
  );
}

/** Phones: one card per request instead of a seven-column table that scrolls sideways. */
function InspectionCards({ rows, today }: { rows: InspectionListing[]; today: string }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {rows.map((r) => (
        <Paper key={r.id} component="li" withBorder radius="md" p="sm" shadow="xs">
          <NameLink r={r} />
          <Text size="sm">
            {r.car_make} {r.car_model} ·{" "}
            <b>
              <Day day={r.inspection_date} today={today} />
            </b>
          </Text>
          <ListedCar car={r.car} />
          <Text size="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
            <Anchor href={tel(r.phone)} size="sm">
              {formatNigerianPhone(r.phone)}
            </Anchor>
            {" · "}
            <Anchor href={`mailto:${r.email}`} size="sm">
              {r.email}
            </Anchor>
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Other info: {otherInfo(r)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Inspection Requests: Name (to the lead's page), Phone, Email, Car Make, Car Model (with the listed
 * car it was booked from), Inspection Date ('Today' marked), Other Info (see docs/product.md).
 */
export function InspectionList({ rows, today, empty }: { rows: InspectionListing[]; today: string; empty: string }) {
  return (
    <ResponsiveTable
      columns={COLUMNS}
      cards={<InspectionCards rows={rows} today={today} />}
      empty={empty}
      minWidth={900}
      fz="sm"
      horizontalSpacing="sm"
      rows={rows.map((r) => (
        <Table.Tr key={r.id}>
          <Table.Td>
            <NameLink r={r} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>
            <a href={tel(r.phone)}>{formatNigerianPhone(r.phone)}</a>
          </Table.Td>
          <Table.Td>
            <a href={`mailto:${r.email}`}>
              <Email address={r.email} />
            </a>
          </Table.Td>
          <Table.Td>{r.car_make}</Table.Td>
          <Table.Td>
            {r.car_model}
            <ListedCar car={r.car} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>
            <Day day={r.inspection_date} today={today} />
          </Table.Td>
          <Table.Td style={{ minWidth: 180, maxWidth: 320 }}>{otherInfo(r)}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
