import { Badge, Box, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { Car } from "~/lib/car";
import { imageVariant, PLACEHOLDER_IMAGE } from "~/lib/images";
import { ResponsiveTable } from "./ResponsiveTable";

export type CarListRow = Pick<Car, "id" | "make" | "model" | "year" | "created_at" | "sold" | "images">;

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString("en-NG", { day: "numeric", month: "short", year: "numeric", timeZone: "Africa/Lagos" });
}

function Thumb({ car }: { car: CarListRow }) {
  return (
    <img
      src={imageVariant(car.images[0], "thumb")}
      alt=""
      width={56}
      height={40}
      loading="lazy"
      style={{ objectFit: "cover", borderRadius: 6, background: "#e9ecef", flex: "none" }}
      onError={(e) => {
        e.currentTarget.src = PLACEHOLDER_IMAGE;
      }}
    />
  );
}

function Status({ sold }: { sold: boolean }) {
  return sold ? (
    <Badge color="dark" variant="filled" radius="sm" tt="none">
      Sold
    </Badge>
  ) : (
    <Text size="sm" c="brand.8" fw={600}>
      Available
    </Text>
  );
}

function Actions({ car, canDelete }: { car: CarListRow; canDelete: boolean }) {
  const name = `${car.make} ${car.model} ${car.year}`;
  return (
    <Group gap={6} wrap="nowrap">
      <Button component={Link} to={`/admin/edit-car/${car.id}`} size="xs" variant="light" aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {canDelete ? (
        <Button
          component={Link}
          to={`?confirm=delete&id=${car.id}`}
          preventScrollReset
          size="xs"
          variant="subtle"
          color="red"
          aria-label={`Delete ${name}`}
        >
          Delete
        </Button>
      ) : null}
      {car.sold ? null : (
        <Button
          component={Link}
          to={`?confirm=sold&id=${car.id}`}
          preventScrollReset
          size="xs"
          variant="outline"
          color="dark"
          aria-label={`Mark as Sold: ${name}`}
        >
          Mark as Sold
        </Button>
      )}
    </Group>
  );
}

/** Phones: one card per car instead of a table that would scroll sideways. */
function CarCards({ cars, canDelete }: { cars: CarListRow[]; canDelete: boolean }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {cars.map((car) => (
        <Paper key={car.id} component="li" withBorder radius="md" p="sm" shadow="xs">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Thumb car={car} />
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
                <Text fw={700} size="sm" lh={1.3}>
                  {car.make} {car.model}
                </Text>
                <Status sold={car.sold} />
              </Group>
              <Text size="xs" c="dimmed">
                {car.year} · Posted {formatDate(car.created_at)}
              </Text>
            </Box>
          </Group>
          <Box mt="sm">
            <Actions car={car} canDelete={canDelete} />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/** Manage Car Listings: Make, Model, Year, Date Posted, Status, Actions (see docs/product.md). */
/** `canDelete`: the role may delete cars (owners); others never see the button. */
export function CarListTable({ cars, canDelete = true }: { cars: CarListRow[]; canDelete?: boolean }) {
  return (
    <ResponsiveTable
      columns={["Make", "Model", "Year", "Date Posted", "Status", "Actions"]}
      cards={<CarCards cars={cars} canDelete={canDelete} />}
      empty="No cars listed yet."
      minWidth={760}
      rows={cars.map((car) => (
        <Table.Tr key={car.id} data-car-id={car.id}>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <Thumb car={car} />
              <Text fw={600} size="sm">
                {car.make}
              </Text>
            </Group>
          </Table.Td>
          <Table.Td>{car.model}</Table.Td>
          <Table.Td>{car.year}</Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(car.created_at)}</Table.Td>
          <Table.Td>
            <Status sold={car.sold} />
          </Table.Td>
          <Table.Td>
            <Actions car={car} canDelete={canDelete} />
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
