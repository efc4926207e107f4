import { lazy } from "react";
import { activeFilterCount, type StockFacets } from "~/lib/car-filters";
import classes from "./FilterPanel.module.css";
import { LazyHydrate } from "./LazyHydrate";
import { LineIcon } from "./ui/Icon";

/** The filter fields' code, fetched once the panel shows (the server renders them in full). */
const FilterForm = lazy(() => import("./FilterForm").then((m) => ({ default: m.FilterForm })));

/**
 * The browse filters (docs/product.md lists them; the fields are FilterForm). On a phone the panel
 * folds behind "Filters (N)" (a <details>, closed again after each search); from 62em it is always
 * open. Its fields are hydrated, and their code fetched, once the panel shows (LazyHydrate): a
 * phone that never opens it spends nothing on them.
 */
export function FilterPanel({ params, facets }: { params: URLSearchParams; facets: StockFacets }) {
  const count = activeFilterCount(params);
  return (
    <details className={classes.sheet} key={params.toString()} data-testid="filters">
      <summary className={classes.toggle}>
        <FilterIcon />
        Filters{count ? ` (${count})` : ""}
      </summary>
      <LazyHydrate as="section" className={classes.panel} aria-label="Filters">
        <FilterForm params={params} facets={facets} />
      </LazyHydrate>
    </details>
  );
}

function FilterIcon() {
  return (
    <LineIcon>
      <path d="M4 6h16M7 12h10M10 18h4" />
    </LineIcon>
  );
}
