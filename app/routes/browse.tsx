import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { CarGrid } from "~/components/car/CarGrid";
import { CarLightbox, useCarLightbox } from "~/components/car/CarLightbox";
import { FilterPanel } from "~/components/FilterPanel";
import { Pagination } from "~/components/Pagination";
import { RouteError } from "~/components/RouteErrorBoundary";
import { SearchBox } from "~/components/SearchBox";
import { SortForm } from "~/components/SortForm";
import { Container, ui } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { BROWSE_PAGE_SIZE } from "~/config/constants";
import { site } from "~/config/site";
import { toCardCar } from "~/lib/car-card";
import { canonicalFilterQuery, parseCarFilters, parsePage } from "~/lib/car-filters";
import { pageCars } from "~/models/car.server";
import pages from "~/styles/pages.module.css";

const FIELD_LABELS: Record<string, string> = {
  minYear: "Min year",
  maxYear: "Max year",
  minPrice: "Min price",
  maxPrice: "Max price",
  minMileage: "Min mileage",
  maxMileage: "Max mileage",
  customs_duty_paid: "Custom Paper",
  sort: "Sort",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The filter panel submits its own names (type, fuelType, ...) and empty fields: answer with the
  // canonical, shareable URL instead.
  const canonical = canonicalFilterQuery(url.searchParams);
  if (canonical.toString() !== url.searchParams.toString()) {
    const qs = canonical.toString();
    throw redirect(`/browse${qs ? `?${qs}` : ""}`);
  }
  const { filters, ignored, sort } = parseCarFilters(url.searchParams);
  const result = await pageCars(filters, parsePage(url.searchParams), BROWSE_PAGE_SIZE, { sort });
  return {
    ...result,
    cars: result.cars.map(toCardCar),
    ignored: ignored.map((k) => FIELD_LABELS[k] ?? k),
    query: url.search,
    sort,
  };
}

export default function Browse() {
  const { cars, total, page, pageCount, ignored, sort } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const lightbox = useCarLightbox();
  const params = new URLSearchParams(location.search);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/browse";
  const q = params.get("q");

  return (
    <Container className={pages.browse}>
      <div>
        <h1 className={pages.pageTitle}>Browse Cars</h1>
        <p className={pages.intro}>
          Find your next car from our stock of new, foreign-used (Tokunbo) and Nigerian-used vehicles in Lekki, Lagos.
          Every car is inspected, priced in naira and ready for a test drive; ask us about flexible financing.
        </p>
      </div>
      <SearchBox defaultValue="" size="md" />
      <FilterPanel params={params} />
      {ignored.length ? (
        <Notice tone="warning" role="status" title="Some filters were ignored">
          These values could not be read and were left out: {ignored.join(", ")}.
        </Notice>
      ) : null}
      <div className={pages.resultsHead}>
        <h2 className={pages.count} aria-live="polite">
          {total} {total === 1 ? "car" : "cars"} found{q ? ` for “${q}”` : ""}
        </h2>
        {loading ? (
          <div className={pages.loading} role="status">
            <span className={ui.spinner} aria-hidden="true" />
            Loading...
          </div>
        ) : null}
        <SortForm params={params} sort={sort} />
      </div>
      <div className={pages.results} aria-busy={loading}>
        <CarGrid cars={cars} onOpen={lightbox.open} empty="No cars found matching your criteria." eagerCount={3} />
      </div>
      <Pagination page={page} pageCount={pageCount} label="Browse pages" />
      <CarLightbox card={lightbox.card} car={lightbox.car} onClose={lightbox.close} />
    </Container>
  );
}

export const meta: MetaFunction = () => [
  { title: `Browse Cars | ${site.name}` },
  {
    name: "description",
    content: `Search and filter new, Tokunbo and Nigerian-used cars for sale at ${site.name}, Lekki, Lagos.`,
  },
];

export function ErrorBoundary() {
  return <RouteError failure="Failed to load cars." />;
}
