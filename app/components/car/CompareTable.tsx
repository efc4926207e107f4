import { Link } from "@remix-run/react";
import { type CSSProperties, Fragment, type ReactNode } from "react";
import { carPath, carTitle, type PublicCar } from "~/lib/car";
import { formatMileage, formatNaira } from "~/lib/money";
import { CarImage } from "../CarImage";
import { paperworkFacts } from "./CarDetails";
import classes from "./CompareTable.module.css";

/** A car of the comparison: the public car, its first photo, and "From ₦X/month" when financed. */
export type CompareCar = PublicCar & { monthly_from: number | null };

const na = (v: string | null | undefined) => (v?.trim() ? v : "N/A");

/** The rows of the comparison, each a label and one cell per car. */
function rows(cars: CompareCar[]): { group?: string; label: string; cell: (car: CompareCar) => ReactNode }[] {
  return [
    { label: "Price", cell: (c) => <strong>{formatNaira(c.price)}</strong> },
    {
      label: "Financing",
      // The slash may end a line in a narrow column (never a break inside the figure).
      cell: (c) =>
        c.monthly_from !== null ? (
          <>
            From {formatNaira(c.monthly_from)}/<wbr />
            month
          </>
        ) : (
          "Not financed"
        ),
    },
    { label: "Year", cell: (c) => c.year },
    { label: "Mileage", cell: (c) => formatMileage(c.mileage) },
    { label: "Condition", cell: (c) => c.condition },
    { label: "Type", cell: (c) => c.body_type },
    { label: "Engine", cell: (c) => `${c.engine_capacity} ${c.engine_size}` },
    { label: "Fuel", cell: (c) => na(c.fuel_type) },
    { label: "Transmission", cell: (c) => na(c.transmission) },
    { label: "Drive", cell: (c) => c.drive_train },
    ...paperworkFacts(cars[0]).map(([label], i) => ({
      group: i === 0 ? "Papers" : undefined,
      label,
      cell: (c: CompareCar) => paperworkFacts(c)[i][1],
    })),
    {
      label: "Key features",
      cell: (c) =>
        c.keyfeatures.length ? (
          <ul className={classes.features}>
            {c.keyfeatures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : (
          "N/A"
        ),
    },
  ];
}

/**
 * Two or three cars side by side: a real table (row headers, one column per car). On a phone each
 * row's label goes above its values, so three cars fit the width without scrolling sideways; the
 * explicit roles keep it a table for screen readers once CSS lays the rows out as grids. The region
 * can still be reached and scrolled with the keyboard where it is wider than the screen.
 * `removeHref` gives each column a link to the comparison without that car.
 */
export function CompareTable({ cars, removeHref }: { cars: CompareCar[]; removeHref: (id: number) => string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={classes.scroller} tabIndex={0} aria-label="Cars side by side" data-testid="compare-table">
      {/* biome-ignore-start lint/a11y/noRedundantRoles: the phone layout's CSS display would drop them */}
      <table className={classes.table} style={{ "--cars": cars.length } as CSSProperties} role="table">
        <thead role="rowgroup">
          <tr role="row">
            <td className={classes.corner} />
            {cars.map((c) => (
              <th key={c.id} scope="col" className={classes.head} role="columnheader">
                <Link to={carPath(c)} className={classes.photo} tabIndex={-1} aria-hidden="true">
                  <CarImage path={c.images[0]} sizes="200px" alt="" width={200} height={133} />
                </Link>
                <Link to={carPath(c)} className={classes.name}>
                  {carTitle(c)}
                </Link>
                {c.sold ? <span className={classes.sold}>Sold</span> : null}
                {!c.sold && c.reserved_until ? <span className={classes.sold}>Reserved</span> : null}
                <Link to={removeHref(c.id)} className={classes.remove} aria-label={`Remove ${carTitle(c)}`}>
                  Remove
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows(cars).map((row) => (
            <Fragment key={row.label}>
              {row.group ? (
                <tr className={classes.group} role="row">
                  {/* biome-ignore lint/a11y/useSemanticElements: it is a th; the role survives the phone's CSS */}
                  <th scope="colgroup" colSpan={cars.length + 1} role="columnheader">
                    {row.group}
                  </th>
                </tr>
              ) : null}
              <tr role="row">
                <th scope="row" role="rowheader">
                  {row.label}
                </th>
                {cars.map((c) => (
                  <td key={c.id} role="cell">
                    {row.cell(c)}
                  </td>
                ))}
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
      {/* biome-ignore-end lint/a11y/noRedundantRoles: see above */}
    </section>
  );
}
