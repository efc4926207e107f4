import { SimpleGrid, Text } from "@mantine/core";
import { CarCard } from "../CarCard";
import type { LightboxCar } from "./CarLightbox";

/**
 * Cards in a responsive grid (1 column small, 2 medium, 3 wide). View Details links to the car's
 * page; with JavaScript, `onOpen` shows the lightbox instead.
 */
export function CarGrid({
  cars,
  onOpen,
  empty,
  eagerCount = 0,
  cols = { base: 1, sm: 2, lg: 3 },
  compact = false,
}: {
  cars: LightboxCar[];
  onOpen?: (car: LightboxCar) => void;
  empty: string;
  eagerCount?: number;
  cols?: Record<string, number>;
  /** Short row cards on phones (see CarCard). */
  compact?: boolean;
}) {
  if (cars.length === 0) {
    return (
      <Text ta="center" c="dimmed" py={48} fz="lg" fw={600} data-testid="empty-state">
        {empty}
      </Text>
    );
  }
  const byId = new Map(cars.map((c) => [c.id, c]));
  return (
    <SimpleGrid cols={cols} spacing="lg" verticalSpacing="lg" data-testid="car-grid">
      {cars.map((car, i) => (
        <CarCard
          key={car.id}
          car={car}
          eager={i < eagerCount}
          compact={compact}
          onOpen={onOpen ? (c) => onOpen(byId.get(c.id) ?? car) : undefined}
        />
      ))}
    </SimpleGrid>
  );
}
