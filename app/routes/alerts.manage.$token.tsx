import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import leads from "~/components/leads/leads.module.css";
import { Button } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { clientIp, readFormValues } from "~/http/request.server";
import { lagosDateTime } from "~/lib/lagos-time";
import { alertsOfLink } from "~/models/alerts.server";
import { removeBuyerAlerts } from "~/use-cases/alerts.server";
import { visitorActor } from "~/use-cases/use-case.server";

const STATUS: Record<string, string> = {
  pending: "Waiting for you to confirm",
  active: "On",
  ended: "Ended (the car was sold)",
  removed: "Removed",
};

/**
 * /alerts/manage/<token>: the link in every alert email. It lists that address's alerts, each
 * removable, and "Stop all" (which also forgets the address). An unknown link shows no alerts,
 * the same page as an address that has none.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const found = await alertsOfLink(params.token ?? "");
  return { alerts: found?.alerts ?? [], email: found?.email ?? null };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const form = await readFormValues(request);
  const which = form.intent === "stop-all" ? "all" : Number(form.id);
  if (which !== "all" && !Number.isInteger(which)) return { message: "Choose an alert to remove." };
  await removeBuyerAlerts(visitorActor(clientIp(context)), params.token ?? "", which);
  return {
    message:
      which === "all" ? "All your alerts are stopped and we have deleted your address." : "The alert is removed.",
  };
}

export default function ManageAlerts() {
  const { alerts, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <LeadPageHeader title="Your alerts" intro="Remove any alert, or stop them all." />
      <Container size="md" className={leads.page}>
        {result ? (
          <Notice tone="success" role="status">
            <p>{result.message}</p>
          </Notice>
        ) : null}
        {email ? <p>Alerts for {email}</p> : null}
        {alerts.length === 0 ? (
          <p>There are no alerts here.</p>
        ) : (
          <ul style={{ listStyle: "none", padding: 0, display: "grid", gap: 12 }}>
            {alerts.map((a) => (
              <li
                key={a.id}
                style={{ border: "1px solid #dfe3e0", borderRadius: 12, padding: 12, display: "grid", gap: 6 }}
              >
                <strong>{a.about}</strong>
                <span>
                  {STATUS[a.status]} · since {lagosDateTime(a.created_at)} · {a.matches_sent} car
                  {a.matches_sent === 1 ? "" : "s"} sent
                </span>
                <form method="post">
                  <input type="hidden" name="id" value={a.id} />
                  <Button type="submit" variant="default" aria-label={`Remove the alert ${a.about}`}>
                    Remove
                  </Button>
                </form>
              </li>
            ))}
          </ul>
        )}
        {alerts.length ? (
          <form method="post">
            <input type="hidden" name="intent" value="stop-all" />
            <Button type="submit" size="md">
              Stop all alerts
            </Button>
          </form>
        ) : null}
      </Container>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Your alerts" }, { name: "robots", content: "noindex" }];
