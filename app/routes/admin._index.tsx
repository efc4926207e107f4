import { SimpleGrid, Stack } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { MonthlyChart } from "~/components/admin/MonthlyChart";
import { Notice } from "~/components/admin/Notice";
import { SetupChecklist } from "~/components/admin/SetupChecklist";
import { StatCard } from "~/components/admin/StatCard";
import { requireAdmin } from "~/http/auth.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { filtersFor, type LeadFilters, leadFilterQuery } from "~/lib/leads";
import { can } from "~/lib/roles";
import { setupChecklist } from "~/models/demo/demo-stock.server";
import { countLeads } from "~/models/lead-inbox.server";
import { monthlyCarStats, monthlyInspectionStats, stockCounts } from "~/models/stats.server";
import { demoRemovedMessage, removeDemoStock } from "~/use-cases/demo.server";
import { staffActor } from "~/use-cases/use-case.server";

const CHART_COLORS = { inspections: "cyan.6", available: "#d6249f", sold: "#111111" };

const NEW_LEADS: LeadFilters = { category: "lead", status: "new" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const year = new Date().getUTCFullYear();
  const owner = can(admin.role, "settings.edit");
  // Leads a person can answer (not WhatsApp clicks, sign-ups or unfinished loan applications); each
  // card links to the inbox view that lists exactly what it counts (for a sales account, of the
  // leads it may see).
  const yearDays = { from: `${year}-01-01`, to: `${year}-12-31` };
  const [inspections, cars, stock, newLeads, myNewLeads, clicks, signUps, checklist] = await Promise.all([
    monthlyInspectionStats(year),
    monthlyCarStats(year),
    stockCounts(),
    countLeads(filtersFor(NEW_LEADS, admin)),
    countLeads(filtersFor({ ...NEW_LEADS, assignee: "me" }, admin)),
    countLeads(filtersFor({ kind: "whatsapp", ...yearDays }, admin)),
    countLeads(filtersFor({ kind: "newsletter", ...yearDays }, admin)),
    owner ? setupChecklist() : Promise.resolve([]),
  ]);
  const params = new URL(request.url).searchParams;
  const demoLeft = checklist.find((i) => i.key === "demo" && !i.done);
  const confirmDemo = owner && params.get("confirm") === "remove-demo" && Boolean(demoLeft);
  const removed = params.get("removed");
  return {
    year,
    inspections,
    cars,
    stock,
    newLeads,
    myNewLeads,
    signals: {
      clicks,
      signUps,
      clicksHref: `/admin/leads${leadFilterQuery({ kind: "whatsapp", ...yearDays })}`,
      signUpsHref: `/admin/leads${leadFilterQuery({ kind: "newsletter", ...yearDays })}`,
    },
    // Shown to owners until every step is done.
    checklist: checklist.every((i) => i.done) ? [] : checklist,
    confirmDemo,
    demoMessage:
      removed === null
        ? null
        : demoRemovedMessage({ cars: Number(removed) || 0, bookings: Number(params.get("bookings")) || 0 }),
  };
}

/** Removes the demo stock after the confirmation (owners). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { admin, token } = await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") !== "remove-demo") return data({ error: "Unknown action" }, { status: 400 });
  try {
    const { removed, bookings } = await removeDemoStock(staffActor(admin, clientIp(context), token));
    return redirect(`/admin?removed=${removed}&bookings=${bookings}`);
  } catch (e) {
    const failure = refusalForPage(e);
    if (failure.status === 403) throw new Response(failure.message, { status: 403 });
    return data({ error: failure.message }, { status: failure.status });
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export default function Dashboard() {
  const { year, inspections, cars, stock, newLeads, myNewLeads, signals, checklist, confirmDemo, demoMessage } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AdminPage title="Dashboard" description={`Enquiries and stock movement for ${year}.`}>
      <Stack gap="lg">
        {demoMessage ? <Notice kind="success">{demoMessage}</Notice> : null}
        {result?.error ? <Notice kind="error">{result.error}</Notice> : null}
        {confirmDemo ? (
          <ConfirmDialog
            question="Remove every demo car?"
            detail={
              "The demo cars with their photos, and the sample inspection bookings that came with them, " +
              "are deleted for good. Your own cars, leads and accounts stay."
            }
            fields={{ intent: "remove-demo" }}
            cancelHref="/admin"
          />
        ) : null}
        {checklist.length ? <SetupChecklist items={checklist} /> : null}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <StatCard
            label="My new leads"
            value={myNewLeads}
            accent="var(--mantine-color-violet-6)"
            to={`/admin/leads${leadFilterQuery({ ...NEW_LEADS, assignee: "me" })}`}
          />
          <StatCard
            label="New leads"
            value={newLeads}
            accent="var(--mantine-color-blue-6)"
            to={`/admin/leads${leadFilterQuery(NEW_LEADS)}`}
          />
          <StatCard
            label={`WhatsApp clicks in ${year}`}
            value={signals.clicks}
            accent="var(--mantine-color-green-7)"
            to={signals.clicksHref}
          />
          <StatCard
            label={`Newsletter sign-ups in ${year}`}
            value={signals.signUps}
            accent="var(--mantine-color-teal-6)"
            to={signals.signUpsHref}
          />
          <StatCard label="Cars in stock" value={stock.available} accent="var(--mantine-color-brand-8)" />
          <StatCard label={`Listed in ${year}`} value={sum(cars.created)} accent={CHART_COLORS.available} />
          <StatCard label={`Sold in ${year}`} value={sum(cars.sold)} accent={CHART_COLORS.sold} />
          <StatCard label={`Inspections in ${year}`} value={sum(inspections)} accent="var(--mantine-color-cyan-6)" />
        </SimpleGrid>
        <MonthlyChart
          title="Booked Inspections Per Month"
          series={[{ name: "Booked Inspections", color: CHART_COLORS.inspections, values: inspections }]}
        />
        <MonthlyChart
          title="Cars Created and Sold Per Month"
          series={[
            { name: "Cars Available", color: CHART_COLORS.available, values: cars.created },
            { name: "Cars Sold", color: CHART_COLORS.sold, values: cars.sold },
          ]}
        />
      </Stack>
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Dashboard" failure="Failed to load data." />;
}
