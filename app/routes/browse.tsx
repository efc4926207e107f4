import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { AlertForm } from "~/components/alerts/AlertForm";
import { CarGrid } from "~/components/car/CarGrid";
import { QuickViewTemplate } from "~/components/car/QuickView";
import { FilterPanel } from "~/components/FilterPanel";
import { Pagination } from "~/components/Pagination";
import { RouteError } from "~/components/RouteErrorBoundary";
import { SearchBox } from "~/components/SearchBox";
import { SortForm } from "~/components/SortForm";
import { Container } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { BROWSE_PAGE_SIZE } from "~/config/constants";
import { formStamp } from "~/http/bot-guard.server";
import { readLeadFormFields, refusedForm } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { businessFromMatches, logoPreviewMeta, useBusiness } from "~/lib/business";
import { toCardCar } from "~/lib/car-card";
import { CAR_FILTER_PARAMS, canonicalFilterQuery, parseCarFilters, parsePage } from "~/lib/car-filters";
import { edge } from "~/lib/edge";
import { sourcingSentDetail } from "~/lib/lead-messages";
import { formatNumber, parseNaira } from "~/lib/money";
import { STATIC_PAGE } from "~/lib/page-scripts";
import { pageCars, stockFacets } from "~/models/car.server";
import { mailEnabled, whatsappEnabled } from "~/models/notifications.server";
import pages from "~/styles/pages.module.css";
import { requestSourcing } from "~/use-cases/lead-forms.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** The sourcing form shows only when nothing was found: its code is fetched then (the server renders it in full). */
const SourcingForm = lazy(() => import("~/components/leads/SourcingForm").then((m) => ({ default: m.SourcingForm })));

/** Edge policy (app/lib/edge.ts). */
export const handle = { ...edge({ shared: { query: [...CAR_FILTER_PARAMS, "page"] }, leads: "form" }), ...STATIC_PAGE };

const FIELD_LABELS: Record<string, string> = {
  minYear: "Min year",
  maxYear: "Max year",
  minPrice: "Min price",
  maxPrice: "Max price",
  minMileage: "Min mileage",
  maxMileage: "Max mileage",
  customs_duty_paid: "Custom Paper",
  hide_reserved: "Hide reserved cars",
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
  const [result, facets] = await Promise.all([
    pageCars(filters, parsePage(url.searchParams), BROWSE_PAGE_SIZE, { sort }),
    stockFacets(),
  ]);
  return {
    ...result,
    facets,
    // The sourcing form's stamp (bot-guard), only where the form shows: a search that found nothing.
    stamp: result.total === 0 ? await formStamp() : null,
    cars: result.cars.map(toCardCar),
    ignored: ignored.map((k) => FIELD_LABELS[k] ?? k),
    query: url.search,
    sort,
    // "Tell me when it arrives" shows only when alert emails can really be sent.
    alerts: mailEnabled(),
    alertsOnWhatsapp: whatsappEnabled(),
  };
}

/** The sourcing request from the no-results form (the `sourcing` lead; the same use case as POST /api/sourcing). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readLeadFormFields(request, context);
  if (!form.ok) return form.response;
  let saved: Awaited<ReturnType<typeof requestSourcing>>;
  try {
    saved = await requestSourcing(visitorActor(clientIp(context)), form.values);
  } catch (e) {
    return refusedForm(e, form.values);
  }
  const detail = sourcingSentDetail({ carWanted: saved.car_wanted, budget: saved.budget, phone: saved.phone });
  return { ok: true as const, id: saved.id, detail };
}

export default function Browse() {
  const { cars, total, page, pageCount, ignored, sort, facets, stamp, alerts, alertsOnWhatsapp, query } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  const { area } = useBusiness();
  const params = new URLSearchParams(location.search);
  const q = params.get("q");
  const refused = result && !result.ok ? result : null;
  const sent = result?.ok ? result : null;
  const maxPrice = parseNaira(params.get("maxPrice") ?? "") ?? 0;

  return (
    <Container className={pages.browse}>
      <div>
        <h1 className={pages.pageTitle}>Browse Cars</h1>
        <p className={pages.intro}>
          Find your next car from our stock of new, foreign-used (Tokunbo) and Nigerian-used vehicles in {area}. Every
          car is inspected, priced in naira and ready for a test drive; ask us about flexible financing.
        </p>
      </div>
      <SearchBox defaultValue={q ?? ""} size="md" keep={params} key={q ?? ""} />
      <FilterPanel params={params} facets={facets} />
      {ignored.length ? (
        <Notice tone="warning" role="status" title="Some filters were ignored">
          These values could not be read and were left out: {ignored.join(", ")}.
        </Notice>
      ) : null}
      <div className={pages.resultsHead} id="results">
        <h2 className={pages.count} aria-live="polite">
          {total} {total === 1 ? "car" : "cars"} found{q ? ` for “${q}”` : ""}
        </h2>
        <SortForm params={params} sort={sort} />
      </div>
      <div>
        {total === 0 ? (
          <div className={pages.noResults} data-testid="no-results">
            <p>No cars found matching your criteria.</p>
            <Link to="/browse#results" className={pages.clearLink}>
              Clear filters
            </Link>
          </div>
        ) : (
          <CarGrid cars={cars} quickView empty="No cars found matching your criteria." eagerCount={3} anchor="car" />
        )}
      </div>
      {total === 0 && stamp ? (
        <Suspense fallback={null}>
          <SourcingForm
            search={location.search}
            suggestion={{
              car: [params.get("make"), params.get("model"), q].filter(Boolean).join(" "),
              budget: maxPrice > 0 ? formatNumber(maxPrice) : "",
            }}
            values={refused?.values ?? {}}
            fieldErrors={refused?.fieldErrors ?? {}}
            success={sent?.detail ?? null}
            error={refused?.error ?? null}
            stamp={stamp}
            formKey={sent ? `sent-${sent.id}` : "sourcing"}
          />
        </Suspense>
      ) : null}
      <Pagination page={page} pageCount={pageCount} label="Browse pages" />
      {alerts ? <AlertForm search={query.replace(/^\?/, "")} whatsapp={alertsOnWhatsapp} /> : null}
      {total ? <QuickViewTemplate /> : null}
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [
    { title: `Browse Cars | ${site.name}` },
    {
      name: "description",
      content: `Search and filter new, Tokunbo and Nigerian-used cars for sale at ${site.name}, ${site.area}.`,
    },
    ...logoPreviewMeta(matches),
  ];
};

export function ErrorBoundary() {
  return <RouteError failure="Failed to load cars." />;
}
