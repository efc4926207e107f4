import { Box, Container, Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A home page section: eyebrow, heading, optional action on the right, then its content. */
export function Section({
  id,
  eyebrow,
  title,
  action,
  children,
  tinted = false,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box component="section" id={id} py={{ base: 40, sm: 64 }} bg={tinted ? "white" : undefined} aria-labelledby={id ? `${id}-title` : undefined}>
      <Container size={1240}>
        <Group justify="space-between" align="end" mb="lg" gap="sm">
          <div>
            {eyebrow ? (
              <Text tt="uppercase" fz="xs" fw={800} c="brand.8" style={{ letterSpacing: "0.1em" }}>
                {eyebrow}
              </Text>
            ) : null}
            <Title order={2} id={id ? `${id}-title` : undefined} fz={{ base: 26, sm: 34 }}>
              {title}
            </Title>
          </div>
          {action}
        </Group>
        {children}
      </Container>
    </Box>
  );
}
