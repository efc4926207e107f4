import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import leads from "~/components/leads/leads.module.css";
import { Button } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { clientIp } from "~/http/request.server";
import { confirmBuyerAlert } from "~/use-cases/alerts.server";
import { visitorActor } from "~/use-cases/use-case.server";

/**
 * /alerts/confirm/<token>: the link of the confirmation email (double opt-in). Opening it shows a
 * button (a mail scanner that opens links confirms nothing); the button confirms, once.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  return confirmBuyerAlert(visitorActor(clientIp(context)), params.token ?? "");
}

export default function ConfirmAlert() {
  const result = useActionData<typeof action>();
  return (
    <>
      <LeadPageHeader title="Confirm your alert" intro="Nothing is sent until you confirm." />
      <Container size="md" className={leads.page}>
        {!result ? (
          <form method="post">
            <Button type="submit" size="md">
              Yes, send me this alert
            </Button>
          </form>
        ) : result.state === "unknown" ? (
          <Notice tone="error" role="alert" title="This link does not work">
            <p>It may be older than 7 days, or the alert was removed. Ask for the alert again from the search.</p>
          </Notice>
        ) : (
          <Notice
            tone="success"
            role="status"
            title={result.state === "confirmed" ? "Alert confirmed" : "Already confirmed"}
          >
            <p>
              {result.state === "confirmed"
                ? `We will email you about: ${result.about}.`
                : `This alert is already confirmed: ${result.about}.`}
            </p>
            <p>
              <Link to={result.manage}>See or stop your alerts</Link>
            </p>
          </Notice>
        )}
      </Container>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Confirm your alert" }, { name: "robots", content: "noindex" }];
