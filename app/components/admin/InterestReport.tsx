import { Anchor, Badge, Paper, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatNaira, formatNumber } from "~/lib/money";

/** The report's interest sections: Most viewed, Viewed but no leads, Aged stock; each car links to its edit page. */

export interface InterestReportRow {
  car_id: number;
  title: string;
  price: number;
  views: number;
  chat_clicks: number;
  leads: number;
  days_in_stock: number;
}

function CarTable({
  rows,
  testId,
  empty,
  aged = false,
}: {
  rows: InterestReportRow[];
  testId: string;
  empty: string;
  aged?: boolean;
}) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Car</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">{aged ? "Views, 30 days" : "Views"}</Table.Th>
            <Table.Th ta="right">Chats</Table.Th>
            <Table.Th ta="right">Leads</Table.Th>
            <Table.Th ta="right">In stock</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.car_id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/edit-car/${r.car_id}`} size="sm" fw={600}>
                  {r.title}
                </Anchor>
                {aged && r.days_in_stock > 90 ? (
                  <Badge color="red.9" variant="filled" size="sm" ml={6} tt="none">
                    90+ days
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {formatNaira(r.price)}
              </Table.Td>
              <Table.Td ta="right">{formatNumber(r.views)}</Table.Td>
              <Table.Td ta="right">{formatNumber(r.chat_clicks)}</Table.Td>
              <Table.Td ta="right">{formatNumber(r.leads)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {formatNumber(r.days_in_stock)} days
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intro}
      </Text>
      {children}
    </Paper>
  );
}

export function InterestReportSections({
  mostViewed,
  viewedNoLeads,
  aged,
}: {
  mostViewed: InterestReportRow[];
  viewedNoLeads: InterestReportRow[];
  aged: { over60: number; over90: number; cars: InterestReportRow[] };
}) {
  return (
    <>
      <Section
        id="most-viewed"
        title="Most viewed"
        intro={
          "The cars people opened most in this period (each person counted once a day), with the chats and " +
          "leads they brought."
        }
      >
        <CarTable rows={mostViewed} testId="most-viewed" empty="No car page was viewed in this period." />
      </Section>
      <Section
        id="viewed-no-leads"
        title="Viewed but no leads"
        intro={
          "Unsold cars people looked at in this period without one booking, message or loan application: " +
          "check the price, photos and description."
        }
      >
        <CarTable
          rows={viewedNoLeads}
          testId="viewed-no-leads"
          empty="Every car viewed in this period brought at least one lead."
        />
      </Section>
      <Section
        id="aged-stock"
        title="Aged stock"
        intro={
          <>
            <span data-testid="aged-counts">
              {`${formatNumber(aged.over60)} unsold ${aged.over60 === 1 ? "car has" : "cars have"} ` +
                `been in stock over 60 days, ${formatNumber(aged.over90)} of them over 90 days`}
            </span>{" "}
            (today; views, chats and leads of the last 30 days). Oldest first.{" "}
            <Anchor
              component={Link}
              to="/admin/create-listing?status=available&sort=days_desc"
              size="sm"
              underline="always"
            >
              All of them in the stock list
            </Anchor>
          </>
        }
      >
        <CarTable rows={aged.cars} testId="aged-stock" empty="No unsold car has been in stock over 60 days." aged />
      </Section>
    </>
  );
}
