import { Anchor, Paper, Stack, Table, Text } from "@mantine/core";
import { ResponsiveTable } from "./ResponsiveTable";

export interface InspectionRow {
  id: number;
  name: string;
  phone: string;
  email: string;
  car_make: string;
  car_model: string;
  inspection_date: string;
  other_info: string | null;
}

const COLUMNS = ["Name", "Phone", "Email", "Car Make", "Car Model", "Inspection Date", "Other Info"];
const EMPTY = "No inspection requests yet.";

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

const otherInfo = (r: InspectionRow) => (r.other_info?.trim() ? r.other_info : "N/A");
const tel = (phone: string) => `tel:${phone.replace(/\s/g, "")}`;

/** Phones: one card per request instead of a seven-column table that scrolls sideways. */
function InspectionCards({ rows }: { rows: InspectionRow[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {rows.map((r) => (
        <Paper key={r.id} component="li" withBorder radius="md" p="sm" shadow="xs">
          <Text fw={700} size="sm">
            {r.name}
          </Text>
          <Text size="sm">
            {r.car_make} {r.car_model} · <b>{formatDay(r.inspection_date)}</b>
          </Text>
          <Text size="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
            <Anchor href={tel(r.phone)} size="sm">
              {r.phone}
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

/** Inspection Requests: Name, Phone, Email, Car Make, Car Model, Inspection Date, Other Info (see docs/product.md). */
export function InspectionList({ rows }: { rows: InspectionRow[] }) {
  return (
    <ResponsiveTable
      columns={COLUMNS}
      cards={<InspectionCards rows={rows} />}
      empty={EMPTY}
      minWidth={900}
      fz="sm"
      horizontalSpacing="sm"
      rows={rows.map((r) => (
        <Table.Tr key={r.id}>
          <Table.Td fw={600}>{r.name}</Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>
            <a href={tel(r.phone)}>{r.phone}</a>
          </Table.Td>
          <Table.Td>
            <a href={`mailto:${r.email}`}>
              <Email address={r.email} />
            </a>
          </Table.Td>
          <Table.Td>{r.car_make}</Table.Td>
          <Table.Td>{r.car_model}</Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDay(r.inspection_date)}</Table.Td>
          <Table.Td style={{ minWidth: 180, maxWidth: 320 }}>{otherInfo(r)}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
