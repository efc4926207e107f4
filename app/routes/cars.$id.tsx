import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { AlertForm } from "~/components/alerts/AlertForm";
import { PinIcon } from "~/components/CarCard";
import { CarFacts, KeyFeatures } from "~/components/car/CarDetails";
import { CarGrid } from "~/components/car/CarGrid";
import { PhotoViewer } from "~/components/car/PhotoViewer";
import { LazyHydrate } from "~/components/LazyHydrate";
import { ReserveForm } from "~/components/reservations/ReserveForm";
import { ShareButtons } from "~/components/ShareButtons";
import { SaveButton } from "~/components/saved/SaveButton";
import { ButtonAnchor, ButtonLink } from "~/components/ui/Button";
import { Container, ui } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { SIMILAR_CARS_COUNT } from "~/config/constants";
import { env, siteOrigin } from "~/config/env.server";
import { notFoundIfMissing } from "~/http/responses.server";
import { businessFromMatches, logoUrlFromMatches, telHref, useBusiness } from "~/lib/business";
import { carIdFromSlug, carPath, carSlug, carTitle, contactHref, inspectionHref, toPublicCar } from "~/lib/car";
import { carMonthlyQuote, toCardCar } from "~/lib/car-card";
import {
  absoluteUrl,
  carPreviewImage,
  carPreviewText,
  carSearchName,
  carStructuredData,
  jsonForScript,
} from "~/lib/car-seo";
import { chatHref } from "~/lib/chat-link";
import { edge } from "~/lib/edge";
import { formatNaira } from "~/lib/money";
import { STATIC_PAGE } from "~/lib/page-scripts";
import { holdEndText } from "~/lib/reservations";
import { getCar, similarCars } from "~/models/car.server";
import { mailEnabled, whatsappEnabled } from "~/models/notifications.server";
import { reservationOffer } from "~/models/reservations.server";
import pages from "~/styles/pages.module.css";

/** Edge policy (app/lib/edge.ts). */
export const handle = { ...edge({ shared: { query: ["photo"] } }), ...STATIC_PAGE };

