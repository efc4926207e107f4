import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { formatMileage, formatNaira } from "~/lib/money";
import { CarImage } from "./CarImage";
import classes from "./CarCard.module.css";

/** The fields a card shows (a subset of the Car model, so loaders can send less). */
export interface CardCar {
  id: number;
  make: string;
  model: string;
  year: number;
  price: number;
  mileage: number | null;
  fuel_type: string | null;
  transmission: string | null;
  car_description: string | null;
  condition: string;
  images: string[];
}

export function carTitle(car: { make: string; model: string; year: number }) {
  return `${car.make} ${car.model} - ${car.year}`;
}

/**
 * A car in a grid. The image and View Details go to `href` (the car's own page by default);
 * with JavaScript, `onOpen` can take over the click (to open a lightbox instead). `compact` lays
 * it out as a short row on phones (same content; the usual card from 36em up).
 */
export function CarCard({
  car,
  href = `/cars/${car.id}`,
  onOpen,
  eager = false,
  compact = false,
}: {
  car: CardCar;
  href?: string;
  onOpen?: (car: CardCar) => void;
  eager?: boolean;
  compact?: boolean;
}) {
  const open = (e: MouseEvent) => {
    if (!onOpen || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onOpen(car);
  };
  const title = carTitle(car);
  return (
    <Card withBorder radius="lg" padding={0} shadow="xs" h="100%" data-testid="car-card" className={compact ? classes.compact : undefined}>
      <Link to={href} onClick={open} aria-label={`View ${title}`} prefetch="intent" className={classes.media} style={{ position: "relative", display: "block" }}>
        <CarImage path={car.images[0]} variant="card" alt={title} eager={eager} width={640} height={427} style={{ width: "100%", height: "auto", aspectRatio: "3 / 2" }} />
        <Badge pos="absolute" top={10} left={10} className={classes.badge} color={car.condition === "New" ? "brand" : "dark"} variant="filled" radius="sm">
          {car.condition}
        </Badge>
      </Link>
      <Stack gap={6} p="md" style={{ flex: 1 }} className={classes.body}>
        <Text fw={700} fz="lg" lh={1.25} component="h3" m={0} className={classes.title}>
          {title}
        </Text>
        <Text fz="sm" c="dimmed" lineClamp={2} mih={40} className={classes.description}>
          {car.car_description || "No description"}
        </Text>
        <Group gap={6} wrap="wrap" className={classes.facts}>
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {formatMileage(car.mileage)}
          </Badge>
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {car.fuel_type || "N/A"}
          </Badge>
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {car.transmission || "N/A"}
          </Badge>
        </Group>
        <Group justify="space-between" align="center" mt="auto" pt={6} className={classes.footer}>
          <Text fw={800} fz="xl" c="brand.8" className={classes.price}>
            {formatNaira(car.price)}
          </Text>
          <Button component={Link} to={href} onClick={open} size="sm" variant="light" prefetch="intent" className={classes.details}>
            View Details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
