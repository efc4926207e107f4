import { Anchor, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ChecklistItem } from "~/lib/checklist";

/** The first steps of a new dealer on the dashboard, each linking to where it is done. */
export function SetupChecklist({ items }: { items: ChecklistItem[] }) {
  const done = items.filter((i) => i.done).length;
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} shadow="xs" aria-labelledby="setup-title">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={2} fz="lg" id="setup-title">
            Get your site ready
          </Title>
          <Text size="sm" c="dimmed">
            {done} of {items.length} done. This list goes away once everything is ticked.
          </Text>
        </div>
      </Group>
      <Progress value={(done / items.length) * 100} mt="sm" mb="md" aria-hidden="true" />
      <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="setup-checklist">
        {items.map((item) => (
          <Group key={item.key} component="li" gap="sm" wrap="nowrap" data-done={item.done || undefined}>
            <ThemeIcon size={22} radius="xl" color={item.done ? "brand" : "gray.3"} aria-hidden="true">
              <Text size="xs" fw={800} c={item.done ? "white" : "gray.6"}>
                {item.done ? "✓" : ""}
              </Text>
            </ThemeIcon>
            {item.done ? (
              <Text size="sm" c="dimmed" td="line-through">
                {item.label} <span className="visually-hidden">(done)</span>
              </Text>
            ) : (
              <Anchor component={Link} to={item.href} size="sm" fw={600}>
                {item.label}
              </Anchor>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
