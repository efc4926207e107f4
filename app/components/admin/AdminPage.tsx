import { Box, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One admin screen: title, optional description and actions, then its content. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box p={{ base: "md", sm: "xl" }} maw={1200}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm" mt={4}>
                {description}
              </Text>
            ) : null}
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </Box>
  );
}
