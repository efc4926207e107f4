import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { LeadPageHeader } from "~/components/leads/LeadPageHeader";
import leads from "~/components/leads/leads.module.css";
import { Button } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { Notice } from "~/components/ui/Notice";
import { clientIp } from "~/http/request.server";
import { NEWSLETTER_CONFIRM_DAYS } from "~/lib/newsletter-messages";
import { confirmNewsletter } from "~/use-cases/newsletter.server";
import { visitorActor } from "~/use-cases/use-case.server";

/**
 * /newsletter/confirm/<token>: the link of the newsletter's confirmation email (double opt-in).
 * Opening it shows a button (a mail scanner that opens links confirms nothing); the button
 * confirms, once; a second use says it is already confirmed.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  return confirmNewsletter(visitorActor(clientIp(context)), params.token ?? "");
}

export default function ConfirmNewsletter() {
  const result = useActionData<typeof action>();
  return (
    <>
      <LeadPageHeader title="Confirm your newsletter" intro="Nothing is sent until you confirm." />
      <Container size="md" className={leads.page}>
        {!result ? (
          <form method="post">
            <p>Every Monday, the cars that arrived that week, with photo and price.</p>
            <Button type="submit" size="md">
              Yes, send me the weekly new arrivals
            </Button>
          </form>
        ) : result.state === "unknown" ? (
          <Notice tone="error" role="alert" title="This link does not work">
            <p>
              It may be older than {NEWSLETTER_CONFIRM_DAYS} days. <Link to="/#newsletter">Sign up again</Link> for a
              new link.
            </p>
          </Notice>
        ) : (
          <Notice
            tone="success"
            role="status"
            title={result.state === "confirmed" ? "Newsletter confirmed" : "Already confirmed"}
          >
            <p>
              {result.state === "confirmed"
                ? "From next Monday, you get the week's new arrivals by email."
                : "This address is already confirmed: the week's new arrivals come every Monday."}
            </p>
            <p>
              <Link to={result.leave}>Leave the newsletter</Link>
            </p>
          </Notice>
        )}
      </Container>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Confirm your newsletter" }, { name: "robots", content: "noindex" }];
