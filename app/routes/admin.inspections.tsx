import { Badge, Button, Group, Text } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { InspectionList } from "~/components/admin/InspectionList";
import { Pagination } from "~/components/Pagination";
import { ADMIN_INSPECTIONS_PAGE_SIZE } from "~/config/constants";
import { requireAdmin } from "~/http/auth.server";
import { parsePage } from "~/lib/car-filters";
import {
  INSPECTION_VIEW_HINTS,
  INSPECTION_VIEW_LABELS,
  INSPECTION_VIEWS,
  parseInspectionView,
} from "~/lib/inspection-views";
import { calendarDayLabel } from "~/lib/lagos-time";
import { lagosToday } from "~/lib/lead-schemas";
import { leadScope } from "~/lib/leads";
import { pageInspections, upcomingInspectionCounts } from "~/models/lead.server";

/**
 * Inspection Requests by the day the buyer chose (Lagos calendar): Upcoming (today and later,
 * soonest first), Today, Past (latest first); each view is a link (`?view=`), 25 a page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  // A sales account lists the bookings it may see (its own and the new unassigned ones).
  const who = leadScope(admin);
  const params = new URL(request.url).searchParams;
  const view = parseInspectionView(params.get("view"));
  const today = lagosToday();
  const requested = parsePage(params);
  const [{ rows, total }, counts] = await Promise.all([
    pageInspections(view, requested, ADMIN_INSPECTIONS_PAGE_SIZE, today, who),
    upcomingInspectionCounts(today, who),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_INSPECTIONS_PAGE_SIZE));
  return { view, today, counts, total, inspections: rows, page: Math.min(requested, pageCount), pageCount };
}

const EMPTY = {
  upcoming: "No inspections booked from today on.",
  today: "No inspections booked for today.",
  past: "No past inspections.",
};

export default function Inspections() {
  const { view, today, counts, total, inspections, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Inspection Requests"
      description={`Buyers who booked a car inspection, by the day they chose. Today is ${calendarDayLabel(today)}.`}
    >
      <Group gap="xs" component="nav" aria-label="Inspection views">
        {INSPECTION_VIEWS.map((v) => (
          <Button
            key={v}
            component={Link}
            to={v === "upcoming" ? "/admin/inspections" : `/admin/inspections?view=${v}`}
            variant={v === view ? "filled" : "default"}
            aria-current={v === view ? "page" : undefined}
            rightSection={
              v === "past" ? null : (
                <Badge size="sm" variant={v === view ? "white" : "light"} circle={counts[v] < 10}>
                  {counts[v]}
                </Badge>
              )
            }
          >
            {INSPECTION_VIEW_LABELS[v]}
          </Button>
        ))}
      </Group>
      <Text size="sm" c="dimmed" role="status">
        {`${INSPECTION_VIEW_HINTS[view]} ${total.toLocaleString("en-NG")} ${total === 1 ? "booking" : "bookings"}.`}
      </Text>
      <InspectionList rows={inspections} today={today} empty={EMPTY[view]} />
      <Pagination page={page} pageCount={pageCount} label="Inspection pages" />
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError title="Inspection Requests" failure="Failed to load inspection requests. Please try again." />
  );
}
