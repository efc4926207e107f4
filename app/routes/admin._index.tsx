import { SimpleGrid, Stack } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { MonthlyChart } from "~/components/admin/MonthlyChart";
import { StatCard } from "~/components/admin/StatCard";
import { requireAdmin } from "~/http/auth.server";
import { countLeads } from "~/models/lead-inbox.server";
import { monthlyCarStats, monthlyInspectionStats, stockCounts } from "~/models/stats.server";

const CHART_COLORS = { inspections: "cyan.6", available: "#d6249f", sold: "#111111" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const year = new Date().getUTCFullYear();
  const [inspections, cars, stock, newLeads] = await Promise.all([
    monthlyInspectionStats(year),
    monthlyCarStats(year),
    stockCounts(),
    countLeads({ status: "new" }),
  ]);
  return { year, inspections, cars, stock, newLeads };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export default function Dashboard() {
  const { year, inspections, cars, stock, newLeads } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Dashboard" description={`Enquiries and stock movement for ${year}.`}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
          <StatCard
            label="New leads"
            value={newLeads}
            accent="var(--mantine-color-blue-6)"
            to="/admin/leads?status=new"
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
