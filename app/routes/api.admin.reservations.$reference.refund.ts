import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/http/auth.server";
import { refusalResponse } from "~/http/refusals.server";
import { clientIp } from "~/http/request.server";
import { methodNotAllowed } from "~/http/responses.server";
import { refundReservation } from "~/use-cases/reservations.server";
import { staffActor } from "~/use-cases/use-case.server";

/**
 * POST /api/admin/reservations/{reference}/refund (bearer, owners): the deposit back through
 * Paystack's refund, recorded on the reservation and in the activity trail; answers the reservation.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { admin, token } = await requireAdminApi(request);
  try {
    return Response.json(await refundReservation(staffActor(admin, clientIp(context), token), params.reference ?? ""));
  } catch (e) {
    return refusalResponse(e);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
