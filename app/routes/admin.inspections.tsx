import { Paper, Table, Text } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { requireAdmin } from "~/models/auth.server";
import { listInspections } from "~/models/lead.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    return { inspections: await listInspections() };
  } catch (e) {
    console.error("Loading inspection requests failed", e); // SPEC §8: logged only
    return { inspections: [] };
  }
}

/** "2026-06-01" → "1 Jun 2026" without time-zone drift. */
function formatDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString("en-NG", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

export default function Inspections() {
  const { inspections } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Inspection Requests" description="Buyers who booked a car inspection, newest first.">
      <Paper withBorder radius="md" shadow="xs">
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                {["Name", "Phone", "Email", "Car Make", "Car Model", "Inspection Date", "Other Info"].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inspections.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" ta="center" py="lg">
                      No inspection requests yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                inspections.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td fw={600}>{r.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      <a href={`tel:${r.phone.replace(/\s/g, "")}`}>{r.phone}</a>
                    </Table.Td>
                    <Table.Td>
                      <a href={`mailto:${r.email}`}>{r.email}</a>
                    </Table.Td>
                    <Table.Td>{r.car_make}</Table.Td>
                    <Table.Td>{r.car_model}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDay(r.inspection_date)}</Table.Td>
                    <Table.Td maw={280}>{r.other_info?.trim() ? r.other_info : "N/A"}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </AdminPage>
  );
}
