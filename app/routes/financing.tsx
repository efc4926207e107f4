import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { CarCard } from "~/components/CarCard";
import { carGridClasses } from "~/components/car/CarGrid";
import { LeadNotice } from "~/components/leads/LeadNotice";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import { Pagination } from "~/components/Pagination";
import { Container } from "~/components/ui/Container";
import { FINANCING_PAGE_SIZE } from "~/config/constants";
import { takeApplicationSubmitted } from "~/http/cookies.server";
import { businessFromMatches, logoPreviewMeta } from "~/lib/business";
import { toCardCar } from "~/lib/car-card";
import { edge } from "~/lib/edge";
import { loanSubmittedDetail } from "~/lib/lead-messages";
import { STATIC_PAGE } from "~/lib/page-scripts";
import { parsePage } from "~/lib/paging";
import { pageCars } from "~/models/car.server";
import { loanReceipt } from "~/models/lead.server";
import pages from "~/styles/pages.module.css";

/** Edge policy (app/lib/edge.ts). */
export const handle = { ...edge({ shared: { query: ["page"] } }), ...STATIC_PAGE };

const CLIENT_INFO_SUCCESS = "Application submitted successfully!";

/**
 * Financing-eligible cars, a page at a time, and the one-time success message after a finished
 * loan application, with what was sent (the application's figures) and what happens next.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { submitted, reference, headers } = await takeApplicationSubmitted(request);
  const receipt = submitted ? await loanReceipt(reference) : null;
  const result = await pageCars({ financing: true }, parsePage(new URL(request.url).searchParams), FINANCING_PAGE_SIZE);
  const cars = result.cars.map(toCardCar);
  return data(
    {
      cars,
      page: result.page,
      pageCount: result.pageCount,
      total: result.total,
      submitted,
      detail: receipt ? loanSubmittedDetail(receipt) : null,
    },
    { headers },
  );
}

export default function Financing() {
  const { cars, submitted, detail, page, pageCount } = useLoaderData<typeof loader>();
  const { state } = useLocation();
  // Back from a car's calculator (opened by a page load, this page has no React of its own): the
  // focus goes to that car's card, where the visitor was.
  const focusCar = (state as { focusCar?: number } | null)?.focusCar;
  useEffect(() => {
    if (!focusCar) return;
    const links = document.querySelectorAll<HTMLAnchorElement>('[data-testid="financing-grid"] a:not([tabindex="-1"])');
    const path = `/financing/${focusCar}`;
    [...links].find((a) => a.pathname === path)?.focus();
  }, [focusCar]);
  // A car opened from page 2 keeps page 2 behind its calculator (and on Close).
  const pageQuery = page > 1 ? `?page=${page}` : "";
  return (
    <>
      <LeadPageHeader
        size="xl"
        title="Financing Options"
        intro={
          "Drive now, pay over 3, 6 or 12 months with no interest. " +
          "Pick a car to work out your deposit and monthly repayment."
        }
      />
      <Container size="xl" className={pages.financing}>
        {submitted ? <LeadNotice success={CLIENT_INFO_SUCCESS} detail={detail} /> : null}
        <h2 className="visually-hidden">Cars you can finance</h2>
        {cars.length === 0 ? (
          <p className={pages.none}>
            No cars are available for financing right now. Call us: new stock arrives every week.
          </p>
        ) : (
          <div className={carGridClasses.grid} data-testid="financing-grid">
            {cars.map((car, i) => (
              <CarCard key={car.id} car={car} eager={i < 3} href={`/financing/${car.id}${pageQuery}`} />
            ))}
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} label="Financing pages" />
      </Container>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [
    { title: `Financing Options | ${site.name}` },
    { name: "description", content: `Car financing at ${site.name}: 40-90% deposit, 3 to 12 months, no interest.` },
    ...logoPreviewMeta(matches),
  ];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
