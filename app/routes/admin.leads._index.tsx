import { Button, Group, Text } from "@mantine/core";
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { LeadFilterForm } from "~/components/admin/LeadFilterForm";
import { LeadList } from "~/components/admin/LeadList";
import { LeadViewLinks } from "~/components/admin/LeadViewLinks";
import { Notice } from "~/components/admin/Notice";
import { Pagination } from "~/components/Pagination";
import { ADMIN_LEADS_PAGE_SIZE } from "~/config/constants";
import { requireAdmin } from "~/http/auth.server";
import { parsePage } from "~/lib/car-filters";
import {
  filtersFor,
  inboxFilters,
  LEAD_VIEW_LABELS,
  LEAD_VIEWS,
  leadFilterQuery,
  leadView,
  leadViewHref,
  parseLeadFilters,
} from "~/lib/leads";
import { can } from "~/lib/roles";
import { listAdmins } from "~/models/admin.server";
import { pageLeads } from "~/models/lead-inbox.server";

/**
 * The leads inbox: newest first, 25 a page; by default the leads a person can answer, with links
 * to the signals (WhatsApp clicks, newsletter sign-ups), the incomplete loan applications or
 * everything; filtered by kind, status, dates, car (its id, name or stock number), assignee (me,
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
  const parsed = parseLeadFilters(url.searchParams);
  const filters = inboxFilters(parsed.filters);
  const view = leadView(filters);
  const [result, staff] = await Promise.all([
    pageLeads(filtersFor(filters, admin), parsePage(url.searchParams), ADMIN_LEADS_PAGE_SIZE),
    listAdmins(),
  ]);
  return {
    ...result,
    staff: staff.map((s) => s.username),
    filters,
    ignored: parsed.ignored,
    view,
    views: LEAD_VIEWS.map((v) => ({ view: v, label: LEAD_VIEW_LABELS[v], href: leadViewHref(filters, v) })),
    query: leadFilterQuery(filters),
    canExport: can(admin.role, "data.export"),
  };
}

const DESCRIPTION =
  "Buyers who reached out, newest first: bookings, messages, loan applications, sourcing requests and " +
  "reservations to answer. WhatsApp clicks and newsletter sign-ups are counted apart, one tap away.";

export default function LeadsInbox() {
  const { leads, total, page, pageCount, filters, ignored, view, views, query, canExport, staff } =
    useLoaderData<typeof loader>();
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
      <LeadViewLinks view={view} views={views} />
      <LeadFilterForm filters={filters} view={view} staff={staff} />
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
