import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import leads from "~/components/leads/leads.module.css";
import { Button } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { clientIp } from "~/http/request.server";
import { leaveBuyerAlert } from "~/use-cases/alerts.server";
import { visitorActor } from "~/use-cases/use-case.server";

/**
 * /alerts/leave/<token>: an alert email's "Stop this alert" link. Opening the link changes nothing
 * (mail scanners open links); the button removes the alert. The page never says whether the link
 * named an alert.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  await leaveBuyerAlert(visitorActor(clientIp(context)), params.token ?? "");
  return { done: true };
}

export default function LeaveAlert() {
  const done = useActionData<typeof action>()?.done;
  return (
    <>
      <LeadPageHeader title="Stop this alert" intro="One click and we stop emailing you about it." />
      <Container size="md" className={leads.page}>
        {done ? (
          <Notice tone="success" role="status" title="Done">
            <p>You will get no more emails about this alert, and we have deleted it.</p>
          </Notice>
        ) : (
          <form method="post">
            <Button type="submit" size="md">
              Stop this alert
            </Button>
          </form>
        )}
      </Container>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Stop this alert" }, { name: "robots", content: "noindex" }];
