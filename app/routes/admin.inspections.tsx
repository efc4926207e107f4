import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { InspectionList } from "~/components/admin/InspectionList";
import { Pagination } from "~/components/Pagination";
import { ADMIN_INSPECTIONS_PAGE_SIZE } from "~/config/constants";
import { requireAdmin } from "~/http/auth.server";
import { parsePage } from "~/lib/car-filters";
import { pageInspections } from "~/models/lead.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const requested = parsePage(new URL(request.url).searchParams);
  const { rows, total } = await pageInspections(requested, ADMIN_INSPECTIONS_PAGE_SIZE);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_INSPECTIONS_PAGE_SIZE));
  return { inspections: rows, page: Math.min(requested, pageCount), pageCount };
}

export default function Inspections() {
  const { inspections, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Inspection Requests" description="Buyers who booked a car inspection, newest first.">
      <InspectionList rows={inspections} />
      <Pagination page={page} pageCount={pageCount} label="Inspection pages" />
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError title="Inspection Requests" failure="Failed to load inspection requests. Please try again." />
  );
}
