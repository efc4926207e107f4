import { Paper, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense } from "react";
import { MONTH_LABELS } from "~/config/constants";
import { useHydrated } from "~/lib/use-hydrated";

// The chart library (recharts, through @mantine/charts) is fetched when a chart is first drawn.
// Only a browser draws one, so the server never loads it (it would hold about 20 MB).
const BarChart = lazy(() => import("@mantine/charts").then((m) => ({ default: m.BarChart })));
const CHART_HEIGHT = 280;

export interface ChartSeries {
  name: string;
  color: string;
  values: number[];
}

/**
 * A bar chart per month (Jan to Dec unless `labels` names other months) with the legend on top.
 * Charts need JavaScript (recharts measures the page), so the same numbers are always shown as a
 * table too; `format` writes the table's figures (e.g. naira), `axisFormat` the chart's.
 */
export function MonthlyChart({
  title,
  series,
  labels = MONTH_LABELS,
  format = String,
  axisFormat,
  stacked = false,
}: {
  title: string;
  series: ChartSeries[];
  labels?: readonly string[];
  format?: (value: number) => string;
  axisFormat?: (value: number) => string;
  /** One bar per month with the series stacked (parts of a whole), instead of side by side. */
  stacked?: boolean;
}) {
  const hydrated = useHydrated();
  const narrow = useMediaQuery("(max-width: 36em)");
  const data = labels.map((month, i) => ({
    month,
    ...Object.fromEntries(series.map((s) => [s.name, s.values[i] ?? 0])),
  }));
  const headingId = `chart-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "sm", sm: "lg" }}
      shadow="xs"
      aria-labelledby={headingId}
      component="section"
    >
      <Title order={2} fz="lg" id={headingId} mb="sm">
        {title}
      </Title>
      {hydrated ? (
        <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
          <BarChart
            h={CHART_HEIGHT}
            data={data}
            dataKey="month"
            series={series.map(({ name, color }) => ({ name, color }))}
            type={stacked ? "stacked" : "default"}
            withLegend
            legendProps={{ verticalAlign: "top", height: 40 }}
            tickLine="y"
            gridAxis="x"
            /* Every month labelled, Jan to Dec, even on a phone (recharts would skip some). */
            xAxisProps={{
              interval: 0,
              tick: { transform: "translate(0, 10)", fontSize: narrow ? 10 : 12, fill: "currentColor" },
            }}
            yAxisProps={{ allowDecimals: false }}
            valueFormatter={axisFormat}
            barProps={stacked ? undefined : { radius: [4, 4, 0, 0] }}
          />
        </Suspense>
      ) : null}
      <Table.ScrollContainer minWidth={Math.max(640, labels.length * 56)} mt="md">
        <Table striped withTableBorder fz="xs" ta="center" verticalSpacing={4}>
          <Table.Caption>Monthly counts for {title.toLowerCase()}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="left">Series</Table.Th>
              {labels.map((m) => (
                <Table.Th key={m} ta="center">
                  {m}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {series.map((s) => (
              <Table.Tr key={s.name}>
                <Table.Th ta="left" scope="row">
                  <Text span fz="xs" fw={600} style={{ whiteSpace: "nowrap" }}>
                    <span
                      aria-hidden="true"
                      style={{
                        display: "inline-block",
                        width: 10,
                        height: 10,
                        borderRadius: 2,
                        marginRight: 6,
                        background: cssColor(s.color),
                      }}
                    />
                    {s.name}
                  </Text>
                </Table.Th>
                {labels.map((m, i) => (
                  <Table.Td key={m} style={{ whiteSpace: "nowrap" }}>
                    {format(s.values[i] ?? 0)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** "cyan.6" → the Mantine CSS variable; plain CSS colours pass through. */
function cssColor(color: string): string {
  const m = /^([a-z]+)\.(\d)$/.exec(color);
  return m ? `var(--mantine-color-${m[1]}-${m[2]})` : color;
}
