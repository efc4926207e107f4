import { Button, Grid, Group, NativeSelect, Paper, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import {
  LEAD_CATEGORIES,
  LEAD_CATEGORY_LABELS,
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadFilters,
} from "~/lib/leads";

const CATEGORY_OPTIONS = [
  { value: "", label: "Everything" },
  ...LEAD_CATEGORIES.map((c) => ({ value: c, label: LEAD_CATEGORY_LABELS[c] })),
];
const KIND_OPTIONS = [
  { value: "", label: "All kinds" },
  ...LEAD_KINDS.map((k) => ({ value: k, label: LEAD_KIND_LABELS[k] })),
];
const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  ...LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] })),
];

/**
 * The inbox filters: a GET form (native selects and date fields), so it works without
 * JavaScript and every filtered view has its own address.
 */
export function LeadFilterForm({ filters, staff }: { filters: LeadFilters; staff: string[] }) {
  const assignees = [
    { value: "", label: "Anyone" },
    { value: "me", label: "Me" },
    { value: "none", label: "Nobody" },
    ...staff.map((u) => ({ value: u, label: u })),
  ];
  // A new key per filter set: the fields show the filters after a navigation too.
  const key = JSON.stringify(filters);
  return (
    <Paper withBorder radius="md" p="md" shadow="xs">
      <Form method="get" action="/admin/leads" key={key} aria-label="Filter leads">
        {/* Two fields a row on a phone, three on a wide screen, so the list starts near the top. */}
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextInput
              label="Search"
              name="q"
              type="search"
              defaultValue={filters.q ?? ""}
              placeholder="Name, phone, email or message"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <NativeSelect label="Show" name="category" data={CATEGORY_OPTIONS} defaultValue={filters.category ?? ""} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 4 }}>
            <NativeSelect label="Kind" name="kind" data={KIND_OPTIONS} defaultValue={filters.kind ?? ""} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 4 }}>
            <NativeSelect label="Status" name="status" data={STATUS_OPTIONS} defaultValue={filters.status ?? ""} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 4 }}>
            <TextInput label="From" name="from" type="date" defaultValue={filters.from ?? ""} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 4 }}>
            <TextInput label="To" name="to" type="date" defaultValue={filters.to ?? ""} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 4 }}>
            <TextInput
              label="Car id"
              name="car"
              inputMode="numeric"
              pattern="[0-9]*"
              defaultValue={filters.car === undefined ? "" : String(filters.car)}
              placeholder="e.g. 12"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 4 }}>
            <NativeSelect label="Assigned to" name="assignee" data={assignees} defaultValue={filters.assignee ?? ""} />
          </Grid.Col>
        </Grid>
        <Group mt="md" gap="sm">
          <Button type="submit">Filter</Button>
          <Button component={Link} to="/admin/leads" variant="default">
            Clear
          </Button>
        </Group>
      </Form>
    </Paper>
  );
}
