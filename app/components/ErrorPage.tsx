import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";

/** The styled page for 404s and errors; never shows a stack trace. */
export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={900} c="brand.8" lh={1}>
          {status}
        </Text>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{message}</Text>
        <Stack gap="xs" mt="md" w="100%" maw={320}>
          <Button component={Link} to="/browse" size="md">
            Browse cars
          </Button>
          <Button component={Link} to="/" variant="default" size="md">
            Back to home
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
