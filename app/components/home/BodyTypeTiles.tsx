import { SimpleGrid, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { CarImage } from "../CarImage";
import classes from "./home.module.css";

export interface BodyTypeTile {
  type: string;
  count: number;
  image: string | null;
}

/** Select a Body Type: one tile per type, each to /browse?body_type=<type>. */
export function BodyTypeTiles({ tiles }: { tiles: BodyTypeTile[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {tiles.map((t) => (
        <Link key={t.type} to={`/browse?${new URLSearchParams({ body_type: t.type })}`} className={classes.tile} data-testid="body-type-tile">
          <CarImage path={t.image} variant="card" alt="" width={320} height={213} style={{ width: "100%", height: "auto", aspectRatio: "3 / 2" }} />
          <span className={classes.tileText}>
            <Text component="span" fw={800} fz="lg">
              {t.type}
            </Text>
            <Text component="span" fz="sm" c="dimmed">
              {t.count} in stock
            </Text>
          </span>
        </Link>
      ))}
    </SimpleGrid>
  );
}
