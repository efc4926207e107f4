import type { ActionFunctionArgs } from "@remix-run/node";
import { readApiBody } from "~/http/forms.server";
import { methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS, NewsletterSchema } from "~/lib/newsletter-schema";
import { subscribe } from "~/models/newsletter.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/** POST /api/newsletter: name and email (JSON or form). A repeated email is a success, stored once. */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readApiBody(request, NewsletterSchema, NEWSLETTER_FAILURE);
  if (!body.ok) return body.response;
  const { created } = await subscribe(body.data);
  return Response.json({ message: NEWSLETTER_SUCCESS, created }, { status: created ? 201 : 200 });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
