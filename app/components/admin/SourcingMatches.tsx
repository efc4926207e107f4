import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { formatNaira } from "~/lib/money";
import type { SourcingMatch } from "~/models/sourcing-matches.server";

/** A sourcing request's matching cars for sale, each linking to its page (a new tab). */
export function SourcingMatches({ cars }: { cars: SourcingMatch[] }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "md", sm: "lg" }}
      shadow="xs"
      component="section"
      aria-label="Matching cars"
    >
      <Title order={2} fz="lg" mb="xs">
        Matching cars for sale
      </Title>
      {cars.length === 0 ? (
        <Text size="sm" c="dimmed">
          No car for sale matches this request yet. The staff who receive sourcing alerts are emailed when one is added.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {cars.map((car) => (
            <li key={car.id}>
              <Anchor href={car.path} target="_blank" rel="noopener noreferrer" fw={600}>
                {car.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {[formatNaira(car.price), car.stock_number].filter(Boolean).join(" · ")}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
