import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { FinancingCarView } from "~/components/leads/FinancingCarView";
import { LoanCalculator } from "~/components/leads/LoanCalculator";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp, readFormValues } from "~/http/request.server";
import { notFoundIfMissing } from "~/http/responses.server";
import { pleaseWait } from "~/lib/bot-trap";
import { businessFromMatches, logoPreviewMeta } from "~/lib/business";
import { carTitle } from "~/lib/car";
import { edge } from "~/lib/edge";
import { calculatorFrom, quoteLoan, readCalculatorInput } from "~/lib/loan-math";
import { parseCarId } from "~/models/car.server";
import { getFinancingCar } from "~/models/loan.server";
import { applyForCarLoan } from "~/use-cases/lead-forms.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: ["percent", "months", "calculate", "page", "from"] }, leads: "form" });

/**
 * /financing/<id>: the full-screen calculator of one financing car. ?percent=&months=&calculate=1
 * is the no-JavaScript Calculate: the server computes the same figures the browser would.
 * ?from=/cars/<id>-… (the car page's monthly figure opened it): Close goes back to that car, at
 * its monthly figure; otherwise to the financing grid.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = parseCarId(params.id);
  const found = notFoundIfMissing(id ? await getFinancingCar(id) : null, "This car is not available for financing");
  const search = new URL(request.url).searchParams;
  const { percent, months, invalid } = readCalculatorInput(search.get("percent"), search.get("months"));
  const calculated = search.has("calculate") && invalid.length === 0;
  const quote = quoteLoan(found.price, percent, months);
  return {
    car: {
      id: found.id,
      make: found.make,
      model: found.model,
      year: found.year,
      price: found.price,
      color: found.color,
      condition: found.condition,
      mileage: found.mileage,
      transmission: found.transmission,
      fuel_type: found.fuel_type,
      image: found.images[0] ?? null,
    },
    percent,
    months,
    monthly: calculated ? quote.monthlyRepayment : 0,
    from: calculatorFrom(search.get("from")),
  };
}

/** Apply for Loan: recompute from the stored price, store, go to /loan-application by its reference. */
/** Apply for Loan: the loan application, its figures from the car's stored price (the use case's). */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const id = parseCarId(params.id);
  // Over the lead budget of a shared address: ask to send again, nothing stored.
  const retryAfter = context.leadRetryAfter;
  if (retryAfter) return data({ error: pleaseWait(retryAfter) }, { status: 429 });
  try {
    const { application } = await applyForCarLoan(visitorActor(clientIp(context)), id, await readFormValues(request));
    return redirect(`/loan-application?application=${encodeURIComponent(application.reference)}`);
  } catch (e) {
    const refused = refusalForPage(e);
    context.logger.warn(`Loan application refused for car ${id}: ${refused.message}`);
    return data({ error: refused.message }, { status: refused.status });
  }
}

export default function FinancingCarRoute() {
  const { car, percent, months, monthly, from } = useLoaderData<typeof loader>();
  const applied = useActionData<typeof action>();
  const navigate = useNavigate();
  const location = useLocation();
  // The grid behind keeps its page while a car is open, and gets it back on Close.
  const gridPage = new URLSearchParams(location.search).get("page");
  const gridHref = gridPage ? `/financing?${new URLSearchParams({ page: gridPage })}` : "/financing";
  // Opened from a car's page: Close returns there, at the monthly figure that was tapped.
  const backHref = from ? `${from}#monthly` : gridHref;
  const onClose = () => {
    if (!from) {
      // The grid puts the focus back on this car's card (see routes/financing.tsx).
      navigate(gridHref, { preventScrollReset: true, state: { focusCar: car.id } });
      return;
    }
    // Straight from that page (this document's first address): Back returns to it as it was, scroll and all.
    const cameFrom = document.referrer && new URL(document.referrer, window.location.href).pathname === from;
    if (cameFrom && location.key === "default" && window.history.length > 1) window.history.back();
    else window.location.assign(backHref);
  };
  return (
    <FinancingCarView car={car} backHref={backHref} onClose={onClose}>
      <LoanCalculator
        // A new car or a server-side Calculate starts the calculator afresh.
        key={`${car.id}${location.search}`}
        carId={car.id}
        price={car.price}
        initialPercent={percent}
        initialMonths={months}
        initialMonthly={monthly}
        applyError={applied?.error}
        gridPage={gridPage}
        from={from}
      />
    </FinancingCarView>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d, matches }) => {
  const site = businessFromMatches(matches);
  return [
    { title: d ? `Finance the ${carTitle(d.car)} | ${site.name}` : `Financing | ${site.name}` },
    ...logoPreviewMeta(matches),
  ];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
