import { Anchor, Button, Divider, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { site, whatsappLink } from "~/config/site";

/** The dealer's phone, WhatsApp chat, address and hours, beside a lead form. */
export function ContactDetailsCard({ title = "Talk to us directly" }: { title?: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} shadow="xs">
      <Stack gap="md">
        <Title order={2} fz="xl">
          {title}
        </Title>
        <Stack gap={8}>
          <Button
            component="a"
            href={`tel:${site.companyPhone.replace(/\s/g, "")}`}
            size="md"
            fullWidth
            data-testid="call-link"
          >
            Call {site.companyPhone}
          </Button>
          <Button
            component="a"
            href={whatsappLink()}
            target="_blank"
            rel="noopener noreferrer"
            size="md"
            fullWidth
            variant="outline"
            color="green"
            data-testid="whatsapp-link"
          >
            Chat with us on WhatsApp
          </Button>
        </Stack>
        <Divider />
        <Stack gap={4}>
          <Text fw={700} fz="sm">
            Visit the showroom
          </Text>
          <Text fz="sm" c="dimmed">
            {site.address}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text fw={700} fz="sm">
            Opening hours
          </Text>
          {site.hours.map((h) => (
            <Group key={h.days} justify="space-between" fz="sm">
              <Text fz="sm" c="dimmed">
                {h.days}
              </Text>
              <Text fz="sm">{h.time}</Text>
            </Group>
          ))}
        </Stack>
        <Text fz="sm" c="dimmed">
          Prefer email? Write to{" "}
          <Anchor href={`mailto:${site.email}`} fz="sm">
            {site.email}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
