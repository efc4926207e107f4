import type { ActionFunctionArgs } from "@remix-run/node";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp, readFields } from "~/http/request.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { edge } from "~/lib/edge";
import { startReservation } from "~/use-cases/reservations.server";
import { visitorActor } from "~/use-cases/use-case.server";

/** Edge policy (app/lib/edge.ts): a buyer's lead, on the lead budget. */
export const handle = edge({ leads: "api" });

/**
 * POST /api/reservations (public) `{ car_id, name, email, phone }`: holds the car for the
 * checkout and answers 201 `{ reference, authorization_url, amount }`; the buyer pays at
 * authorization_url. The deposit is the server's, never the client's.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await readFields(request);
  if (!fields) return jsonError("Send JSON: { car_id, name, email, phone }", 400);
  try {
    const started = await startReservation(visitorActor(clientIp(context)), fields);
    return Response.json(started, { status: 201 });
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
