import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CompareTable } from "~/components/car/CompareTable";
import { RouteError } from "~/components/RouteErrorBoundary";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { COMPARE_MAX } from "~/config/constants";
import { businessFromMatches, logoPreviewMeta } from "~/lib/business";
import { toPublicCar } from "~/lib/car";
import { carMonthlyFrom } from "~/lib/car-card";
import { carSearchName } from "~/lib/car-seo";
import { edge } from "~/lib/edge";
import { parseCarIds } from "~/lib/saved-cars";
import { getCars } from "~/models/car.server";
import pages from "~/styles/pages.module.css";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ shared: { query: ["ids"] } });

/** The address of a comparison: /compare?ids=1,2,3 (commas kept readable). */
function compareHref(ids: readonly number[]): string {
  return ids.length ? `/compare?ids=${ids.join(",")}` : "/compare";
}

/**
 * Two or three cars side by side, named in the address (/compare?ids=1,2,3), so a comparison is
 * a link to share and the same page for everyone (the page cache keeps it). The saved list's form
 * sends ?ids=1&ids=2: that, and anything else that is not the canonical address, redirects to it.
 * Sold cars still compare, marked sold.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const ids = parseCarIds(url.searchParams.getAll("ids"), COMPARE_MAX);
  const canonical = compareHref(ids);
  const asked = decodeURIComponent(url.searchParams.toString());
  if (`/compare${asked ? `?${asked}` : ""}` !== canonical) throw redirect(canonical);
  const cars = (await getCars(ids)).map((car) => {
    const shown = toPublicCar(car);
    return { ...shown, images: shown.images.slice(0, 1), monthly_from: carMonthlyFrom(car) };
  });
  return { ids, cars };
}

export default function Compare() {
  const { ids, cars } = useLoaderData<typeof loader>();
  return (
    <Container className={pages.browse}>
      <div>
        <h1 className={pages.pageTitle}>Compare cars</h1>
        <p className={pages.intro}>
          Price, papers and features side by side. This page's address is the comparison: share it with whoever is
          helping you choose.
        </p>
      </div>
      {cars.length >= 2 ? (
        <CompareTable cars={cars} removeHref={(id) => compareHref(ids.filter((x) => x !== id))} />
      ) : (
        <div className={pages.none} data-testid="empty-state">
          <p>
            {cars.length === 1
              ? `Only the ${carSearchName(cars[0])} is here: pick at least one more car to compare.`
              : `Pick two or three cars to compare: save them with the heart, then choose them on your saved list.`}
          </p>
          <ButtonLink to="/saved">Your saved cars</ButtonLink>
        </div>
      )}
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = businessFromMatches(matches);
  return [
    {
      title: data?.cars.length
        ? `Compare ${data.cars.map(carSearchName).join(" vs ")} | ${site.name}`
        : `Compare cars | ${site.name}`,
    },
    { name: "description", content: `Compare cars side by side at ${site.name}: price, papers and features.` },
    // A comparison is a page to share, not a search result.
    { name: "robots", content: "noindex" },
    ...logoPreviewMeta(matches),
  ];
};

export function ErrorBoundary() {
  return <RouteError failure="Failed to load the comparison." />;
}
