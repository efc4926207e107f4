import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import type { Car } from "~/models/car.server";
import { formatMileage } from "~/lib/money";
import classes from "./CarDetails.module.css";

type DetailCar = Pick<
  Car,
  | "condition" | "body_type" | "transmission" | "mileage" | "engine_capacity" | "engine_size" | "fuel_type"
  | "drive_train" | "custom_paper" | "color" | "registration" | "keyfeatures"
>;

const na = (v: string | null | undefined) => (v && v.trim() ? v : "N/A");

/** The description list of SPEC §2 (missing values show N/A). */
export function carFacts(car: DetailCar): [string, string][] {
  return [
    ["Condition", na(car.condition)],
    ["Type", na(car.body_type)],
    ["Transmission", na(car.transmission)],
    ["Mileage", formatMileage(car.mileage)],
    ["Engine Capacity", na(car.engine_capacity)],
    ["Engine Size", na(car.engine_size)],
    ["Fuel Type", na(car.fuel_type)],
    ["Drive Type", na(car.drive_train)],
    ["Custom Paper", na(car.custom_paper)],
    ["Color", na(car.color)],
    ["Registered", car.registration ? "Yes" : "No"],
  ];
}

export function CarFacts({ car }: { car: DetailCar }) {
  return (
    <dl className={classes.facts} data-testid="car-facts">
      {carFacts(car).map(([k, v]) => (
        <div key={k} className={classes.fact}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function KeyFeatures({ features }: { features: string[] }) {
  return (
    <Stack gap={8}>
      <Title order={3} fz="md">
        Key Features
      </Title>
      {features.length ? (
        <Group gap={6} component="ul" className={classes.features}>
          {features.map((f) => (
            <Badge key={f} component="li" variant="light" color="brand" radius="sm" tt="none" fw={600} size="lg">
              {f}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text c="dimmed" fz="sm">
          N/A
        </Text>
      )}
    </Stack>
  );
}
