import { Button, Grid, Group, NativeSelect, Paper, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import {
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadFilters,
  type LeadView,
  VIEW_KINDS,
} from "~/lib/leads";
import classes from "./LeadFilterForm.module.css";

const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  ...LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] })),
];

/** The filters set, besides the view (the N of "Filters (N)"). */
function activeCount(filters: LeadFilters): number {
  const { category: _view, visibleTo: _scope, ...rest } = filters;
  return Object.values(rest).filter((v) => v !== undefined && v !== "").length;
}

/**
 * The inbox filters: a GET form (native selects and date fields), so it works without
 * JavaScript and every filtered view has its own address. On a phone it folds behind
 * "Filters (N)" (a <details>, closed again after each search) so the first lead shows at once;
 * from 62em it is always open. The view (which category) is kept in a hidden field, and the Kind
 * field offers the kinds of that view only.
 */
export function LeadFilterForm({ filters, view, staff }: { filters: LeadFilters; view: LeadView; staff: string[] }) {
  const kinds = [
    { value: "", label: "All kinds" },
    ...VIEW_KINDS[view].map((k) => ({ value: k, label: LEAD_KIND_LABELS[k] })),
  ];
  const count = activeCount(filters);
  const assignees = [
    { value: "", label: "Anyone" },
    { value: "me", label: "Me" },
    { value: "none", label: "Nobody" },
    ...staff.map((u) => ({ value: u, label: u })),
  ];
  // A new key per filter set: the fields show the filters after a navigation too.
  const key = JSON.stringify(filters);
  return (
    <details className={classes.sheet} key={key} data-testid="lead-filters">
      <summary className={classes.toggle}>Filters{count ? ` (${count})` : ""}</summary>
      <Paper withBorder radius="md" p="md" shadow="xs" className={classes.panel}>
        <Form method="get" action="/admin/leads" aria-label="Filter leads">
          {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
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
            <Grid.Col span={{ base: 6, md: 4 }}>
              <NativeSelect label="Kind" name="kind" data={kinds} defaultValue={filters.kind ?? ""} />
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
                label="Car"
                name="car"
                defaultValue={filters.car === undefined ? "" : String(filters.car)}
                placeholder="Camry or LPA-000012"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 4 }}>
              <NativeSelect
                label="Assigned to"
                name="assignee"
                data={assignees}
                defaultValue={filters.assignee ?? ""}
              />
            </Grid.Col>
          </Grid>
          <Group mt="md" gap="sm">
            <Button type="submit">Filter</Button>
            <Button
              component={Link}
              to={view === "lead" ? "/admin/leads" : `/admin/leads?category=${view}`}
              variant="default"
            >
              Clear
            </Button>
          </Group>
        </Form>
      </Paper>
    </details>
  );
}
