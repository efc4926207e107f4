import { Badge, Button, Container, Grid, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { carTitle } from "~/components/CarCard";
import { CarImage } from "~/components/CarImage";
import { formatMileage, formatNaira } from "~/lib/money";

export interface FinancingCar {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
  color: string | null;
  condition: string;
  mileage: number | null;
  transmission: string | null;
  fuel_type: string | null;
  image: string | null;
}

/**
 * The full-screen view of one financing car with its calculator. It is a Mantine Modal kept in
 * the page (not a portal), so the server renders it too: the URL /financing/<id> works without
 * JavaScript. With JavaScript, Escape or Close go back to the grid.
 */
export function FinancingCarView({ car, onClose, children }: { car: FinancingCar; onClose: () => void; children: ReactNode }) {
  const title = carTitle(car);
  return (
    <Modal.Root opened onClose={onClose} fullScreen withinPortal={false} transitionProps={{ duration: 0 }} trapFocus returnFocus>
      <Modal.Overlay />
      <Modal.Content bg="#f7f8fa" data-testid="financing-view">
        <Modal.Header style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
          <Container size="lg" w="100%" px={{ base: 0, sm: "md" }}>
            <Group justify="space-between" wrap="nowrap">
              <Modal.Title component="h2" fw={800} fz={{ base: "lg", sm: "xl" }}>
                {title}
              </Modal.Title>
              <Button component={Link} to="/financing" preventScrollReset variant="default" size="sm" aria-label="Close and go back to Financing Options">
                ✕ Close
              </Button>
            </Group>
          </Container>
        </Modal.Header>
        <Modal.Body p={0}>
          <Container size="lg" py={{ base: "md", sm: "xl" }}>
            <Grid gutter={{ base: "lg", md: 40 }}>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack gap="md">
                  <CarImage path={car.image} alt={title} eager style={{ width: "100%", height: "auto", aspectRatio: "3 / 2", borderRadius: 16 }} />
                  <Group gap={6}>
                    <Badge color={car.condition === "New" ? "brand" : "dark"} radius="sm">{car.condition}</Badge>
                    <Badge variant="light" color="gray" radius="sm" tt="none">{formatMileage(car.mileage)}</Badge>
                    <Badge variant="light" color="gray" radius="sm" tt="none">{car.fuel_type || "N/A"}</Badge>
                    <Badge variant="light" color="gray" radius="sm" tt="none">{car.transmission || "N/A"}</Badge>
                  </Group>
                  <div>
                    <Text fz="sm" c="dimmed">Price</Text>
                    <Text fz={30} fw={900} c="brand.8" lh={1.1}>{formatNaira(car.price)}</Text>
                  </div>
                  <Stack gap={4} visibleFrom="md">
                    <Title order={3} fz="md">How our financing works</Title>
                    <Text fz="sm" c="dimmed">
                      Pay a deposit of 40% to 90% of the price, then spread the rest over 3, 6 or 12 months.
                      No interest is added: what you see is what you pay.
                    </Text>
                  </Stack>
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>{children}</Grid.Col>
            </Grid>
          </Container>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
