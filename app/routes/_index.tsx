import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazy } from "react";
import { CarGrid } from "~/components/car/CarGrid";
import { QuickViewTemplate } from "~/components/car/QuickView";
import { BodyTypeTiles } from "~/components/home/BodyTypeTiles";
import { CarStrip } from "~/components/home/CarStrip";
import { ConditionTabs } from "~/components/home/ConditionTabs";
import { Gallery } from "~/components/home/Gallery";
import { Hero } from "~/components/home/Hero";
import home from "~/components/home/home.module.css";
import { Section } from "~/components/home/Section";
import { LazyHydrate } from "~/components/LazyHydrate";
import { Pagination } from "~/components/Pagination";
import { SearchBox } from "~/components/SearchBox";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { HOME_COLLECTION_PAGE_SIZE, NEW_ARRIVALS_COUNT } from "~/config/constants";
import { formStamp } from "~/http/bot-guard.server";
import { rememberVisitorSubscription, visitorSubscriptions } from "~/http/cookies.server";
import { formFailure, readLeadForm } from "~/http/forms.server";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { businessFromMatches, logoPreviewMeta, useBusiness } from "~/lib/business";
import type { Car, CardCar } from "~/lib/car";
import { toCardCar } from "~/lib/car-card";
import { edge } from "~/lib/edge";
import { CONDITION_TABS, HOME_BODY_TYPES } from "~/lib/home-options";
import { NEWSLETTER_FAILURE, NewsletterSchema } from "~/lib/newsletter-schema";
import { STATIC_PAGE } from "~/lib/page-scripts";
import { parsePage } from "~/lib/paging";
import { homePageCars } from "~/models/car.server";
import { GALLERY, heroVideo, homeSlides } from "~/models/home-media.server";
import { mailEnabled } from "~/models/notifications.server";
import pages from "~/styles/pages.module.css";
import { subscribeToNewsletter } from "~/use-cases/newsletter.server";
import { visitorActor } from "~/use-cases/use-case.server";

/**
 * The newsletter form's code (its fields, the bot trap) is fetched when the visitor comes near it,
 * as it is hydrated (see LazyHydrate); the server renders it in full.
 */
const NewsletterForm = lazy(() =>
  import("~/components/home/NewsletterForm").then((m) => ({ default: m.NewsletterForm })),
);

/** Edge policy (app/lib/edge.ts). */
export const handle = { ...edge({ shared: { query: ["condition", "page"] }, leads: "form" }), ...STATIC_PAGE };

const CONDITION_TAB_CARS = 8;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const tab = CONDITION_TABS.find((t) => t.value === params.get("condition")) ?? CONDITION_TABS[0];
  const [shown, subscribed, stamp] = await Promise.all([
    homePageCars({
      recent: NEW_ARRIVALS_COUNT,
      collection: { page: parsePage(params), pageSize: HOME_COLLECTION_PAGE_SIZE },
      tab: { condition: tab.condition, size: CONDITION_TAB_CARS },
      bodyTypes: HOME_BODY_TYPES,
    }),
    visitorSubscriptions(request),
    formStamp(),
  ]);
  // One card object per car, however many lists show it: the page data sends each car once.
  const cards = new Map<number, CardCar>();
  const card = (car: Car): CardCar => {
    const made = cards.get(car.id) ?? toCardCar(car);
    cards.set(car.id, made);
    return made;
  };
  return {
    recent: shown.recent.map(card),
    collection: { ...shown.collection, cars: shown.collection.cars.map(card) },
    tab: { value: tab.value, condition: tab.condition, total: shown.tab.total, cars: shown.tab.cars.map(card) },
    tiles: shown.tiles,
    subscribed,
    stamp,
    mail: mailEnabled(),
    video: heroVideo(),
    slides: await homeSlides(),
    gallery: GALLERY,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readLeadForm(request, context, NewsletterSchema, NEWSLETTER_FAILURE);
  if (!form.ok) return form.response;
  if (form.values.intent !== "newsletter") return formFailure(NEWSLETTER_FAILURE, {}, form.values);
  let entry: { name: string; email: string };
  try {
    entry = await subscribeToNewsletter(visitorActor(clientIp(context)), form.data, "/");
  } catch (e) {
    const refused = refusalForPage(e);
    return formFailure(refused.message, refused.fieldErrors, form.values, refused.status);
  }
  return data(
    { ok: true as const, entry },
    { headers: { "Set-Cookie": await rememberVisitorSubscription(request, entry) } },
  );
}

export default function Home() {
  const { recent, collection, tab, tiles, subscribed, stamp, mail, video, slides, gallery } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const business = useBusiness();
  // After a form answer the page lands on the form (#newsletter-form): every section above it is laid
  // out at once, so none grows after the jump and pushes the message out of view.
  return (
    <div className={actionData ? home.landed : undefined}>
      <Hero slides={slides} video={video}>
        <SearchBox />
      </Hero>

      <Section id="body-types" eyebrow="Shop by style" title="Select a Body Type">
        <BodyTypeTiles tiles={tiles} />
      </Section>

      <Section
        id="new-arrivals"
        eyebrow="Just landed"
        title="New Arrivals"
        tinted
        action={
          <ButtonLink to="/browse" variant="subtle">
            See all cars →
          </ButtonLink>
        }
      >
        <CarStrip cars={recent} quickView testId="new-arrivals" />
      </Section>

      <Section id="collection" eyebrow="In stock now" title="Our Collection">
        <CarGrid cars={collection.cars} quickView empty="No Car to Display" columns={4} compact anchor="collection" />
        <Pagination page={collection.page} pageCount={collection.pageCount} label="Collection pages" />
      </Section>

      <LazyHydrate>
        <Container className={pages.newsletter} id="newsletter">
          <NewsletterForm subscribed={subscribed} fallback={actionData} stamp={stamp} mail={mail} />
        </Container>
      </LazyHydrate>

      <Section
        id="conditions"
        eyebrow="By condition"
        title="New, Tokunbo or Nigerian Used"
        tinted
        action={
          tab.total > tab.cars.length ? (
            <ButtonLink to={`/browse?${new URLSearchParams({ condition: tab.condition })}`} variant="subtle">
              View all {tab.total} →
            </ButtonLink>
          ) : undefined
        }
      >
        <ConditionTabs current={tab.value} />
        {tab.cars.length ? (
          <CarStrip cars={tab.cars} quickView testId="condition-cars" />
        ) : (
          <CarGrid cars={[]} empty="No Car to Display" />
        )}
      </Section>

      <Section id="gallery" eyebrow="Gallery" title={`Life at ${business.name}`}>
        <Gallery images={gallery} />
      </Section>
      <QuickViewTemplate />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [
    { title: `${site.name} | ${site.tagline}` },
    {
      name: "description",
      content:
        `${site.name}: new, foreign-used (Tokunbo) and Nigerian-used cars in ${site.area}. ` +
        "Prices in naira, inspections, financing.",
    },
    ...logoPreviewMeta(matches),
  ];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteErrorBoundary";
