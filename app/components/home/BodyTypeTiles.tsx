import { Link } from "@remix-run/react";
import { CAR_IMAGE_SIZES, CarImage } from "../CarImage";
import classes from "./home.module.css";

export interface BodyTypeTile {
  type: string;
  count: number;
  image: string | null;
}

/** Select a Body Type: one tile per type, each to /browse?body_type=<type>. */
export function BodyTypeTiles({ tiles }: { tiles: BodyTypeTile[] }) {
  return (
    <div className={classes.tiles}>
      {tiles.map((t) => (
        <Link
          key={t.type}
          to={`/browse?${new URLSearchParams({ body_type: t.type })}`}
          className={classes.tile}
          data-testid="body-type-tile"
        >
          <CarImage
            path={t.image}
            sizes={CAR_IMAGE_SIZES.tile}
            alt=""
            width={320}
            height={213}
            className={classes.tileImage}
          />
          <span className={classes.tileText}>
            <span className={classes.tileType}>{t.type}</span>
            <span className={classes.tileCount}>{t.count} in stock</span>
          </span>
        </Link>
      ))}
    </div>
  );
}
