import { Badge, Box, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { CarInterest } from "~/lib/car-interest";
import { imageVariant, PLACEHOLDER_IMAGE } from "~/lib/images";
import { formatNaira } from "~/lib/money";
import type { StockRow } from "~/lib/stock-list";
import { ShareButtons } from "../ShareButtons";
import { InterestCell, InterestLine } from "./CarInterestFigures";
import { ResponsiveTable } from "./ResponsiveTable";

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString("en-NG", { day: "numeric", month: "short", year: "numeric", timeZone: "Africa/Lagos" });
}

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

function Thumb({ car, size = 56 }: { car: StockRow; size?: number }) {
  return (
    <img
      src={car.image ? imageVariant(car.image, "thumb") : PLACEHOLDER_IMAGE}
      alt={car.image ? "" : "No photo yet"}
      width={size}
      height={Math.round((size * 2) / 3)}
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

/** A car of the demo stock: what "Remove the demo stock" removes. */
function DemoBadge({ car }: { car: StockRow }) {
  return car.demo ? (
    <Badge color="yellow.4" c="dark.9" radius="sm" tt="none" title="Demo stock: removed by Remove the demo stock">
      Demo
    </Badge>
  ) : null;
}

/** Interest per car and the public origin for Share (both optional: the list works without them). */
interface Extras {
  interest?: Record<number, CarInterest>;
  origin?: string;
}

function Actions({ car, canDelete, origin }: { car: StockRow; canDelete: boolean; origin?: string }) {
  const name = `${car.make} ${car.model} ${car.year}`;
  return (
    <Group gap={6}>
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
      {car.sold || !origin ? null : <ShareButtons car={car} origin={origin} compact />}
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
function CarCards({ cars, canDelete, interest, origin }: { cars: StockRow[]; canDelete: boolean } & Extras) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {cars.map((car) => (
        <Paper
          key={car.id}
          component="li"
          withBorder
          radius="md"
          p="sm"
          shadow="xs"
          data-car-id={car.id}
          data-price={car.price}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Thumb car={car} size={72} />
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
                <Text fw={700} size="sm" lh={1.3}>
                  {car.make} {car.model} {car.year} <DemoBadge car={car} />
                </Text>
                <Status sold={car.sold} />
              </Group>
              <Text size="sm" fw={600}>
                {formatNaira(car.price)}
              </Text>
              <Text size="xs" c="dimmed">
                {car.stock_number ? `Stock ${car.stock_number} · ` : ""}Posted {formatDate(car.created_at)} ·{" "}
                {days(car.days_in_stock)} in stock
              </Text>
              <InterestLine interest={interest?.[car.id]} />
            </Box>
          </Group>
          <Box mt="sm">
            <Actions car={car} canDelete={canDelete} origin={origin} />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Manage Car Listings: Make (with the cover photo), Model, Year, Stock no., Price, Date Posted, In stock
 * (days), Views 7d / 30d (with chats, leads and Share), Status and Actions (see docs/product.md); demo
 * cars carry a Demo badge. `canDelete`: the role may delete cars (owners); others never see the button.
 */
export function StockListTable({
  cars,
  empty,
  canDelete,
  interest,
  origin,
}: { cars: StockRow[]; empty: string; canDelete: boolean } & Extras) {
  return (
    <ResponsiveTable
      columns={[
        "Make",
        "Model",
        "Year",
        "Stock no.",
        "Price",
        "Date Posted",
        "In stock",
        "Views 7d / 30d",
        "Status",
        "Actions",
      ]}
      cards={<CarCards cars={cars} canDelete={canDelete} interest={interest} origin={origin} />}
      empty={empty}
      minWidth={960}
      fz="sm"
      horizontalSpacing="sm"
      rows={cars.map((car) => (
        <Table.Tr key={car.id} data-car-id={car.id} data-price={car.price}>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <Thumb car={car} />
              <Text fw={600} size="sm">
                {car.make}
              </Text>
              <DemoBadge car={car} />
            </Group>
          </Table.Td>
          <Table.Td>{car.model}</Table.Td>
          <Table.Td>{car.year}</Table.Td>
          <Table.Td>{car.stock_number ?? <Text c="dimmed">-</Text>}</Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{formatNaira(car.price)}</Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(car.created_at)}</Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{days(car.days_in_stock)}</Table.Td>
          <Table.Td>
            <InterestCell interest={interest?.[car.id]} />
            {car.sold || !origin ? null : <ShareButtons car={car} origin={origin} compact />}
          </Table.Td>
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
