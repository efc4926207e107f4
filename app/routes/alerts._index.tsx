import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AlertForm } from "~/components/alerts/AlertForm";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import leads from "~/components/leads/leads.module.css";
import { Container } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { refusalForPage } from "~/http/refusals.server";
import { clientIp, readFormValues } from "~/http/request.server";
import { ALERT_SUCCESS, ALERTS_UNAVAILABLE, alertSearchQuery, searchInWords } from "~/lib/alerts";
import { edge } from "~/lib/edge";
import { mailEnabled, whatsappEnabled } from "~/models/notifications.server";
import { requestAlert } from "~/use-cases/alerts.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts): a post is a buyer's lead on the per-address budget. */
export const handle = edge({ leads: "form" });

/** GET /alerts?search=…, ?car=… or ?car=…&when=available: the alert form on its own page (where the forms post). */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const car = Number(params.get("car"));
  return {
    enabled: mailEnabled(),
    whatsapp: whatsappEnabled(),
    search: alertSearchQuery(params.get("search") ?? ""),
    carId: Number.isInteger(car) && car > 0 ? car : null,
    available: params.get("when") === "available",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readFormValues(request);
  try {
    await requestAlert(visitorActor(clientIp(context)), values);
    return { ok: true as const, message: ALERT_SUCCESS, values };
  } catch (e) {
    const failure = refusalForPage(e);
    return data(
      { ok: false as const, message: failure.message, fieldErrors: failure.fieldErrors, values },
      { status: failure.status },
    );
  }
}

export default function Alerts() {
  const { enabled, whatsapp, search, carId, available } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values = result?.values ?? {};
  const sentSearch = values.search !== undefined ? alertSearchQuery(values.search) : search;
  const sentCar = values.car_id ? Number(values.car_id) : carId;
  const back = sentCar ? `/cars/${sentCar}` : `/browse${sentSearch ? `?${sentSearch}` : ""}`;
  return (
    <>
      <LeadPageHeader title="Car alerts" intro="We tell you when the car you want arrives, or when its price drops." />
      <Container size="md" className={leads.page}>
        {result?.ok ? (
          <Notice tone="success" role="status" title="Check your email">
            <p>{result.message}</p>
          </Notice>
        ) : null}
        {result && !result.ok ? (
          <Notice tone="error" role="alert" title="The alert was not created">
            <p>{result.message}</p>
          </Notice>
        ) : null}
        {!enabled ? (
          <Notice tone="warning" role="status">
            <p>{ALERTS_UNAVAILABLE}</p>
          </Notice>
        ) : result?.ok ? null : (
          <>
            {sentCar ? null : <p>Your search: {searchInWords(sentSearch)}</p>}
            <AlertForm
              search={sentSearch}
              carId={sentCar ?? undefined}
              available={values.when !== undefined ? values.when === "available" : available}
              whatsapp={whatsapp}
              values={values}
              errors={result && !result.ok ? result.fieldErrors : {}}
            />
          </>
        )}
        <p>
          <Link to={back}>{sentCar ? "Back to the car" : "Back to your search"}</Link>
        </p>
      </Container>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Car alerts" }, { name: "robots", content: "noindex" }];
