import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { type CarInterest, sharedViews, VIEW_SOURCE_LABELS, VIEW_SOURCES } from "~/lib/car-interest";
import { formatNumber } from "~/lib/money";

/**
 * What draws interest in a car (docs/product.md, Interest per car): the stock list's cell, a phone
 * card's line, the edit page's panel.
 */

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The stock list's Views column: views this week / 30 days, then chats and leads (30 days), one a line. */
export function InterestCell({ interest }: { interest: CarInterest | undefined }) {
  if (!interest) return <Text c="dimmed">-</Text>;
  return (
    <Stack gap={0} data-testid="interest">
      <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
        <span title="Views in the last 7 days">{formatNumber(interest.views_7d)}</span>
        {" / "}
        <span title="Views in the last 30 days">{formatNumber(interest.views)}</span>
        <Text span size="xs" c="dimmed" fw={400}>
          {" "}
          views
        </Text>
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {plural(interest.chat_clicks, "chat", "chats")}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {plural(interest.leads, "lead", "leads")}
      </Text>
      {interest.waiting_alerts ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {plural(interest.waiting_alerts, "buyer waiting", "buyers waiting")}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A phone card's line of the same figures. */
export function InterestLine({ interest }: { interest: CarInterest | undefined }) {
  if (!interest) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="interest">
      {plural(interest.views_7d, "view", "views")} this week · {formatNumber(interest.views)} in 30 days ·{" "}
      {plural(interest.chat_clicks, "chat", "chats")} · {plural(interest.leads, "lead", "leads")}
      {interest.waiting_alerts ? ` · ${plural(interest.waiting_alerts, "buyer waiting", "buyers waiting")}` : null}
    </Text>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.5}>
        {label}
      </Text>
      <Text fz={20} fw={800} lh={1.2}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </div>
  );
}

/** The edit page's panel: the figures, views by where they came from, and links to the leads. */
export function InterestPanel({ interest, leadsHref }: { interest: CarInterest; leadsHref: string }) {
  const sources = VIEW_SOURCES.filter((s) => (interest.views_by_source[s] ?? 0) > 0);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      shadow="xs"
      component="section"
      aria-labelledby="interest-title"
      data-testid="interest-panel"
    >
      <Title order={2} fz="lg" id="interest-title">
        Interest
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        People who opened this car's page (each counted once a day; bots and staff left out), chat clicks and leads
        about it over the last 30 days.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 6 }} spacing="md">
        <Figure label="Views, 7 days" value={formatNumber(interest.views_7d)} />
        <Figure
          label="Views, 30 days"
          value={formatNumber(interest.views)}
          hint={`${formatNumber(sharedViews(interest))} from shared links`}
        />
        <Figure label="WhatsApp chats" value={formatNumber(interest.chat_clicks)} hint="30 days" />
        <Figure label="Leads" value={formatNumber(interest.leads)} hint="30 days" />
        <Figure label="Waiting buyers" value={formatNumber(interest.waiting_alerts)} hint="price alerts" />
        <Figure label="In stock" value={plural(interest.days_in_stock, "day", "days")} />
      </SimpleGrid>
      {sources.length ? (
        <Table fz="sm" mt="md" maw={420} data-testid="views-by-source">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Views came from</Table.Th>
              <Table.Th ta="right">30 days</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.map((s) => (
              <Table.Tr key={s}>
                <Table.Td>{VIEW_SOURCE_LABELS[s]}</Table.Td>
                <Table.Td ta="right">{formatNumber(interest.views_by_source[s] ?? 0)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Group mt="sm" gap="md">
        <Anchor component={Link} to={leadsHref} size="sm">
          This car's leads in the inbox
        </Anchor>
      </Group>
    </Paper>
  );
}
