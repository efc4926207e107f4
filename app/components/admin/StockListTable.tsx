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

/** What the role may do besides editing and selling: delete (owners), put a sold car back on sale (owners). */
export interface StockPermissions {
  canDelete: boolean;
  canUnsell: boolean;
}

/** The list price, or for a sold car the agreed price of its sale with the list price beside it. */
function Price({ car }: { car: StockRow }) {
  if (!car.sold || car.sale_price === null)
    return <span style={{ whiteSpace: "nowrap" }}>{formatNaira(car.price)}</span>;
  return (
    <>
      <Text size="sm" fw={600} span display="block">
        Sold for <span style={{ whiteSpace: "nowrap" }}>{formatNaira(car.sale_price)}</span>
      </Text>
      {car.sale_price !== car.price ? (
        <Text size="xs" c="dimmed" span display="block">
          Listed at <span style={{ whiteSpace: "nowrap" }}>{formatNaira(car.price)}</span>
        </Text>
      ) : null}
    </>
  );
}

/** A confirmation of the row's car, at its own address (works without JavaScript). */
function ConfirmButton({
  car,
  kind,
  label,
  color,
  variant,
}: {
  car: StockRow;
  kind: "delete" | "sold" | "unsell";
  label: string;
  color: string;
  variant: "subtle" | "outline";
}) {
  const name = `${car.make} ${car.model} ${car.year}`;
  return (
    <Button
      component={Link}
      to={`?confirm=${kind}&id=${car.id}`}
      preventScrollReset
      size="xs"
      variant={variant}
      color={color}
      aria-label={`${label}: ${name}`}
      data-action={kind}
      style={{ flex: "none" }}
    >
      {label}
    </Button>
  );
}

/**
 * A row's actions, each button as wide as its words: Edit and Delete side by side, then Mark as Sold
 * (or, for owners on a sold car, Put back on sale) under them, so the column stays narrow.
 */
function Actions({ car, canDelete, canUnsell, narrow }: { car: StockRow; narrow?: boolean } & StockPermissions) {
  const name = `${car.make} ${car.model} ${car.year}`;
  return (
    <Group gap={6} wrap="wrap" style={narrow ? { maxWidth: 160 } : undefined}>
      <Button
        component={Link}
        to={`/admin/edit-car/${car.id}`}
        size="xs"
        variant="light"
        aria-label={`Edit ${name}`}
        data-action="edit"
        style={{ flex: "none" }}
      >
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
          data-action="delete"
          style={{ flex: "none" }}
        >
          Delete
        </Button>
      ) : null}
      {car.sold ? null : <ConfirmButton car={car} kind="sold" label="Mark as Sold" color="dark" variant="outline" />}
      {car.sold && canUnsell ? (
        <ConfirmButton car={car} kind="unsell" label="Put back on sale" color="dark" variant="outline" />
      ) : null}
    </Group>
  );
}

/** Phones: one card per car instead of a table that would scroll sideways. */
function CarCards({ cars, interest, origin, ...can }: { cars: StockRow[] } & StockPermissions & Extras) {
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
              <Text size="sm" fw={600} component="div">
                <Price car={car} />
              </Text>
              <Text size="xs" c="dimmed">
                {car.stock_number ? `Stock ${car.stock_number} · ` : ""}Posted {formatDate(car.created_at)} ·{" "}
                {days(car.days_in_stock)} in stock
              </Text>
              <InterestLine interest={interest?.[car.id]} />
            </Box>
          </Group>
          <Group mt="sm" gap={6}>
            <Actions car={car} {...can} />
            {car.sold || !origin ? null : <ShareButtons car={car} origin={origin} compact />}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Manage Car Listings: Make (with the cover photo and the Demo badge), Model (with the stock number),
 * Year, Price (a sold car's agreed price), Date Posted (with the days in stock), Views 7d / 30d
 * (with chats, leads and Share), Status and Actions (see docs/product.md). Eight columns, so the
 * whole row, Actions included, fits a 1280 px screen beside the menu without scrolling sideways.
 */
export function StockListTable({
  cars,
  empty,
  interest,
  origin,
  ...can
}: { cars: StockRow[]; empty: string } & StockPermissions & Extras) {
  return (
    <ResponsiveTable
      columns={["Make", "Model", "Year", "Price", "Date Posted", "Views 7d / 30d", "Status", "Actions"]}
      cards={<CarCards cars={cars} interest={interest} origin={origin} {...can} />}
      empty={empty}
      minWidth={880}
      fz="sm"
      horizontalSpacing="xs"
      rows={cars.map((car) => (
        <Table.Tr key={car.id} data-car-id={car.id} data-price={car.price}>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Thumb car={car} size={48} />
              <Stack gap={2} align="flex-start">
                <Text fw={600} size="sm">
                  {car.make}
                </Text>
                <DemoBadge car={car} />
              </Stack>
            </Group>
          </Table.Td>
          <Table.Td>
            {car.model}
            {car.stock_number ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {car.stock_number}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>{car.year}</Table.Td>
          <Table.Td style={{ minWidth: 100 }}>
            <Price car={car} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>
            {formatDate(car.created_at)}
            <Text size="xs" c="dimmed">
              {days(car.days_in_stock)} in stock
            </Text>
          </Table.Td>
          <Table.Td>
            <InterestCell interest={interest?.[car.id]} />
            {car.sold || !origin ? null : <ShareButtons car={car} origin={origin} compact />}
          </Table.Td>
          <Table.Td>
            <Status sold={car.sold} />
          </Table.Td>
          <Table.Td style={{ width: 1 }}>
            <Actions car={car} narrow {...can} />
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
