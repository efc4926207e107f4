import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import leads from "~/components/leads/leads.module.css";
import { Button } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { clientIp } from "~/http/request.server";
import { leaveTheNewsletter } from "~/use-cases/newsletter.server";
import { visitorActor } from "~/use-cases/use-case.server";

/**
 * /newsletter/leave/<token>: a newsletter email's "Leave the newsletter" link. Opening the link
 * changes nothing (mail scanners open links); the button deletes the address. The page never says
 * whether the link named one.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  await leaveTheNewsletter(visitorActor(clientIp(context)), params.token ?? "");
  return { done: true };
}

export default function LeaveNewsletter() {
  const done = useActionData<typeof action>()?.done;
  return (
    <>
      <LeadPageHeader title="Leave the newsletter" intro="One click and we stop emailing you." />
      <Container size="md" className={leads.page}>
        {done ? (
          <Notice tone="success" role="status" title="Done">
            <p>You will get no more newsletter emails, and we have deleted your name and address.</p>
          </Notice>
        ) : (
          <form method="post">
            <Button type="submit" size="md">
              Leave the newsletter
            </Button>
          </form>
        )}
      </Container>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Leave the newsletter" }, { name: "robots", content: "noindex" }];
