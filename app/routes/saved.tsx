import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CarGrid } from "~/components/car/CarGrid";
import { RouteError } from "~/components/RouteErrorBoundary";
import { useSavedCars } from "~/components/saved/useSavedCars";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { COMPARE_MAX } from "~/config/constants";
import { savedCarIds, storeSavedCarIds } from "~/http/cookies.server";
import { readForm } from "~/http/forms.server";
import { redirectBack } from "~/http/responses.server";
import { businessFromMatches, logoPreviewMeta } from "~/lib/business";
import { carPath, carTitle } from "~/lib/car";
import { toCardCar } from "~/lib/car-card";
import { parseCarIds, toggleCarId } from "~/lib/saved-cars";
import { SAVED_CAR_FAILURE, SavedCarFormSchema } from "~/lib/saved-cars-schema";
import { useHydrated } from "~/lib/use-hydrated";
import { getCars } from "~/models/car.server";
import pages from "~/styles/pages.module.css";

/**
 * The visitor's saved cars. Personal, so never cached: without JavaScript the list is the heart's
 * cookie; with JavaScript it is this browser's list, whose cars the page loads from
 * `/saved?ids=…`. Sold cars stay on the list, named, so a saved car never silently vanishes.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("ids");
  const ids = asked === null ? await savedCarIds(request) : parseCarIds(asked);
  const cars = await getCars(ids);
  return {
    ids,
    cars: cars.filter((c) => !c.sold).map(toCardCar),
    sold: cars.filter((c) => c.sold).map((c) => ({ id: c.id, make: c.make, model: c.model, year: c.year })),
  };
}

/**
 * The heart without JavaScript: toggles the car in the cookie's list and goes back to the page it
 * was on. `forget` (sent in the background once JavaScript has taken the list over) drops the
 * cookie and stays where it is: a redirect would move the visitor.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request, SavedCarFormSchema, SAVED_CAR_FAILURE);
  if (!form.ok) return form.response;
  const { intent, id, back } = form.data;
  if (intent === "forget" || id === undefined) {
    return data({ forgotten: true }, { headers: { "Set-Cookie": await storeSavedCarIds([]) } });
  }
  const next = toggleCarId(await savedCarIds(request), id);
  return redirectBack(back, "/saved", { "Set-Cookie": await storeSavedCarIds(next) });
}

type SavedData = Awaited<ReturnType<typeof loader>>;

export default function Saved() {
  const initial = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const { ids, ready } = useSavedCars();
  const fetcher = useFetcher<typeof loader>();
  const loaded: SavedData = fetcher.data ?? initial;
  const key = ids.join(",");
  const missing = ids.some((id) => !loaded.ids.includes(id));
  // With JavaScript the list is this browser's: load the cars it names that this page does not have yet.
  const { load, state } = fetcher;
  useEffect(() => {
    if (ready && missing && state === "idle") void load(`/saved?ids=${key}`);
  }, [ready, missing, state, key, load]);

  const order = (id: number) => ids.indexOf(id);
  const cars = loaded.cars.filter((c) => ids.includes(c.id)).sort((a, b) => order(a.id) - order(b.id));
  const sold = loaded.sold.filter((c) => ids.includes(c.id));
  const all = [...cars, ...sold];
  const loading = ready && missing;

  return (
    <Container className={pages.browse}>
      <div>
        <h1 className={pages.pageTitle}>Saved cars</h1>
        <p className={pages.intro}>
          Tap the heart on any car to keep it here, then compare two or three side by side. Your list stays on this
          phone or computer; no account needed.
        </p>
      </div>
      {failure && "error" in failure ? (
        <Notice tone="error" role="alert" title={failure.error}>
          {failure.fieldErrors.id ?? failure.fieldErrors.intent}
        </Notice>
      ) : null}
      {loading && all.length === 0 ? (
        <p role="status">Loading your saved cars...</p>
      ) : all.length === 0 ? (
        <div className={pages.none} data-testid="empty-state">
          <p>You have not saved any cars yet.</p>
          <ButtonLink to="/browse">Browse cars</ButtonLink>
        </div>
      ) : (
        <>
          <h2 className={pages.count}>
            {all.length} saved {all.length === 1 ? "car" : "cars"}
          </h2>
          <CompareForm cars={all} />
          {cars.length ? <CarGrid cars={cars} empty="" eagerCount={3} /> : null}
          {sold.length ? (
            <div>
              <h2 className={pages.subheading}>No longer available</h2>
              <ul className={pages.soldList}>
                {sold.map((c) => (
                  <li key={c.id}>
                    <Link to={carPath(c)}>{carTitle(c)}</Link> has been sold.
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </Container>
  );
}

/**
 * Pick cars to compare: a GET form to /compare (?ids=1&ids=2, which the compare page turns into
 * ?ids=1,2). The first cars are ticked; with JavaScript no more than COMPARE_MAX can be.
 */
function CompareForm({ cars }: { cars: { id: number; make: string; model: string; year: number }[] }) {
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<number[] | null>(null);
  const chosen = picked ?? cars.slice(0, COMPARE_MAX).map((c) => c.id);
  if (cars.length < 2) return null;
  return (
    <Form method="get" action="/compare" className={pages.compareForm}>
      <fieldset>
        <legend>Compare up to {COMPARE_MAX} cars side by side</legend>
        <div className={pages.compareChoices}>
          {cars.map((c) => {
            const on = chosen.includes(c.id);
            return (
              <label key={c.id}>
                <input
                  type="checkbox"
                  name="ids"
                  value={c.id}
                  checked={on}
                  disabled={hydrated && !on && chosen.length >= COMPARE_MAX}
                  onChange={(e) => setPicked(e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))}
                />
                {carTitle(c)}
              </label>
            );
          })}
        </div>
      </fieldset>
      <Button type="submit">Compare</Button>
    </Form>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const site = businessFromMatches(matches);
  return [
    { title: `Saved cars | ${site.name}` },
    { name: "description", content: `The cars you saved at ${site.name}, to compare side by side.` },
    { name: "robots", content: "noindex" },
    ...logoPreviewMeta(matches),
  ];
};

export function ErrorBoundary() {
  return <RouteError failure="Failed to load your saved cars." />;
}
