import { Button, Group, Text } from "@mantine/core";
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { LeadFilterForm } from "~/components/admin/LeadFilterForm";
import { LeadList } from "~/components/admin/LeadList";
import { Notice } from "~/components/admin/Notice";
import { Pagination } from "~/components/Pagination";
import { ADMIN_LEADS_PAGE_SIZE } from "~/config/constants";
import { requireAdmin } from "~/http/auth.server";
import { parsePage } from "~/lib/car-filters";
import { filtersFor, leadFilterQuery, parseLeadFilters } from "~/lib/leads";
import { can } from "~/lib/roles";
import { listAdmins } from "~/models/admin.server";
import { pageLeads } from "~/models/lead-inbox.server";

/**
 * The leads inbox: every lead of every kind, newest first, 25 a page, filtered by what it counts as
 * (leads to answer, signals, incomplete loan applications), kind, status, dates, car, assignee (me,
 * nobody or a staff member) and free text (a GET form: works without JavaScript). Each lead opens
 * its page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const url = new URL(request.url);
  // The filter form sends its empty fields too: answer with the tidy address of the same view.
  if ([...url.searchParams.values()].some((v) => v.trim() === "")) {
    const { filters } = parseLeadFilters(url.searchParams);
    const page = parsePage(url.searchParams);
    const query = leadFilterQuery(filters);
    const pageParam = page > 1 ? `${query ? "&" : "?"}page=${page}` : "";
    throw redirect(`/admin/leads${query}${pageParam}`);
  }
  const { filters, ignored } = parseLeadFilters(url.searchParams);
  const [result, staff] = await Promise.all([
    pageLeads(filtersFor(filters, admin), parsePage(url.searchParams), ADMIN_LEADS_PAGE_SIZE),
    listAdmins(),
  ]);
  return {
    ...result,
    staff: staff.map((s) => s.username),
    filters,
    ignored,
    query: leadFilterQuery(filters),
    canExport: can(admin.role, "data.export"),
  };
}

const DESCRIPTION =
  "Every buyer who reached out, newest first: bookings, messages, loan applications and sourcing requests " +
  "to answer, and, counted apart, WhatsApp clicks and newsletter sign-ups. Show picks one group.";

export default function LeadsInbox() {
  const { leads, total, page, pageCount, filters, ignored, query, canExport, staff } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Leads"
      description={DESCRIPTION}
      actions={
        canExport ? (
          <Group gap="xs">
            <Button component="a" href={`/admin/leads.csv${query}`} variant="light" download>
              Download CSV
            </Button>
            <Button component="a" href="/admin/leads.csv?kind=newsletter" variant="default" download>
              Newsletter subscribers (CSV)
            </Button>
          </Group>
        ) : null
      }
    >
      <LeadFilterForm filters={filters} staff={staff} />
      {ignored.length ? (
        <Notice kind="info">Some filters were ignored: {ignored.join(", ")} (not a valid value).</Notice>
      ) : null}
      <Text size="sm" c="dimmed" role="status">
        {total.toLocaleString("en-NG")} {total === 1 ? "lead" : "leads"}
      </Text>
      <LeadList rows={leads} />
      <Pagination page={page} pageCount={pageCount} label="Lead pages" />
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Leads" failure="Failed to load leads. Please try again." />;
}
