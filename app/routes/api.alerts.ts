import type { ActionFunctionArgs } from "@remix-run/node";
import { readApiFields } from "~/http/forms.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { ALERT_SUCCESS } from "~/lib/alerts";
import { edge } from "~/lib/edge";
import { requestAlert } from "~/use-cases/alerts.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts). */
export const handle = edge({ leads: "api" });

/**
 * POST /api/alerts `{ email, search }` (the /browse query string), `{ email, car_id }` (its price) or
 * `{ email, car_id, when: "available" }` (a reserved car for sale again), and an
 * optional `whatsapp`: 201 with the same answer for a new alert and one the address already has,
 * so the API never tells which addresses have alerts. Nothing is sent until the buyer confirms.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readApiFields(request);
  if (!read.ok) return read.response;
  try {
    await requestAlert(visitorActor(clientIp(context)), read.fields);
    return Response.json({ message: ALERT_SUCCESS }, { status: 201 });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
