import { Badge, Button, Group, Paper, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { Car } from "~/models/car.server";
import { imageVariant, PLACEHOLDER_IMAGE } from "~/lib/images";

export type CarListRow = Pick<Car, "id" | "make" | "model" | "year" | "created_at" | "sold" | "images">;

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString("en-NG", { day: "numeric", month: "short", year: "numeric", timeZone: "Africa/Lagos" });
}

/** Manage Car Listings: Make, Model, Year, Date Posted, Status, Actions (SPEC §2). */
export function CarListTable({ cars }: { cars: CarListRow[] }) {
  return (
    <Paper withBorder radius="md" shadow="xs">
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              {["Make", "Model", "Year", "Date Posted", "Status", "Actions"].map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cars.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text ta="center" c="dimmed" py="lg">
                    No cars listed yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              cars.map((car) => (
                <Table.Tr key={car.id} data-car-id={car.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
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
                      <Text fw={600} size="sm">
                        {car.make}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{car.model}</Table.Td>
                  <Table.Td>{car.year}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(car.created_at)}</Table.Td>
                  <Table.Td>
                    {car.sold ? (
                      <Badge color="dark" variant="filled" radius="sm">
                        Sold
                      </Badge>
                    ) : (
                      <Text size="sm" c="brand.8" fw={600}>
                        Available
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button component={Link} to={`/admin/edit-car/${car.id}`} size="xs" variant="light" aria-label={`Edit ${car.make} ${car.model} ${car.year}`}>
                        Edit
                      </Button>
                      <Button
                        component={Link}
                        to={`?confirm=delete&id=${car.id}`}
                        preventScrollReset
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${car.make} ${car.model} ${car.year}`}
                      >
                        Delete
                      </Button>
                      {car.sold ? null : (
                        <Button
                          component={Link}
                          to={`?confirm=sold&id=${car.id}`}
                          preventScrollReset
                          size="xs"
                          variant="outline"
                          color="dark"
                          aria-label={`Mark ${car.make} ${car.model} ${car.year} as sold`}
                        >
                          Mark as Sold
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
