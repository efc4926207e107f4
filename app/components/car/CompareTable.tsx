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
      cell: (c) => (c.monthly_from !== null ? `From ${formatNaira(c.monthly_from)}/month` : "Not financed"),
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
 * Two or three cars side by side: a real table (row headers, one column per car) in a region that
 * scrolls sideways on a phone and can be reached and scrolled with the keyboard. `removeHref`
 * gives each column a link to the comparison without that car.
 */
export function CompareTable({ cars, removeHref }: { cars: CompareCar[]; removeHref: (id: number) => string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={classes.scroller} tabIndex={0} aria-label="Cars side by side" data-testid="compare-table">
      <table className={classes.table} style={{ "--cars": cars.length } as CSSProperties}>
        <thead>
          <tr>
            <td className={classes.corner} />
            {cars.map((c) => (
              <th key={c.id} scope="col" className={classes.head}>
                <Link to={carPath(c)} className={classes.photo} tabIndex={-1} aria-hidden="true">
                  <CarImage path={c.images[0]} sizes="200px" alt="" width={200} height={133} />
                </Link>
                <Link to={carPath(c)} className={classes.name}>
                  {carTitle(c)}
                </Link>
                {c.sold ? <span className={classes.sold}>Sold</span> : null}
                <Link to={removeHref(c.id)} className={classes.remove} aria-label={`Remove ${carTitle(c)}`}>
                  Remove
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows(cars).map((row) => (
            <Fragment key={row.label}>
              {row.group ? (
                <tr className={classes.group}>
                  <th scope="colgroup" colSpan={cars.length + 1}>
                    {row.group}
                  </th>
                </tr>
              ) : null}
              <tr>
                <th scope="row">{row.label}</th>
                {cars.map((c) => (
                  <td key={c.id}>{row.cell(c)}</td>
                ))}
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
    </section>
  );
}
