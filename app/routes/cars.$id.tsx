import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { CarFacts, KeyFeatures } from "~/components/car/CarDetails";
import { inspectionHref } from "~/components/car/CarLightbox";
import { PhotoViewer } from "~/components/car/PhotoViewer";
import { ButtonAnchor, ButtonLink } from "~/components/ui/Button";
import { Container, ui } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { site } from "~/config/site";
import { notFoundIfMissing } from "~/http/responses.server";
import { carTitle, toPublicCar } from "~/lib/car";
import { chatHref } from "~/lib/chat-link";
import { formatNaira } from "~/lib/money";
import { getCar, parseCarId } from "~/models/car.server";
import pages from "~/styles/pages.module.css";

/**
 * The car view as a page (the lightbox's shareable URL; works without JavaScript). Unknown ids
 * are a 404. A sold car still shows, with a 'Sold' notice, so old shared links stay useful.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseCarId(params.id);
  const found = notFoundIfMissing(id ? await getCar(id) : null, "Car not found");
  // The page never shows the back-office fields.
  return { car: toPublicCar(found) };
}

export default function CarPage() {
  const { car } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const photo = Number(search.get("photo")) || 0;
  const title = carTitle(car);
  return (
    <Container className={pages.carPage}>
      <nav aria-label="Breadcrumb" className={pages.crumbs}>
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/browse">Browse Cars</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <div className={pages.carLayout}>
        <div className={pages.carPhotos}>
          <PhotoViewer
            images={car.images}
            alt={title}
            index={photo}
            linkFor={(i) => `/cars/${car.id}${i ? `?photo=${i}` : ""}`}
          />
        </div>
        <div className={pages.carInfo}>
          <div className={pages.badges}>
            <span className={ui.badge} data-tone={car.condition === "New" ? "brand" : undefined}>
              {car.condition}
            </span>
            <span className={ui.badge} data-tone="gray">
              {car.body_type}
            </span>
            {car.financing ? (
              <span className={ui.badge} data-tone="gold">
                Financing available
              </span>
            ) : null}
          </div>
          <h1 className={pages.carTitle}>{title}</h1>
          <p className={pages.carPrice}>{formatNaira(car.price)}</p>
          {car.sold ? (
            <Notice tone="error" role="status" title="Sold">
              This car has been sold. Browse our current stock for similar cars.
            </Notice>
          ) : null}
          <p className={pages.description}>{car.car_description || "No description"}</p>
          {car.sold ? (
            <div className={pages.actions}>
              <ButtonLink to={`/browse?${new URLSearchParams({ make: car.make })}`} size="md">
                See similar cars
              </ButtonLink>
            </div>
          ) : (
            <div className={pages.actions}>
              <ButtonLink to={inspectionHref(car)} size="md">
                Book an inspection
              </ButtonLink>
              <ButtonAnchor
                href={chatHref(car, pathname)}
                target="_blank"
                rel="noopener noreferrer"
                size="md"
                variant="default"
              >
                Chat on WhatsApp
              </ButtonAnchor>
            </div>
          )}
          <KeyFeatures features={car.keyfeatures} headingLevel={2} />
          <CarFacts car={car} />
          {car.location ? <p className={pages.location}>Location: {car.location}</p> : null}
        </div>
      </div>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Car not found | ${site.name}` }];
  const { car } = data;
  const name = `${car.year} ${car.make} ${car.model}`;
  const price = formatNaira(car.price);
  return [
    { title: `${name} for ${price}${car.sold ? " (Sold)" : ""} | ${site.name}` },
    {
      name: "description",
      content: (
        `${car.condition} ${name}, ${car.transmission ?? ""} ${car.fuel_type ?? ""}, ${price} at ${site.name}, ` +
        `${site.office}. ${car.car_description ?? ""}`
      )
        .replace(/\s+/g, " ")
        .trim(),
    },
    { property: "og:title", content: `${name} for ${price}` },
  ];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
