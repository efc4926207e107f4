import type { ActionFunctionArgs } from "@remix-run/node";
import { readLeadApiBody } from "~/http/forms.server";
import { created, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { SOURCING_FAILURE, SourcingSchema } from "~/lib/lead-schemas";
import { createSourcingRequest } from "~/models/sourcing.server";

/** Edge policy (app/lib/edge.ts): a buyer's lead, on the lead budget. */
export const handle = edge({ leads: "api" });

/**
 * POST /api/sourcing (public): name, phone, car_wanted, optional budget (naira) and search; the
 * bot guard of the other lead APIs first (the honeypot; a stamp when sent).
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readLeadApiBody(request, SourcingSchema, SOURCING_FAILURE);
  if (!body.ok) return body.response;
  return created(await createSourcingRequest(body.data));
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
