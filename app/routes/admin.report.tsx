import { Button, Grid, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { InterestReportSections } from "~/components/admin/InterestReport";
import { MonthlyChart } from "~/components/admin/MonthlyChart";
import { Notice } from "~/components/admin/Notice";
import { requireAdmin } from "~/http/auth.server";
import { lagosDateTime, monthLabel } from "~/lib/lagos-time";
import { ANSWERABLE_KINDS, LEAD_KIND_LABELS, type LeadKind, leadFilterQuery } from "~/lib/leads";
import { formatNaira, formatNumber } from "~/lib/money";
import { formatWait, parseReportRange, percent, type ReportFigures } from "~/lib/report";
import { can } from "~/lib/roles";
import { interestReport } from "~/models/car-interest.server";
import { buildReport } from "~/models/reports.server";

const KIND_COLORS: Record<LeadKind, string> = {
  inspection: "cyan.6",
  contact: "grape.6",
  loan: "orange.6",
  newsletter: "teal.6",
  whatsapp: "green.7",
  sourcing: "indigo.6",
  reservation: "red.6",
};

/** Reports over a date range (this year unless asked): stock, sales, days to sell, leads and leads won. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const choice = parseReportRange(new URL(request.url).searchParams);
  const report = await buildReport({ from: choice.from, to: choice.to });
  return {
    report,
    interest: await interestReport({ from: choice.from, to: choice.to }),
    problem: choice.problem,
    generatedAt: new Date().toISOString(),
    canExport: can(admin.role, "data.export"),
  };
}

/** A headline figure: its label, the figure, and a word of context. */
function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" data-testid={testId} h="100%">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.5}>
        {label}
      </Text>
      <Text fz={22} fw={800} lh={1.2} mt={4} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** "₦25M" for a chart's axis. */
const compactNaira = (n: number) =>
  `₦${new Intl.NumberFormat("en-NG", { notation: "compact", maximumFractionDigits: 1 }).format(n)}`;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Median time from a lead to its first status change, per staff member, as a table (works without JavaScript). */
function FirstResponseTable({ figures }: { figures: ReportFigures["firstResponse"] }) {
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" component="section" aria-labelledby="first-response">
      <Title order={2} fz="lg" id="first-response">
        Time to first status change
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        For the leads received in this period: how long each waited until someone first changed its status, by who
        changed it (the median: half were quicker).
      </Text>
      <Table.ScrollContainer minWidth={360}>
        <Table striped fz="sm" data-testid="first-response">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Staff member</Table.Th>
              <Table.Th ta="right">Leads answered</Table.Th>
              <Table.Th ta="right">Median time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {figures.staff.map((r) => (
              <Table.Tr key={r.staff}>
                <Table.Td>{r.staff}</Table.Td>
                <Table.Td ta="right">{formatNumber(r.answered)}</Table.Td>
                <Table.Td ta="right">{formatWait(r.medianMs)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Td>Everyone</Table.Td>
              <Table.Td ta="right">{formatNumber(figures.answered)}</Table.Td>
              <Table.Td ta="right">{formatWait(figures.medianMs)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" mt="sm">
        {figures.unanswered === 0
          ? "Every lead of this period has been answered."
          : `${formatNumber(figures.unanswered)} ${figures.unanswered === 1 ? "lead is" : "leads are"} ` +
            "still waiting for a first status change."}
      </Text>
    </Paper>
  );
}

export default function Reports() {
  const { report, interest, problem, generatedAt, canExport } = useLoaderData<typeof loader>();
  const { range, months, stock, sales, leads, signals, firstResponse, reservations } = report;
  const inbox = (kind: LeadKind) => `/admin/leads${leadFilterQuery({ kind, from: range.from, to: range.to })}`;
  const multiYear = range.from.slice(0, 4) !== range.to.slice(0, 4);
  const labels = months.map((m) => monthLabel(m, multiYear));
  const csvHref = `/admin/report.csv?${new URLSearchParams({ from: range.from, to: range.to })}`;
  return (
    <AdminPage
      title="Reports"
      description={`${range.from} to ${range.to} (Lagos time). Stock figures are as of ${lagosDateTime(generatedAt)}.`}
      actions={
        canExport ? (
          <Button component="a" href={csvHref} variant="light" download>
            Download CSV
          </Button>
        ) : null
      }
    >
      <Paper withBorder radius="md" p="md" shadow="xs">
        <Form method="get" key={`${range.from}|${range.to}`} aria-label="Report period">
          <Grid gutter="sm" align="flex-end">
            <Grid.Col span={{ base: 6, sm: "content" }}>
              <TextInput label="From" name="from" type="date" defaultValue={range.from} required />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: "content" }}>
              <TextInput label="To" name="to" type="date" defaultValue={range.to} required />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: "content" }}>
              <Group gap="sm">
                <Button type="submit">Show</Button>
                <Button component={Link} to="/admin/report" variant="default">
                  This year
                </Button>
              </Group>
            </Grid.Col>
          </Grid>
        </Form>
      </Paper>
      {problem ? <Notice kind="error">{`${problem} Showing this year instead.`}</Notice> : null}
      {/* Stock and sales: the counts three to a row (two on a phone), then the money (long figures) two to a row. */}
      <Grid gutter="md">
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <Figure label="Stock on hand" value={`${formatNumber(stock.count)} cars`} testId="report-stock-count" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <Figure label="Cars sold" value={formatNumber(sales.totalCount)} testId="report-sold" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Figure
            label="Average days to sell"
            value={sales.averageDaysToSale === null ? "N/A" : `${formatNumber(sales.averageDaysToSale)} days`}
            hint="From listing to sale"
            testId="report-days-to-sale"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Figure label="Stock value" value={formatNaira(stock.value)} testId="report-stock-value" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Figure label="Sales value" value={formatNaira(sales.totalValue)} testId="report-sales-value" />
        </Grid.Col>
      </Grid>
      {/* Leads a person can answer, then the signals counted apart: one row on a desk, two by two on a phone. */}
      <Grid gutter="md">
        <Grid.Col span={{ base: 6, sm: 6, lg: 3 }}>
          <Figure
            label="Leads"
            value={formatNumber(leads.total)}
            hint="Bookings, messages, loan applications, sourcing"
            testId="report-leads"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 6, lg: 3 }}>
          <Figure
            label="Leads won"
            value={percent(leads.wonShare)}
            hint={`${formatNumber(leads.won)} of ${formatNumber(leads.total)}`}
            testId="report-won-share"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 6, lg: 3 }}>
          <Figure
            label="WhatsApp clicks"
            value={formatNumber(sum(signals.whatsapp))}
            hint="Counted apart from leads"
            testId="report-whatsapp"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 6, lg: 3 }}>
          <Figure
            label="Newsletter sign-ups"
            value={formatNumber(sum(signals.newsletter))}
            hint="Counted apart from leads"
            testId="report-newsletter"
          />
        </Grid.Col>
      </Grid>
      {/* Online reservations: deposits paid through Paystack, and the sales they became. */}
      <Grid gutter="md">
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <Figure
            label="Deposits taken"
            value={formatNumber(reservations.totalDeposits)}
            hint={
              reservations.refunds
                ? `${formatNumber(reservations.refunds)} refunded or to refund`
                : "Reservations paid online"
            }
            testId="report-deposits"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <Figure
            label="Reservations converted"
            value={formatNumber(reservations.totalConverted)}
            hint="Sold to the buyer who reserved"
            testId="report-converted"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Figure
            label="Deposits value"
            value={formatNaira(reservations.totalDepositValue)}
            testId="report-deposit-value"
          />
        </Grid.Col>
      </Grid>
      {leads.incomplete > 0 ? (
        <Notice kind="info">
          <span data-testid="report-incomplete">
            {`${formatNumber(leads.incomplete)} loan ` +
              `${leads.incomplete === 1 ? "application was" : "applications were"} left before the client ` +
              "information; they are not counted as leads. "}
          </span>
          <Link to={`/admin/leads${leadFilterQuery({ category: "incomplete", from: range.from, to: range.to })}`}>
            See them
          </Link>
        </Notice>
      ) : null}
      {sales.withoutPrice > 0 ? (
        <Notice kind="info">
          {`${sales.withoutPrice} of the sales in this period have no recorded price (cars deleted before sale ` +
            "prices were kept); the sales value leaves them out."}
        </Notice>
      ) : null}
      <Stack gap="lg">
        <MonthlyChart
          title="Cars Sold Per Month"
          labels={labels}
          series={[{ name: "Cars Sold", color: "#111111", values: sales.count }]}
        />
        <MonthlyChart
          title="Sales Value Per Month"
          labels={labels}
          series={[{ name: "Sales Value", color: "brand.7", values: sales.value }]}
          format={formatNaira}
          axisFormat={compactNaira}
        />
        <MonthlyChart
          title="Leads Per Month"
          labels={labels}
          stacked
          series={ANSWERABLE_KINDS.map((k) => ({
            name: LEAD_KIND_LABELS[k],
            color: KIND_COLORS[k],
            values: leads.byKind[k],
          }))}
        />
        <MonthlyChart
          title="WhatsApp Clicks and Newsletter Sign-ups Per Month"
          labels={labels}
          series={[
            { name: "WhatsApp clicks", color: KIND_COLORS.whatsapp, values: signals.whatsapp },
            { name: "Newsletter sign-ups", color: KIND_COLORS.newsletter, values: signals.newsletter },
          ]}
        />
        <MonthlyChart
          title="Reservations Per Month"
          labels={labels}
          series={[
            { name: "Deposits taken", color: KIND_COLORS.reservation, values: reservations.deposits },
            { name: "Reservations converted", color: "#111111", values: reservations.converted },
          ]}
        />
        <InterestReportSections {...interest} />
        <FirstResponseTable figures={firstResponse} />
        <Group gap="md">
          <Text size="sm" c="dimmed">
            In the inbox:
          </Text>
          <Link to={inbox("whatsapp")}>WhatsApp clicks of this period</Link>
          <Link to={inbox("newsletter")}>Newsletter sign-ups of this period</Link>
          <Link to={inbox("reservation")}>Reservations of this period</Link>
        </Group>
      </Stack>
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Reports" failure="Failed to load the reports. Please try again." />;
}
