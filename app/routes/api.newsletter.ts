import type { ActionFunctionArgs } from "@remix-run/node";
import { readLeadApiBody } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS, NewsletterSchema, subscribedDetail } from "~/lib/newsletter-schema";
import { mailEnabled } from "~/models/notifications.server";
import { subscribeToNewsletter } from "~/use-cases/newsletter.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/**
 * POST /api/newsletter: name and email (JSON or form). 201 with the same body for a new address, a
 * waiting one and a confirmed one, so the API never tells who is subscribed; `detail` says what
 * happens next (a confirmation link by email, or nothing while email is not set up).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readLeadApiBody(request, NewsletterSchema, NEWSLETTER_FAILURE);
  if (!body.ok) return body.response;
  try {
    const entry = await subscribeToNewsletter(visitorActor(clientIp(context)), body.data, "/api/newsletter");
    return Response.json(
      { message: NEWSLETTER_SUCCESS, detail: subscribedDetail(entry.email, mailEnabled()) },
      { status: 201 },
    );
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