/**
 * The car view as a page (the lightbox's shareable URL; works without JavaScript), at its
 * canonical address /cars/<id>-<make>-<model>-<year>: the bare id or any other slug answers 301
 * to it (the query string kept). Unknown ids are a 404. A sold car still shows, with a 'Sold'
 * notice, so old shared links stay useful. Similar available cars follow, on every car.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = carIdFromSlug(params.id);
  const found = notFoundIfMissing(id ? await getCar(id) : null, "Car not found");
  const url = new URL(request.url);
  if (params.id !== carSlug(found)) throw redirect(`${carPath(found)}${url.search}`, 301);
  const similar = await similarCars(found, SIMILAR_CARS_COUNT);
  // The page never shows the back-office fields. The public origin (SITE_URL) makes the preview and canonical URLs
  // absolute.
  return {
    car: toPublicCar(found),
    monthly: carMonthlyQuote(found, carPath(found)),
    similar: similar.map(toCardCar),
    origin: siteOrigin(env()),
    alerts: mailEnabled(),
    alertsOnWhatsapp: whatsappEnabled(),
    reserve: await reservationOffer(found),
  };
}

export default function CarPage() {
  const { car, monthly, similar, origin, alerts, alertsOnWhatsapp, reserve } = useLoaderData<typeof loader>();
  const business = useBusiness();
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
            linkFor={(i) => `${carPath(car)}${i ? `?photo=${i}` : ""}`}
            sold={car.sold}
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
            {car.financing && !car.sold ? (
              <span className={ui.badge} data-tone="gold">
                Financing available
              </span>
            ) : null}
          </div>
          <h1 className={pages.carTitle}>{title}</h1>
          {car.sold ? (
            <Notice tone="error" role="status" title="Sold">
              This car has been sold. Browse our current stock for similar cars.
            </Notice>
          ) : null}
          {!car.sold && car.reserved_until ? (
            <Notice tone="warning" role="status" title="Reserved" data-testid="reserved-notice">
              A buyer has paid a deposit and this car is held for them until {holdEndText(car.reserved_until)}. Ask us
              to tell you if it becomes available again.
            </Notice>
          ) : null}
          <div className={pages.priceRow}>
            <p className={pages.carPrice} data-sold={car.sold || undefined}>
              {formatNaira(car.price)}
            </p>
            {car.location ? (
              <p className={pages.carLocation} data-testid="car-location">
                <PinIcon />
                {car.location}
              </p>
            ) : null}
          </div>
          {monthly ? (
            // The calculator's Close comes back here (#monthly).
            <p className={pages.carMonthly} data-testid="monthly-from" id="monthly">
              <Link to={monthly.href}>
                From {formatNaira(monthly.amount)}/month over {monthly.months} months after a{" "}
                {formatNaira(monthly.deposit)} deposit ({monthly.percent}%)
              </Link>
            </p>
          ) : null}
          <p className={pages.description}>{car.car_description || "No description"}</p>
          {car.sold ? (
            <div className={pages.actions}>
              <ButtonLink to={`/browse?${new URLSearchParams({ make: car.make })}`} size="md">
                See similar cars
              </ButtonLink>
              <SaveButton car={car} labelled />
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
              <ButtonLink to={contactHref(car)} size="md" variant="default">
                Ask about this car
              </ButtonLink>
              <SaveButton car={car} labelled />
            </div>
          )}
          {car.sold ? null : <ShareButtons car={car} origin={origin} />}
          {alerts && !car.sold ? (
            <AlertForm carId={car.id} available={Boolean(car.reserved_until)} whatsapp={alertsOnWhatsapp} />
          ) : null}
          {reserve ? (
            <ReserveForm
              carId={car.id}
              deposit={reserve.deposit}
              terms={reserve.terms}
              testMode={reserve.testMode}
              receipt={alerts}
            />
          ) : null}
          <LazyHydrate className={pages.carDetails} data-car-details>
            <KeyFeatures features={car.keyfeatures} headingLevel={2} />
            <CarFacts car={car} />
          </LazyHydrate>
        </div>
      </div>
      {similar.length ? (
        <section className={pages.similar} aria-labelledby="similar-cars">
          <h2 id="similar-cars">Similar cars</h2>
          <CarGrid cars={similar} empty="" columns={4} anchor="similar" />
        </section>
      ) : null}
      {car.sold ? null : (
        <nav className={pages.stickyBar} aria-label="Contact about this car" data-testid="sticky-bar">
          {business.phones[0] ? (
            <a href={telHref(business.phones[0])} className={pages.stickyCall}>
              Call
            </a>
          ) : null}
          <a href={chatHref(car, pathname)} target="_blank" rel="noopener noreferrer" className={pages.stickyChat}>
            WhatsApp
          </a>
          <Link to={inspectionHref(car)} className={pages.stickyBook}>
            Book inspection
          </Link>
        </nav>
      )}
      <script
        type="application/ld+json"
        // Escaped for a script element (see jsonForScript); the CSP allows it by its hash like any inline script.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: structured data must be raw JSON text
        dangerouslySetInnerHTML={{ __html: jsonForScript(carStructuredData(car, origin, business)) }}
      />
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = businessFromMatches(matches);
  if (!data) return [{ title: `Car not found | ${site.name}` }];
  const { car, origin } = data;
  const name = carSearchName(car);
  const price = formatNaira(car.price);
  const url = absoluteUrl(origin, carPath(car));
  // The dealer's logo stands in for a car without photos.
  const image = carPreviewImage(car, origin) ?? logoUrlFromMatches(matches);
  const preview = carPreviewText(car, site);
  return [
    { title: `${name} for ${price}${car.sold ? " (Sold)" : ""} | ${site.name}` },
    {
      name: "description",
      content: (
        `${car.condition} ${name}, ${car.transmission ?? ""} ${car.fuel_type ?? ""}, ${price} at ${site.name}, ` +
        `${site.area}. ${car.car_description ?? ""}`
      )
        .replace(/\s+/g, " ")
        .trim(),
    },
    { property: "og:title", content: `${name} for ${price}` },
    { property: "og:description", content: preview },
    { property: "og:type", content: "product" },
    { property: "og:url", content: url },
    { property: "og:site_name", content: site.name },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:alt", content: carTitle(car) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: `${name} for ${price}` },
    { name: "twitter:description", content: preview },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    { tagName: "link", rel: "canonical", href: url },
    // A sold car's page stays up for shared links, but search results should show cars one can buy.
    ...(car.sold ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
